package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The controls a SOSTOOLS or Drake user expects: the Gram cone (SOS, SDSOS, DSOS), the multiplier degree, a
 * restriction to a region of the state space, and robust analysis over a parameter box, each against a level
 * known in closed form or computed by an independent analysis.
 */
class SosControlsTest {

    private static final Variable X1 = new Variable("x1");
    private static final Variable X2 = new Variable("x2");
    private static final Variable A = new Variable("a");
    private static final Variable B = new Variable("b");
    private static final List<Variable> STATE = List.of(X1, X2);

    private static Expression parse(String text) {
        Map<String, Variable> names = new LinkedHashMap<>();
        for (Variable v : List.of(X1, X2, A, B)) {
            names.put(v.name(), v);
        }
        return Formula.parse(text, names);
    }

    /** {@code xdot = f} with parameters a and b at the given values. */
    private static SymbolicVectorSystem<Double> system(String f1, String f2, double a, double b) {
        return SymbolicVectorSystem.builder().state(STATE).parameter(A, a).parameter(B, b)
                .dynamics(parse(f1), parse(f2)).build(Scalar.DOUBLE);
    }

    private static RegionOfAttractionOptions options(String candidate) {
        RegionOfAttractionOptions o = RegionOfAttractionOptions.defaults().withStateVariables(STATE)
                .withSimulationCheck(0, 1.0, 1e-3, 1);
        return candidate == null ? o : o.withLyapunovCandidate(parse(candidate));
    }

    private static RegionOfAttractionResult analyze(SymbolicVectorSystem<Double> s, RegionOfAttractionOptions o) {
        return RegionOfAttraction.analyzeDetailed(s, s.createDefaultContext(), o);
    }

    /** The time-reversed Van der Pol oscillator with mu = a. */
    private static SymbolicVectorSystem<Double> vanDerPol(double mu) {
        return system("-x2", "x1 + a*(x1^2 - 1)*x2", mu, 0);
    }

    @Test
    void dsosAndSdsosAreInnerApproximationsOfSos() {
        double[] rho = new double[3];
        SosOptions.Cone[] cones = {SosOptions.Cone.SOS, SosOptions.Cone.SDSOS, SosOptions.Cone.DSOS};
        for (int k = 0; k < 3; k++) {
            RegionOfAttractionResult r = analyze(vanDerPol(1.0), options(null)
                    .withSosOptions(SosOptions.defaults().withCone(cones[k])));
            assertTrue(r.isVerified(), cones[k] + ": " + r);
            rho[k] = r.rho();
        }
        // DD within SDD within PSD: each certificate of a smaller cone is one of the larger, never more.
        assertTrue(rho[2] <= rho[1] * (1 + 1e-6) && rho[1] <= rho[0] * (1 + 1e-6), Arrays.toString(rho));
        assertTrue(rho[2] > 0, Arrays.toString(rho));
        // The SOS level of this candidate (1.5 x1^2 - x1 x2 + x2^2 after scaling) is Drake's 2.3045 for the
        // Lyapunov equation's P = [1.5 -0.5; -0.5 1]: V = y'Py.
        assertEquals(2.3045, rho[0], 1e-3);
    }

    /** x1' = -x1 + x1^3, x2' = -x2 + x2^3 and V = x1^2 + x2^2: Vdot vanishes first at (+-1, 0), so rho = 1. */
    private static final String[] DECOUPLED = {"-a*x1 + x1^3", "-b*x2 + x2^3"};

    @Test
    void boxRestrictionGivesTheLargestLevelInsideTheBox() {
        SymbolicVectorSystem<Double> s = system(DECOUPLED[0], DECOUPLED[1], 1, 1);
        RegionOfAttractionResult free = analyze(s, options("x1^2 + x2^2"));
        assertEquals(1.0, free.rho(), 1e-5);
        // The disk {V <= rho} lies in -0.8 <= x1 <= 3 up to rho = 0.8^2.
        StateRegion box = StateRegion.box(List.of(X1), new double[] {-0.8}, new double[] {3});
        RegionOfAttractionResult r = analyze(s, options("x1^2 + x2^2").withStateRegion(box));
        assertTrue(r.isVerified(), r::toString);
        assertEquals(0.64, r.rho(), 1e-5);
        assertTrue(r.rho() <= 0.64, r::toString);
        assertEquals(box, r.stateRegion());
        assertTrue(r.toString().contains("inside -0.8 <= x1 <= 3.0"), r::toString);
        // A box wider than the region changes nothing.
        RegionOfAttractionResult wide = analyze(s, options("x1^2 + x2^2")
                .withStateRegion(StateRegion.box(STATE, new double[] {-2, -2}, new double[] {2, 2})));
        assertEquals(1.0, wide.rho(), 1e-5);
    }

