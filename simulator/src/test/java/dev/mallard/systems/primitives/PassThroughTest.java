package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.DynamicalSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Drake's pass_through_test.cc (the vector-valued cases; Mallard's PassThrough has no abstract-valued form),
 * ported with its numbers.
 */
class PassThroughTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;
    private static final double[] MODEL = {-.23, 0.5, 3.14};
    private static final double[] INPUT = {1.0, 3.14, 2.18};

    private static PassThrough<Double> make(boolean useModelValue) {
        return useModelValue ? new PassThrough<>(D, "pass", MODEL) : new PassThrough<>(D, "pass", 3);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void outputIsTheModelValueUntilTheInputHasOneAndThenTheInput(boolean useModelValue) {
        PassThrough<Double> pass = make(useModelValue);
        Context<Double> context = pass.createDefaultContext();
        assertEquals(1, pass.numInputPorts());
        assertArrayEquals(useModelValue ? MODEL : new double[3], pass.getOutputPort(0).eval(context).toValueArray());
        pass.getInputPort(0).fixValue(context, INPUT);
        assertEquals(1, pass.numOutputPorts());
        assertArrayEquals(INPUT, pass.getOutputPort(0).eval(context).toValueArray());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void isStatelessAndDirectFeedthroughEvenUnconnected(boolean useModelValue) {
        PassThrough<Double> pass = make(useModelValue);
        Context<Double> context = pass.createDefaultContext();
        assertEquals(0, context.getNumContinuousStates());
        assertEquals(0, context.getNumAbstractStates());
        assertEquals(0, context.getNumDiscreteStateGroups());
        assertTrue(context.isStateless());
        assertTrue(pass.hasAnyDirectFeedthrough());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void convertsToAutoDiffAndSymbolic(boolean useModelValue) {
        PassThrough<Double> pass = make(useModelValue);
        DynamicalSystem<AutoDiff> autoDiff = pass.toScalar(AutoDiff.SCALAR);
        assertArrayEquals(pass.getModelValue(), ((PassThrough<AutoDiff>) autoDiff).getModelValue());
        DynamicalSystem<Expression> symbolic = pass.toScalar(Expression.SCALAR);
        assertEquals(3, symbolic.getOutputPort(0).size());
    }

    @Test
    void autoDiffModelValueHasNoGradient() {
        PassThrough<AutoDiff> pass = new PassThrough<>(AutoDiff.SCALAR, "pass", new double[] {1., 3., 0.42});
        Context<AutoDiff> context = pass.createDefaultContext();
        assertArrayEquals(new double[] {1., 3., 0.42}, pass.getOutputPort(0).eval(context).toValueArray());
        assertEquals(0, pass.getOutputPort(0).eval(context).get(0).gradientSize());
    }

    @Test
    void anUnconnectedPassThroughInADiagramGivesItsModelValue() {
        DiagramBuilder<Double> builder = new DiagramBuilder<>(D);
        PassThrough<Double> pass = builder.addSystem(new PassThrough<>(D, "pass", MODEL));
        builder.exportOutput(pass.getOutputPort(0), "y");
        Diagram<Double> diagram = builder.build();
        assertArrayEquals(MODEL, diagram.getOutputPort(0).eval(diagram.createDefaultContext()).toValueArray());
    }
}
