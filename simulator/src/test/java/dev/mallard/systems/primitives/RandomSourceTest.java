package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.studies.ReplayableRandom;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.RandomDistribution;
import java.util.OptionalLong;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** Drake's random_source_test.cc, ported with its numbers. */
class RandomSourceTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;

    /**
     * Drake's CheckStatistics: 20 s of samples every 2.5 ms; the fraction in each bin [a, a + h] matches the
     * distribution within {@code fudge} times the 90% one-sided bound of a binomial count.
     */
    private static void checkStatistics(DoubleUnaryOperator cdf, double min, double max, double h, double fudge,
            RandomSource<Double> source) {
        DiagramBuilder<Double> builder = new DiagramBuilder<>(D);
        builder.addSystem(source);
        VectorLogSink<Double> logger = VectorLogSink.logVectorOutput(source.getOutputPort(0), builder);
        Diagram<Double> diagram = builder.build();
        Simulator<Double> simulator = new Simulator<>(diagram);
        source.getMyContextFromRoot(simulator.getMutableContext()).getMutableDiscreteState(0)
                .setValuesFrom(new double[source.getOutputPort(0).size()], 0);
        simulator.initialize();
        simulator.advanceTo(20);
        double[][] x = logger.findLog(simulator.getContext()).data();
        int n = x.length * x[0].length;
        for (double a = min; a <= max - h; a += h) {
            int count = 0;
            for (double[] row : x) {
                for (double v : row) {
                    count += v >= a && v <= a + h ? 1 : 0;
                }
            }
            double ey = cdf.applyAsDouble(a + h) - cdf.applyAsDouble(a);
            double var = ey - ey * ey;
            assertEquals(ey, (double) count / n, fudge * 1.645 * Math.sqrt(var / n), "bin at " + a);
        }
    }

    @Test
    void uniformWhiteNoise() {
        RandomSource<Double> source = new RandomSource<>(D, "source", RandomDistribution.UNIFORM, 2, 0.0025);
        assertEquals(RandomDistribution.UNIFORM, source.getDistribution());
        assertEquals(OptionalLong.empty(), source.getFixedSeed());
        checkStatistics(z -> z, 0.0, 1.0, 0.1, 1.5, source);
    }

    @Test
    void gaussianWhiteNoise() {
        RandomSource<Double> source = new RandomSource<>(D, "source", RandomDistribution.GAUSSIAN, 2, 0.0025);
        assertEquals(RandomDistribution.GAUSSIAN, source.getDistribution());
        checkStatistics(z -> 0.5 * erfc(-z / Math.sqrt(2.0)), -2.0, 2.0, 0.1, 2.0, source);
    }

    @Test
    void exponentialWhiteNoise() {
        RandomSource<Double> source = new RandomSource<>(D, "source", RandomDistribution.EXPONENTIAL, 2, 0.0025);
        assertEquals(RandomDistribution.EXPONENTIAL, source.getDistribution());
        checkStatistics(z -> 1 - Math.exp(-z), 0.0, 2.0, 0.1, 2.0, source);
    }

    /** erfc by the Abramowitz and Stegun 7.1.26 approximation (error below 1.5e-7, far inside the bins' bound). */
    private static double erfc(double x) {
        double z = Math.abs(x);
        double t = 1 / (1 + 0.3275911 * z);
        double poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
        double r = poly * Math.exp(-z * z);
        return x >= 0 ? r : 2 - r;
    }

    @Test
    void autoDiffSamplesHaveNoGradient() {
        RandomSource<AutoDiff> source = new RandomSource<>(AutoDiff.SCALAR, "source", RandomDistribution.UNIFORM, 2,
                0.0025);
        Context<AutoDiff> context = source.createDefaultContext();
        assertEquals(2, source.getOutputPort(0).eval(context).size());
        assertEquals(0, source.getOutputPort(0).eval(context).get(0).gradientSize());
        assertEquals(0, source.getOutputPort(0).eval(context).get(1).gradientSize());
    }

    /** Test system with random input ports, as Drake's TestSystem. */
    private static final class Noisy extends LeafSystem<Double> {
        Noisy(String name, String[] ports, int[] sizes, RandomDistribution[] types) {
            super(D, name);
            for (int i = 0; i < ports.length; i++) {
                declareVectorInputPort(ports[i], sizes[i], types[i]);
            }
        }
    }

    @Test
    void addRandomInputsFeedsTheFreeRandomPorts() {
        DiagramBuilder<Double> builder = new DiagramBuilder<>(D);
        Noisy sys1 = builder.addSystem(new Noisy("sys1", new String[] {"uniform", "exponential"}, new int[] {3, 2},
                new RandomDistribution[] {RandomDistribution.UNIFORM, RandomDistribution.EXPONENTIAL}));
        Noisy sys2 = builder.addSystem(new Noisy("sys2", new String[] {"gaussian", "exponential", "scalar_gaussian"},
                new int[] {5, 2, 1}, new RandomDistribution[] {RandomDistribution.GAUSSIAN,
                    RandomDistribution.EXPONENTIAL, RandomDistribution.GAUSSIAN}));
        builder.exportInput(sys2.getInputPort(1), "exported");
        ConstantVectorSource<Double> constant = builder.addSystem(new ConstantVectorSource<>(D, "constant", 14.0));
        builder.connect(constant.getOutputPort(0), sys2.getInputPort(2));
        assertEquals(3, RandomSource.addRandomInputs(1e-3, builder));
        Diagram<Double> diagram = builder.build();
        Context<Double> context = diagram.createDefaultContext();
        Context<Double> c1 = sys1.getMyContextFromRoot(context);
        Context<Double> c2 = sys2.getMyContextFromRoot(context);
        assertTrue(sys1.getInputPort(0).hasValue(c1));
        assertTrue(sys1.getInputPort(1).hasValue(c1));
        assertTrue(sys2.getInputPort(0).hasValue(c2));
        assertEquals(1, diagram.numInputPorts());
        assertEquals(2, diagram.getInputPort(0).size());
        assertEquals(14.0, sys2.getInputPort(2).eval(c2).getValue(0));
        assertEquals(RandomDistribution.EXPONENTIAL,
                ((RandomSource<Double>) diagram.getSubsystemByName("sys1_exponential_random")).getDistribution());
    }

    /** Two sources built without seeds draw independent noise (they used to share one default seed). */
    @Test
    void twoSourcesInADiagramAreUncorrelated() {
        DiagramBuilder<Double> builder = new DiagramBuilder<>(D);
        RandomSource<Double> random1 = builder.addSystem(new RandomSource<>(D, "r1", RandomDistribution.GAUSSIAN, 1,
                0.0025));
        VectorLogSink<Double> log1 = VectorLogSink.logVectorOutput(random1.getOutputPort(0), builder);
        RandomSource<Double> random2 = builder.addSystem(new RandomSource<>(D, "r2", RandomDistribution.GAUSSIAN, 1,
                0.0025));
        VectorLogSink<Double> log2 = VectorLogSink.logVectorOutput(random2.getOutputPort(0), builder);
        Diagram<Double> diagram = builder.build();
        Simulator<Double> simulator = new Simulator<>(diagram);
        simulator.initialize();
        simulator.advanceTo(20);
        double[] x1 = log1.findLog(simulator.getContext()).data()[0];
        double[] x2 = log2.findLog(simulator.getContext()).data()[0];
        assertEquals(x1.length, x2.length);
        int n = x1.length / 2;
        for (int i = 0; i < n; i++) {
            double xcorr = 0;
            for (int k = 0; k < n; k++) {
                xcorr += x1[k] * x2[i + k];
            }
            assertTrue(xcorr / n <= 0.1, "cross-correlation at lag " + i + ": " + xcorr / n);
        }
    }

    @Test
    void seedsFollowDrake() {
        RandomSource<Double> dut = new RandomSource<>(D, "dut", RandomDistribution.UNIFORM, 1, 0.0025);
        assertEquals(OptionalLong.empty(), dut.getFixedSeed());
        long defaultSeed = dut.getSeed(dut.createDefaultContext());
        double defaultOutput = output(dut, dut.createDefaultContext());
        for (int i = 0; i < 3; i++) {
            assertEquals(defaultSeed, dut.getSeed(dut.createDefaultContext()));
            assertEquals(defaultOutput, output(dut, dut.createDefaultContext()));
        }
        ReplayableRandom seeds = new ReplayableRandom(ReplayableRandom.DEFAULT_SEED);
        long[] newSeeds = new long[2];
        double[] newOutputs = new double[2];
        for (int k = 0; k < 2; k++) {
            Context<Double> random = dut.createDefaultContext();
            dut.setRandomState(random, seeds);
            newSeeds[k] = dut.getSeed(random);
            newOutputs[k] = output(dut, random);
            assertNotEquals(defaultSeed, newSeeds[k]);
            assertNotEquals(defaultOutput, newOutputs[k]);
        }
        assertNotEquals(newSeeds[0], newSeeds[1]);
        assertNotEquals(newOutputs[0], newOutputs[1]);
        // the same seed generator gives the same seeds and outputs again
        seeds = new ReplayableRandom(ReplayableRandom.DEFAULT_SEED);
        for (int k = 0; k < 2; k++) {
            Context<Double> random = dut.createDefaultContext();
            dut.setRandomState(random, seeds);
            assertEquals(newSeeds[k], dut.getSeed(random));
            assertEquals(newOutputs[k], output(dut, random));
        }
        // another instance has another per-instance seed
        RandomSource<Double> other = new RandomSource<>(D, "other", dut.getDistribution(), 1, 0.0025);
        assertNotEquals(defaultOutput, output(other, other.createDefaultContext()));
        // a fixed seed is used by default contexts and by setRandomState alike
        RandomSource<Double> fixed = new RandomSource<>(D, "fixed", dut.getDistribution(), 1, 0.0025, newSeeds[0]);
        assertEquals(OptionalLong.of(newSeeds[0]), fixed.getFixedSeed());
        Context<Double> fixedContext = fixed.createDefaultContext();
        assertEquals(newSeeds[0], fixed.getSeed(fixedContext));
        assertEquals(newOutputs[0], output(fixed, fixedContext));
        ReplayableRandom ignored = new ReplayableRandom(3L);
        for (int k = 0; k < 2; k++) {
            fixed.setRandomState(fixedContext, ignored);
            assertEquals(newSeeds[0], fixed.getSeed(fixedContext));
            assertEquals(newOutputs[0], output(fixed, fixedContext));
        }
        // conversion keeps the seed, so the converted source draws the same noise
        RandomSource<AutoDiff> converted = (RandomSource<AutoDiff>) dut.toScalar(AutoDiff.SCALAR);
        assertEquals(defaultSeed, converted.getSeed(converted.createDefaultContext()));
        assertEquals(defaultOutput, converted.getOutputPort(0).eval(converted.createDefaultContext()).getValue(0));
    }

    @Test
    void setRandomStateChangesEveryEntry() {
        RandomSource<Double> source = new RandomSource<>(D, "source", RandomDistribution.UNIFORM, 2, 0.0025);
        Context<Double> context = source.createDefaultContext();
        double[] defaults = source.getOutputPort(0).eval(context).toValueArray();
        source.setRandomState(context, new ReplayableRandom(ReplayableRandom.DEFAULT_SEED));
        double[] novel = source.getOutputPort(0).eval(context).toValueArray();
        assertNotEquals(defaults[0], novel[0]);
        assertNotEquals(defaults[1], novel[1]);
        assertArrayEquals(novel, source.getOutputPort(0).eval(context).toValueArray());
    }

    private static double output(RandomSource<Double> source, Context<Double> context) {
        return source.getOutputPort(0).eval(context).getValue(0);
    }
}
