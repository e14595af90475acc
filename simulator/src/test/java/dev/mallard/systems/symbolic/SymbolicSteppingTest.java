package dev.mallard.systems.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.integrators.SymbolicStepping;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SymbolicSteppingTest {

    @ParameterizedTest
    @ValueSource(strings = {"explicit_euler", "semi_explicit_euler", "runge_kutta2", "runge_kutta3",
        "bogacki_shampine3", "runge_kutta5"})
    void theSymbolicOneStepMapEvaluatedAtNumbersIsTheDoubleStep(String scheme) {
        TorquePendulum<Double> p = new TorquePendulum<>(Scalar.DOUBLE);
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(p);
        double t0 = 0.3;
        double h = 0.05;
        List<Expression> map = SymbolicStepping.oneStepMap(inspector, scheme, t0, h);

        Context<Double> c = p.createDefaultContext();
        c.setTime(t0);
        c.setContinuousStateValues(0.8, -0.4);
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.25));
        c.getMutableNumericParameter(0).setValue(1, 0.7);
        Environment env = inspector.environmentAt(c);
        IntegratorBase<Double> step = IntegrationSchemes.create(scheme, p, h, c);
        step.setFixedStepMode(true);
        step.initialize();
        step.integrateWithSingleFixedStepToTime(t0 + h);
        for (int i = 0; i < 2; i++) {
            double expected = c.getContinuousState().getValue(i);
            assertEquals(expected, map.get(i).evaluate(env), 1e-12 * Math.max(1, Math.abs(expected)), scheme + " x" + i);
        }
    }

    @Test
    void explicitEulerGivesTheTextbookMap() {
        TorquePendulum<Double> p = new TorquePendulum<>(Scalar.DOUBLE);
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(p);
        List<Expression> map = SymbolicStepping.oneStepMap(inspector, "explicit_euler", 0, 0.1);
        List<Variable> x = inspector.getContinuousStateVariables();
        List<Variable> pv = inspector.getParameterVariables();
        Environment env = new Environment().put(x.get(0), 0.5).put(x.get(1), 2.0)
                .put(inspector.getInputVariables().get(0), 1.0).put(pv.get(0), 10).put(pv.get(1), 1).put(pv.get(2), 3);
        assertEquals(0.5 + 0.1 * 2.0, map.get(0).evaluate(env), 1e-15);
        assertEquals(2.0 + 0.1 * (-10 * Math.sin(0.5) - 2.0 + 3.0), map.get(1).evaluate(env), 1e-15);
    }

    @Test
    void errorControlImplicitSchemesAndWitnessesRefuseSymbolicNumbersSayingWhy() {
        SystemSymbolicInspector inspector = SystemSymbolicInspector.of(new TorquePendulum<>(Scalar.DOUBLE));
        IllegalStateException implicit = assertThrows(IllegalStateException.class,
                () -> SymbolicStepping.oneStepMap(inspector, "radau3", 0, 0.1));
        assertTrue(implicit.getMessage().contains("numeric"), implicit.getMessage());

        Context<Expression> c = inspector.createSymbolicContext();
        c.setTime(0.0);
        IntegratorBase<Expression> controlled = IntegrationSchemes.create("runge_kutta3", inspector.getSymbolicSystem(),
                0.1, c);
        IllegalStateException control = assertThrows(IllegalStateException.class, controlled::initialize);
        assertTrue(control.getMessage().contains("error control needs numeric values"), control.getMessage());

        Variable z = new Variable("z");
        SymbolicVectorSystem<Expression> ball = SymbolicVectorSystem.builder().state(z)
                .dynamics(Expression.constant(-1)).guardAndReset(Expression.of(z), List.of(Expression.of(z)))
                .initialState(1).build(Expression.SCALAR);
        Simulator<Expression> sim = new Simulator<>(ball);
        sim.resetIntegrator((s, ctx) -> IntegrationSchemes.create("explicit_euler", s, 0.1, ctx));
        IllegalStateException witness = assertThrows(IllegalStateException.class, () -> sim.advanceTo(0.5));
        assertTrue(witness.getMessage().contains("witness functions need numeric values"), witness.getMessage());
    }
}
