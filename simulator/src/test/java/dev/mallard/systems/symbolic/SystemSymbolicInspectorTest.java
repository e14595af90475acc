package dev.mallard.systems.symbolic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.gradients.Linearization;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SystemSymbolicInspectorTest {

    private static double[][] evaluate(Expression[][] m, Environment env) {
        double[][] out = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            out[i] = new double[m[i].length];
            for (int j = 0; j < m[i].length; j++) {
                out[i][j] = m[i][j].evaluate(env);
            }
        }
        return out;
    }

    private static void assertMatrixEquals(double[][] expected, double[][] actual, double tol) {
        assertEquals(expected.length, actual.length, "rows");
        for (int i = 0; i < expected.length; i++) {
            assertArrayEquals(expected[i], actual[i], tol, "row " + i);
        }
    }

    @Test
    void aHandWrittenSystemIsSeenInDefaultVariables() {
        SystemSymbolicInspector in = SystemSymbolicInspector.of(new TorquePendulum<>(Scalar.DOUBLE));
        assertEquals(List.of("x0", "x1"), in.getContinuousStateVariables().stream().map(Variable::name).toList());
        assertEquals(List.of("u0"), in.getInputVariables().stream().map(Variable::name).toList());
        assertEquals(List.of("p0", "p1", "p2"), in.getParameterVariables().stream().map(Variable::name).toList());
        Environment env = new Environment().put(in.getContinuousStateVariables().get(0), 0.4)
                .put(in.getContinuousStateVariables().get(1), -0.7).put(in.getInputVariables().get(0), 0.2)
                .put(in.getParameterVariables().get(0), 9.0).put(in.getParameterVariables().get(1), 0.3)
                .put(in.getParameterVariables().get(2), 2.0);
        assertEquals(-0.7, in.getTimeDerivatives().get(0).evaluate(env), 0.0);
        assertEquals(-9.0 * Math.sin(0.4) + 0.3 * 0.7 + 0.4, in.getTimeDerivatives().get(1).evaluate(env), 1e-15);
        assertEquals(Math.sin(0.4), in.getOutput(0).get(0).evaluate(env), 1e-15);
        assertEquals(0.2, in.getOutput(1).get(0).evaluate(env), 0.0);
    }

    @Test
    void structureOfTheDampedPendulum() {
        SystemSymbolicInspector in = SystemSymbolicInspector.of(new TorquePendulum<>(Scalar.DOUBLE));
        assertTrue(in.isTimeInvariant());
        assertTrue(in.hasAffineDynamics(), "the torque enters linearly");
        assertFalse(in.hasAffineDynamicsInStateAndInput(), "sin q is not affine");
        assertFalse(in.isPolynomial());
        assertFalse(in.isDirectFeedthrough(0, 0));
        assertTrue(in.isDirectFeedthrough(0, 1));
        boolean[][] deps = in.getOutputInputDependencies();
        assertFalse(deps[0][0]);
        assertTrue(deps[1][0]);
        assertTrue(in.getDiscreteUpdates().isEmpty());
        assertTrue(in.getDiscreteUpdatePeriod().isEmpty());
    }

    @Test
    void polynomialDegreeCountsStateAndInputPowersOnly() {
        Variable x = new Variable("x");
        Variable v = new Variable("v");
        Variable mu = new Variable("mu");
        Variable u = new Variable("u");
        Map<String, Variable> names = Map.of("x", x, "v", v, "mu", mu, "u", u);
        SymbolicVectorSystem<Double> vdp = SymbolicVectorSystem.builder().state(x, v).input(u).parameter(mu, 1)
                .dynamics(Formula.parse("v", names), Formula.parse("mu^2*(1 - x^2)*v - x + u^2", names))
                .build(Scalar.DOUBLE);
        SystemSymbolicInspector in = SystemSymbolicInspector.of(vdp);
        assertTrue(in.isPolynomial());
        assertEquals(3, in.getPolynomialDegree(), "mu^2 x^2 v has degree 3 in (x, v, u)");
        assertFalse(in.hasAffineDynamics(), "u^2 is not affine in u");
        SystemSymbolicInspector numeric = SystemSymbolicInspector.withNumericParameters(vdp, vdp.createDefaultContext());
        assertTrue(numeric.getParameterVariables().isEmpty());
        assertFalse(numeric.getTimeDerivatives().get(1).getVariables().contains(mu));
    }

    @Test
    void timeDependenceIsDetected() {
        Variable x = new Variable("x");
        Variable t = new Variable("t");
        SymbolicVectorSystem<Double> forced = SymbolicVectorSystem.builder().time(t).state(x)
                .dynamics(Formula.parse("-x + cos(t)", Map.of("x", x, "t", t))).build(Scalar.DOUBLE);
        assertFalse(SystemSymbolicInspector.of(forced).isTimeInvariant());
    }

    @Test
    void discreteUpdatesAndTheirPeriod() {
        Variable x = new Variable("x");
        Variable u = new Variable("u");
        SymbolicVectorSystem<Double> map = SymbolicVectorSystem.builder().state(x).input(u)
                .discreteDynamics(0.1, List.of(Formula.parse("x - 0.1*x^3 + u", Map.of("x", x, "u", u))))
                .build(Scalar.DOUBLE);
        SystemSymbolicInspector in = SystemSymbolicInspector.of(map);
        assertEquals(List.of(x), in.getDiscreteStateVariables());
        assertEquals(0.1, in.getDiscreteUpdatePeriod().getAsDouble(), 0.0);
        assertEquals(2 - 0.8 + 0.5, in.getDiscreteUpdates().get(0).evaluate(Map.of(x, 2.0, u, 0.5)), 1e-15);
        assertEquals(1 - 0.3 * 4, in.getA()[0][0].evaluate(Map.of(x, 2.0, u, 0.5)), 1e-15);
    }

    @Test
    void symbolicJacobiansAgreeWithTheAutoDiffLinearisation() {
        TorquePendulum<Double> p = new TorquePendulum<>(Scalar.DOUBLE);
        Context<Double> c = p.createDefaultContext();
        c.setContinuousStateValues(1.0, 0.5);
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.3));
        SystemSymbolicInspector in = SystemSymbolicInspector.of(p);
        Environment env = in.environmentAt(c);
        AffineSystem<Double> taylor = Linearization.firstOrderTaylorApproximation(p, c);
        assertMatrixEquals(evaluate(in.getA(), env), taylor.getA(), 1e-15);
        assertMatrixEquals(evaluate(in.getB(), env), taylor.getB(), 1e-15);
        assertMatrixEquals(evaluate(in.getC(), env), taylor.getC(), 1e-15);
        assertMatrixEquals(evaluate(in.getD(), env), taylor.getD(), 1e-15);
        assertMatrixEquals(new double[][] {{0, 1}, {-9.81 * Math.cos(1.0), -0.5}}, taylor.getA(), 1e-15);
    }

    /** Chooses its dynamics by comparing the state's value: cannot be traced symbolically. */
    static final class Switching<T> extends LeafSystem<T> {
        Switching(Scalar<T> s) {
            super(s, "switching");
            declareContinuousState(1);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            T x = context.getContinuousState().get(0);
            derivatives.set(0, scalar().lessThan(x, scalar().zero()) ? scalar().one() : scalar().neg(x));
        }
    }

    @Test
    void aSystemBranchingOnStateValuesIsRefusedSayingWhy() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SystemSymbolicInspector.of(new Switching<>(Scalar.DOUBLE)));
        assertTrue(e.getMessage().contains("switching") && e.getMessage().contains("cannot be inspected symbolically"),
                e.getMessage());
    }
}
