package dev.mallard.spark;

import java.io.Serializable;
import java.util.List;

/**
 * The results of one task's slice in columns of primitive arrays: what {@link SparkMonteCarlo#runAndCollect}
 * brings to the driver instead of one row object per sample, since Spark converts rows one field at a time
 * and ships primitive arrays in bulk.
 */
final class SampleBlock implements Serializable {

    private static final long serialVersionUID = 1L;

    private final long first;
    private final double[] outputs;
    /** A vector study's outputs, one array per sample (null if it failed); null in a scalar study. */
    private final double[][] vectors;
    private final String[] failures;
    /** Four longs per sample. */
    private final long[] states;

    SampleBlock(long first, int count, boolean vector) {
        this.first = first;
        this.outputs = new double[count];
        this.vectors = vector ? new double[count][] : null;
        this.failures = new String[count];
        this.states = new long[4 * count];
    }

    void set(int k, SampleResult r) {
        if (vectors != null) {
            vectors[k] = r.outputs();
        } else {
            outputs[k] = r.output();
        }
        failures[k] = r.failure();
        System.arraycopy(r.generator().getState(), 0, states, 4 * k, 4);
    }

    void addTo(List<SampleResult> out) {
        for (int k = 0; k < outputs.length; k++) {
            long[] state = {states[4 * k], states[4 * k + 1], states[4 * k + 2], states[4 * k + 3]};
            out.add(vectors != null ? new SampleResult(first + k, vectors[k], failures[k], state)
                    : new SampleResult(first + k, outputs[k], failures[k], state));
        }
    }
}
