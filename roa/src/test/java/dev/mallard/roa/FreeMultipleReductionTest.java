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
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The Gram basis reduction by free multiples: what is dropped, and that no certificate is lost. */
class FreeMultipleReductionTest {

    private final Variable x = new Variable("x");

    private Polynomial poly(String formula) {
        return Formula.parse(formula, Map.of("x", x)).toPolynomial(List.of(x));
    }

    @Test
    void dropsTheMonomialWithTheLargestCoefficientOfQ() {
        List<Monomial> basis = Monomial.upToDegree(List.of(x), 2);
        FreeMultipleReduction.Multiple q = new FreeMultipleReduction.Multiple(poly("x^2 - 3*x + 1"), Set.copyOf(basis));
        List<Monomial> reduced = FreeMultipleReduction.reduce(basis, List.of(q));
        assertEquals(2, reduced.size());
        assertFalse(reduced.contains(Monomial.of(x)), reduced::toString);
    }

    @Test
    void keepsTheBasisWhenTheMultiplierCannotAbsorbTheProducts() {
        List<Monomial> basis = Monomial.upToDegree(List.of(x), 2);
        FreeMultipleReduction.Multiple q = new FreeMultipleReduction.Multiple(poly("x^2 - 1"),
                Set.copyOf(Monomial.upToDegree(List.of(x), 1)));
        assertEquals(basis, FreeMultipleReduction.reduce(basis, List.of(q)));
        // q has a monomial outside the basis: nothing to reduce either.
        FreeMultipleReduction.Multiple outside = new FreeMultipleReduction.Multiple(poly("x^3 - 1"),
                Set.copyOf(Monomial.upToDegree(List.of(x), 3)));
        assertEquals(basis, FreeMultipleReduction.reduce(basis, List.of(outside)));
    }

    /** max gamma with x^4 - gamma - lambda (x^2 - 1) SOS: the minimum of x^4 on x^2 = 1, which is 1. */
    private SosSolution minimumOnTheCircle(boolean declare) {
        SosProgram prog = new SosProgram(List.of(x));
        DecisionVariable gamma = prog.newVariable("gamma");
        PolynomialExpression lambda = prog.newFreePolynomial("lambda", 2);
        SosConstraint c = prog.addSosConstraint("p", PolynomialExpression.of(poly("x^4"))
                .minus(PolynomialExpression.of(gamma)).minus(lambda.times(poly("x^2 - 1"))));
        if (declare) {
            prog.declareFreeMultiple(c, lambda, poly("x^2 - 1").negate());
        }
        prog.maximize(gamma.toAffineForm());
        SosSolution s = prog.solve();
        assertEquals(declare ? 2 : 3, s.certificates().get(0).basis().size());
        return s;
    }

    @Test
    void theReducedProgramHasTheSameOptimumAndAVerifiedCertificate() {
        SosSolution reduced = minimumOnTheCircle(true);
        assertTrue(reduced.isSuccess() && reduced.isVerified(), reduced::toString);
        assertEquals(1.0, reduced.objectiveValue(), 1e-6);
        SosSolution full = minimumOnTheCircle(false);
        assertEquals(full.objectiveValue(), reduced.objectiveValue(), 1e-6);
    }

    @Test
    void aMisdeclaredMultiplierIsRefused() {
        SosProgram prog = new SosProgram(List.of(x));
        PolynomialExpression lambda = prog.newFreePolynomial("lambda", 2);
        SosConstraint c = prog.addSosConstraint("p", PolynomialExpression.of(poly("x^4 + 1"))
                .minus(lambda.times(poly("x^2 - 1"))));
        assertThrows(IllegalArgumentException.class,
                () -> prog.declareFreeMultiple(c, PolynomialExpression.of(poly("x^2")), poly("x^2 - 1")));
        // Declared with the wrong factor: the multiplier does not enter the constraint as declared.
        prog.declareFreeMultiple(c, lambda, poly("x^2 + 1"));
        IllegalStateException e = assertThrows(IllegalStateException.class, prog::solve);
        assertTrue(e.getMessage().contains("does not enter it"), e.getMessage());
    }
}
