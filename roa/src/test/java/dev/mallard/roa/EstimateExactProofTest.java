package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.VanDerPol;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.List;
import java.util.Map;

import org.apache.commons.numbers.fraction.BigFraction;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The exact proof of a searched V of higher degree ({@link EstimateExactProof}): its three identities (V
 * positive, the multiplier s2, the level certificate) hold term by term in rational arithmetic, re-expanded
 * here, with positive definite Gram matrices (leading minors by exact elimination here); and the same level
 * certificate at a level raised until it is negative at a point, which no Gram matrix can represent, is refused
 * by the exact check.
 */
class EstimateExactProofTest {

    private static final Variable X1 = new Variable("x1");
    private static final Variable X2 = new Variable("x2");

    @Test
    void vanDerPolDegreeFourIsProvedExactlyAndARaisedLevelIsRefused() {
        VanDerPol<Double> system = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(),
                RegionOfAttractionOptions.defaults().withStateVariables(List.of(X1, X2)).withLyapunovDegree(4)
                        .withSimulationGuidance(false).withSimulationCheck(0, 1.0, 1.0, 1).withExactProof(true));
        assertTrue(r.isVerified(), r::toString);
        assertTrue(r.enlargement().iterations() > 0, r::toString);
        assertProvedAtTheCertifiedLevel(r);
    }

    @Test
    @Tag("coverage")
    void thePowerSystemsDegreeFourVInSinAndCosIsProvedExactlyOnTheCircle() {
        Variable x1 = new Variable("x1");
        Variable x2 = new Variable("x2");
        Map<String, Variable> names = Map.of("x1", x1, "x2", x2);
        SymbolicVectorSystem<Double> power = SymbolicVectorSystem.builder().state(x1, x2)
                .dynamics(Formula.parse("x2", names), Formula.parse("-0.5*x2 - sin(x1 + pi/3) + sin(pi/3)", names))
                .build(Scalar.DOUBLE);
        Context<Double> context = power.createDefaultContext();
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(power, context,
                RegionOfAttractionOptions.defaults().withStateVariables(List.of(x1, x2)).withLyapunovDegree(4)
                        .withSimulationCheck(0, 1.0, 1.0, 1).withExactProof(true));
        assertTrue(r.isVerified(), r::toString);
        assertProvedAtTheCertifiedLevel(r);
        // the circle s^2 + c^2 + 2c = 0 entered the level certificate: its p has terms in c = cos - 1
        ExactCertificateCheck.Projected level = named(r.exactProof().orElseThrow(), "the level certificate");
        assertTrue(level.p().terms().keySet().stream().anyMatch(m -> m.toString().contains("c")), level.p()::toString);
    }

    private static void assertProvedAtTheCertifiedLevel(RegionOfAttractionResult r) {
        ExactProof proof = r.exactProof().orElseThrow();
        assertTrue(proof.proved(), proof::toString);
        assertEquals(r.rho(), proof.level());
        assertEquals(List.of("V positive", "the multiplier s2", "the level certificate"),
                proof.identities().stream().map(ExactCertificateCheck.Projected::name).toList());
        ExactProofTest.assertHoldsExactly(proof);
        ExactCertificateCheck.Projected s2 = named(proof, "the multiplier s2");
        ExactCertificateCheck.Projected level = named(proof, "the level certificate");
        // the same identity, level raised by delta: p - delta s2, negative at the point, so not SOS
        Map<Variable, BigFraction> point = new java.util.HashMap<>();
        List<Variable> variables = level.basis().stream().flatMap(m -> m.variables().stream()).distinct().toList();
        for (int i = 0; i < variables.size(); i++) {
            point.put(variables.get(i), BigFraction.of(i % 2 == 0 ? 1 : -1, 3 + i));
        }
        BigFraction at = value(level.p(), point);
        BigFraction weight = value(s2.p(), point);
        assertTrue(weight.signum() > 0 && at.signum() >= 0, at + " " + weight);
        BigFraction delta = at.divide(weight).multiply(2).add(1);
        ExactPolynomial raised = level.p().plusScaled(delta.negate(), s2.p());
        assertTrue(value(raised, point).signum() < 0);
        assertFalse(reprove(raised, level).proved());
        assertTrue(reprove(level.p(), level).proved(), "the unraised identity, as a control");
    }

    private static ExactProof reprove(ExactPolynomial p, ExactCertificateCheck.Projected as) {
        int n = as.basis().size();
        double[][] gram = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                gram[i][j] = as.gram()[i][j].doubleValue();
            }
        }
        return ExactCertificateCheck.prove(List.of(new ExactCertificateCheck.Identity(as.name(), p, Map.of(),
                as.basis(), gram)), new double[0], 1.0);
    }

    private static ExactCertificateCheck.Projected named(ExactProof proof, String name) {
        return proof.identities().stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow();
    }

    private static BigFraction value(ExactPolynomial p, Map<Variable, BigFraction> point) {
        BigFraction sum = BigFraction.ZERO;
        for (Map.Entry<Monomial, BigFraction> t : p.terms().entrySet()) {
            BigFraction term = t.getValue();
            for (Variable v : t.getKey().variables()) {
                term = term.multiply(point.get(v).pow(t.getKey().degree(v)));
            }
            sum = sum.add(term);
        }
        return sum;
    }
}
