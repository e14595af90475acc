package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SosProgramTest {

    private final Variable x = new Variable("x");
    private final Variable y = new Variable("y");
    private final Map<String, Variable> names = Map.of("x", x, "y", y);

    private Polynomial poly(String formula) {
        return Formula.parse(formula, names).toPolynomial(List.of(x, y));
    }

    /** max gamma s.t. p - gamma is SOS (resp. DSOS). */
    private SosSolution lowerBound(String formula, SosOptions.Cone cone, DecisionVariable[] gamma) {
        SosProgram prog = new SosProgram(List.of(x));
        gamma[0] = prog.newVariable("gamma");
        prog.addSosConstraint("p - gamma", PolynomialExpression.of(poly(formula)).minus(PolynomialExpression.of(gamma[0])));
        prog.maximize(gamma[0].toAffineForm());
        return prog.solve(SosOptions.defaults().withCone(cone));
    }

    @Test
    void univariateLowerBoundIsTheMinimum() {
        // min of x^4 - 3x^2 + 1 is at x^2 = 3/2: 9/4 - 9/2 + 1 = -5/4; univariate non-negative = SOS.
        DecisionVariable[] gamma = new DecisionVariable[1];
        SosSolution s = lowerBound("x^4 - 3*x^2 + 1", SosOptions.Cone.SOS, gamma);
        assertTrue(s.isSuccess(), s::toString);
        assertEquals(-1.25, s.value(gamma[0]), 1e-6);
    }

    @Test
    void dsosIsMoreConservativeThanSos() {
        // x^4 - x^2 + 1 has minimum 3/4 (at x^2 = 1/2). On basis (1, x, x^2) the Gram matrix
        // [[1-g, 0, a], [0, -1-2a, 0], [a, 0, 1]] is diagonally dominant iff a in [-1, -1/2] and 1-g >= |a|,
        // so DSOS reaches only g = 1/2.
        DecisionVariable[] gamma = new DecisionVariable[1];
        SosSolution sos = lowerBound("x^4 - x^2 + 1", SosOptions.Cone.SOS, gamma);
        assertEquals(0.75, sos.value(gamma[0]), 1e-6);
        SosSolution dsos = lowerBound("x^4 - x^2 + 1", SosOptions.Cone.DSOS, gamma);
        assertTrue(dsos.isSuccess(), dsos::toString);
        assertEquals(0.5, dsos.value(gamma[0]), 1e-6);
    }

    @Test
    void parriloQuarticHasAVerifiedGramCertificate() {
        // 2x^4 + 2x^3y - x^2y^2 + 5y^4 is SOS (Parrilo's thesis example).
        SosProgram prog = new SosProgram(List.of(x, y));
        Polynomial p = poly("2*x^4 + 2*x^3*y - x^2*y^2 + 5*y^4");
        SosConstraint c = prog.addSosConstraint("p", PolynomialExpression.of(p));
        prog.maximizeGramMargin(1.0);
        SosSolution s = prog.solve();
        assertTrue(s.isVerified(), () -> s.certificate(c).toString());
        SosCertificate cert = s.certificate(c);
        assertEquals(List.of(Monomial.of(x, 2), Monomial.of(Map.of(x, 1, y, 1)), Monomial.of(y, 2)), cert.basis());
        // The Gram matrix reproduces p: m'Qm evaluated at a point equals p there.
        double[][] q = cert.gram();
        double xv = 0.7;
        double yv = -1.3;
        double[] mv = {xv * xv, xv * yv, yv * yv};
        double quad = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                quad += mv[i] * q[i][j] * mv[j];
            }
        }
        assertEquals(p.evaluate(Map.of(x, xv, y, yv)), quad, 1e-7);
        assertTrue(cert.identityResidual() < 1e-7);
        assertTrue(s.gramMargin() > 0.0);
    }

    @Test
    void motzkinPolynomialIsNotCertified() {
        // Non-negative but not SOS: the best margin is negative and nothing is verified.
        SosProgram prog = new SosProgram(List.of(x, y));
        SosConstraint c = prog.addSosConstraint("motzkin",
                PolynomialExpression.of(poly("x^4*y^2 + x^2*y^4 - 3*x^2*y^2 + 1")));
        prog.maximizeGramMargin(1.0);
        SosSolution s = prog.solve();
        assertFalse(s.isVerified());
        assertFalse(s.certificate(c).isVerified());
        assertTrue(!s.isSuccess() || s.gramMargin() < 0, s::toString);
    }

    @Test
    void certificateCheckRejectsAGramMatrixWithANegativeEigenvalue() {
        // x^2 - y^2 written with Q = diag(1, -1): the identity holds exactly but Q is not PSD.
        List<Monomial> basis = List.of(Monomial.of(x), Monomial.of(y));
        SosCertificate cert = CertificateCheck.check(poly("x^2 - y^2"), basis, new double[][] {{1, 0}, {0, -1}}, 1e-9);
        assertEquals(0.0, cert.identityResidual());
        assertFalse(cert.marginHolds());
        assertFalse(cert.isVerified());
    }

    @Test
    void certificateCheckAbsorbsASmallResidualIntoAPositiveDefiniteGram() {
        // Q = I claims x^2 + y^2, but p = x^2 + 1e-6 xy + y^2: the residual 1e-6 xy moves into E.
        List<Monomial> basis = List.of(Monomial.of(x), Monomial.of(y));
        SosCertificate cert = CertificateCheck.check(poly("x^2 + 0.000001*x*y + y^2"), basis,
                new double[][] {{1, 0}, {0, 1}}, 1e-9);
        assertEquals(1e-6, cert.identityResidual(), 1e-18);
        assertEquals(0.0, cert.unabsorbedResidual());
        assertTrue(cert.isVerified());
        // A residual on a monomial no Gram entry produces cannot be absorbed.
        SosCertificate odd = CertificateCheck.check(poly("x^2 + y^2 + 0.001*x"), basis,
                new double[][] {{1, 0}, {0, 1}}, 1e-9);
        assertEquals(1e-3, odd.unabsorbedResidual(), 1e-15);
        assertFalse(odd.isVerified());
    }

    @Test
    void sosMultiplierAndSolvedPolynomialsAreReadBack() {
        // Find an SOS s of degree 2 with s - (x^2 + 1) SOS, minimising s(1) + s(-1): s = x^2 + 1 + q with q SOS
        // and q(1) + q(-1) >= 0, zero only for q = 0 (a quadratic SOS vanishing at two points).
        SosProgram prog = new SosProgram(List.of(x));
        PolynomialExpression s = prog.newSosPolynomial("s", 2);
        prog.addSosConstraint("s - x^2 - 1", s.minus(poly("x^2 + 1")));
        AffineForm objective = AffineForm.ZERO;
        for (Map.Entry<Monomial, AffineForm> t : s.terms().entrySet()) {
            double atOne = 1.0;
            double atMinusOne = t.getKey().totalDegree() % 2 == 0 ? 1.0 : -1.0;
            objective = objective.plus(t.getValue().times(atOne + atMinusOne));
        }
        prog.minimize(objective);
        SosSolution sol = prog.solve();
        assertTrue(sol.isSuccess());
        assertTrue(sol.value(s).equalsWithin(poly("x^2 + 1"), 1e-5), () -> sol.value(s).toString());
        assertEquals(4.0, sol.objectiveValue(), 1e-6);
        assertEquals(2, sol.certificates().size());
    }

    @Test
    void misuseIsRefusedWithTheReason() {
        SosProgram prog = new SosProgram(List.of(x));
        SosProgram other = new SosProgram(List.of(x));
        DecisionVariable v = other.newVariable("v");
        assertThrows(IllegalArgumentException.class, () -> prog.addSosConstraint("bad", PolynomialExpression.of(v)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> prog.addSosConstraint("y", PolynomialExpression.of(poly("y^2"))));
        assertTrue(e.getMessage().contains("'y'"));
        assertThrows(IllegalArgumentException.class, () -> prog.newSosPolynomial("odd", 3));
        assertThrows(IllegalArgumentException.class, () -> new SosProgram(List.of(x, x)));
    }
}
