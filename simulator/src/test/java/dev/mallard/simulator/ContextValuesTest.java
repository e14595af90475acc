package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.simulator.gradients.Linearization;
import dev.mallard.simulator.integrators.JacobianScheme;
import dev.mallard.simulator.integrators.RadauIntegrator;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.DynamicalSystem;
import org.junit.jupiter.api.Test;

/**
 * Input values fixed on the context of a diagram nested inside another travel with the other values to the
 * AutoDiff copies behind implicit-integrator Jacobians, gradients through simulation and linearisation.
 *
 * <p>The system: an outer diagram holding an inner diagram, whose plant {@code xdot = -x + u} takes its input
 * from the inner diagram's exported port {@code u_in}, which the outer diagram leaves unconnected; that port
 * is fixed to {@code u = 2} on the inner diagram's own context. Beside it, a leaf {@code zdot = -2 z}.
 * With {@code x(0) = 0.5}, {@code z(0) = 1}: {@code x(t) = 2 - 1.5 e^-t}, {@code z(t) = e^-2t}.
 */
class ContextValuesTest {

    private static final double U = 2.0;
    private static final double X0 = 0.5;
    private static final double Z0 = 1.0;

    private static Diagram<Double> outer() {
        DiagramBuilder<Double> innerBuilder = new DiagramBuilder<>(Scalar.DOUBLE);
        AffineSystem<Double> plant = innerBuilder.addSystem(new AffineSystem<>(Scalar.DOUBLE, "plant",
                new double[][] {{-1}}, new double[][] {{1}}, new double[] {0}, new double[][] {{1}},
                new double[][] {{0}}, new double[] {0}, 0));
        innerBuilder.exportInput(plant.getInputPort("u"), "u_in");
        innerBuilder.exportOutput(plant.getOutputPort("y"), "x");
        Diagram<Double> inner = innerBuilder.build("inner");
        DiagramBuilder<Double> outerBuilder = new DiagramBuilder<>(Scalar.DOUBLE);
        outerBuilder.addSystem(inner);
        outerBuilder.addSystem(new AffineSystem<>(Scalar.DOUBLE, "decay", new double[][] {{-2}}, new double[1][0],
                new double[] {0}, new double[0][1], new double[0][0], new double[0], 0));
        return outerBuilder.build("outer");
    }

    /** The outer diagram's context at t = 0 with u fixed on the inner diagram's context. */
    private static Context<Double> contextOf(Diagram<Double> outer) {
        Context<Double> root = outer.createDefaultContext();
        DynamicalSystem<Double> inner = outer.getSubsystemByName("inner");
        inner.getInputPort("u_in").fixValue(inner.getMyContextFromRoot(root), U);
        root.setContinuousStateValues(X0, Z0);
        return root;
    }

    @Test
    void copyCarriesAnInputFixedOnAnInnerDiagramsContext() {
        Diagram<Double> outer = outer();
        Context<Double> from = contextOf(outer);
        DynamicalSystem<AutoDiff> ad = outer.toScalar(AutoDiff.SCALAR);
        Context<AutoDiff> to = ad.createDefaultContext();
        ContextValues.copy(from, to);
        DynamicalSystem<AutoDiff> adInner = ((Diagram<AutoDiff>) ad).getSubsystemByName("inner");
        Context<AutoDiff> adInnerContext = adInner.getMyContextFromRoot(to);
        assertTrue(adInnerContext.hasFixedInputValue(0), "the inner diagram's port is fixed in the copy");
        assertEquals(U, adInner.getInputPort("u_in").eval(adInnerContext).getValue(0), 0.0);
        ContinuousState<AutoDiff> d = ad.allocateTimeDerivatives();
        ad.calcTimeDerivatives(to, d);
        assertArrayEquals(new double[] {-X0 + U, -2 * Z0}, d.toValueArray(), 0.0);
    }

    @Test
    void anImplicitIntegratorsAutoDiffJacobianSeesTheInnerFixedInput() {
        Diagram<Double> outer = outer();
        Simulator<Double> sim = new Simulator<>(outer, contextOf(outer));
        RadauIntegrator<Double> radau = sim.resetIntegrator((s, c) -> new RadauIntegrator<>(s, c, 2));
        radau.setMaximumStepSize(0.1);
        radau.setTargetAccuracy(1e-8);
        sim.advanceTo(1.0);
        assertEquals(JacobianScheme.AUTOMATIC, radau.getJacobianScheme());
        assertNull(radau.getJacobianFallbackReason());
        assertTrue(radau.getNumJacobianEvaluations() > 0);
        double[] x = sim.getContext().getContinuousState().toValueArray();
        assertEquals(U - (U - X0) * Math.exp(-1), x[0], 1e-6);
        assertEquals(Z0 * Math.exp(-2), x[1], 1e-6);
    }

    @Test
    void gradientThroughSimulationSeesTheInnerFixedInput() {
        Diagram<Double> outer = outer();
        double t = 0.7;
        GradientSimulation.Result r = GradientSimulation.run(outer, contextOf(outer), t,
                sim -> sim.getMutableIntegrator().setTargetAccuracy(1e-10));
        assertEquals(U - (U - X0) * Math.exp(-t), r.finalState()[0], 1e-7);
        // d x(t) / d x(0) = e^-t, d z(t) / d z(0) = e^-2t, no coupling; d x(t) / d t = (U - X0) e^-t
        assertEquals(Math.exp(-t), r.stateJacobian()[0][0], 1e-7);
        assertEquals(0.0, r.stateJacobian()[0][1], 1e-12);
        assertEquals(Math.exp(-2 * t), r.stateJacobian()[1][1], 1e-7);
        assertEquals((U - X0) * Math.exp(-t), r.stateJacobian()[0][r.finalTimeColumn()], 1e-6);
    }

    @Test
    void linearisationTreatsTheInnerFixedInputAsAConstant() {
        Diagram<Double> outer = outer();
        AffineSystem<Double> taylor = Linearization.firstOrderTaylorApproximation(outer, contextOf(outer));
        assertArrayEquals(new double[] {-1, 0}, taylor.getA()[0], 1e-12);
        assertArrayEquals(new double[] {0, -2}, taylor.getA()[1], 1e-12);
        // f0 = f(x0) - A x0 = (-X0 + U + X0, -2 Z0 + 2 Z0) = (U, 0)
        assertArrayEquals(new double[] {U, 0}, taylor.getF0(), 1e-12);
    }
}
