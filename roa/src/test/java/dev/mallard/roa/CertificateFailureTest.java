package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.VanDerPol;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Variable;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The user-level explanation of a certificate that fails at every back-off. */
class CertificateFailureTest {

    @Test
    void aGramMatrixSingularAtEveryLevelIsExplainedAsSuchWithWhatToTry() {
        // Without the Newton-polytope reduction the basis holds the monomial 1, whose diagonal Gram entry must be
        // 0: every Gram matrix is singular, at every back-off.
        VanDerPol<Double> system = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        RegionOfAttractionOptions full = RegionOfAttractionOptions.defaults().withSimulationCheck(0, 1.0, 1e-3, 1)
                .withSosOptions(SosOptions.defaults().withNewtonReduction(false));
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(), full);
        assertFalse(r.isVerified());
        String text = CertificateFailure.explain(r);
        assertTrue(text.contains(String.format(java.util.Locale.ROOT, "rho = %.6g", r.optimalRho())), text);
        assertTrue(text.contains("failed its independent check at every level tried"), text);
        assertTrue(text.contains("too close to singular"), text);
        assertTrue(text.contains("scale the states"), text);
        RegionOfAttractionException e = assertThrows(RegionOfAttractionException.class,
                () -> RegionOfAttraction.analyze(system, system.createDefaultContext(), full));
        assertTrue(e.getMessage().endsWith(text), e.getMessage());
        // no level is certified, so none is handed out as the answer
        IllegalStateException none = assertThrows(IllegalStateException.class, r::rho);
        assertTrue(none.getMessage().contains("no level") && none.getMessage().contains("optimalRho()"),
                none.getMessage());
    }

    @Test
    void anIdentityThatCannotBeMetIsExplainedAsATooLowDegree() {
        Variable x = new Variable("x");
        LevelSetSearch.Outcome outcome = new LevelSetSearch.Outcome();
        outcome.optimalRho = 0.5;
        outcome.certifiedRho = 0.45;
        // Unabsorbed residual 1e-3 against a tolerance of 1e-9: the identity is not met.
        outcome.certificates.add(new SosCertificate(List.of(Monomial.of(x)), new double[][] {{1.0}}, 1e-3, 1e-3,
                1e-12, true, 1e-9));
        RegionOfAttractionResult r = new RegionOfAttractionResult(List.of(x), Expression.ZERO, Expression.ZERO,
                outcome, false, List.of(), null, null, 2, 20, 0.1, 0.1);
        String text = CertificateFailure.explain(r);
        assertTrue(text.contains("rho = 0.500000"), text);
        assertTrue(text.contains("too low a degree"), text);
        assertFalse(text.contains("too close to singular"), text);
    }

    @Test
    void aVerifiedResultHasNoFailureToExplain() {
        VanDerPol<Double> system = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(),
                RegionOfAttractionOptions.defaults().withSimulationCheck(0, 1.0, 1e-3, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CertificateFailure.explain(r));
        assertEquals("result: the certificate was verified, there is no failure to explain", e.getMessage());
    }
}
