package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.sdp.SdpProblem;
import dev.mallard.sdp.SdpaFormat;

import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Term sparsity ({@link SosOptions.Sparsity#TERM}) in the region-of-attraction pipeline: Drake's certificates with
 * their Gram matrices in term-sparse blocks, which lose nothing, so the level is the dense one.
 */
class TermRegionOfAttractionTest {

    /** x1' = -x1 + x1^3, x2' = -x2 + x2^3 with V = x1^2 + x2^2: Vdot first vanishes at (+-1, 0), so rho = 1. */
    private static final SosFamily.Member DECOUPLED = new SosFamily.Member("decoupled-cubic", "x1,x2",
            "-x1 + x1^3; -x2 + x2^3", "", "x1^2 + x2^2");

    /** Every SDP an analysis solves, as sparse SDPA text, and the largest's constraint count. */
    private static final class Seen {
        final List<String> sdpa = new ArrayList<>();
        int largestM;

        void see(SdpProblem p) {
            StringWriter out = new StringWriter();
            try {
                SdpaFormat.writeSparse(p, out);
            } catch (java.io.IOException e) {
                throw new UncheckedIOException(e);
            }
            sdpa.add(out.toString());
            largestM = Math.max(largestM, p.constraintCount());
        }
    }

    private static RegionOfAttractionResult analyze(SosFamily.Member member, SosOptions.Cone cone,
            SosOptions.Sparsity sparsity, Seen seen) {
        RegionOfAttractionResult r = member.analyze(RegionOfAttractionOptions.defaults()
                .withSimulationCheck(0, 1.0, 1e-3, 1)
                .withSosOptions(SosOptions.defaults().withCone(cone).withSparsity(sparsity).withProblemObserver(seen::see)));
        assertTrue(r.isVerified(), r::toString);
        return r;
    }

    @Test
    void splitBlocksCertifyTheDenseLevel() {
        // The DSOS cone is not split by sign symmetry; the term-sparse blocks are, losslessly: the same level
        // (1, where Vdot first vanishes) from a smaller linear program.
        Seen dense = new Seen();
        Seen term = new Seen();
        double none = analyze(DECOUPLED, SosOptions.Cone.DSOS, SosOptions.Sparsity.NONE, dense).rho();
        double sparse = analyze(DECOUPLED, SosOptions.Cone.DSOS, SosOptions.Sparsity.TERM, term).rho();
        assertEquals(1.0, none, 1e-6);
        assertEquals(none, sparse, 1e-6);
        assertTrue(term.largestM < dense.largestM, () -> term.largestM + " vs " + dense.largestM);
    }

    @Test
    void threeStatesSplitToTheDenseLevel() {
        // Vannelli and Vidyasagar's third-order system with its Lyapunov-equation V, DSOS: no closed form, the
        // dense program's level is the reference.
        SosFamily.Member vv = SosFamily.MEMBERS.get(0);
        Seen dense = new Seen();
        Seen term = new Seen();
        double none = analyze(vv, SosOptions.Cone.DSOS, SosOptions.Sparsity.NONE, dense).rho();
        double sparse = analyze(vv, SosOptions.Cone.DSOS, SosOptions.Sparsity.TERM, term).rho();
        assertEquals(none, sparse, 1e-6 * none);
        assertTrue(term.largestM < dense.largestM, () -> term.largestM + " vs " + dense.largestM);
    }

    @Test
    void oneBlockGivesTheDenseSdpsBitForBit() {
        // Chesi's quadratic system: the certificate has no sign symmetry and its term-sparsity graph is connected,
        // so every SDP is the dense one.
        SosFamily.Member chesi = SosFamily.MEMBERS.stream().filter(m -> m.name().equals("chesi-quadratic"))
                .findFirst().orElseThrow();
        assertDenseSdps(chesi);
    }

    @Test
    void signClassesAsBlocksGiveTheDenseSdpsBitForBit() {
        // Van der Pol: the certificate is even, so the SOS Gram matrix is already split by sign symmetry into
        // odd and even monomials; the term-sparse blocks are those two classes, and the SDPs are the dense ones.
        assertDenseSdps(SosFamily.MEMBERS.get(1));
    }

    /** With the SOS cone, every SDP of the analysis with term sparsity is the dense one, and so is the level. */
    private static void assertDenseSdps(SosFamily.Member member) {
        Seen dense = new Seen();
        Seen term = new Seen();
        double none = analyze(member, SosOptions.Cone.SOS, SosOptions.Sparsity.NONE, dense).rho();
        double sparse = analyze(member, SosOptions.Cone.SOS, SosOptions.Sparsity.TERM, term).rho();
        assertEquals(dense.sdpa, term.sdpa);
        assertEquals(none, sparse, 0.0);
    }
}
