// Run by maven-invoker-plugin after each consumer project's build (basedir = that project). It checks what
// README.md promises a user who depends on Mallard: the runtime class path (the jars, their count and size,
// and that nothing heavy or intrusive is on it) and that the README snippet runs and prints its results.
def expected = new Properties()
new File(basedir, "expected.properties").withInputStream { expected.load(it) }

def classPath = new File(basedir, "target/classpath.txt").text.trim().split(File.pathSeparator).toList()
def jars = classPath.collect { new File(it) }
def names = jars.collect { it.name }
println "class path: ${jars.size()} jars, ${jars.sum { it.length() }} bytes: ${names}"

// A project may name its own forbidden jars (mallard-spark's users get Spark's logging) and its main class and
// JVM flags (Spark needs --add-opens on Java 17).
def forbidden = ~(expected.forbidden ?: /(matheclipse|hipparchus|slf4j|log4j|xchart|pdfbox|choco|picocli|junit)/)
def intruders = names.findAll { it =~ forbidden }
assert intruders.isEmpty(): "heavy or intrusive jars on the class path: ${intruders}"
assert jars.size() == expected.jars as int: "expected ${expected.jars} jars, found ${jars.size()}: ${names}"
long bytes = jars.sum { it.length() }
assert bytes <= (expected.maxBytes as long): "class path of ${bytes} bytes exceeds ${expected.maxBytes}"

def java = new File(System.getProperty("java.home"), "bin/java").path
def flags = expected.jvmFlags ? expected.jvmFlags.trim().split(/\s+/).toList() : []
def command = [java] + flags + ["-cp", ([new File(basedir, "target/classes").path] + classPath).join(File.pathSeparator),
               expected.main ?: "com.example.ReadmeSnippet"]
def process = command.execute()
def out = new StringBuffer(), err = new StringBuffer()
process.waitForProcessOutput(out, err)
println out
assert process.exitValue() == 0: "the snippet failed:\n${err}"
assert err.toString().trim().isEmpty(): "the snippet wrote to stderr (a logging binding or warning?):\n${err}"
expected.stringPropertyNames().findAll { it.startsWith("prints.") }.each { key ->
    assert out.toString().contains(expected[key]): "output lacks '${expected[key]}':\n${out}"
}
return true
