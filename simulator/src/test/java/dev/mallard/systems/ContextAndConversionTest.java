package dev.mallard.systems;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.DoubleVector;
import dev.mallard.scalar.GenericVector;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContextAndConversionTest {

    /** A system with every kind of state, a parameter and an abstract state holding a mutable list. */
    private static final class Everything<T> extends LeafSystem<T> {
        Everything(Scalar<T> s) {
            super(s, "everything");
            declareContinuousState(2, 1, 1);
            setDefaultContinuousState(1, 2, 3, 4);
            declareDiscreteState(5, 6);
            declareDiscreteState(1);
            declareAbstractState(new ArrayList<>(List.of("a")), ArrayList::new);
            declareNumericParameter(0.5);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            for (int i = 0; i < 4; i++) {
                derivatives.set(i, scalar().mul(context.getContinuousState().get(i), context.getNumericParameter(0)
                        .get(0)));
            }
        }
    }

    @Test
    void defaultContextHoldsTheDeclaredDefaultsWithQVZSplit() {
        Everything<Double> sys = new Everything<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        ContinuousState<Double> x = c.getContinuousState();
        assertEquals(2, x.numQ());
        assertEquals(1, x.numV());
        assertEquals(1, x.numZ());
        assertEquals(2.0, x.getQ(1), 0.0);
        assertEquals(3.0, x.getV(0), 0.0);
        assertEquals(4.0, x.getZ(0), 0.0);
        assertTrue(x.backingVector() instanceof DoubleVector, "double state is stored in a double[]");
        assertEquals(6.0, c.getDiscreteState(0).getValue(1), 0.0);
        assertEquals(1, c.getDiscreteState(1).size());
        assertEquals(0.0, c.getTimeValue(), 0.0);
        assertTrue(c.getAccuracy().isEmpty());
    }

    @Test
    @SuppressWarnings("unchecked")
    void cloneCopiesAbstractStateWithItsCopierAndIsIndependent() {
        Everything<Double> sys = new Everything<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        c.setTime(2.5);
        c.setAccuracy(1e-6);
        c.getMutableDiscreteState(0).setValue(0, -1);
        Context<Double> copy = c.cloneContext();
        assertEquals(2.5, copy.getTimeValue(), 0.0);
        assertEquals(1e-6, copy.getAccuracy().getAsDouble(), 0.0);
        assertEquals(-1.0, copy.getDiscreteState(0).getValue(0), 0.0);
        List<String> original = c.getAbstractState(0, ArrayList.class);
        List<String> copied = copy.getAbstractState(0, ArrayList.class);
        assertNotSame(original, copied);
        copied.add("b");
        assertEquals(List.of("a"), original);
        copy.getMutableContinuousState().setValue(0, 100);
        assertEquals(1.0, c.getContinuousState().getValue(0), 0.0);
        c.setTimeStateAndParametersFrom(copy);
        assertEquals(100.0, c.getContinuousState().getValue(0), 0.0);
        assertThrows(ClassCastException.class, () -> c.getAbstractState(0, String.class));
        assertThrows(ClassCastException.class, () -> c.setAbstractState(0, "not a list"));
    }

    @Test
    void timeIsHeldInTheScalarTypeAndAsADouble() {
        Everything<Double> sys = new Everything<>(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        long before = c.getChangeCount();
        c.setTime(Double.valueOf(1.25));
        assertEquals(1.25, c.getTime(), 0.0);
        assertEquals(1.25, c.getTimeValue(), 0.0);
        assertTrue(c.getChangeCount() > before);
        assertThrows(IllegalArgumentException.class, () -> c.setTime(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> c.setAccuracy(0));
    }

    @Test
    void convertsToAnotherScalarThroughItsScalarConstructor() {
        Everything<Double> sys = new Everything<>(Scalar.DOUBLE);
        assertSame(sys, sys.toScalar(Scalar.DOUBLE));
        DynamicalSystem<Boxed> boxed = sys.toScalar(Boxed.SCALAR);
        assertSame(Boxed.SCALAR, boxed.scalar());
        assertEquals("everything", boxed.getName());
        Context<Boxed> c = boxed.createDefaultContext();
        assertTrue(c.getContinuousState().backingVector() instanceof GenericVector);
        ContinuousState<Boxed> xdot = boxed.allocateTimeDerivatives();
        boxed.calcTimeDerivatives(c, xdot);
        assertEquals(2.0, xdot.getValue(3), 0.0);
    }

    @Test
    void diagramConversionKeepsConnectionsAndRefusesUnconvertibleSystems() {
        DiagramBuilder<Double> b = new DiagramBuilder<>(Scalar.DOUBLE);
        DoubleIntegrator<Double> plant = b.addSystem(new DoubleIntegrator<>(Scalar.DOUBLE));
        PdController<Double> controller = b.addSystem(new PdController<>(Scalar.DOUBLE));
        b.connect(plant.getOutputPort("x"), controller.getInputPort("x"));
        b.connect(controller.getOutputPort("u"), plant.getInputPort("u"));
        b.exportOutput(plant.getOutputPort("x"), "x");
        Diagram<Double> d = b.build("loop");
        DynamicalSystem<Boxed> converted = d.toScalar(Boxed.SCALAR);
        Context<Boxed> c = converted.createDefaultContext();
        ContinuousState<Boxed> xdot = converted.allocateTimeDerivatives();
        converted.calcTimeDerivatives(c, xdot);
        assertEquals(0.0, xdot.getValue(0), 0.0);
        assertEquals(-4.0, xdot.getValue(1), 0.0, "u = -4 q - 4 v at (1, 0)");
        assertEquals("loop", converted.getName());

        DiagramBuilder<Double> b2 = new DiagramBuilder<>(Scalar.DOUBLE);
        b2.addSystem(new Gain<>(Scalar.DOUBLE, 2, "gain"));
        Diagram<Double> d2 = b2.build();
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> d2.toScalar(Boxed.SCALAR));
        assertTrue(e.getMessage().contains("gain") && e.getMessage().contains(Boxed.SCALAR.name()), e.getMessage());
    }

    @Test
    void fixedInputValuesAreCheckedAndCopied() {
        Gain<Double> g = new Gain<>(Scalar.DOUBLE, 3, "g");
        Context<Double> c = g.createDefaultContext();
        ScalarVector<Double> u = ScalarVector.ofValues(Scalar.DOUBLE, 2.0);
        g.getInputPort("u").fixValue(c, u);
        u.setValue(0, 100);
        assertEquals(6.0, g.getOutputPort("y").eval(c).getValue(0), 0.0);
        assertThrows(IllegalArgumentException.class, () -> g.getInputPort("u").fixValue(c, 1.0, 2.0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> g.getInputPort("v"));
        assertTrue(e.getMessage().contains("'v'") && e.getMessage().contains("[u]"), e.getMessage());
    }

    /** Emits a String built from its abstract input and its time. */
    private static final class Labeler<T> extends LeafSystem<T> {
        Labeler(Scalar<T> s) {
            super(s, "labeler");
            declareAbstractInputPort("name");
            declareAbstractOutputPort("label", c -> getInputPort(0).evalAbstract(c, String.class) + "@"
                    + c.getTimeValue(), Feedthrough.all());
        }
    }

    @Test
    void abstractPortsCarryJavaObjects() {
        Labeler<Double> l = new Labeler<>(Scalar.DOUBLE);
        Context<Double> c = l.createDefaultContext();
        assertThrows(IllegalArgumentException.class, () -> c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 1)));
        l.getInputPort(0).fixAbstractValue(c, "x");
        c.setTime(2.0);
        assertEquals("x@2.0", l.getOutputPort(0).evalAbstract(c, String.class));
        assertThrows(IllegalStateException.class, () -> l.getOutputPort(0).eval(c));
        assertThrows(ClassCastException.class, () -> l.getOutputPort(0).evalAbstract(c, Integer.class));
    }
}
