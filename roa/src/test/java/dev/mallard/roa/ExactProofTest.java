package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.numbers.fraction.BigFraction;
import org.junit.jupiter.api.Test;

/**
 * The exact proof of a certificate: on Vannelli-Vidyasagar's example and a 2-state cubic chain the identity
 * holds exactly (re-expanded here term by term in rational arithmetic) and the projected Gram matrix is
 * positive definite (its leading principal minors, computed here by exact elimination, are all positive);
 * an indefinite Gram matrix and an out-of-reach term are refused, saying why.
 */
class ExactProofTest {

    private static RegionOfAttractionResult analyze(SosFamily.Member member) {
        return member.analyze(RegionOfAttractionOptions.defaults().withExactProof(true)
                .withSimulationCheck(0, 1.0, 1e-3, 1));
    }

    @Test
    void vannelliVidyasagarIsProvedExactlyAtItsCertifiedLevel() {
        SosFamily.Member member = SosFamily.MEMBERS.stream()
                .filter(m -> m.name().equals("vannelli-vidyasagar3")).findFirst().orElseThrow();
        RegionOfAttractionResult r = analyze(member);
        ExactProof proof = r.exactProof().orElseThrow();
        assertTrue(proof.proved(), proof::toString);
        assertEquals(r.rho(), proof.level());
        assertEquals(0.71297544, r.rho(), 1e-5 * 0.71297544);
        assertHoldsExactly(proof);
    }

    @Test
    void aTwoStateCubicChainIsProvedExactly() {
        SosFamily.Member chain = new SosFamily.Member("chain2", "x1,x2",
                "-x1 + 0.5*x2 + x1^3; -x2 + x2^3 - 0.5*x1^2*x2", "", "");
        RegionOfAttractionResult r = analyze(chain);
        ExactProof proof = r.exactProof().orElseThrow();
        assertTrue(proof.proved(), proof::toString);
        assertTrue(proof.smallestPivot() > 0, proof::toString);
        assertHoldsExactly(proof);
    }

    @Test
    void anIndefiniteGramMatrixIsRefusedAtItsNegativePivot() {
        // x^2 + 4xy + y^2 is indefinite (at (1, -1) it is -2): Q = [[1, 2], [2, 1]] has pivots 1 and -3.
        Variable x = new Variable("x");
        Variable y = new Variable("y");
        Polynomial p = Polynomial.of(Map.of(Monomial.of(x, 2), 1.0, Monomial.of(y, 2), 1.0,
                Monomial.of(x).multiply(Monomial.of(y)), 4.0));
        ExactProof proof = ExactCertificateCheck.prove(List.of(new ExactCertificateCheck.Identity("p",
                ExactPolynomial.of(p), Map.of(), List.of(Monomial.of(x), Monomial.of(y)),
                new double[][] {{1, 2}, {2, 1}})), new double[0], 1.0);
        assertFalse(proof.proved());
        assertEquals(-3.0, proof.smallestPivot());
        assertTrue(proof.reason().contains("pivot 1 is negative"), proof.reason());
    }

    @Test
    void theLdlFactorisationReadsSignsHeldInTheDenominator() {
        // BigFraction.of(1, -3) holds 1/-3: -1/3 I is negative definite and must be refused, 1/3 I (as -1/-3)
        // accepted with its pivots 1/3.
        BigFraction minusThird = BigFraction.of(1, -3);
        assertEquals(-1, minusThird.signum());
        ExactCertificateCheck.Ldl negative = new ExactCertificateCheck.Ldl(new BigFraction[][] {
            {minusThird, BigFraction.ZERO}, {BigFraction.ZERO, minusThird}});
        assertTrue(negative.failure != null && negative.failure.contains("pivot 0 is negative"), negative.failure);
        assertEquals(-1.0 / 3, negative.failingPivot, 1e-15);
        BigFraction third = BigFraction.of(-1, -3);
        ExactCertificateCheck.Ldl positive = new ExactCertificateCheck.Ldl(new BigFraction[][] {
            {third, BigFraction.of(1, -6)}, {BigFraction.of(1, -6), third}});
        // [[1/3, -1/6], [-1/6, 1/3]]: pivots 1/3 and 1/3 - (1/36)/(1/3) = 1/4
        assertEquals(null, positive.failure);
        assertEquals(BigFraction.of(1, 4), positive.smallest);
    }

