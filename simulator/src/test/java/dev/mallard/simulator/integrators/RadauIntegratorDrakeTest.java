package dev.mallard.simulator.integrators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import java.util.List;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Drake's systems/analysis/test/radau_integrator_test.cc: derivative-evaluation counts of one Radau step and
 * radau1 matching implicit Euler with the trapezoid estimate, statistics included. Drake's Jacobians are by
 * forward differences by default, so these tests ask for them.
 */
class RadauIntegratorDrakeTest {

    private static final double EPS = Math.ulp(1.0);

    private static RadauIntegrator<Double> oneStep(Context<Double> c, int stages, double h, JacobianScheme scheme) {
        RadauIntegrator<Double> in = new RadauIntegrator<>(c.getSystem(), c, stages);
        in.setJacobianScheme(scheme);
        in.setMaximumStepSize(h);
        in.setFixedStepMode(true);
        in.initialize();
        assertTrue(in.integrateWithSingleFixedStepToTime(h));
        return in;
    }

    /**
     * RadauIntegratorTest.CubicSystem: one radau3 step of 1 over CubicScalarSystem is exact to eps (Radau IIA of
     * two stages is exact on cubics in t); one radau1 step misses it by more than 1e9 eps.
     */
    @Test
    void radau3IsExactOnACubicAndRadau1IsNot() {
        PolynomialInTime cubic = new PolynomialInTime(5, 12, 1, 1);
        Context<Double> c = cubic.createDefaultContext();
        oneStep(c, 2, 1.0, JacobianScheme.FORWARD_DIFFERENCE);
        assertEquals(cubic.evaluate(1.0), c.getContinuousState().getValue(0), EPS);
        Context<Double> euler = cubic.createDefaultContext();
        oneStep(euler, 1, 1.0, JacobianScheme.FORWARD_DIFFERENCE);
        assertTrue(Math.abs(euler.getContinuousState().getValue(0) - cubic.evaluate(1.0)) > 1e9 * EPS);
    }

    /**
     * RadauIntegratorTest.QuadraticTest: one radau3 step of 1 over QuadraticScalarSystem(4) is exact (to eps)
     * with a zero error estimate (to 2 eps) and costs 8 derivative evaluations with forward differences, as
     * Drake's: f(t0, x0) 1, the Jacobian n + 1 = 2, two Newton iterations of two stages 4, one trapezoid
     * iteration (it starts from the Radau solution) 1. An automatic Jacobian saves one, central differences
     * cost the same here (2n = 2; Drake's would cost 2n + 1 = 3, so 9).
     */
    @ParameterizedTest(name = "{0}: {1} evaluations")
    @CsvSource({"FORWARD_DIFFERENCE, 8", "AUTOMATIC, 7", "CENTRAL_DIFFERENCE, 8"})
    void quadraticStepIsExactAndCostsDrakesEightEvaluations(JacobianScheme scheme, int evaluations) {
        DrakePolynomial<Double> quadratic = new DrakePolynomial<>(Scalar.DOUBLE, true, 4);
        Context<Double> c = quadratic.createDefaultContext();
        RadauIntegrator<Double> radau = oneStep(c, 2, 1.0, scheme);
        assertEquals(evaluations, radau.getNumDerivativeEvaluations());
        assertEquals(0, radau.getErrorEstimate()[0], 2 * EPS);
        assertEquals(quadratic.evaluate(1.0), c.getContinuousState().getValue(0), EPS);
    }

    /**
     * The second half of RadauIntegratorTest.QuadraticTest, one step of half the working minimum step size
     * over QuadraticScalarSystem(4 / working minimum): Drake takes it with Bogacki-Shampine 3 (4 derivative
     * evaluations, error estimate 0 to 2 eps). Mallard keeps the Radau step, for the same 8 evaluations as any
     * other step: error control never proposes a step below the working minimum, and the implicit step stays
     * accurate there (its iteration matrix is nearly the identity), so a second scheme for such steps would
     * buy nothing. Exact to 10 eps as in Drake; the estimate is one ulp of the state (about 5), not 0.
     */
    @Test
    void stepBelowTheWorkingMinimumStaysImplicit() {
        RadauIntegrator<Double> probe = new RadauIntegrator<>(new DrakePolynomial<>(Scalar.DOUBLE, true, 4), null, 2);
        double workingMinimum = probe.getWorkingMinimumStepSize();
        DrakePolynomial<Double> scaled = new DrakePolynomial<>(Scalar.DOUBLE, true, 4 / workingMinimum);
        Context<Double> c = scaled.createDefaultContext();
        double h = workingMinimum / 2;
        RadauIntegrator<Double> radau = oneStep(c, 2, h, JacobianScheme.FORWARD_DIFFERENCE);
        assertEquals(8, radau.getNumDerivativeEvaluations());
        double x = c.getContinuousState().getValue(0);
        assertEquals(scaled.evaluate(h), x, 10 * EPS);
        assertEquals(0, radau.getErrorEstimate()[0], Math.ulp(x));
    }

