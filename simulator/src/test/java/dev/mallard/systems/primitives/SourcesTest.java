package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.studies.MonteCarlo;
import dev.mallard.simulator.studies.Parallelism;
import dev.mallard.simulator.studies.RandomSimulationResult;
import dev.mallard.simulator.studies.ReplayableRandom;
import dev.mallard.simulator.trajectories.PiecewisePolynomial;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.RandomDistribution;
import java.util.List;
import org.junit.jupiter.api.Test;

class SourcesTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;

    @Test
    void sineAndItsDerivativesMatchTheClosedFormAndTheTimeGradient() {
        Sine<Double> sine = new Sine<>(D, "sine", new double[] {2, 0.5}, new double[] {3, 1}, new double[] {0.1, 0});
        double t = 0.4;
        for (int port = 0; port < 3; port++) {
            ThreeScalars.Result r = ThreeScalars.check(sine, new double[] {t}, ThreeScalars.Probe.output(port), true);
            double[] expected = new double[2];
            double[] slope = new double[2];
            for (int i = 0; i < 2; i++) {
                double a = i == 0 ? 2 : 0.5;
                double w = i == 0 ? 3 : 1;
                double angle = w * t + (i == 0 ? 0.1 : 0);
                expected[i] = switch (port) {
                    case 0 -> a * Math.sin(angle);
                    case 1 -> a * w * Math.cos(angle);
                    default -> -a * w * w * Math.sin(angle);
                };
                slope[i] = switch (port) {
                    case 0 -> a * w * Math.cos(angle);
                    case 1 -> -a * w * w * Math.sin(angle);
                    default -> -a * w * w * w * Math.cos(angle);
                };
            }
            assertArrayEquals(expected, r.value(), 1e-14);
            assertEquals(slope[0], r.gradient()[0][0], 1e-13);
            assertEquals(slope[1], r.gradient()[1][0], 1e-13);
        }
        assertThrows(IllegalArgumentException.class, () -> new Sine<>(D, "bad", new double[] {1}, new double[] {1, 2},
                new double[] {0}));
        assertThrows(IllegalArgumentException.class, () -> new Sine<>(D, "bad", 1, Double.POSITIVE_INFINITY, 0, 1));
    }

    @Test
    void stepAndRampHaveTheirValuesAndTheSimulatorStopsAtTheirBreaks() {
        StepSource<Double> step = new StepSource<>(D, "step", 0.35, new double[] {1}, new double[] {-2});
        // point: t, the "stepped" discrete state
        assertArrayEquals(new double[] {1}, ThreeScalars.check(step, new double[] {0.2, 0},
                ThreeScalars.Probe.output(0), false).value());
        assertArrayEquals(new double[] {-2}, ThreeScalars.check(step, new double[] {0.5, 0},
                ThreeScalars.Probe.output(0), false).value());
        Context<Double> atStep = step.createDefaultContext();
        atStep.setTime(0.35);
        assertArrayEquals(new double[] {1}, step.getOutputPort(0).eval(atStep).toValueArray());
        atStep.getMutableDiscreteState(0).setValue(0, 1);
        assertArrayEquals(new double[] {-2}, step.getOutputPort(0).eval(atStep).toValueArray());
        RampSource<Double> ramp = new RampSource<>(D, "ramp", 0.5, new double[] {2}, new double[] {1});
        assertArrayEquals(new double[] {1}, ThreeScalars.check(ramp, new double[] {0.3}, ThreeScalars.Probe.output(0),
                false).value());
        ThreeScalars.Result rising = ThreeScalars.check(ramp, new double[] {0.8}, ThreeScalars.Probe.output(0), true);
        assertEquals(1 + 2 * 0.3, rising.value()[0], 1e-15);
        assertEquals(2, rising.gradient()[0][0], 1e-15);

        // integral of the step over [0, 1]: 0.35 x 1 + 0.65 x (-2), exact because a step ends at 0.35 and sees
        // the initial value up to its end
        DiagramBuilder<Double> b = new DiagramBuilder<>(D);
        StepSource<Double> s = b.addSystem(new StepSource<>(D, "step", 0.35, new double[] {1}, new double[] {-2}));
        Integrator<Double> integral = b.addSystem(new Integrator<>(D, "integral", 1));
        b.connect(s.getOutputPort(0), integral.getInputPort(0));
        Simulator<Double> sim = new Simulator<>(b.build());
        sim.advanceTo(1.0);
        assertEquals(0.35 - 1.3, integral.getOutputPort(0).eval(integral.getMyContextFromRoot(sim.getContext()))
                .getValue(0), 1e-13);
        assertThrows(IllegalArgumentException.class, () -> new StepSource<>(D, "bad", Double.NaN, new double[] {1},
                new double[] {2}));
        assertThrows(IllegalArgumentException.class, () -> new RampSource<>(D, "bad", 0, new double[] {1},
                new double[] {1, 2}));
    }

    /** y = (sin t, t^2) on [0, 2]. */
    private static final Trajectory CLOSED_FORM = new Trajectory() {
        @Override
        public int rows() {
            return 2;
        }

        @Override
        public double startTime() {
            return 0;
        }

        @Override
        public double endTime() {
            return 2;
        }

        @Override
        public double[] value(double t) {
            return new double[] {Math.sin(t), t * t};
        }

        @Override
        public double[] derivative(double t) {
            return new double[] {Math.cos(t), 2 * t};
        }
    };

    @Test
    void trajectorySourcePlaysTheTrajectoryAndHoldsItsEnds() {
        TrajectorySource<Double> source = new TrajectorySource<>(D, "traj", CLOSED_FORM);
        ThreeScalars.Result r = ThreeScalars.check(source, new double[] {0.7}, ThreeScalars.Probe.output(0), false);
        assertArrayEquals(new double[] {Math.sin(0.7), 0.49}, r.value(), 1e-15);
        assertEquals(Math.cos(0.7), r.gradient()[0][0], 1e-15);
        assertEquals(1.4, r.gradient()[1][0], 1e-15);
        ThreeScalars.Result after = ThreeScalars.check(source, new double[] {3}, ThreeScalars.Probe.output(0), false);
        assertArrayEquals(new double[] {Math.sin(2), 4}, after.value(), 1e-15);
        assertEquals(0, after.gradient()[1][0]);
        // with the derivative rows (constants: no gradient, as documented)
        TrajectorySource<Double> withSlope = new TrajectorySource<>(D, "slope", CLOSED_FORM, true, true);
        assertEquals(4, withSlope.getOutputPort("y0").size());
        Context<Double> at = withSlope.createDefaultContext();
        at.setTime(0.7);
        assertArrayEquals(new double[] {Math.sin(0.7), 0.49, Math.cos(0.7), 1.4},
                withSlope.getOutputPort(0).eval(at).toValueArray(), 1e-15);
        at.setTime(-1.0);
        assertArrayEquals(new double[] {0, 0, 0, 0}, withSlope.getOutputPort(0).eval(at).toValueArray(), 1e-15);

        TrajectorySource<Double> strict = new TrajectorySource<>(D, "strict", Trajectory.of(denseOutputOfARamp()),
                false, false);
        Context<Double> c = strict.createDefaultContext();
        c.setTime(5.0);
        assertThrows(IllegalArgumentException.class, () -> strict.getOutputPort(0).eval(c));
    }

    /** A piecewise polynomial from an integrator's dense output: x = 1 + t on [0, 1]. */
    private static PiecewisePolynomial<Double> denseOutputOfARamp() {
        DiagramBuilder<Double> b = new DiagramBuilder<>(D);
        ConstantVectorSource<Double> one = b.addSystem(new ConstantVectorSource<>(D, "one", 1.0));
        Integrator<Double> x = b.addSystem(new Integrator<>(D, "x", 1));
        b.connect(one.getOutputPort(0), x.getInputPort(0));
        Diagram<Double> diagram = b.build();
        Simulator<Double> sim = new Simulator<>(diagram);
        x.setIntegralValue(x.getMyContextFromRoot(sim.getMutableContext()), 1.0);
        sim.initialize();
        sim.getMutableIntegrator().startDenseIntegration();
        sim.advanceTo(1.0);
        PiecewisePolynomial<Double> p = sim.getMutableIntegrator().stopDenseIntegration();
        TrajectorySource<Double> played = new TrajectorySource<>(D, "played", Trajectory.of(p));
        Context<Double> c = played.createDefaultContext();
        c.setTime(0.25);
        assertEquals(1.25, played.getOutputPort(0).eval(c).getValue(0), 1e-12);
        return p;
    }

    @Test
    void randomSourceDrawsFromItsGeneratorAndHoldsTheSampleBetweenUpdates() {
        RandomSource<Double> source = new RandomSource<>(D, "noise", RandomDistribution.GAUSSIAN, 2, 0.1, 42L);
        ReplayableRandom reference = new ReplayableRandom(42L);
        double[] first = {reference.nextGaussian(), reference.nextGaussian()};
        double[] second = {reference.nextGaussian(), reference.nextGaussian()};
        Context<Double> ctx = source.createDefaultContext();
        assertArrayEquals(first, source.getOutputPort("output").eval(ctx).toValueArray());
        // the same draws through AutoDiff and Expression (constants)
        assertArrayEquals(first, ThreeScalars.check(source, new double[] {0, first[0], first[1]},
                ThreeScalars.Probe.output(0), true).value());
        Simulator<Double> sim = new Simulator<>(source, ctx);
        sim.advanceTo(0.05); // the update at 0 drew the second pair, held until 0.1
        assertArrayEquals(second, source.getOutputPort(0).eval(sim.getContext()).toValueArray());
        Context<Double> clone = sim.getContext().cloneContext();
        sim.advanceTo(0.15);
        double[] third = {reference.nextGaussian(), reference.nextGaussian()};
        assertArrayEquals(third, source.getOutputPort(0).eval(sim.getContext()).toValueArray());
        Simulator<Double> replay = new Simulator<>(source, clone);
        replay.advanceTo(0.15);
        assertArrayEquals(third, source.getOutputPort(0).eval(replay.getContext()).toValueArray());
        assertThrows(IllegalArgumentException.class, () -> new RandomSource<>(D, "bad",
                RandomDistribution.UNIFORM, 1, 0.0));
    }

    @Test
    void randomSourceDistributionsHaveTheirMoments() {
        int n = 20000;
        RandomSource<Double> uniform = new RandomSource<>(D, "u", RandomDistribution.UNIFORM, n, 1.0, 7L);
        RandomSource<Double> exponential = new RandomSource<>(D, "e", RandomDistribution.EXPONENTIAL, n, 1.0,
                8L);
        double[] u = uniform.getOutputPort(0).eval(uniform.createDefaultContext()).toValueArray();
        double[] e = exponential.getOutputPort(0).eval(exponential.createDefaultContext()).toValueArray();
        double meanU = java.util.Arrays.stream(u).average().orElseThrow();
        double meanE = java.util.Arrays.stream(e).average().orElseThrow();
        assertTrue(java.util.Arrays.stream(u).allMatch(x -> x >= 0 && x < 1));
        assertTrue(java.util.Arrays.stream(e).allMatch(x -> x >= 0));
        // standard errors: 0.29 / sqrt(n) = 0.002 and 1 / sqrt(n) = 0.007; five of them
        assertEquals(0.5, meanU, 0.01);
        assertEquals(1.0, meanE, 0.035);
    }

    @Test
    void monteCarloSeedsEachSampleAndItsSnapshotReplaysIt() {
        java.util.function.Function<ReplayableRandom, Simulator<Double>> make = generator -> {
            DiagramBuilder<Double> b = new DiagramBuilder<>(D);
            RandomSource<Double> noise = b.addSystem(new RandomSource<>(D, "noise",
                    RandomDistribution.UNIFORM, 1, 0.25));
            Integrator<Double> x = b.addSystem(new Integrator<>(D, "x", 1));
            b.connect(noise.getOutputPort(0), x.getInputPort(0));
            b.exportOutput(x.getOutputPort(0), "x");
            Diagram<Double> diagram = b.build();
            Context<Double> ctx = diagram.createDefaultContext();
            assertEquals(1, RandomSource.setRandomContext(ctx, generator));
            return new Simulator<>(diagram, ctx);
        };
        List<RandomSimulationResult> results = MonteCarlo.monteCarloSimulation(make,
                (system, context) -> system.getOutputPort(0).eval(context).getValue(0), 1.0, 3,
                new ReplayableRandom(11L), Parallelism.none());
        assertNotEquals(results.get(0).getOutput(), results.get(1).getOutput());
        for (RandomSimulationResult r : results) {
            double replayed = MonteCarlo.randomSimulation(make,
                    (system, context) -> system.getOutputPort(0).eval(context).getValue(0), 1.0, r.getGeneratorSnapshot());
            assertEquals(r.getOutput(), replayed, 0.0);
            // four held uniform draws times 0.25 s each
            assertTrue(r.succeeded() && r.getOutput() >= 0 && r.getOutput() < 1, r.toString());
        }
    }
}
