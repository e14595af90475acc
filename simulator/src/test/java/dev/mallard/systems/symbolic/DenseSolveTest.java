package dev.mallard.systems.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link DenseSolve}: partial pivoting in place, a singular matrix named by its column. */
class DenseSolveTest {

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
        assertEquals(-1, DenseSolve.solveInPlace(a, 3, b, 2));
        assertEquals(7, b[0], 0.0);
        assertEquals(8, b[1], 0.0);
        for (int i = 0; i < 3; i++) {
            assertEquals(x[i], b[2 + i], 1e-14, "x" + i);
        }
    }

    @Test
    void aSingularOrNaNMatrixIsReportedByTheColumnWithoutAPivot() {
        // the second column is twice the first
        assertEquals(1, DenseSolve.solveInPlace(new double[] {1, 2, 3, 6}, 2, new double[2], 0));
        assertEquals(0, DenseSolve.solveInPlace(new double[] {0}, 1, new double[1], 0));
        assertEquals(0, DenseSolve.solveInPlace(new double[] {Double.NaN, 1, 1, 1}, 2, new double[2], 0));
    }
}
