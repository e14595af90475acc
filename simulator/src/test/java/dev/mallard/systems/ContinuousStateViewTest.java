package dev.mallard.systems;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.DoubleVector;
import dev.mallard.scalar.Scalar;
import org.junit.jupiter.api.Test;

/**
 * Views of a double context's continuous state: the root's contiguous view (read and written straight through
 * the backing array) and a subsystem's view whose q and v lie apart in the backing vector must address the
 * same entries; derivative views over a caller's array receive the derivatives.
 */
class ContinuousStateViewTest {

    /** q'' = a with the acceleration a a parameter. */
    private static final class Accelerated extends LeafSystem<Double> {
        Accelerated(String name, double a) {
            super(Scalar.DOUBLE, name);
            declareContinuousState(1, 1, 0);
            declareNumericParameter(a);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
            derivatives.setValue(0, context.getContinuousState().getValue(1));
            derivatives.setValue(1, context.getNumericParameter(0).getValue(0));
        }
    }

    private static Diagram<Double> twoPlants() {
        DiagramBuilder<Double> b = new DiagramBuilder<>(Scalar.DOUBLE);
        b.addSystem(new Accelerated("first", -5));
        b.addSystem(new Accelerated("second", -6));
        return b.build("two plants");
    }

    @Test
    void rootAndSubsystemViewsAddressTheLayout() {
        // backing layout [q1, q2, v1, v2]: the root view is contiguous, the second plant's is entries 1 and 3
        Diagram<Double> d = twoPlants();
        Context<Double> c = d.createDefaultContext();
        ContinuousState<Double> root = c.getMutableContinuousState();
        ContinuousState<Double> second = d.getSubsystems().get(1).getMyContextFromRoot(c).getContinuousState();
        assertTrue(root.isContiguous());
        assertFalse(second.isContiguous());
        root.setValue(0, 10);
        root.set(1, 20.0);
        root.setValue(2, 30);
        root.set(3, 40.0);
        double[] backing = ((DoubleVector) root.backingVector()).data();
        assertArrayEquals(new double[] {10, 20, 30, 40}, backing, 0.0);
        assertEquals(20.0, second.getValue(0), 0.0);
        assertEquals(40.0, second.get(1), 0.0);
        second.setValue(1, 41);
        second.set(0, 21.0);
        assertEquals(21.0, root.get(1), 0.0);
        assertEquals(41.0, root.getValue(3), 0.0);
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> root.getValue(4));
        assertTrue(e.getMessage().contains("continuous state index = 4"), e.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> root.setValue(-1, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> root.get(4));
        assertThrows(IndexOutOfBoundsException.class, () -> second.getValue(2));
        assertThrows(NullPointerException.class, () -> root.set(0, null));
    }

    @Test
    void blockCopiesOfContiguousAndScatteredViewsMoveTheirOwnEntries() {
        Diagram<Double> d = twoPlants();
        Context<Double> c = d.createDefaultContext();
        c.setContinuousStateValues(1, 2, 3, 4);
        ContinuousState<Double> root = c.getContinuousState();
        ContinuousState<Double> second = d.getSubsystems().get(1).getMyContextFromRoot(c).getContinuousState();
        double[] out = new double[6];
        root.copyValuesTo(out, 1);
        assertArrayEquals(new double[] {0, 1, 2, 3, 4, 0}, out, 0.0);
        second.copyValuesTo(out, 4);
        assertArrayEquals(new double[] {0, 1, 2, 3, 2, 4}, out, 0.0);
        second.setValuesFrom(new double[] {-2, -4}, 0);
        assertArrayEquals(new double[] {1, -2, 3, -4}, root.toValueArray(), 0.0);
        root.setValuesFrom(new double[] {0, 5, 6, 7, 8}, 1);
        assertArrayEquals(new double[] {6, 8}, second.toValueArray(), 0.0);
        assertThrows(IndexOutOfBoundsException.class, () -> root.copyValuesTo(new double[4], 1));
        assertThrows(IndexOutOfBoundsException.class, () -> second.setValuesFrom(new double[2], 1));
    }

    @Test
    void derivativesViewWritesIntoTheGivenArray() {
        // q1' = v1, q2' = v2, v1' = -5, v2' = -6
        Diagram<Double> d = twoPlants();
        Context<Double> c = d.createDefaultContext();
        c.setContinuousStateValues(1, 2, 3, 4);
        double[] out = new double[4];
        ContinuousState<Double> view = d.viewAsTimeDerivatives(DoubleVector.wrap(out));
        d.calcTimeDerivatives(c, view);
        assertArrayEquals(new double[] {3, 4, -5, -6}, out, 0.0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> d.viewAsTimeDerivatives(DoubleVector.wrap(new double[3])));
        assertTrue(e.getMessage().contains("backing") && e.getMessage().contains("3"), e.getMessage());
    }
}
