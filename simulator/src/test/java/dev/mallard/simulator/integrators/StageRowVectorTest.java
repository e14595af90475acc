package dev.mallard.simulator.integrators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link StageRowVector} holds an entry of the step's gradient size in the sums' row and any other as the
 * object: every read gives back what was set, bit for bit, through a change of gradient size between runs; the
 * sums read the row only when every entry is there. A simulation reusing one integrator for gradients of two
 * sizes gives what fresh integrators give.
 */
class StageRowVectorTest {

    private static final ButcherTableau HEUN = new ButcherTableau(new double[] {0, 1},
            new double[][] {{}, {1.0}}, new double[] {0.5, 0.5}, null);

    @Test
    void entriesOfTheStepsWidthGoToTheRowOthersStayObjects() {
        AutoDiffStageSums sums = new AutoDiffStageSums(HEUN, 2);
        ScalarVector<AutoDiff> k1 = sums.stageVector(1);
        AutoDiff a = AutoDiff.of(1.5, new double[] {-0.0, 2.0});
        AutoDiff constant = AutoDiff.constant(4.0);
        // before the first step the width is unknown: objects
        k1.set(0, a);
        assertSameBits(a, k1.get(0));
        assertTrue(sums.start(0.1, vector(a, a), vector(a, a)));
        k1.set(0, a);
        k1.set(1, constant);
        assertFalse(sums.readStage(1, k1), "a constant entry is not in the row");
        assertSameBits(a, k1.get(0));
        assertSameBits(constant, k1.get(1));
        assertEquals(4.0, k1.getValue(1));
        k1.set(1, a);
        assertTrue(sums.readStage(1, k1));
        AutoDiff wide = AutoDiff.variable(3.0, 3, 2);
        k1.set(0, wide);
        assertFalse(sums.readStage(1, k1), "another width is not in the row");
        assertSameBits(wide, k1.get(0));
        assertSameBits(a, k1.get(1));
        assertEquals(1.5, k1.getValue(1));
        ScalarVector<AutoDiff> copy = k1.copy();
        assertSameBits(wide, copy.get(0));
        assertSameBits(a, copy.get(1));
        assertThrows(IndexOutOfBoundsException.class, () -> k1.get(2));
        assertThrows(NullPointerException.class, () -> k1.set(0, null));
    }

    @Test
    void aChangeOfWidthKeepsTheHeldEntries() {
        AutoDiffStageSums sums = new AutoDiffStageSums(HEUN, 2);
        ScalarVector<AutoDiff> k1 = sums.stageVector(1);
        AutoDiff a = AutoDiff.of(-2.0, new double[] {0.25, -0.0});
        AutoDiff b = AutoDiff.of(7.0, new double[] {1e-300, 3.0});
        assertTrue(sums.start(0.1, vector(a, b), vector(b, a)));
        k1.set(0, a);
        k1.set(1, b);
        assertTrue(sums.readStage(1, k1));
        AutoDiff c = AutoDiff.variable(1.0, 3, 0);
        assertTrue(sums.start(0.1, vector(c, c), vector(c, c)));
        assertSameBits(a, k1.get(0));
        assertSameBits(b, k1.get(1));
        assertFalse(sums.readStage(1, k1));
        k1.set(0, c);
        k1.set(1, c);
        assertTrue(sums.readStage(1, k1));
        assertSameBits(c, k1.get(1));
    }

    @Test
    void oneIntegratorForTwoGradientSizesMatchesFreshOnes() {
        for (String scheme : List.of("runge_kutta2", "runge_kutta3", "runge_kutta5")) {
            AutoDiffStageSumsTest.Switching<AutoDiff> sys = new AutoDiffStageSumsTest.Switching<>(AutoDiff.SCALAR);
            Context<AutoDiff> c = sys.createDefaultContext();
            IntegratorBase<AutoDiff> reused = IntegrationSchemes.create(scheme, sys, 0.125, c);
            for (int width : new int[] {3, 2, 5}) {
                AutoDiff[] again = run(reused, c, width);
                Context<AutoDiff> fresh = sys.createDefaultContext();
                AutoDiff[] expected = run(IntegrationSchemes.create(scheme, sys, 0.125, fresh), fresh, width);
                for (int j = 0; j < 2; j++) {
                    assertSameBits(expected[j], again[j]);
                }
            }
        }
    }

    /** From (1, 0) with parameter 2, x0 and p seeded as the first three of {@code width} variables, to t = 1. */
    private static AutoDiff[] run(IntegratorBase<AutoDiff> in, Context<AutoDiff> c, int width) {
        c.setTime(0.0);
        c.getMutableContinuousState().set(0, AutoDiff.variable(1.0, width, 0));
        c.getMutableContinuousState().set(1, AutoDiff.variable(0.0, width, 1));
        c.getMutableNumericParameter(0).set(0, AutoDiff.variable(2.0, width, width - 1));
        c.noteStateChanged();
        in.setFixedStepMode(true);
        in.initialize();
        in.integrateWithMultipleStepsToTime(1.0);
        return new AutoDiff[] {c.getContinuousState().get(0), c.getContinuousState().get(1)};
    }

    private static ScalarVector<AutoDiff> vector(AutoDiff... entries) {
        return ScalarVector.of(AutoDiff.SCALAR, entries);
    }

    private static void assertSameBits(AutoDiff expected, AutoDiff actual) {
        assertEquals(expected.gradientSize(), actual.gradientSize());
        assertEquals(Double.doubleToRawLongBits(expected.value()), Double.doubleToRawLongBits(actual.value()));
        for (int i = 0; i < expected.gradientSize(); i++) {
            assertEquals(Double.doubleToRawLongBits(expected.derivative(i)),
                    Double.doubleToRawLongBits(actual.derivative(i)), "derivative " + i);
        }
    }
}
