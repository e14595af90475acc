package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The sizes a solve can hold, and its memory estimate, known before anything large is allocated. */
class SdpSolverLimitsTest {

    @Test
    void memoryEstimateCountsTwentyBlockMatricesAndTwoSchurMatrices() {
        SdpProblem problem = SdpProblem.builder(3, new int[] {2, -3}, 0).build();
        // 8 bytes x (20 x (2 x 2 + 3) + 2 x 3 x 3)
        assertEquals(8 * (20 * 7 + 18), SdpSolver.estimatedMemoryBytes(problem));
        SdpProblem huge = SdpProblem.builder(1, new int[] {65_536}, 0).build();
        assertEquals(8.0 * (20.0 * 65_536 * 65_536 + 2), SdpSolver.estimatedMemoryBytes(huge), 1e3);
    }

    @Test
    void aDenseBlockBeyondAJavaArrayIsRefusedBeforeAllocating() {
        SdpProblem problem = SdpProblem.builder(1, new int[] {SdpSolver.MAX_DENSE_BLOCK + 1}, 0).cost(0, 1)
                .constraintEntry(0, 0, 0, 0, 1).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SdpSolver().solve(problem));
        assertTrue(e.getMessage().startsWith("block 1 has size 46341, above the largest dense block 46340"),
                e.getMessage());
    }
}
