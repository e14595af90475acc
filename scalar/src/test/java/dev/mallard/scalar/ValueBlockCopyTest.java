package dev.mallard.scalar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link ScalarVector#copyValuesTo} and {@link ScalarVector#setValuesFrom}: the primitive vector's block copy
 * and the entry-by-entry default (a generic vector) must move the same values to the same places and refuse
 * a block that does not fit.
 */
class ValueBlockCopyTest {

    @Test
    void blockCopiesAgreeBetweenPrimitiveAndGenericVectors() {
        ScalarVector<Double> primitive = ScalarVector.ofValues(Scalar.DOUBLE, 1, 2, 3);
        ScalarVector<Double> generic = ScalarVector.ofValues(BoxedDoubleScalar.NUMERIC, 1, 2, 3);
        assertTrue(primitive instanceof DoubleVector && !(generic instanceof DoubleVector));
        for (ScalarVector<?> v : new ScalarVector<?>[] {primitive, generic}) {
            double[] out = {9, 9, 9, 9, 9};
            v.copyValuesTo(out, 1);
            assertArrayEquals(new double[] {9, 1, 2, 3, 9}, out, 0.0);
            v.setValuesFrom(new double[] {0, 0, -4, -5, -6}, 2);
            assertArrayEquals(new double[] {-4, -5, -6}, v.toValueArray(), 0.0);
            IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class,
                    () -> v.copyValuesTo(new double[4], 2));
            assertTrue(e.getMessage().contains("offset = 2") && e.getMessage().contains("[0, 4)"), e.getMessage());
            assertThrows(IndexOutOfBoundsException.class, () -> v.setValuesFrom(new double[3], -1));
            assertArrayEquals(new double[] {-4, -5, -6}, v.toValueArray(), 0.0);
        }
    }
}