    /**
     * RadauIntegratorTest.LinearRadauTest: one radau1 step of 1 over LinearScalarSystem(4) costs 6 derivative
     * evaluations with forward differences, as Drake's: f(t0, x0) 1, the Jacobian 2, two Newton iterations 2,
     * one trapezoid iteration 1; exact, with a zero error estimate.
     */
    @Test
    void linearRadau1StepCostsDrakesSixEvaluations() {
        DrakePolynomial<Double> linear = new DrakePolynomial<>(Scalar.DOUBLE, false, 4);
        Context<Double> c = linear.createDefaultContext();
        RadauIntegrator<Double> radau = oneStep(c, 1, 1.0, JacobianScheme.FORWARD_DIFFERENCE);
        assertEquals(6, radau.getNumDerivativeEvaluations());
        assertEquals(0, radau.getErrorEstimate()[0], 2 * EPS);
        assertEquals(linear.evaluate(1.0), c.getContinuousState().getValue(0), EPS);
    }

    /**
     * RadauIntegratorTest.Radau1MatchesImplicitEuler: on the discontinuous spring-mass-damper (k = 1e5,
     * critical damping, m = 2, force 10, from x = 1e-8) to t = 1 with maximum step 1e-2, accuracy 1e-5, reuse
     * and minimum step 1e-8, radau1 and implicit Euler with the trapezoid estimate end in the same state (to
     * eps) with the same statistics, the error estimator's included, after at least one shrinkage from a
     * Newton failure. Drake leaves out derivative evaluations and Newton iterations (its two differ in
     * arithmetic order); Mallard's share the stage solver, so those agree too.
     */
    @Test
    @SuppressWarnings("unchecked")
    void radau1MatchesImplicitEulerWithTheTrapezoidEstimate() {
        double k = 1e5;
        double mass = 2;
        ImplicitIntegrator<Double>[] in = new ImplicitIntegrator[2];
        double[][] x = new double[2][];
        for (int j = 0; j < 2; j++) {
            Context<Double> c = new DiscontinuousSpringMassDamper<>(Scalar.DOUBLE, k, Math.sqrt(k / mass), mass, 10)
                    .createDefaultContext();
            c.setContinuousStateValues(1e-8, 0, 0);
            if (j == 0) {
                in[j] = new RadauIntegrator<>(c.getSystem(), c, 1);
            } else {
                ImplicitEulerIntegrator<Double> euler = new ImplicitEulerIntegrator<>(c.getSystem(), c);
                euler.setUseImplicitTrapezoidErrorEstimation(true);
                in[j] = euler;
            }
            in[j].setJacobianScheme(JacobianScheme.FORWARD_DIFFERENCE);
            in[j].setMaximumStepSize(1e-2);
            in[j].setTargetAccuracy(1e-5);
            in[j].setReuseJacobian(true);
            in[j].setRequestedMinimumStepSize(1e-8);
            in[j].initialize();
            in[j].integrateWithMultipleStepsToTime(1.0);
            x[j] = c.getContinuousState().toValueArray();
        }
        assertEquals(x[0][0], x[1][0], EPS);
        assertEquals(x[0][1], x[1][1], EPS);
        assertEquals(in[0].getLargestStepSizeTaken(), in[1].getLargestStepSizeTaken());
        List<ToLongFunction<ImplicitIntegrator<Double>>> counts = List.of(
                ImplicitIntegrator::getNumDerivativeEvaluations,
                ImplicitIntegrator::getNumDerivativeEvaluationsForJacobian,
                ImplicitIntegrator::getNumNewtonRaphsonIterations,
                ImplicitIntegrator::getNumJacobianEvaluations,
                ImplicitIntegrator::getNumIterationMatrixFactorizations,
                ImplicitIntegrator::getNumErrorEstimatorDerivativeEvaluations,
                ImplicitIntegrator::getNumErrorEstimatorDerivativeEvaluationsForJacobian,
                ImplicitIntegrator::getNumErrorEstimatorNewtonRaphsonIterations,
                ImplicitIntegrator::getNumErrorEstimatorJacobianEvaluations,
                ImplicitIntegrator::getNumErrorEstimatorIterationMatrixFactorizations,
                ImplicitIntegrator::getNumStepShrinkagesFromErrorControl,
                ImplicitIntegrator::getNumStepShrinkagesFromSubstepFailures,
                ImplicitIntegrator::getNumStepsTaken,
                ImplicitIntegrator::getNumSubstepFailures);
        for (ToLongFunction<ImplicitIntegrator<Double>> count : counts) {
            assertEquals(count.applyAsLong(in[0]), count.applyAsLong(in[1]));
        }
        assertTrue(in[0].getNumStepShrinkagesFromSubstepFailures() > 0);
        assertTrue(in[0].getNumErrorEstimatorNewtonRaphsonIterations() > 0);
    }
}
