package dev.mallard.simulator.integrators;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.simulator.integrators.ValueVector;
import org.junit.jupiter.api.Test;

class ValueVectorTest {

    @Test
    void keepsOnlyTheValuesAndReadsThemBackAsConstants() {
        ValueVector<AutoDiff> v = new ValueVector<>(AutoDiff.SCALAR, 3);
        assertEquals(3, v.size());
        assertEquals(0.0, v.getValue(2));
        v.set(0, AutoDiff.of(1.5, new double[] {2.0, -3.0}));
        v.setValue(1, -0.25);
        assertEquals(1.5, v.getValue(0));
        assertEquals(AutoDiff.constant(1.5), v.get(0));
        assertEquals(0, v.get(0).gradientSize());
        assertEquals(AutoDiff.constant(-0.25), v.get(1));
        assertArrayEquals(new double[] {1.5, -0.25, 0.0}, v.toValueArray());
    }

    @Test
    void copyIsIndependentAndNullIsRejected() {
        ValueVector<AutoDiff> v = new ValueVector<>(AutoDiff.SCALAR, 2);
        v.setValue(0, 4.0);
        ValueVector<AutoDiff> c = v.copy();
        v.setValue(0, 5.0);
        assertEquals(4.0, c.getValue(0));
        assertThrows(NullPointerException.class, () -> v.set(1, null));
        assertThrows(IndexOutOfBoundsException.class, () -> v.getValue(2));
    }
}
