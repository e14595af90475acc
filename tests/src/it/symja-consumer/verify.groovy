// The checks shared by the consumer projects: class path, then the snippet's output.
evaluate(new File(consumerCheck))
