package com.example;

import dev.mallard.examples.VanDerPol;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.simulator.gradients.Linearization;
import dev.mallard.symbolic.Expression;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.symbolic.CompiledSystems;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;
import java.util.Arrays;
import java.util.List;

/** README.md's simulator snippet, as a user's program compiled against the BOM and mallard-simulator only. */
public final class ReadmeSnippet {

    public static void main(String[] args) {
        // ---- README: simulator ----
        // A system written once, generic in the number type (see dev.mallard.examples for complete ones).
        VanDerPol<Double> vdp = new VanDerPol<>(Scalar.DOUBLE, 1.0, false);
        Simulator<Double> sim = new Simulator<>(vdp);
        sim.getMutableContext().setContinuousStateValues(1.0, 0.0);
        sim.initialize();
        sim.advanceTo(10.0);

        // Gradients of x(T) with respect to x(0), the parameters and T, by AutoDiff through the simulation.
        GradientSimulation.Result g = GradientSimulation.run(vdp, vdp.createDefaultContext(), 10.0, null);

        // Equations, linearisation, and the compiled double path (whose gradients run on primitive arrays).
        List<Expression> f = SystemSymbolicInspector.of(vdp).getTimeDerivatives();
        AffineSystem<Double> lin = Linearization.linearize(vdp, vdp.createDefaultContext());
        CompiledSystems.Compilation<Double> fast = CompiledSystems.compile(vdp);
        GradientSimulation.Result gFast = GradientSimulation.run(fast.system(), fast.system().createDefaultContext(), 10.0, null);
        // ---- end ----

        System.out.println("x(10) = " + Arrays.toString(sim.getContext().getContinuousState().toValueArray()));
        System.out.println("f = " + f);
        System.out.println("A = " + Arrays.deepToString(lin.getA()));
        System.out.println("compiled = " + fast.compiled());
        System.out.println("dx(10)/dx(0) generic = " + Arrays.deepToString(g.stateJacobian()));
        System.out.println("dx(10)/dx(0) compiled = " + Arrays.deepToString(gFast.stateJacobian()));
    }
}
