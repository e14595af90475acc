package dev.mallard.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.VanDerPol;
import dev.mallard.roa.RegionOfAttraction;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.simulator.gradients.Linearization;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.symbolic.CompiledSystems;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Java example of README.md, as written there, with its results checked. */
class ReadmeExampleTest {

    @Test
    void readmeExampleRunsAndGivesTheKnownResults() {
        // ---- as in README.md ----
        VanDerPol<Double> vdp = new VanDerPol<>(Scalar.DOUBLE, 1.0, false);
        Simulator<Double> sim = new Simulator<>(vdp);
        sim.getMutableContext().setContinuousStateValues(1.0, 0.0);
        sim.initialize();
        sim.advanceTo(10.0);

        GradientSimulation.Result g = GradientSimulation.run(vdp, vdp.createDefaultContext(), 10.0, null);

        List<Expression> f = SystemSymbolicInspector.of(vdp).getTimeDerivatives();
        AffineSystem<Double> lin = Linearization.linearize(vdp, vdp.createDefaultContext());
        CompiledSystems.Compilation<Double> fast = CompiledSystems.compile(vdp);
        GradientSimulation.Result gFast = GradientSimulation.run(fast.system(), fast.system().createDefaultContext(), 10.0, null);
        VanDerPol<Double> reversed = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        Expression v = RegionOfAttraction.analyze(reversed, reversed.createDefaultContext());
        // ---- end of the README example ----

        // Started at the origin (the default state), the forward oscillator stays there: a fixed point.
        assertEquals(0.0, g.finalState()[0], 0.0);
        // Its linearisation at the origin is [[0, 1], [-1, mu]] with mu = 1.
        assertEquals(List.of(0.0, 1.0, -1.0, 1.0), List.of(lin.getA()[0][0], lin.getA()[0][1], lin.getA()[1][0],
                lin.getA()[1][1]));
        // x(10) from (1, 0) is near the limit cycle, whose amplitude in x1 is about 2.
        double[] x = sim.getContext().getContinuousState().toValueArray();
        assertTrue(Math.hypot(x[0], x[1]) > 1.5 && Math.hypot(x[0], x[1]) < 3.0, java.util.Arrays.toString(x));
        assertEquals(2, f.size());
        assertTrue(fast.compiled(), fast.reason());
        // The compiled system's primitive tangent path gives the generic system's Jacobian (exp(A T) here).
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < g.stateJacobian()[i].length; j++) {
                double expected = g.stateJacobian()[i][j];
                assertEquals(expected, gFast.stateJacobian()[i][j], 1e-9 * Math.max(1, Math.abs(expected)));
            }
        }
        // V = (1.5 x1^2 - x1 x2 + x2^2) / 2.3045: at (1, 0) it is 1.5 / 2.3045.
        Environment at = new Environment();
        for (Variable var : v.getVariables()) {
            at.put(var, var.name().endsWith("0") ? 1.0 : 0.0);
        }
        assertEquals(1.5 / 2.3045, v.evaluate(at), 1e-4);
    }
}
