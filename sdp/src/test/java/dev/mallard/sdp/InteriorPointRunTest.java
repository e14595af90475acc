package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The run with its primal and dual sides on two threads against the run on one. */
class InteriorPointRunTest {

    @Test
    void sharedSidesAreBitForBitSerial() {
        // gpp100: one 100 x 100 block (large enough to share), Lanczos steps and their Cholesky checks.
        SdpProblem problem = SdplibFiles.read("gpp100");
        SdpOptions options = new SdpSolver().options();
        SdpResult serial = new InteriorPointRun(problem, options, false).run();
        SdpResult shared = new InteriorPointRun(problem, options, true).run();
        assertEquals(serial.status(), shared.status());
        assertEquals(serial.iterations(), shared.iterations());
        assertArrayEquals(serial.x(), shared.x(), 0.0);
        for (int b = 0; b < problem.blockCount(); b++) {
            assertArrayEquals(serial.primalSlack().block(b), shared.primalSlack().block(b));
            assertArrayEquals(serial.dualMatrix().block(b), shared.dualMatrix().block(b));
        }
    }
}
