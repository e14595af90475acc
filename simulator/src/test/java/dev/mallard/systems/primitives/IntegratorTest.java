package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Drake's integrator_test.cc, ported with its numbers. */
class IntegratorTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;

    private final Integrator<Double> integrator = new Integrator<>(D, "integrator", 3);

    @Test
    void topologyAndZeroDefaultState() {
        Context<Double> context = integrator.createDefaultContext();
        assertEquals(3, context.getNumContinuousStates());
        assertEquals(3, context.getContinuousState().numZ());
        assertArrayEquals(new double[3], context.getContinuousState().toValueArray());
        assertEquals(1, integrator.numInputPorts());
        assertEquals(3, integrator.getInputPort(0).size());
        assertFalse(integrator.getInputPort(0).isAbstract());
        assertEquals(1, integrator.numOutputPorts());
        assertEquals(3, integrator.getOutputPort(0).size());
    }

    @Test
    void outputIsTheState() {
        Context<Double> context = integrator.createDefaultContext();
        integrator.getInputPort(0).fixValue(context, 1.0, 2.0, 3.0);
        assertArrayEquals(new double[3], integrator.getOutputPort(0).eval(context).toValueArray());
        context.getMutableContinuousState().setValue(1, 42.0);
        assertArrayEquals(new double[] {0, 42, 0}, integrator.getOutputPort(0).eval(context).toValueArray());
    }

    @Test
    void initialValueIsTheDefaultIntegral() {
        double[] initial = {1.0, 2.0, 3.0};
        Integrator<Double> withInitial = new Integrator<>(D, "integrator", initial);
        Context<Double> context = withInitial.createDefaultContext();
        assertArrayEquals(initial, withInitial.getOutputPort(0).eval(context).toValueArray());
        withInitial.setIntegralValue(context, 4.0, 8.0, 12.0);
        assertArrayEquals(new double[] {4, 8, 12}, withInitial.getOutputPort(0).eval(context).toValueArray());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> withInitial.setIntegralValue(context, 0.0, 0.0));
        assertTrue(e.getMessage().contains("size"), e.getMessage());
        DynamicalSystem<AutoDiff> autoDiff = withInitial.toScalar(AutoDiff.SCALAR);
        assertArrayEquals(initial, autoDiff.getOutputPort(0).eval(autoDiff.createDefaultContext()).toValueArray());
    }

    @Test
    void derivativesAreTheInput() {
        Context<Double> context = integrator.createDefaultContext();
        integrator.getInputPort(0).fixValue(context, 1.0, 2.0, 3.0);
        ContinuousState<Double> derivatives = integrator.allocateTimeDerivatives();
        integrator.calcTimeDerivatives(context, derivatives);
        assertArrayEquals(new double[] {1, 2, 3}, derivatives.toValueArray());
    }

    @Test
    void isNotDirectFeedthrough() {
        assertFalse(integrator.hasAnyDirectFeedthrough());
    }

    @Test
    void symbolicOutputIsTheStateAndDerivativesTheInput() {
        DynamicalSystem<Expression> symbolic = integrator.toScalar(Expression.SCALAR);
        Context<Expression> context = symbolic.createDefaultContext();
        List<Variable> u = List.of(new Variable("u0"), new Variable("u1"), new Variable("u2"));
        List<Variable> x = List.of(new Variable("x0"), new Variable("x1"), new Variable("x2"));
        ScalarVector<Expression> input = ScalarVector.ofValues(Expression.SCALAR, new double[3]);
        for (int i = 0; i < 3; i++) {
            input.set(i, u.get(i).toExpression());
            context.getMutableContinuousState().set(i, x.get(i).toExpression());
        }
        symbolic.getInputPort(0).fixValue(context, input);
        ScalarVector<Expression> out = symbolic.getOutputPort(0).eval(context);
        ContinuousState<Expression> derivatives = symbolic.allocateTimeDerivatives();
        symbolic.calcTimeDerivatives(context, derivatives);
        for (int i = 0; i < 3; i++) {
            assertEquals("x" + i, out.get(i).toString());
            assertEquals("u" + i, derivatives.get(i).toString());
        }
    }
}