    @Test
    void semialgebraicRestrictionToAHalfPlane() {
        // x1 + x2 + 1 >= 0: the line is at distance 1/sqrt(2) from the origin, so rho = 1/2.
        SymbolicVectorSystem<Double> s = system(DECOUPLED[0], DECOUPLED[1], 1, 1);
        RegionOfAttractionResult r = analyze(s, options("x1^2 + x2^2")
                .withStateRegion(StateRegion.of(List.of(parse("x1 + x2 + 1")))));
        assertTrue(r.isVerified(), () -> r + " " + r.certificates());
        assertEquals(0.5, r.rho(), 1e-5);
    }

    @Test
    void aRegionMustHoldTheEquilibrium() {
        SymbolicVectorSystem<Double> s = system(DECOUPLED[0], DECOUPLED[1], 1, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> analyze(s,
                options("x1^2 + x2^2").withStateRegion(StateRegion.box(List.of(X1), new double[] {0.5},
                        new double[] {1}))));
        assertTrue(e.getMessage().contains("not strictly inside the region"), e.getMessage());
    }

    @Test
    void robustLevelOverAParameterBox() {
        // For fixed a, b the level of V = x1^2 + x2^2 is min(a, b); over a in [1, 2], b in [1.5, 3] it is 1.
        ParameterBox box = ParameterBox.empty().with(0, 0, "a", 1, 2).with(0, 1, "b", 1.5, 3);
        SymbolicVectorSystem<Double> s = system(DECOUPLED[0], DECOUPLED[1], 1.5, 2);
        // A constant multiplier suffices: (y'y)(V - rho) - Vdot / 2 = 2 x1^2 x2^2 + (a - rho) x1^2 + (b - rho) x2^2.
        RegionOfAttractionResult r = analyze(s, options("x1^2 + x2^2").withUncertainParameters(box)
                .withMultiplierDegree(0));
        assertTrue(r.isVerified(), r::toString);
        assertTrue(r.rho() <= 1.0 && r.rho() > 0.999, r::toString);
        assertEquals(box, r.uncertainParameters());
        // The nominal (a, b) = (1.5, 2) alone certifies 1.5.
        assertEquals(1.5, analyze(s, options("x1^2 + x2^2")).rho(), 1e-5);
    }

    @Test
    void robustVanDerPolHoldsAtTheCornersAndAtSampledParameters() {
        // mu in [0.8, 1.2], the candidate of the nominal mu = 1 fixed.
        String v = "1.5*x1^2 - x1*x2 + x2^2";
        ParameterBox box = ParameterBox.empty().with(0, 0, "a", 0.8, 1.2);
        // The default multiplier with parameters is a constant; the corners below use the default quartic one.
        RegionOfAttractionResult robust = analyze(vanDerPol(1.0), options(v).withUncertainParameters(box));
        assertTrue(robust.isVerified(), () -> robust + " " + robust.certificates());
        double cornerMin = Math.min(analyze(vanDerPol(0.8), options(v)).optimalRho(),
                analyze(vanDerPol(1.2), options(v)).optimalRho());
        assertTrue(robust.rho() <= cornerMin, robust.rho() + " > " + cornerMin);
        assertTrue(robust.rho() > 0.5 * cornerMin, robust.rho() + " vs " + cornerMin);
        java.util.Random random = new java.util.Random(7);
        Expression vExpr = parse(v);
        for (int k = 0; k < 5; k++) {
            double mu = 0.8 + 0.4 * random.nextDouble();
            RegionOfAttractionResult at = analyze(vanDerPol(mu), options(v));
            assertTrue(at.optimalRho() >= robust.rho(), "mu = " + mu + ": " + at.optimalRho() + " < " + robust.rho());
            // Vdot < 0 on sampled points of {V <= rho} at this mu.
            for (int j = 0; j < 200; j++) {
                double x1 = 4 * random.nextDouble() - 2;
                double x2 = 4 * random.nextDouble() - 2;
                Environment env = new Environment().put(X1, x1).put(X2, x2);
                if (vExpr.evaluate(env) > robust.rho() || x1 * x1 + x2 * x2 < 1e-6) {
                    continue;
                }
                double f1 = -x2;
                double f2 = x1 + mu * (x1 * x1 - 1) * x2;
                double vdot = (3 * x1 - x2) * f1 + (2 * x2 - x1) * f2;
                assertTrue(vdot < 0, "Vdot = " + vdot + " at (" + x1 + ", " + x2 + "), mu = " + mu);
            }
        }
    }

    @Test
    void theDefaultMultiplierIsOfLowerDegreeThanDrakesAndCertifiesTheSameLevel() {
        // Drake gives lambda the degree of Vdot; Mallard max(2, deg Vdot - deg V) rounded up to even.
        assertEquals(2, MultiplierDegree.of(2, 4));
        assertEquals(2, MultiplierDegree.of(2, 3));
        assertEquals(4, MultiplierDegree.of(2, 5));
        assertEquals(4, MultiplierDegree.of(2, 6));
        assertEquals(2, MultiplierDegree.of(4, 5));
        // Time-reversed Van der Pol: Vdot of degree 4, so Drake's lambda has degree 4 and Mallard's degree 2;
        // both certify the level 2.3045 (Drake and the Underactuated notes).
        RegionOfAttractionResult mallard = analyze(vanDerPol(1.0), options(null));
        RegionOfAttractionResult drake = analyze(vanDerPol(1.0), options(null).withMultiplierDegree(4));
        assertEquals(2.3045, mallard.rho(), 1e-4);
        assertEquals(drake.optimalRho(), mallard.optimalRho(), 1e-6 * drake.optimalRho());
    }

