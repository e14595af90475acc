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
     * gpp100 (no strictly feasible Y): the unguarded first pass loses the dual feasibility it reached twice
     * after its checkpoint and pauses; run on, it ends NEAR_OPTIMAL with the dual infeasibility stuck above
     * 1e-8, as it did before the pause existed. The solver instead hands over to the guarded pass at the
     * pause and reaches OPTIMAL in 23 iterations in all, where running the first pass to its end and then the
     * guarded pass took 28.
     */
    @Test
    void firstPassPausesAtItsSecondLossOfDualFeasibility() {
        SdpProblem problem = SdplibFiles.read("gpp100");
        InteriorPointRun first = new InteriorPointRun(problem, new SdpSolver().options());
        assertNull(first.run());
        assertTrue(first.paused());
        SdpResult runOn = first.resume(System.nanoTime());
        assertFalse(first.paused());
        assertEquals(SdpStatus.NEAR_OPTIMAL, runOn.status(), runOn::toString);
        assertTrue(runOn.lastIteration().dualInfeasibility() > 1e-8, runOn::toString);
        SdpResult solved = new SdpSolver().solve(problem);
        assertEquals(SdpStatus.OPTIMAL, solved.status(), solved::toString);
        assertTrue(solved.iterations() <= 23, solved::toString);
        assertEquals(-44.94355, solved.primalObjective(), 1e-5);
    }
}
