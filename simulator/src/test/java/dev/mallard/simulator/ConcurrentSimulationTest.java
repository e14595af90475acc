package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.BouncingBall;
import dev.mallard.examples.VanDerPol;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.symbolic.CompiledSystems;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * What the class Javadoc of DynamicalSystem promises: one system shared by many threads, each with its own
 * context and simulator, gives bit for bit the results of running the same simulations one after another.
 * Every run starts from its own initial state, so a workspace or cache leaking between threads would show up
 * as a run getting another run's numbers.
 */
class ConcurrentSimulationTest {

    private static final int THREADS = 8;
    private static final int RUNS_PER_THREAD = 4;
    private static final int RUNS = THREADS * RUNS_PER_THREAD;
    private static final double FINAL_TIME = 2.0;
    /** The simulator's default accuracy. */
    private static final double ACCURACY = 1e-4;
    /**
     * A tight accuracy for the fast compiled system: thousands of short steps per run, so that a run outlasts
     * a time slice and the threads interleave even on a machine with fewer cores than threads.
     */
    private static final double TIGHT_ACCURACY = 1e-10;

    /**
     * Van der Pol feeding a sampled (discrete) affine filter, which feeds a continuous affine filter, beside a
     * bouncing ball (a witness function with an unrestricted update).
     */
    private static Diagram<Double> hybridDiagram() {
        DiagramBuilder<Double> b = new DiagramBuilder<>(Scalar.DOUBLE);
        VanDerPol<Double> vdp = b.addSystem(new VanDerPol<>(Scalar.DOUBLE, 1.0, false));
        AffineSystem<Double> sampler = b.addSystem(new AffineSystem<>(Scalar.DOUBLE, "sampler",
                new double[][] {{0.5}}, new double[][] {{1.0, 0.25}}, new double[] {0.0}, new double[][] {{1.0}},
                new double[][] {{0.0, 0.0}}, new double[] {0.0}, 0.1));
        AffineSystem<Double> filter = b.addSystem(new AffineSystem<>(Scalar.DOUBLE, "filter",
                new double[][] {{-2.0}}, new double[][] {{1.0}}, new double[] {0.0}, new double[][] {{1.0}},
                new double[][] {{0.0}}, new double[] {0.0}, 0.0));
        BouncingBall<Double> ball = b.addSystem(new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81));
        b.connect(vdp.getOutputPort(0), sampler.getInputPort(0));
        b.connect(sampler.getOutputPort(0), filter.getInputPort(0));
        b.exportOutput(filter.getOutputPort(0), "filtered");
        b.exportOutput(ball.getOutputPort(0), "ball");
        return b.build("hybrid");
    }

    /** A symbolic bouncing ball with a forced, damped third state: guard and reset blocks, time, a parameter. */
    private static SymbolicVectorSystem<Double> symbolicBall() {
        Variable x = new Variable("x");
        Variable v = new Variable("v");
        Variable w = new Variable("w");
        Variable t = new Variable("t");
        Variable mu = new Variable("mu");
        Map<String, Variable> names = Map.of("x", x, "v", v, "w", w, "t", t, "mu", mu);
        return SymbolicVectorSystem.builder().name("symbolic ball").time(t).state(x, v, w).parameter(mu, 0.5)
                .initialState(1.0, 0.0, 0.0)
                .dynamics(Formula.parse("v", names), Expression.constant(-9.81), Formula.parse("-mu*w + cos(t)", names))
                .output(Formula.parse("x + w", names))
                .guardAndReset(Expression.of(x), List.of(Expression.of(x), Formula.parse("-0.8*v", names),
                        Expression.of(w)))
                .build(Scalar.DOUBLE);
    }

    private static DynamicalSystem<Double> compiledVanDerPol() {
        CompiledSystems.Compilation<Double> c = CompiledSystems.compile(new VanDerPol<>(Scalar.DOUBLE, 1.5, false));
        assertTrue(c.compiled(), c.reason());
        return c.system();
    }

    /** A context whose continuous state is the default moved by an amount particular to the run. */
    private static Context<Double> contextForRun(DynamicalSystem<Double> system, int run) {
        Context<Double> c = system.createDefaultContext();
        for (int i = 0; i < c.getNumContinuousStates(); i++) {
            double x = c.getContinuousState().getValue(i);
            c.getMutableContinuousState().setValue(i, x + 0.01 * (run + 1) * (i + 1));
        }
        return c;
    }

    /** The final continuous state, every leaf's discrete state and the number of steps. */
    private static double[] simulate(DynamicalSystem<Double> system, int run, double accuracy) {
        Simulator<Double> sim = new Simulator<>(system, contextForRun(system, run));
        sim.getMutableIntegrator().setTargetAccuracy(accuracy);
        sim.initialize();
        sim.advanceTo(FINAL_TIME);
        Context<Double> c = sim.getContext();
        List<Double> out = new ArrayList<>();
        for (double x : c.getContinuousState().toValueArray()) {
            out.add(x);
        }
        for (Context<Double> leaf : c.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumDiscreteStateGroups(); g++) {
                for (double x : leaf.getDiscreteState(g).toValueArray()) {
                    out.add(x);
                }
            }
        }
        out.add((double) sim.getNumStepsTaken());
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * Runs {@code run(0 .. RUNS-1)} on THREADS threads at once (thread k takes runs k, k + THREADS, ...), all
     * released together by a latch so that they overlap as much as possible.
     */
    private static <R> List<R> concurrently(IntFunction<R> run) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            CountDownLatch ready = new CountDownLatch(THREADS);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<List<R>>> futures = new ArrayList<>();
            for (int k = 0; k < THREADS; k++) {
                int first = k;
                futures.add(pool.submit(() -> {
                    ready.countDown();
                    go.await();
                    List<R> mine = new ArrayList<>();
                    for (int r = first; r < RUNS; r += THREADS) {
                        mine.add(run.apply(r));
                    }
                    return mine;
                }));
            }
            assertTrue(ready.await(10, TimeUnit.SECONDS), "the workers did not start");
            go.countDown();
            List<R> results = new ArrayList<>(java.util.Collections.nCopies(RUNS, null));
            for (int k = 0; k < THREADS; k++) {
                List<R> mine = futures.get(k).get(30, TimeUnit.SECONDS);
                for (int i = 0; i < mine.size(); i++) {
                    results.set(k + i * THREADS, mine.get(i));
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private static void assertSameAsSerial(DynamicalSystem<Double> system, double accuracy) throws Exception {
        List<double[]> serial = new ArrayList<>();
        for (int r = 0; r < RUNS; r++) {
            serial.add(simulate(system, r, accuracy));
        }
        assertTrue(!Arrays.equals(serial.get(0), serial.get(1)), "runs must differ for the test to see cross-talk");
        List<double[]> parallel = concurrently(r -> simulate(system, r, accuracy));
        for (int r = 0; r < RUNS; r++) {
            assertTrue(Arrays.equals(serial.get(r), parallel.get(r)), "run " + r + " of " + system + ": serial "
                    + Arrays.toString(serial.get(r)) + ", concurrent " + Arrays.toString(parallel.get(r)));
        }
    }

    @Test
    void aSharedHybridDiagramSimulatesConcurrentlyAsSerially() throws Exception {
        Diagram<Double> diagram = hybridDiagram();
        double[] first = simulate(diagram, 0, ACCURACY);
        // the ball (continuous state entries 1 and 4 of [q of each, v of each, z of each]) bounced: free fall
        // from 1.01 m would be 18.6 m below the ground at t = 2
        assertTrue(first[0] > -1e-6, "ball height " + first[0]);
        assertSameAsSerial(diagram, ACCURACY);
    }

    @Test
    void aSharedCompiledSystemSimulatesConcurrentlyAsSerially() throws Exception {
        assertSameAsSerial(compiledVanDerPol(), TIGHT_ACCURACY);
    }

    @Test
    void aSharedSymbolicVectorSystemSimulatesConcurrentlyAsSerially() throws Exception {
        SymbolicVectorSystem<Double> ball = symbolicBall();
        assertTrue(simulate(ball, 0, ACCURACY)[0] > -1e-6, "the guard resets the fall");
        assertSameAsSerial(ball, ACCURACY);
        assertSameAsSerial(ball.precompile(), ACCURACY);
    }

    @Test
    void gradientSimulationOfASharedHybridDiagramRunsConcurrentlyAsSerially() throws Exception {
        assertGradientsSameAsSerial(hybridDiagram(), ACCURACY);
    }

    @Test
    void gradientSimulationOfASharedCompiledSystemRunsConcurrentlyAsSerially() throws Exception {
        assertGradientsSameAsSerial(compiledVanDerPol(), 1e-8);
    }

    private static void assertGradientsSameAsSerial(DynamicalSystem<Double> system, double accuracy)
            throws Exception {
        IntFunction<GradientSimulation.Result> run = r -> GradientSimulation.run(system, contextForRun(system, r),
                FINAL_TIME, sim -> sim.getMutableIntegrator().setTargetAccuracy(accuracy));
        List<GradientSimulation.Result> serial = new ArrayList<>();
        for (int r = 0; r < RUNS; r++) {
            serial.add(run.apply(r));
        }
        assertTrue(!serial.get(0).equals(serial.get(1)), "runs must differ for the test to see cross-talk");
        List<GradientSimulation.Result> parallel = concurrently(run);
        for (int r = 0; r < RUNS; r++) {
            assertEquals(serial.get(r), parallel.get(r), "run " + r + " of " + system);
        }
    }
}
