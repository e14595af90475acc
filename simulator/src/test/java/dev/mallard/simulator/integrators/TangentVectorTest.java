package dev.mallard.simulator.integrators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.ScalarVector;
import org.junit.jupiter.api.Test;

/**
 * {@link TangentVector}: the objects it makes from held arrays are exactly the ones made eagerly from the same
 * rows, made only when read; copies between held vectors copy the arrays; setting an entry ends the holding.
 */
class TangentVectorTest {

    /** Two entries, gradient width 3, one with a -0.0 entry (whose sign the objects must keep). */
    private static final double[] VALUES = {1.5, -2.25};
    private static final double[] ROWS = {1.0, -0.0, 0.5, 3.0, 0.25, -7.0};

    @Test
    void heldEntriesAreTheObjectsMadeFromTheirRowsAndNotMadeBeforeARead() {
        TangentVector v = new TangentVector(2);
        // at offsets, as the tangent steps hand over from the evaluator's input array
        double[] values = {9, 9, 1.5, -2.25};
        double[] rows = {9, 1.0, -0.0, 0.5, 3.0, 0.25, -7.0};
        v.hold(values, 2, rows, 1, 3);
        values[2] = 100;
        rows[1] = 100;
        assertTrue(v.isHeld());
        assertEquals(3, v.width());
        // the values are read without making objects; the arrays were copied
        assertEquals(1.5, v.getValue(0));
        assertEquals(-2.25, v.getValue(1));
        for (int j = 0; j < 2; j++) {
            AutoDiff eager = AutoDiff.of(VALUES[j], ROWS, 3 * j, 3);
            AutoDiff lazy = v.get(j);
            assertEquals(eager, lazy, "entry " + j);
            for (int c = 0; c < 3; c++) {
                assertEquals(Double.doubleToRawLongBits(ROWS[3 * j + c]),
                        Double.doubleToRawLongBits(lazy.derivative(c)), "entry " + j + " column " + c);
            }
        }
        // made once: the same objects on every read
        assertSame(v.get(0), v.get(0));
        assertTrue(v.isHeld());
    }

    @Test
    void aCopyOfAHeldVectorCopiesItsArraysAndAnotherWidthReallocates() {
        TangentVector a = new TangentVector(2);
        a.hold(VALUES, 0, ROWS, 0, 3);
        TangentVector b = new TangentVector(2);
        b.hold(new double[] {0, 0}, 0, new double[] {1, 2}, 0, 1);
        b.setFrom(a);
        assertTrue(b.isHeld());
        assertEquals(3, b.width());
        double[] values = new double[2];
        double[] rows = new double[6];
        b.copyHeldTo(values, 0, rows, 0);
        assertEquals(VALUES[1], values[1]);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(rows[1]));
        assertEquals(ROWS[5], rows[5]);
        // the copy's objects are its own, equal to the source's
        assertEquals(a.get(1), b.get(1));
        ScalarVector<AutoDiff> plain = b.copy();
        assertEquals(a.get(0), plain.get(0));
        assertFalse(plain instanceof TangentVector);
    }

    @Test
    void settingAnEntryEndsTheHoldingAndKeepsTheOthers() {
        TangentVector v = new TangentVector(2);
        v.hold(VALUES, 0, ROWS, 0, 3);
        AutoDiff x = AutoDiff.variable(4.0, 3, 2);
        v.set(1, x);
        assertFalse(v.isHeld());
        assertEquals(AutoDiff.of(VALUES[0], ROWS, 0, 3), v.get(0));
        assertSame(x, v.get(1));
        assertEquals(4.0, v.getValue(1));
        assertThrows(IllegalStateException.class, () -> v.copyHeldTo(new double[2], 0, new double[6], 0));
        // a vector of objects copied in entry by entry, and a constant set by value
        TangentVector w = new TangentVector(2);
        w.hold(VALUES, 0, ROWS, 0, 3);
        w.setFrom(v);
        assertFalse(w.isHeld());
        assertSame(x, w.get(1));
        w.setValue(0, 0.5);
        assertTrue(w.get(0).isConstant());
        assertEquals(0.5, w.getValue(0));
    }

    @Test
    void aNewVectorIsZerosAndBadIndicesAreRefused() {
        TangentVector v = new TangentVector(2);
        assertFalse(v.isHeld());
        assertSame(AutoDiff.ZERO, v.get(1));
        assertEquals(0.0, v.getValue(0));
        assertThrows(IndexOutOfBoundsException.class, () -> v.get(2));
        assertThrows(IndexOutOfBoundsException.class, () -> v.getValue(-1));
        assertThrows(NullPointerException.class, () -> v.set(0, null));
        assertThrows(IllegalArgumentException.class, () -> v.setFrom(new TangentVector(3)));
    }
}
