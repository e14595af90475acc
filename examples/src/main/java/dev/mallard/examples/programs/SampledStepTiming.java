package dev.mallard.examples.programs;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.primitives.StepSource;
import dev.mallard.systems.primitives.VectorLog;
import dev.mallard.systems.primitives.VectorLogSink;
import dev.mallard.systems.primitives.ZeroOrderHold;

/**
 * The sample-and-hold trap: a {@link StepSource} from 0 to 1 feeding a {@link ZeroOrderHold} of period
 * {@value #PERIOD} s, logged at every sample. A step exactly at a sample time (t = 0) is latched with its value
 * before the step, so the hold gives 1 only from the next sample (0.1 s): Drake's timing, in which an update at
 * {@code t} reads the values before it. A step between samples (0.05 s) is also seen from 0.1 s; a step before
 * the first sample (t = -1) is seen from 0. A controller behind the hold (a sampled PID, say) reacts accordingly.
 * Run it with {@code java -cp ... dev.mallard.examples.programs.SampledStepTiming}.
 */
public final class SampledStepTiming {

    /** The hold's sample period, s. */
    public static final double PERIOD = 0.1;

    private SampledStepTiming() {
    }

    /**
     * Simulates the step into the hold for 0.3 s and returns the hold's output logged at each sample time
     * (a publish at a sample time sees the value held before that sample's update).
     *
     * @param stepTime the step time, seconds, finite
     * @return the log, samples at 0, 0.1, 0.2, 0.3 s
     */
    public static VectorLog<Double> simulate(double stepTime) {
        Scalar<Double> s = Scalar.DOUBLE;
        DiagramBuilder<Double> builder = new DiagramBuilder<>(s);
        StepSource<Double> step = builder.addSystem(new StepSource<>(s, "step", stepTime, new double[] {0},
                new double[] {1}));
        ZeroOrderHold<Double> hold = builder.addSystem(new ZeroOrderHold<>(s, "hold", PERIOD, 1));
        builder.connect(step.getOutputPort(0), hold.getInputPort(0));
        VectorLogSink<Double> logger = VectorLogSink.logVectorOutput(hold.getOutputPort(0), builder, PERIOD);
        Diagram<Double> diagram = builder.build();
        Simulator<Double> simulator = new Simulator<>(diagram);
        simulator.advanceTo(0.3 + 1e-9);
        return logger.findLog(simulator.getContext());
    }

    /**
     * Prints the held value over [0, 0.3] s for steps at 0, 0.05 and -1 s.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        for (double stepTime : new double[] {0.0, 0.05, -1.0}) {
            VectorLog<Double> log = simulate(stepTime);
            StringBuilder line = new StringBuilder(String.format("step at %5.2f s, held value at", stepTime));
            double[] t = log.sampleTimes();
            for (int k = 0; k < t.length; k++) {
                line.append(String.format(" t=%.1f: %.0f", t[k], log.data()[0][k]));
            }
            System.out.println(line);
        }
    }
}
