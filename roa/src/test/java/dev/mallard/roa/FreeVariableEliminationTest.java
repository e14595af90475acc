package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class FreeVariableEliminationTest {

    @Test
    void rankDeficientRowsLeaveOneProjectedRowAndRecoverTheMinimumNormSolution() {
        // Rows: w0 + w1 = r0, 2 w0 + 2 w1 = r1, w2 = r2: rank 2, one row (2 r0 - r1 = 0) constrains u alone.
        FreeVariableElimination f = new FreeVariableElimination(new double[][] {{1, 1, 0}, {2, 2, 0}, {0, 0, 1}});
        assertEquals(1, f.projectedRowCount());
        // Consistent residual (r1 = 2 r0): min-norm w splits w0 + w1 = 3 evenly.
        assertArrayEquals(new double[] {1.5, 1.5, 4.0}, f.recover(new double[] {3, 6, 4}), 1e-12);
        // Objective w0 + w1 is determined by the rows; w0 alone is not (w0 - w1 is free).
        double[] g = f.objectiveWeights(new double[] {1, 1, 0});
        double value = 0;
        double[] residual = {3, 6, 4};
        for (int i = 0; i < 3; i++) {
            value += g[i] * residual[i];
        }
        assertEquals(3.0, value, 1e-12);
        assertNull(f.objectiveWeights(new double[] {1, 0, 0}));
    }
}
