package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The run with its primal and dual sides on two threads against the run on one. */
class InteriorPointRunTest {

    @Test
    void sharedSidesAreBitForBitSerial() {
        // gpp100: one 100 x 100 block (large enough to share), Lanczos steps and their Cholesky checks.
        SdpProblem problem = SdplibFiles.read("gpp100");
        SdpOptions options = new SdpSolver().options();
        InteriorPointRun serialRun = new InteriorPointRun(problem, options, false);
        InteriorPointRun sharedRun = new InteriorPointRun(problem, options, true);
        SdpResult serial = serialRun.run();
        SdpResult shared = sharedRun.run();
        // Both pause at the same iterate (see firstPassPausesAtItsSecondLossOfDualFeasibility); run on.
        assertEquals(serialRun.paused(), sharedRun.paused());
        if (serialRun.paused()) {
            serial = serialRun.resume(System.nanoTime());
            shared = sharedRun.resume(System.nanoTime());
        }
        assertEquals(serial.status(), shared.status());
        assertEquals(serial.iterations(), shared.iterations());
        assertArrayEquals(serial.x(), shared.x(), 0.0);
        for (int b = 0; b < problem.blockCount(); b++) {
            assertArrayEquals(serial.primalSlack().block(b), shared.primalSlack().block(b));
            assertArrayEquals(serial.dualMatrix().block(b), shared.dualMatrix().block(b));
        }
    }

    /**
     * control2: after its checkpoint, with the complementarity already below 1e-8, the unguarded first pass
     * twice loses the dual feasibility it reached (1.7e-15 to 1.7e-8, then 4.0e-8) and pauses; run on, it
     * ends NEAR_OPTIMAL, as it did before the pause existed (then the guarded pass took the solve to 27
     * iterations). The solver hands over to the guarded pass at the pause and reaches OPTIMAL in 23 (CSDP:
     * 24).
     */
    @Test
    void firstPassPausesAtItsSecondLossOfDualFeasibility() {
        SdpProblem problem = SdplibFiles.read("control2");
        InteriorPointRun first = new InteriorPointRun(problem, new SdpSolver().options());
        assertNull(first.run());
        assertTrue(first.paused());
        SdpResult runOn = first.resume(System.nanoTime());
        assertFalse(first.paused());
        assertEquals(SdpStatus.NEAR_OPTIMAL, runOn.status(), runOn::toString);
        SdpResult solved = new SdpSolver().solve(problem);
        assertEquals(SdpStatus.OPTIMAL, solved.status(), solved::toString);
        assertTrue(solved.iterations() <= 23, solved::toString);
        assertEquals(8.3, solved.primalObjective(), 1e-6);
    }

    /**
     * gpp124-4 (no strictly feasible Y, one all-ones constraint): its first pass, unguarded, reaches OPTIMAL
     * on its own in 19 iterations (CSDP: 20), with the right-hand side terms of the all-ones constraint
     * summed in O(n^2) from row sums; with them taken from dense products it ended near_optimal and the
     * solve took 35 iterations in two passes.
     */
    @Test
    void gppFirstPassReachesOptimal() {
        InteriorPointRun first = new InteriorPointRun(SdplibFiles.read("gpp124-4"), new SdpSolver().options());
        SdpResult result = first.run();
        assertEquals(SdpStatus.OPTIMAL, result.status(), result::toString);
        assertTrue(result.iterations() <= 20, result::toString);
        assertEquals(-418.98762, result.primalObjective(), 1e-4);
    }
}
