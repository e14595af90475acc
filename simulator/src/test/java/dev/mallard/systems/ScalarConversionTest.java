package dev.mallard.systems;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScalarConversionTest {

    /** Declares one of everything; {@code dropWitness} makes a faulty conversion that forgets its witness. */
    static final class Everything<T> extends LeafSystem<T> {
        private final double gain;
        private final boolean dropWitness;

        Everything(Scalar<T> s, double gain, boolean dropWitness) {
            super(s, "everything");
            this.gain = gain;
            this.dropWitness = dropWitness;
            declareContinuousState(1, 1, 1);
            setDefaultContinuousState(1, 2, 3);
            declareDiscreteState(4.0, 5.0);
            declareNumericParameter(gain, 7.0);
            declareVectorInputPort("u", 2);
            declareVectorOutputPort("y", 1, (c, y) -> y.set(0, c.getContinuousState().get(0)), Feedthrough.none());
            declareVectorOutputPort("echo", 2, (c, y) -> y.setFrom(getInputPort(0).eval(c)), Feedthrough.inputs(0));
            declarePeriodicDiscreteUpdateEvent(0.25, 0.1, (c, xd) -> EventStatus.succeeded());
            declarePeriodicPublishEvent(0.5, 0.0, c -> EventStatus.succeeded());
            declarePerStepPublishEvent(c -> EventStatus.succeeded());
            if (!dropWitness) {
                declareWitnessFunctionWithUnrestrictedUpdate("height", WitnessDirection.POSITIVE_THEN_NON_POSITIVE,
                        c -> c.getContinuousState().get(0), (c, st) -> EventStatus.succeeded());
            }
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new Everything<>(target, gain, true);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            for (int i = 0; i < 3; i++) {
                derivatives.set(i, scalar().zero());
            }
        }
    }

    /** Converts faithfully. */
    static final class Faithful<T> extends LeafSystem<T> {
        Faithful(Scalar<T> s) {
            super(s, "faithful");
            declareContinuousStateWithDefaults(0.5);
            declareNumericParameter(2.0);
            declareVectorInputPort("u", 1);
            declareVectorOutputPort("y", 1, (c, y) -> y.set(0, scalar().mul(getInputPort(0).eval(c, 0),
                    c.getNumericParameter(0).get(0))));
            declarePeriodicDiscreteUpdateEvent(0.1, 0.0, (c, xd) -> EventStatus.succeeded());
            declareWitnessFunction("x", WitnessDirection.CROSSES_ZERO, c -> c.getContinuousState().get(0), null);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            derivatives.set(0, scalar().neg(context.getContinuousState().get(0)));
        }
    }

    @Test
    void conversionKeepsParametersPortsEventsAndWitnessesForEveryScalar() {
        Faithful<Double> original = new Faithful<>(Scalar.DOUBLE);
        List<Scalar<?>> targets = List.of(AutoDiff.SCALAR, Expression.SCALAR, Boxed.SCALAR);
        for (Scalar<?> target : targets) {
            LeafSystem<?> converted = (LeafSystem<?>) original.toScalar(target);
            assertEquals(target, converted.scalar());
            assertEquals("faithful", converted.getName());
            assertArrayEquals(new double[] {2.0}, converted.createDefaultContext().getNumericParameter(0).toValueArray(), 0.0);
            assertArrayEquals(new double[] {0.5}, converted.createDefaultContext().getContinuousState().toValueArray(), 0.0);
            assertEquals("u", converted.getInputPort(0).getName());
            assertEquals(1, converted.getOutputPort("y").size());
            assertTrue(converted.hasDirectFeedthrough(0, 0));
            assertEquals(0.1, converted.getEvents(Event.Trigger.PERIODIC).get(0).getPeriod(), 0.0);
            assertTrue(converted.hasWitnessFunctions());
            List<WitnessFunction<?>> ws = new ArrayList<>();
            collectWitnesses(converted, ws);
            assertEquals("x", ws.get(0).getDescription());
            assertEquals(WitnessDirection.CROSSES_ZERO, ws.get(0).getDirection());
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void collectWitnesses(LeafSystem<?> s, List<WitnessFunction<?>> out) {
        LeafSystem raw = s;
        List tmp = new ArrayList();
        raw.getWitnessFunctions(raw.createDefaultContext(), tmp);
        out.addAll(tmp);
    }

    @Test
    void aConversionThatLosesADeclarationIsRefusedNamingTheDifference() {
        Everything<Double> sys = new Everything<>(Scalar.DOUBLE, 6.0, false);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sys.toScalar(AutoDiff.SCALAR));
        assertTrue(e.getMessage().contains("everything") && e.getMessage().contains("AutoDiff")
                && e.getMessage().contains("1 witness functions became 0"), e.getMessage());
    }

    /** No Scalar constructor and no convertTo override. */
    static final class Stubborn extends LeafSystem<Double> {
        Stubborn(double k) {
            super(Scalar.DOUBLE, "stubborn");
        }
    }

    @Test
    void refusalsNameTheSystemTheDiagramAndTheScalar() {
        UnsupportedOperationException leaf = assertThrows(UnsupportedOperationException.class,
                () -> new Stubborn(1).toScalar(AutoDiff.SCALAR));
        assertTrue(leaf.getMessage().contains("stubborn") && leaf.getMessage().contains("AutoDiff"), leaf.getMessage());
        DiagramBuilder<Double> b = new DiagramBuilder<>(Scalar.DOUBLE);
        b.addSystem(new Stubborn(1));
        Diagram<Double> d = b.build("outer");
        UnsupportedOperationException diagram = assertThrows(UnsupportedOperationException.class,
                () -> d.toScalar(Expression.SCALAR));
        assertTrue(diagram.getMessage().contains("diagram outer") && diagram.getMessage().contains("stubborn")
                && diagram.getMessage().contains("Expression"), diagram.getMessage());
    }
}