    @Test
    void multiplierDegreeIsUsedAndAnOddSosDegreeRefused() {
        SymbolicVectorSystem<Double> s = system(DECOUPLED[0], DECOUPLED[1], 1, 1);
        // Vdot is of degree 4: a constant multiplier lambda cannot match it, a quadratic one reaches rho = 1.
        assertEquals(1.0, analyze(s, options("x1^2 + x2^2").withMultiplierDegree(2)).rho(), 1e-5);
        // x' = -x^3: Vdot = -2 (x1^4 + x2^4) is not locally negative definite, so lambda is SOS; in the box
        // |x_i| <= 1 (which skips the global check) the level is the inscribed disk's, 1.
        SymbolicVectorSystem<Double> cubic = system("-x1^3", "-x2^3", 1, 1);
        RegionOfAttractionOptions inBox = options("x1^2 + x2^2")
                .withStateRegion(StateRegion.box(STATE, new double[] {-1, -1}, new double[] {1, 1}));
        RegionOfAttractionResult r = analyze(cubic, inBox.withMultiplierDegree(2));
        assertTrue(r.isVerified() && !r.multiplierFree(), r::toString);
        assertEquals(1.0, r.rho(), 1e-5);
        IllegalArgumentException odd = assertThrows(IllegalArgumentException.class,
                () -> analyze(cubic, inBox.withMultiplierDegree(1)));
        assertTrue(odd.getMessage().contains("multiplierDegree 1 is odd"), odd.getMessage());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RegionOfAttractionOptions.defaults().withMultiplierDegree(-2));
        assertTrue(e.getMessage().contains("multiplierDegree") && e.getMessage().contains("-2"), e.getMessage());
    }

    @Test
    void theLevelSearchObserverReceivesTheSdpWhoseOptimumIsTheLevel() {
        java.util.List<dev.mallard.sdp.SdpProblem> seen = new java.util.ArrayList<>();
        double[] constant = new double[1];
        double[] unitSeen = new double[1];
        RegionOfAttractionResult r = analyze(vanDerPol(1.0), options(null).withLevelSearchObserver((p, c, unit) -> {
            seen.add(p);
            constant[0] = c * unit;
            unitSeen[0] = unit;
        }));
        assertEquals(1, seen.size());
        dev.mallard.sdp.SdpResult again = new dev.mallard.sdp.SdpSolver(dev.mallard.sdp.SdpOptions.defaults())
                .solve(seen.get(0));
        assertEquals(r.optimalRho(), constant[0] + unitSeen[0] * again.dualObjective(), 1e-7);
    }

    @Test
    void badRegionsAndBoxesNameTheValue() {
        IllegalArgumentException reversed = assertThrows(IllegalArgumentException.class,
                () -> StateRegion.box(List.of(X1), new double[] {1}, new double[] {-1}));
        assertEquals("the box's bounds of x1 must be finite with lower < upper, got [1.0, -1.0]", reversed.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> StateRegion.of(List.of()));
        assertTrue(empty.getMessage().contains("at least one constraint"), empty.getMessage());
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
                () -> ParameterBox.empty().with(0, 0, "a", Double.NaN, 1));
        assertEquals("the interval of parameter a must be finite with lower < upper, got [NaN, 1.0]", nan.getMessage());
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> ParameterBox.empty().with(0, 0, "a", 0, 1).with(0, 0, "b", 0, 1));
        assertTrue(twice.getMessage().contains("already uncertain in this box as a"), twice.getMessage());
        IllegalArgumentException notPolynomial = assertThrows(IllegalArgumentException.class, () -> analyze(
                system(DECOUPLED[0], DECOUPLED[1], 1, 1), options("x1^2 + x2^2")
                        .withStateRegion(StateRegion.of(List.of(parse("1 - sin(x1)"))))));
        assertTrue(notPolynomial.getMessage().contains("is not a polynomial in the state"), notPolynomial.getMessage());
    }

    @Test
    void contextUnusedParametersAreRefused() {
        SymbolicVectorSystem<Double> s = system(DECOUPLED[0], DECOUPLED[1], 1, 1);
        Context<Double> c = s.createDefaultContext();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RegionOfAttraction
                .analyzeDetailed(s, c, options("x1^2 + x2^2")
                        .withUncertainParameters(ParameterBox.empty().with(0, 5, "q", 0, 1))));
        assertTrue(e.getMessage().contains("q is entry 5"), e.getMessage());
    }
}