    @Test
    void aPerturbedGramMatrixIsProjectedOntoTheIdentityAndProved() {
        // p = 2x^2 + 2xy + 3y^2 with Q off by 1e-7 in every entry: the projection restores p = m'Qm exactly.
        Variable x = new Variable("x");
        Variable y = new Variable("y");
        Polynomial p = Polynomial.of(Map.of(Monomial.of(x, 2), 2.0, Monomial.of(y, 2), 3.0,
                Monomial.of(x).multiply(Monomial.of(y)), 2.0));
        ExactProof proof = ExactCertificateCheck.prove(List.of(new ExactCertificateCheck.Identity("p",
                ExactPolynomial.of(p), Map.of(), List.of(Monomial.of(x), Monomial.of(y)),
                new double[][] {{2 + 1e-7, 1 - 1e-7}, {1 + 1e-7, 3 - 1e-7}})), new double[0], 1.0);
        assertTrue(proof.proved(), proof::toString);
        assertHoldsExactly(proof);
        BigFraction[][] q = proof.identities().get(0).gram();
        assertEquals(BigFraction.of(2), q[0][0]);
        assertEquals(BigFraction.of(1), q[0][1]);
        assertEquals(BigFraction.of(3), q[1][1]);
    }

    @Test
    void aTermOutOfReachOfTheBasisIsRefused() {
        // x^3 + x^2: the basis {x} reaches x^2 only, and no multiplier can cancel x^3.
        Variable x = new Variable("x");
        Polynomial p = Polynomial.of(Map.of(Monomial.of(x, 3), 1.0, Monomial.of(x, 2), 1.0));
        ExactProof proof = ExactCertificateCheck.prove(List.of(new ExactCertificateCheck.Identity("p",
                ExactPolynomial.of(p), Map.of(), List.of(Monomial.of(x)), new double[][] {{1}})), new double[0], 1.0);
        assertFalse(proof.proved());
        assertTrue(proof.reason().contains("out of reach"), proof.reason());
    }

    /** p = m'Qm re-expanded term by term, and every leading principal minor of Q positive. */
    static void assertHoldsExactly(ExactProof proof) {
        assertFalse(proof.identities().isEmpty());
        for (ExactCertificateCheck.Projected identity : proof.identities()) {
            List<Monomial> m = identity.basis();
            BigFraction[][] q = identity.gram();
            Map<Monomial, BigFraction> expanded = new HashMap<>();
            for (int i = 0; i < m.size(); i++) {
                for (int j = 0; j < m.size(); j++) {
                    assertEquals(q[i][j], q[j][i]);
                    expanded.merge(m.get(i).multiply(m.get(j)), q[i][j], BigFraction::add);
                }
            }
            expanded.values().removeIf(BigFraction::isZero);
            assertEquals(identity.p().terms(), expanded, identity.name());
            BigFraction[] pivots = eliminationPivots(q);
            for (int k = 0; k < pivots.length; k++) {
                assertTrue(pivots[k].signum() > 0, identity.name() + ": pivot " + k + " (minor " + (k + 1) + ")");
            }
        }
    }

    /**
     * The pivots of Gaussian elimination without row exchanges, in fractions: the k-th is the ratio of the
     * leading principal minors of orders k + 1 and k, so all are positive if and only if every leading minor is
     * (stops at the first that is not, returning the pivots so far).
     */
    private static BigFraction[] eliminationPivots(BigFraction[][] q) {
        int n = q.length;
        BigFraction[][] a = new BigFraction[n][];
        for (int i = 0; i < n; i++) {
            a[i] = q[i].clone();
        }
        BigFraction[] pivots = new BigFraction[n];
        for (int c = 0; c < n; c++) {
            pivots[c] = a[c][c];
            if (pivots[c].signum() <= 0) {
                return java.util.Arrays.copyOf(pivots, c + 1);
            }
            for (int i = c + 1; i < n; i++) {
                BigFraction f = a[i][c].divide(a[c][c]);
                if (!f.isZero()) {
                    for (int j = c; j < n; j++) {
                        a[i][j] = a[i][j].subtract(f.multiply(a[c][j]));
                    }
                }
            }
        }
        return pivots;
    }
}
