package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.analysis.LyapunovEquation;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The exact proof of the shape search ({@link ShapeExactProof}): on the disk system of
 * {@link ShapeContainmentTest} (region exactly the open unit disk about (1, 0), so the shape
 * {@code M = diag(1, 0.1)} has supremum level 0.1) and on an inverted pendulum under linear feedback with its
 * true sine (lifted to s and c with the circle), proved; and refused, naming the part, for a raised level, a raised shape level and a V that
 * is not positive definite.
 */
class ShapeExactProofTest {

    private static final Variable X1 = new Variable("x1");
    private static final Variable X2 = new Variable("x2");
    private static final Map<String, Variable> NAMES = Map.of("x1", X1, "x2", X2);
    private static final double[][] DISK_SHAPE = {{1, 0}, {0, 0.1}};

    private static SymbolicVectorSystem<Double> disk() {
        String factor = "(1 - (x1 - 1)^2 - x2^2)";
        return SymbolicVectorSystem.builder().state(List.of(X1, X2))
                .dynamics(Formula.parse("-((x1 - 1) + 1.5*x2)*" + factor, NAMES),
                        Formula.parse("-x2*" + factor, NAMES)).build(Scalar.DOUBLE);
    }

    /** The inverted pendulum {@code x1'' = sin x1 + u} under {@code u = -3 x1 - 2 x2}. */
    private static SymbolicVectorSystem<Double> pendulum() {
        return SymbolicVectorSystem.builder().state(List.of(X1, X2))
                .dynamics(Formula.parse("x2", NAMES), Formula.parse("sin(x1) - 3*x1 - 2*x2", NAMES))
                .build(Scalar.DOUBLE);
    }

    @Test
    void theDiskSystemsShapeLevelIsProvedExactlyBelowItsSupremum() {
        SymbolicVectorSystem<Double> system = disk();
        Context<Double> context = system.createDefaultContext();
        context.setContinuousStateValues(1.0, 0.0);
        RegionOfAttractionOptions options = RegionOfAttractionOptions.defaults().withStateVariables(List.of(X1, X2))
                .withShapeMatrix(DISK_SHAPE).withSimulationCheck(0, 1.0, 1e-3, 1);
        RegionOfAttractionResult floating = RegionOfAttraction.analyzeDetailed(system, context, options);
        RegionOfAttractionResult exact = RegionOfAttraction.analyzeDetailed(system, context,
                options.withExactProof(true));
        ExactProof proof = exact.exactProof().orElseThrow();
        assertTrue(proof.proved(), proof::toString);
        assertTrue(proof.reason().contains("Gram matrices of orders [2, 1, 5]")
                && proof.reason().contains("V = w'Pw is positive definite")
                && proof.reason().contains("is inside {V <= rho}"), proof::toString);
        double c = exact.shapeLevel().orElseThrow();
        double cFloating = floating.shapeLevel().orElseThrow();
        // never above the floating-point level, and not far below it (0.1% of V's level at most backs it off 10%)
        assertTrue(c <= cFloating && c >= 0.9 * cFloating && c < 0.1, c + " against " + cFloating);
        assertTrue(exact.rho() <= 1.0 && exact.rho() >= 0.9, () -> "rho " + exact.rho());
        // independently: the shape at level c lies in {V <= rho}, and {V <= rho} in the open disk
        Expression v = exact.lyapunovFunction();
        for (int k = 0; k < 360; k++) {
            double a = Math.toRadians(k);
            double onShape = value(v, 1 + Math.sqrt(c) * Math.cos(a), Math.sqrt(c / 0.1) * Math.sin(a));
            assertTrue(onShape <= exact.rho() * (1 + 1e-12), onShape + " on the shape");
            double onCircle = value(v, 1 + Math.cos(a), Math.sin(a));
            assertTrue(onCircle > exact.rho(), onCircle + " on the circle");
        }
    }

