package dev.mallard.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.symbolic.CompiledSystems;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** End-to-end: a hybrid SymbolicVectorSystem differentiated through impacts, a compiled diagram. */
class HybridAndDiagramAcceptanceTest {

    /** Restitution r (not "e", which formulas read as Euler's number), gravity g and height h as variables. */
    @Test
    void aGuardResetBallDifferentiatedThroughTwoBouncesMatchesTheClosedForm() {
        Variable z = new Variable("z");
        Variable v = new Variable("v");
        Variable e = new Variable("r");
        Variable g = new Variable("g");
        Map<String, Variable> names = Map.of("z", z, "v", v, "r", e, "g", g);
        DynamicalSystem<AutoDiff> ball = SymbolicVectorSystem.builder().name("ball").state(z, v).parameter(e, 0.7)
                .parameter(g, 9.81).dynamics(Formula.parse("v", names), Formula.parse("-g", names))
                .guardAndReset(Formula.parse("z", names), List.of(Formula.parse("z", names), Formula.parse("-r*v", names)))
                .initialState(2.0, 0.0).build(Scalar.DOUBLE).toScalar(AutoDiff.SCALAR);
        Simulator<AutoDiff> sim = new Simulator<>(ball);
        sim.getMutableIntegrator().setTargetAccuracy(1e-10);
        Context<AutoDiff> c = sim.getMutableContext();
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(0.7, 3, 0));
        c.getMutableNumericParameter(0).set(1, AutoDiff.variable(9.81, 3, 1));
        c.getMutableContinuousState().set(0, AutoDiff.variable(2.0, 3, 2));
        double h = 2.0;
        double er = 0.7;
        double gr = 9.81;
        double speed = Math.sqrt(2 * gr * h);
        double t2 = speed * (1 + 2 * er) / gr;
        double s = 0.05;
        sim.advanceTo(t2 + s);
        assertEquals(2, sim.getNumUnrestrictedUpdates());
        // v(T) = e^2 V - g (T - t2), V = sqrt(2 g h), t2 = V (1 + 2 e) / g, at fixed T:
        // dv/de = 2 e V + 2 V; dv/dg = e^2 V / (2 g) - s + g dt2/dg with dt2/dg = -(1 + 2 e) V / (2 g^2);
        // dv/dh = e^2 g / V + g (1 + 2 e) / V.
        AutoDiff vT = sim.getContext().getContinuousState().get(1);
        assertEquals(er * er * speed - gr * s, vT.value(), 1e-8);
        assertEquals(2 * er * speed + 2 * speed, vT.derivative(0), 1e-6);
        assertEquals(er * er * speed / (2 * gr) - s - (1 + 2 * er) * speed / (2 * gr), vT.derivative(1), 1e-6);
        assertEquals(er * er * gr / speed + gr * (1 + 2 * er) / speed, vT.derivative(2), 1e-6);
    }

    @Test
    void aDiagramOfSymbolicSystemsCompilesIntoOneLeafWithTheSameTrajectory() {
        Variable x = new Variable("x");
        Variable v = new Variable("v");
        Variable u = new Variable("u");
        Variable a = new Variable("a");
        Variable b = new Variable("b");
        Variable k = new Variable("k");
        SymbolicVectorSystem<Double> plant = SymbolicVectorSystem.builder().name("plant").state(x, v).input(u)
                .dynamics(Expression.of(v), Formula.parse("u - 0.1*x^3", Map.of("u", u, "x", x)))
                .output(Expression.of(x), Expression.of(v)).initialState(1.0, 0.0).build(Scalar.DOUBLE);
        SymbolicVectorSystem<Double> controller = SymbolicVectorSystem.builder().name("controller").input(a, b)
                .parameter(k, 4.0).dynamics(List.of())
                .output(Formula.parse("-k*a - k*b", Map.of("k", k, "a", a, "b", b))).build(Scalar.DOUBLE);
        DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
        builder.addSystem(plant);
        builder.addSystem(controller);
        builder.connect(plant.getOutputPort(0), controller.getInputPort(0));
        builder.connect(controller.getOutputPort(0), plant.getInputPort(0));
        builder.exportOutput(plant.getOutputPort(0), "state");
        Diagram<Double> loop = builder.build("loop");
        CompiledSystems.Compilation<Double> compiled = CompiledSystems.compile(loop);
        assertTrue(compiled.compiled(), compiled.reason());
        assertEquals(List.of(), compiled.system().getLeafSystems().subList(1, 1));
        double[][] finals = new double[2][];
        int i = 0;
        for (DynamicalSystem<Double> s : List.of(loop, compiled.system())) {
            Simulator<Double> sim = new Simulator<>(s);
            sim.getMutableIntegrator().setTargetAccuracy(1e-8);
            sim.advanceTo(4.0);
            finals[i++] = sim.getContext().getContinuousState().toValueArray();
        }
        for (int j = 0; j < 2; j++) {
            assertEquals(finals[0][j], finals[1][j], 1e-12 * Math.max(1, Math.abs(finals[0][j])));
        }
    }
}
