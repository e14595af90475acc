package dev.mallard.simulator.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link DenseLu}: partial pivoting, a right-hand side at an offset, a singular matrix named by its column. */
class DenseLuTest {

    @Test
    void aSystemThatNeedsRowSwapsIsSolvedInPlaceAtTheOffset() {
        // a has a zero in its first pivot position; x = (1, -2, 3) gives b = a x.
        double[] a = {0, 2, 1, 1, 1, 1, 4, -1, 2};
        double[] x = {1, -2, 3};
        double[] b = new double[5];
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                b[2 + r] += a[r * 3 + c] * x[c];
            }
        }
        b[0] = 7;
        b[1] = 8;
        DenseLu lu = lu(a);
        assertEquals(-1, lu.factor(1e-14));
        lu.solve(b, 2);
        assertEquals(7, b[0], 0.0);
        assertEquals(8, b[1], 0.0);
        for (int i = 0; i < 3; i++) {
            assertEquals(x[i], b[2 + i], 1e-14, "x" + i);
        }
    }

    @Test
    void aSingularOrNaNMatrixIsReportedByTheColumnWithoutAPivot() {
        // the second column is twice the first
        assertEquals(1, lu(new double[] {1, 2, 3, 6}).factor(1e-14));
        assertEquals(0, lu(new double[] {0}).factor(1e-14));
        assertEquals(0, lu(new double[] {Double.NaN, 1, 1, 1}).factor(1e-14));
    }

    @Test
    void aRelativeToleranceRefusesAPivotThatOnlyTheZeroTestWouldAccept() {
        // pivots 1 and 1e-20: nonzero, but zero to working precision beside the entry 1
        double[] a = {1, 0, 0, 1e-20};
        assertEquals(-1, lu(a).factor(0));
        assertEquals(1, lu(a).factor(1e-14));
    }

    private static DenseLu lu(double[] a) {
        DenseLu lu = new DenseLu((int) Math.round(Math.sqrt(a.length)));
        System.arraycopy(a, 0, lu.matrix(), 0, a.length);
        return lu;
    }
}
