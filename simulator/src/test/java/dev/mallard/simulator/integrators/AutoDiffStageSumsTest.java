package dev.mallard.simulator.integrators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.internal.TableauRow;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link AutoDiffStageSums} forms every stage sum exactly as AutoDiff's scaled linear combination over the objects
 * ({@link TableauRow#step}) does, raw bits of value and gradient compared (so the sign of every zero too), and
 * refuses what those sums would treat differently; a simulation whose derivatives turn constant in some stages
 * gives, bit for bit, what the plain loop of object sums gives.
 */
class AutoDiffStageSumsTest {

    /** Dormand and Prince's tableau: rows of 1 to 5 nonzero weights, the weight row with a zero. */
    private static final ButcherTableau DOPRI = new ButcherTableau(
            new double[] {0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1, 1},
            new double[][] {{}, {1.0 / 5}, {3.0 / 40, 9.0 / 40}, {44.0 / 45, -56.0 / 15, 32.0 / 9},
                {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
                {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
                {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}},
            new double[] {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0},
            new double[] {71.0 / 57600, 0, -71.0 / 16695, 71.0 / 1920, -17253.0 / 339200, 22.0 / 525, -1.0 / 40});

    private static final double[] SPECIAL = {0.0, -0.0, 1.0, -1.0, 1e-300, -3e200, 0.1};

    @Test
    void everyRowEqualsTheObjectSumsBitForBit() {
        Random random = new Random(31);
        for (int n : new int[] {1, 2, 5}) {
            for (int w : new int[] {1, 3, 22}) {
                for (double h : new double[] {0.125, 1e-3, 7.0}) {
                    compareRows(random, n, w, h);
                }
            }
        }
    }

    @Test
    void allZeroGradientsKeepTheirSigns() {
        // -0.0 rows throughout: the sums start from -0.0, so -0.0 + h * -0.0 stays -0.0 and 0.0 + ... gives 0.0
        int n = 2;
        int s = DOPRI.stages();
        ScalarVector<AutoDiff> x0 = vector(AutoDiff.of(-0.0, new double[] {-0.0, 0.0}),
                AutoDiff.of(0.0, new double[] {0.0, -0.0}));
        List<ScalarVector<AutoDiff>> k = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            k.add(vector(AutoDiff.of(-0.0, new double[] {-0.0, -0.0}), AutoDiff.of(0.0, new double[] {-0.0, 0.0})));
        }
        assertRowsEqual(x0, k, 0.5, n);
        AutoDiffStageSums sums = new AutoDiffStageSums(DOPRI, n);
        read(sums, x0, k, 0.5);
        ScalarVector<AutoDiff> out = AutoDiff.SCALAR.newVector(n);
        sums.stage(1, 0.5, out);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(out.get(0).derivative(0)));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(out.get(0).derivative(1)));
    }

    @Test
    void refusesConstantsOtherSizesAndNonFiniteSteps() {
        AutoDiff a = AutoDiff.variable(1.0, 2, 0);
        AutoDiff b = AutoDiff.variable(-2.0, 2, 1);
        AutoDiff other = AutoDiff.variable(3.0, 3, 2);
        AutoDiff constant = AutoDiff.constant(4.0);
        AutoDiffStageSums sums = new AutoDiffStageSums(DOPRI, 2);
        assertTrue(sums.start(0.1, vector(a, b), vector(b, a)));
        assertFalse(sums.start(0.1, vector(constant, b), vector(b, a)));
        assertFalse(sums.start(0.1, vector(a, constant), vector(b, a)));
        assertFalse(sums.start(0.1, vector(a, b), vector(b, constant)));
        assertFalse(sums.start(0.1, vector(a, b), vector(other, a)));
        assertFalse(sums.start(Double.POSITIVE_INFINITY, vector(a, b), vector(b, a)));
        assertFalse(sums.start(Double.NaN, vector(a, b), vector(b, a)));
        assertTrue(sums.start(0.1, vector(a, b), vector(b, a)));
        assertTrue(sums.readStage(1, vector(a, b)));
        assertFalse(sums.readStage(2, vector(a, constant)));
        assertFalse(sums.readStage(2, vector(a, other)));
        // the weight row of Dormand-Prince has 6 stages with 5 nonzero weights; a row of none is not summed
        assertTrue(sums.sums(DOPRI.stages()));
        assertFalse(new AutoDiffStageSums(new ButcherTableau(new double[] {0, 0}, new double[][] {{}, {0}},
                new double[] {1, 0}, null), 1).sums(1));
    }

    @Test
    void stagesTurningConstantMidStepMatchThePlainObjectLoopBitForBit() {
        for (String scheme : new String[] {"runge_kutta3", "runge_kutta5", "runge_kutta2"}) {
            AutoDiff[] simulated = simulate(scheme);
            AutoDiff[] reference = reference(scheme);
            for (int j = 0; j < 2; j++) {
                assertSameBits(reference[j], simulated[j], scheme + " x[" + j + "]");
            }
        }
    }

    /**
     * With error control the steps of constant times keep their times as doubles and make the step size's object
     * only where a row or the error estimate falls back to the object sums (here after the derivative turns
     * constant); the step sizes chosen from those estimates and the values must be the double run's, bit for bit.
     */
    @Test
    void errorControlledStagesTurningConstantTakeTheDoubleRunsStepsAndValues() {
        for (String scheme : new String[] {"runge_kutta3", "runge_kutta5"}) {
            Switching<AutoDiff> sys = new Switching<>(AutoDiff.SCALAR);
            Context<AutoDiff> c = sys.createDefaultContext();
            setVariables(c);
            IntegratorBase<AutoDiff> in = IntegrationSchemes.create(scheme, sys, H, c);
            Switching<Double> twin = new Switching<>(Scalar.DOUBLE);
            Context<Double> cd = twin.createDefaultContext();
            IntegratorBase<Double> ind = IntegrationSchemes.create(scheme, twin, H, cd);
            for (IntegratorBase<?> each : List.of(in, ind)) {
                each.setTargetAccuracy(1e-7);
                each.initialize();
                each.integrateWithMultipleStepsToTime(1.0);
            }
            assertTrue(in.getNumStepsTaken() > STEPS, scheme + ": " + in.getNumStepsTaken() + " steps");
            assertEquals(ind.getNumStepsTaken(), in.getNumStepsTaken(), scheme + " steps");
            for (int j = 0; j < 2; j++) {
                assertEquals(Double.doubleToRawLongBits(cd.getContinuousState().get(j)),
                        Double.doubleToRawLongBits(c.getContinuousState().get(j).value()), scheme + " x[" + j + "]");
            }
        }
    }

    /** Random start and stages of n entries of width w; every row compared with the object sums. */
    private static void compareRows(Random random, int n, int w, double h) {
        int s = DOPRI.stages();
        ScalarVector<AutoDiff> x0 = randomVector(random, n, w);
        List<ScalarVector<AutoDiff>> k = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            k.add(randomVector(random, n, w));
        }
        assertRowsEqual(x0, k, h, n);
    }

    private static void assertRowsEqual(ScalarVector<AutoDiff> x0, List<ScalarVector<AutoDiff>> k, double h, int n) {
        int s = DOPRI.stages();
        AutoDiffStageSums sums = new AutoDiffStageSums(DOPRI, n);
        read(sums, x0, k, h);
        @SuppressWarnings("unchecked")
        ScalarVector<AutoDiff>[] stages = k.toArray(new ScalarVector[0]);
        AutoDiff[] terms = new AutoDiff[s];
        AutoDiff step = AutoDiff.constant(h);
        for (int i = 1; i <= s; i++) {
            TableauRow row = i < s ? DOPRI.stageRow(i) : DOPRI.weightRow();
            assertTrue(sums.sums(i));
            ScalarVector<AutoDiff> out = AutoDiff.SCALAR.newVector(n);
            sums.stage(i, h, out);
            for (int j = 0; j < n; j++) {
                AutoDiff expected = row.step(AutoDiff.SCALAR, x0.get(j), step, stages, j, terms);
                assertSameBits(expected, out.get(j), "row " + i + " entry " + j);
            }
        }
        for (int j = 0; j < n; j++) {
            assertEquals(Double.doubleToRawLongBits(DOPRI.errorRow().stepValue(h, stages, j)),
                    Double.doubleToRawLongBits(sums.errorValue(h, j)));
        }
    }

    private static void read(AutoDiffStageSums sums, ScalarVector<AutoDiff> x0, List<ScalarVector<AutoDiff>> k,
            double h) {
        assertTrue(sums.start(h, x0, k.get(0)));
        for (int i = 1; i < k.size(); i++) {
            assertTrue(sums.readStage(i, k.get(i)));
        }
    }

    private static ScalarVector<AutoDiff> randomVector(Random random, int n, int w) {
        ScalarVector<AutoDiff> v = AutoDiff.SCALAR.newVector(n);
        for (int j = 0; j < n; j++) {
            double[] g = new double[w];
            for (int c = 0; c < w; c++) {
                g[c] = random.nextInt(3) == 0 ? SPECIAL[random.nextInt(SPECIAL.length)] : random.nextGaussian();
            }
            double value = random.nextInt(4) == 0 ? SPECIAL[random.nextInt(SPECIAL.length)] : random.nextGaussian();
            v.set(j, AutoDiff.of(value, g));
        }
        return v;
    }

    private static ScalarVector<AutoDiff> vector(AutoDiff... entries) {
        return ScalarVector.of(AutoDiff.SCALAR, entries);
    }

    private static void assertSameBits(AutoDiff expected, AutoDiff actual, String what) {
        assertEquals(Double.doubleToRawLongBits(expected.value()), Double.doubleToRawLongBits(actual.value()),
                what + " value");
        assertEquals(expected.isConstant(), actual.isConstant(), what + " constant");
        assertEquals(expected.gradientSize(), actual.gradientSize(), what + " gradient size");
        for (int c = 0; c < expected.gradientSize(); c++) {
            assertEquals(Double.doubleToRawLongBits(expected.derivative(c)),
                    Double.doubleToRawLongBits(actual.derivative(c)), what + " derivative " + c);
        }
    }

    // ---- a simulation whose first derivative is a constant from t = 0.3 on -----------------------------------

    private static final double H = 0.125;
    private static final int STEPS = 8;
    private static final double SWITCH = 0.3;

    /**
     * {@code q' = v} before {@link #SWITCH}, the constant 0.5 after (a constant has no stored gradient: the
     * object sums skip it); {@code v' = -p q}; the start's gradients hold -0.0 entries.
     */
    static final class Switching<T> extends LeafSystem<T> {
        Switching(Scalar<T> s) {
            super(s, "switching");
            declareContinuousStateWithDefaults(1.0, 0.0);
            declareNumericParameter(2.0);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> c, ContinuousState<T> d) {
            Scalar<T> s = scalar();
            T q = c.getContinuousState().get(0);
            T v = c.getContinuousState().get(1);
            d.set(0, s.value(c.getTime()) < SWITCH ? v : s.of(0.5));
            d.set(1, s.neg(s.mul(c.getNumericParameter(0).get(0), q)));
        }
    }

    private static void setVariables(Context<AutoDiff> c) {
        c.getMutableContinuousState().set(0, AutoDiff.of(1.0, new double[] {1.0, -0.0, 0.0}));
        c.getMutableContinuousState().set(1, AutoDiff.of(0.0, new double[] {-0.0, 1.0, -0.0}));
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(2.0, 3, 2));
    }

    private static AutoDiff[] simulate(String scheme) {
        Switching<AutoDiff> sys = new Switching<>(AutoDiff.SCALAR);
        Context<AutoDiff> c = sys.createDefaultContext();
        setVariables(c);
        IntegratorBase<AutoDiff> in = IntegrationSchemes.create(scheme, sys, H, c);
        in.setFixedStepMode(true);
        in.initialize();
        in.integrateWithMultipleStepsToTime(H * STEPS);
        assertEquals(STEPS, in.getNumStepsTaken());
        return new AutoDiff[] {c.getContinuousState().get(0), c.getContinuousState().get(1)};
    }

    /** The scheme's steps as a plain loop of object sums ({@link TableauRow#step}) in a fresh context. */
    private static AutoDiff[] reference(String scheme) {
        Switching<AutoDiff> sys = new Switching<>(AutoDiff.SCALAR);
        Context<AutoDiff> c = sys.createDefaultContext();
        setVariables(c);
        ButcherTableau tableau = IntegrationSchemes.create(scheme, sys, H, c).explicitTableau();
        int s = tableau.stages();
        ContinuousState<AutoDiff> xdot = sys.allocateTimeDerivatives();
        @SuppressWarnings("unchecked")
        ScalarVector<AutoDiff>[] k = new ScalarVector[s];
        ScalarVector<AutoDiff> x0 = c.getContinuousState().copy();
        AutoDiff h = AutoDiff.constant(H);
        AutoDiff[] terms = new AutoDiff[s];
        for (int step = 0; step < STEPS; step++) {
            double t0 = step * H;
            k[0] = derivatives(sys, c, t0, x0, xdot);
            ScalarVector<AutoDiff> x = null;
            for (int i = 1; i <= s; i++) {
                TableauRow row = i < s ? tableau.stageRow(i) : tableau.weightRow();
                x = AutoDiff.SCALAR.newVector(2);
                for (int j = 0; j < 2; j++) {
                    x.set(j, row.step(AutoDiff.SCALAR, x0.get(j), h, k, j, terms));
                }
                if (i < s) {
                    k[i] = derivatives(sys, c, t0 + H * tableau.c(i), x, xdot);
                }
            }
            x0 = x;
        }
        return new AutoDiff[] {x0.get(0), x0.get(1)};
    }

    private static ScalarVector<AutoDiff> derivatives(Switching<AutoDiff> sys, Context<AutoDiff> c, double t,
            ScalarVector<AutoDiff> x, ContinuousState<AutoDiff> xdot) {
        c.setTime(AutoDiff.constant(t));
        c.getMutableContinuousState().set(0, x.get(0));
        c.getMutableContinuousState().set(1, x.get(1));
        sys.calcTimeDerivatives(c, xdot);
        return ScalarVector.of(AutoDiff.SCALAR, xdot.get(0), xdot.get(1));
    }
}
