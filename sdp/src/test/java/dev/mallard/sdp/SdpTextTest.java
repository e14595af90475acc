package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The text of the SDP layer's options, matrices and solutions. */
class SdpTextTest {

    @Test
    void optionsPrintEverySetting() {
        assertEquals("SdpOptions[primalTolerance=1.0E-8, dualTolerance=1.0E-8, gapTolerance=1.0E-8, "
                + "infeasibilityTolerance=1.0E-8, maxIterations=100, stepFraction=0.95, no listener]",
                SdpOptions.defaults().toString());
        assertEquals("SdpOptions[primalTolerance=1.0E-8, dualTolerance=1.0E-8, gapTolerance=1.0E-6, "
                + "infeasibilityTolerance=1.0E-8, maxIterations=30, stepFraction=0.95, with a listener]",
                SdpOptions.defaults().withGapTolerance(1e-6).withMaxIterations(30).withListener(info -> { })
                        .toString());
    }

    @Test
    void blockDiagonalMatricesPrintEachBlock() {
        BlockDiagonalMatrix m = new BlockDiagonalMatrix(new int[] {2, -3},
                new double[][] {{2, 1, 1, 2}, {3, 4, 5}});
        assertEquals("BlockDiagonalMatrix[2x2 [[2.0, 1.0], [1.0, 2.0]], diagonal [3.0, 4.0, 5.0]]", m.toString());
        int[] sizes = new int[12];
        double[][] blocks = new double[12][];
        for (int b = 0; b < 12; b++) {
            sizes[b] = -1;
            blocks[b] = new double[] {b};
        }
        assertEquals("BlockDiagonalMatrix[" + "diagonal [0.0], diagonal [1.0], diagonal [2.0], diagonal [3.0], "
                + "diagonal [4.0], diagonal [5.0], diagonal [6.0], diagonal [7.0], diagonal [8.0], diagonal [9.0], "
                + "... 2 more blocks]", new BlockDiagonalMatrix(sizes, blocks).toString());
    }

    /** maximise x subject to x <= 1.5, x >= 0: optimal at 1.5. */
    @Test
    void modelSolutionsPrintStatusObjectiveSizeAndSolverResult() {
        SdpModel model = new SdpModel();
        ScalarVariable x = model.addNonNegativeVariable("x");
        model.addLessOrEqual(LinearExpression.of(x), 1.5);
        model.maximize(LinearExpression.of(x));
        ModelSolution s = model.solve();
        assertEquals(SdpStatus.OPTIMAL, s.status());
        assertEquals(1.5, s.objectiveValue(), 1e-7);
        assertEquals("ModelSolution[OPTIMAL, maximized objective " + s.objectiveValue() + ", 1 variable; "
                + s.solverResult() + "]", s.toString());
        assertTrue(s.solverResult().toString().startsWith("SdpResult[OPTIMAL, p="), s.solverResult().toString());
    }
}