    @Test
    void anInvertedPendulumsTrueSineIsProvedUpToItsBox() {
        SymbolicVectorSystem<Double> system = pendulum();
        RegionOfAttractionResult result = RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(),
                RegionOfAttractionOptions.defaults().withStateVariables(List.of(X1, X2))
                        .withShapeMatrix(new double[][] {{1, 0}, {0, 1}}).withExactProof(true)
                        .withSimulationCheck(0, 1.0, 1e-3, 1));
        ExactProof proof = result.exactProof().orElseThrow();
        assertTrue(proof.proved(), proof::toString);
        // five chord and box multipliers of order 4 or 5, the circle's multiple in the level certificate (14)
        assertTrue(proof.reason().contains("Gram matrices of orders [2, 4, 5, 5, 5, 5, 1, 14]")
                && proof.reason().contains("lies in the 1 angles' boxes"), proof::toString);
        double c = result.shapeLevel().orElseThrow();
        // The lifted sine holds for |x1| <= pi only, so the disk {|x|^2 <= c} in {V <= rho} in that box has
        // c <= pi^2; measured 9.8685, the search reaches the box (sin x1 - 3 x1 vanishes only at 0, so the loop's
        // region is larger still).
        assertTrue(c > 0.99 * Math.PI * Math.PI && c <= Math.PI * Math.PI, () -> "c = " + c);
        Expression v = result.lyapunovFunction();
        for (int k = 0; k < 360; k++) {
            double a = Math.toRadians(k);
            double onShape = value(v, Math.sqrt(c) * Math.cos(a), Math.sqrt(c) * Math.sin(a));
            assertTrue(onShape <= result.rho() * (1 + 1e-12), onShape + " on the shape");
        }
    }

    @Test
    void raisedLevelsAndAnIndefiniteVAreRefusedNamingThePart() {
        Variable y1 = new Variable("y1");
        Variable y2 = new Variable("y2");
        Map<String, Variable> names = Map.of("y1", y1, "y2", y2);
        String factor = "(1 - y1^2 - y2^2)";
        Expression[] f = {Formula.parse("-(y1 + 1.5*y2)*" + factor, names), Formula.parse("-y2*" + factor, names)};
        RegionOfAttractionOptions options = RegionOfAttractionOptions.defaults();
        ShapeContainmentSearch search = new ShapeContainmentSearch(LiftedDynamics.of(f, List.of(y1, y2)),
                DISK_SHAPE, options);
        double[][] start = LyapunovEquation.continuous(new double[][] {{-1, -1.5}, {0, -1}},
                new double[][] {{1, 0}, {0, 1}});
        ShapeContainmentSearch.Estimate estimate = search.run(start);
        SosOptions sos = options.sosOptions();
        ShapeExactProof.Outcome proved = ShapeExactProof.prove(search, estimate, 1.0, estimate.beta(), sos);
        assertTrue(proved.proof().proved(), proved.proof()::toString);

        // {V <= 3} reaches the circle of equilibria: no level certificate exists
        ExactProof level = ShapeExactProof.prove(search, estimate, 3.0, estimate.beta(), sos).proof();
        assertFalse(level.proved());
        assertTrue(level.reason().contains("level certificate of V at rho = 3.0"), level::toString);

        // 1% above the largest beta with beta P <= M (1 / lambda_max(M^-1 P)) the containment fails
        ExactProof shape = ShapeExactProof.prove(search, estimate, 1.0, 1.01 * largestContained(estimate.p(),
                search.shape), sos).proof();
        assertFalse(shape.proved());
        assertTrue(shape.reason().contains("is not inside {V <= 1.0}"), shape::toString);

        double[][] indefinite = {{estimate.p()[0][0], 0}, {0, -estimate.p()[1][1]}};
        ShapeContainmentSearch.Estimate corrupted = new ShapeContainmentSearch.Estimate(indefinite,
                estimate.halfWidths(), estimate.norm(), estimate.lambda(), estimate.beta(), estimate.certificates());
        ExactProof negative = ShapeExactProof.prove(search, corrupted, 1.0, estimate.beta(), sos).proof();
        assertFalse(negative.proved());
        assertTrue(negative.reason().contains("V = w'Pw is not positive definite: pivot 1 is negative"),
                negative::toString);
    }

    /** {@code 1 / lambda_max(M^-1 P)} for 2 x 2 matrices, by the characteristic polynomial. */
    private static double largestContained(double[][] p, double[][] m) {
        double det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
        double[][] mi = {{m[1][1] / det, -m[0][1] / det}, {-m[1][0] / det, m[0][0] / det}};
        double a = mi[0][0] * p[0][0] + mi[0][1] * p[1][0];
        double b = mi[0][0] * p[0][1] + mi[0][1] * p[1][1];
        double c = mi[1][0] * p[0][0] + mi[1][1] * p[1][0];
        double d = mi[1][0] * p[0][1] + mi[1][1] * p[1][1];
        double tr = a + d;
        double largest = tr / 2 + Math.sqrt(tr * tr / 4 - (a * d - b * c));
        return 1 / largest;
    }

    private static double value(Expression v, double x1, double x2) {
        return v.evaluate(new Environment().put(X1, x1).put(X2, x2));
    }
}
