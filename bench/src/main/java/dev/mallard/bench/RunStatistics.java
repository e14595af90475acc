package dev.mallard.bench;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.bench.model.EventScenario;
import dev.mallard.bench.model.HandWrittenRungeKutta;
import dev.mallard.bench.model.HandWrittenVariationalRun;
import dev.mallard.bench.model.HipparchusOde;
import dev.mallard.bench.model.MallardRun;
import dev.mallard.bench.model.Model;
import dev.mallard.bench.model.Setup;
import dev.mallard.roa.RegionOfAttractionResult;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.symbolic.CompiledSystems;
import java.io.PrintStream;
import java.util.Locale;
import org.hipparchus.ode.ODEState;
import org.hipparchus.ode.nonstiff.DormandPrince54Integrator;

/**
 * Prints, as Markdown tables, the work behind each benchmark (steps, derivative evaluations, events) and how
 * closely the peers agree: evidence that the timed runs compare like with like. Run by bench/run.sh next to
 * JMH; takes a second.
 */
public final class RunStatistics {

    private RunStatistics() {
    }

    /**
     * Prints the tables to standard output.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        PrintStream out = System.out;
        simulation(out);
        gradients(out);
        events(out);
        regionOfAttraction(out);
    }

    /** Benchmark 5: what each region-of-attraction analysis found and how many SDPs it solved. */
    static void regionOfAttraction(PrintStream out) {
        out.println("### Region-of-attraction runs");
        out.println();
        out.println("| system | verified | rho | SDP solves | SDP iterations | solver s | total s (cold) |");
        out.println("|---|---|---|---|---|---|---|");
        RoaBenchmark roa = new RoaBenchmark();
        roa.prepare();
        for (RegionOfAttractionResult r : new RegionOfAttractionResult[] {roa.vanDerPol(), roa.cubicTriple()}) {
            out.printf(Locale.ROOT, "| %s | %s | %.6g | %d | %d | %.3f | %.3f |%n",
                    r.stateVariables().size() == 2 ? "Van der Pol" : "cubic triple", r.isVerified(),
                    r.rho(), r.sdpSolves(), r.iterations(), r.solverSeconds(), r.totalSeconds());
        }
        out.println();
    }

    /** Benchmark 1: steps and evaluations per peer, and the final-state difference to the hand-written loop. */
    static void simulation(PrintStream out) {
        out.println("### Work per double run (0 to 20 s)");
        out.println();
        out.println("| model | setup | Mallard steps | Mallard evals | loop steps | loop evals"
                + " | max abs diff Mallard-loop | Hipparchus steps | Hipparchus evals | max abs diff Mallard-Hipparchus"
                + " | compiled steps | max abs diff compiled-generic |");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (Model model : Model.values()) {
            for (Setup setup : Setup.values()) {
                MallardRun<Double> run = new MallardRun<>(model.generic(Scalar.DOUBLE), setup);
                double[] mallard = values(run.run(model.initialState(), model.parameters()));
                HandWrittenRungeKutta loop = setup.handWritten(model.primitive(model.parameters()));
                double[] hand = setup.run(loop, model.initialState());
                DormandPrince54Integrator hipparchus = setup.hipparchus();
                double[] hip = hipparchus.integrate(new HipparchusOde(model.primitive(model.parameters())),
                        new ODEState(0, model.initialState()), Setup.FINAL_TIME).getPrimaryState();
                int hipSteps = countHipparchusSteps(model, setup);
                MallardRun<Double> compiled = new MallardRun<>(
                        CompiledSystems.compile(model.generic(Scalar.DOUBLE)).system(), setup);
                double[] comp = values(compiled.run(model.initialState(), model.parameters()));
                out.printf(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %.2e | %d | %d | %.2e | %d | %.2e |%n", model,
                        setup, run.integrator().getNumStepsTaken(), run.integrator().getNumDerivativeEvaluations(),
                        loop.steps(), loop.evaluations(), maxAbsDiff(mallard, hand), hipSteps,
                        hipparchus.getEvaluations(), maxAbsDiff(mallard, hip), compiled.integrator().getNumStepsTaken(),
                        maxAbsDiff(mallard, comp));
            }
        }
        out.println();
    }

    private static int countHipparchusSteps(Model model, Setup setup) {
        DormandPrince54Integrator hipparchus = setup.hipparchus();
        int[] steps = {0};
        hipparchus.addStepHandler((interpolator) -> steps[0]++);
        hipparchus.integrate(new HipparchusOde(model.primitive(model.parameters())),
                new ODEState(0, model.initialState()), Setup.FINAL_TIME);
        return steps[0];
    }

    /** Benchmark 2: AutoDiff Jacobian against central differences, and the steps it took. */
    static void gradients(PrintStream out) {
        out.println("### Gradient runs");
        out.println();
        out.println("| model | setup | derivatives | AutoDiff steps | double steps | hand-written variational steps"
                + " | max rel diff AutoDiff vs central differences"
                + " | max rel diff AutoDiff vs hand-written variational |");
        out.println("|---|---|---|---|---|---|---|---|");
        for (Model model : Model.values()) {
            for (Setup setup : new Setup[] {Setup.RK3_1E6, Setup.RK5_FIXED}) {
                MallardRun<AutoDiff> ad = new MallardRun<>(model.generic(Scalar.DOUBLE).toScalar(AutoDiff.SCALAR),
                        setup);
                double[][] jad = MallardRun.jacobian(ad, model);
                MallardRun<Double> doubles = new MallardRun<>(model.generic(Scalar.DOUBLE), setup);
                double[][] jfd = FiniteDifferences.jacobian(doubles, model).jacobian();
                doubles.run(model.initialState(), model.parameters());
                HandWrittenVariationalRun hand = new HandWrittenVariationalRun(model, setup);
                double[][] jhand = hand.jacobian();
                out.printf(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %.2e | %.2e |%n", model, setup,
                        model.numVariables(), ad.integrator().getNumStepsTaken(),
                        doubles.integrator().getNumStepsTaken(), hand.loop().steps(), maxRelDiff(jad, jfd),
                        maxRelDiff(jad, jhand));
            }
        }
        out.println();
    }

    /** Benchmark 3: steps, evaluations and events with and without events. */
    static void events(PrintStream out) {
        out.println("### Event runs");
        out.println();
        out.println("| scenario | events | steps | derivative evals | unrestricted updates | discrete updates |");
        out.println("|---|---|---|---|---|---|");
        for (EventScenario scenario : EventScenario.values()) {
            for (boolean events : new boolean[] {true, false}) {
                EventScenario.Run run = scenario.run(events);
                run.simulate();
                Simulator<Double> s = run.simulator();
                out.printf(Locale.ROOT, "| %s | %s | %d | %d | %d | %d |%n", scenario, events ? "with" : "without",
                        s.getNumStepsTaken(), s.getIntegrator().getNumDerivativeEvaluations(),
                        s.getNumUnrestrictedUpdates(), s.getNumDiscreteUpdates());
            }
        }
        out.println();
    }

    private static double[] values(ScalarVector<Double> x) {
        double[] out = new double[x.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = x.getValue(i);
        }
        return out;
    }

    static double maxAbsDiff(double[] a, double[] b) {
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            max = Math.max(max, Math.abs(a[i] - b[i]));
        }
        return max;
    }

    /** Largest |a - b| / max(1e-3, |b|) over entries (relative, floored for entries near zero). */
    static double maxRelDiff(double[][] a, double[][] b) {
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                max = Math.max(max, Math.abs(a[i][j] - b[i][j]) / Math.max(1e-3, Math.abs(b[i][j])));
            }
        }
        return max;
    }
}
