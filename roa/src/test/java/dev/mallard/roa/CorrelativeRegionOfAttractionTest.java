package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Correlative sparsity in the region-of-attraction pipeline ({@link CorrelativeLevelSearch}) on the coupled Van der
 * Pol chain ({@link CoupledVanDerPol}, 4 states) with each oscillator's own quadratic V
 * ({@link CorrelativeChainScale#separableCandidate}).
 */
class CorrelativeRegionOfAttractionTest {

    private static final SosFamily.Member CHAIN = chain(2);

    /** The dense form's level for 8 states with the same V (docs/PERFORMANCE.md, 26 s of CPU: not run here). */
    private static final double DENSE_8 = 1.78067077;

    private static SosFamily.Member chain(int oscillators) {
        SosFamily.Member c = CoupledVanDerPol.chain(oscillators);
        return new SosFamily.Member("vdp" + oscillators, c.states(), c.dynamics(), "",
                CorrelativeChainScale.separableCandidate(oscillators));
    }

    private static RegionOfAttractionResult analyze(SosFamily.Member member, SosOptions.Sparsity sparsity,
            CorrelativeChainScale.Largest largest) {
        return member.analyze(RegionOfAttractionOptions.defaults().withSimulationCheck(0, 1.0, 1e-3, 1)
                .withSosOptions(SosOptions.defaults().withSparsity(sparsity).withProblemObserver(largest::see)));
    }

    @Test
    void chainIsCertifiedWithSmallerSdpsNearTheDenseLevel() {
        CorrelativeChainScale.Largest dense = new CorrelativeChainScale.Largest();
        CorrelativeChainScale.Largest sparse = new CorrelativeChainScale.Largest();
        RegionOfAttractionResult d = analyze(CHAIN, SosOptions.Sparsity.NONE, dense);
        RegionOfAttractionResult s = analyze(CHAIN, SosOptions.Sparsity.CORRELATIVE, sparse);
        assertTrue(d.isVerified(), d::toString);
        assertTrue(s.isVerified(), s::toString);
        assertTrue(s.certificates().stream().allMatch(SosCertificate::isVerified), s::toString);
        // Sound: below the smallest V where a ray meets Vdot = 0 (an upper bound on every certified level).
        double rays = rayBound(CHAIN, 4000, 1);
        assertTrue(s.rho() < rays && d.rho() < rays, () -> s.rho() + " " + d.rho() + " " + rays);
        // Within the stated factor: the per-clique certificate proves Vdot < 0 on {V_c <= rho for every oscillator c},
        // larger than {V <= rho}; here it loses 13% (1.829 against 2.103).
        assertTrue(s.rho() >= 0.85 * d.rho() && s.rho() <= d.rho(), () -> s.rho() + " against " + d.rho());
        // The cliques are the triangles {p1, q1, p2} and {p1, p2, q2}: Gram blocks on their monomials of degree
        // 1 and 2 (at most 3 + 6 = 9, split by the sign symmetry x -> -x into 3 and 6), against the dense 4 + 10
        // and 20 of degree 3 split the same way; and fewer equality constraints.
        assertEquals(6, java.util.Arrays.stream(sparse.blocks).max().orElse(0));
        assertEquals(24, java.util.Arrays.stream(dense.blocks).max().orElse(0));
        assertTrue(sparse.m < dense.m / 3, () -> sparse.m + " against " + dense.m);
    }

    @Test
    void eightStatesKeepTheCliquesSize() {
        SosFamily.Member chain = chain(4);
        CorrelativeChainScale.Largest sparse = new CorrelativeChainScale.Largest();
        RegionOfAttractionResult s = analyze(chain, SosOptions.Sparsity.CORRELATIVE, sparse);
        assertTrue(s.isVerified(), s::toString);
        assertTrue(s.rho() < rayBound(chain, 4000, 1), s::toString);
        assertTrue(s.rho() >= 0.8 * DENSE_8, s::toString);
        // Six cliques of 3 states: blocks of at most 6 whatever n; the constraints are the monomials of degree
        // 2 and 4 in the cliques, 13 n - 18 (34 at n = 4, 86 at n = 8) against the dense 2045.
        assertEquals(6, java.util.Arrays.stream(sparse.blocks).max().orElse(0));
        assertEquals(13 * 8 - 18, sparse.m);
    }

    @Test
    void cliqueOfTwoComponentsBoundsTheirSum() {
        // Issue 23's cubic chain (bench/roa-scale.sh) with V = sum x_i^2: the cliques {x_i, x_(i+1)} each hold two
        // components, so each multiplier bounds x_i^2 + x_(i+1)^2 <= rho, closer to V <= rho than x_i^2 <= rho
        // alone (0.898 with a multiplier per component, measured); the dense level is 0.9471.
        SosFamily.Member chain = new SosFamily.Member("cubic4", "x1,x2,x3,x4", "-x1 + 0.5*x2 + x1^3; "
                + "-x2 + 0.5*x3 + x2^3 - 0.5*x1^2*x2; -x3 + 0.5*x4 + x3^3 - 0.5*x2^2*x3; -x4 + x4^3 - 0.5*x3^2*x4", "",
                "x1^2 + x2^2 + x3^2 + x4^2");
        CorrelativeChainScale.Largest dense = new CorrelativeChainScale.Largest();
        CorrelativeChainScale.Largest sparse = new CorrelativeChainScale.Largest();
        RegionOfAttractionResult d = analyze(chain, SosOptions.Sparsity.NONE, dense);
        RegionOfAttractionResult s = analyze(chain, SosOptions.Sparsity.CORRELATIVE, sparse);
        assertTrue(d.isVerified() && s.isVerified(), s::toString);
        assertTrue(s.rho() < rayBound(chain, 4000, 1), s::toString);
        assertTrue(s.rho() >= 0.95 * d.rho(), () -> s.rho() + " against " + d.rho());
        // Three cliques of 2 states: the certificate's blocks are their monomials of degree 1 and 2 (2 + 3).
        assertEquals(3, java.util.Arrays.stream(sparse.blocks).max().orElse(0));
    }

    @Test
    void cliquesFollowTheChain() {
        List<Variable> y = CHAIN.variables();
        Map<String, Variable> names = CHAIN.names(y);
        Polynomial v = Formula.parse(CHAIN.candidate(), names).toPolynomial(y);
        CorrelativeLevelSearch search = new CorrelativeLevelSearch(y, v, vdot(CHAIN, v, y),
                RegionOfAttractionOptions.defaults());
        Variable p1 = y.get(0);
        Variable q1 = y.get(1);
        Variable p2 = y.get(2);
        Variable q2 = y.get(3);
        assertEquals(List.of(List.of(p1, q1, p2), List.of(p1, p2, q2)), search.cliques());
        assertEquals(List.of(List.of(p1, q1), List.of(p2, q2)), CorrelativeLevelSearch.components(v, y));
    }

    @Test
    void oneCliqueGivesTodaysLevel() {
        // One oscillator with its default V (A'P + PA = -I): one clique, so the dense search, to the bit.
        SosFamily.Member chain = CoupledVanDerPol.chain(1);
        CorrelativeChainScale.Largest ignored = new CorrelativeChainScale.Largest();
        assertEquals(analyze(chain, SosOptions.Sparsity.NONE, ignored).rho(),
                analyze(chain, SosOptions.Sparsity.CORRELATIVE, ignored).rho(), 0.0);
    }

    @Test
    void optionsItDoesNotCarryAreRefused() {
        RegionOfAttractionOptions sparse = RegionOfAttractionOptions.defaults()
                .withSosOptions(SosOptions.defaults().withSparsity(SosOptions.Sparsity.CORRELATIVE));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CorrelativeLevelSearch.checkApplicable(sparse.withUseImplicitDynamics(true)));
        assertTrue(e.getMessage().contains("useImplicitDynamics"), e::getMessage);
        e = assertThrows(IllegalArgumentException.class,
                () -> CorrelativeLevelSearch.checkApplicable(sparse.withExactProof(true)));
        assertTrue(e.getMessage().contains("exactProof"), e::getMessage);
    }

    private static Polynomial vdot(SosFamily.Member member, Polynomial v, List<Variable> y) {
        Map<String, Variable> names = member.names(y);
        List<Polynomial> f = java.util.Arrays.stream(member.dynamics().split(";"))
                .map(e -> Formula.parse(e.trim(), names).toPolynomial(y)).toList();
        return PolynomialAlgebra.directional(v, y, f);
    }

    /**
     * The smallest V over rays' first zeros of Vdot: along x = r w, {@code Vdot = r^2 a(w) + r^4 b(w)} (V quadratic,
     * the dynamics linear plus cubic), so for a < 0 < b the zero is at {@code r^2 = -a/b}, where V = {@code V(w) r^2}.
     */
    private static double rayBound(SosFamily.Member member, int rays, long seed) {
        List<Variable> y = member.variables();
        Map<String, Variable> names = member.names(y);
        Polynomial v = Formula.parse(member.candidate(), names).toPolynomial(y);
        Polynomial vdot = vdot(member, v, y);
        Random random = new Random(seed);
        double best = Double.POSITIVE_INFINITY;
        for (int k = 0; k < rays; k++) {
            Map<Variable, Double> w = new java.util.HashMap<>();
            y.forEach(x -> w.put(x, random.nextGaussian()));
            double a = 0;
            double b = 0;
            for (var t : vdot.terms().entrySet()) {
                double value = t.getValue() * Polynomial.of(t.getKey(), 1.0).evaluate(w);
                if (t.getKey().totalDegree() == 2) {
                    a += value;
                } else {
                    b += value;
                }
            }
            if (a < 0 && b > 0) {
                best = Math.min(best, v.evaluate(w) * (-a / b));
            }
        }
        return best;
    }
}
