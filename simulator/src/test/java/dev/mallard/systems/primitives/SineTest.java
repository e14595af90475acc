package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import org.junit.jupiter.api.Test;

/** Drake's sine_test.cc, ported with its numbers (Drake's 4-digit expectations, tolerance 1e-4). */
class SineTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;
    private static final double TOL = 1e-4;

    /** Column i of the matrices is the argument (time, or the input vector) i and its expected outputs. */
    private static void check(Sine<Double> sine, double[][] inputs, double[][] y, double[][] dy, double[][] ddy) {
        Context<Double> context = sine.createDefaultContext();
        assertEquals(0, context.getNumContinuousStates());
        assertEquals(3, sine.numOutputPorts());
        assertEquals(sine.isTimeBased() ? 0 : 1, sine.numInputPorts());
        for (int i = 0; i < inputs[0].length; i++) {
            if (sine.isTimeBased()) {
                context.setTime(inputs[0][i]);
            } else {
                sine.getInputPort(0).fixValue(context, column(inputs, i));
            }
            assertArrayEquals(column(y, i), sine.getOutputPort(0).eval(context).toValueArray(), TOL);
            assertArrayEquals(column(dy, i), sine.getOutputPort(1).eval(context).toValueArray(), TOL);
            assertArrayEquals(column(ddy, i), sine.getOutputPort(2).eval(context).toValueArray(), TOL);
        }
    }

    private static double[] column(double[][] m, int j) {
        double[] c = new double[m.length];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i][j];
        }
        return c;
    }

    private static final double[][] SCALAR_ARGS = {{Math.PI / 6, Math.PI / 4, Math.PI / 2, Math.PI}};
    private static final double[][] SCALAR_Y = {{-0.4161, -0.9372, 0.4161, -0.9093}};
    private static final double[][] SCALAR_DY = {{-2.7279, -1.0461, 2.7279, 1.2484}};
    private static final double[][] SCALAR_DDY = {{3.7453, 8.4351, -3.7453, 8.1837}};

    @Test
    void scalarSineOfTheInput() {
        Sine<Double> sine = new Sine<>(D, "sine", 1, 3, 2, 1, false);
        assertFalse(sine.isTimeBased());
        assertTrue(sine.hasAnyDirectFeedthrough());
        check(sine, SCALAR_ARGS, SCALAR_Y, SCALAR_DY, SCALAR_DDY);
    }

    @Test
    void scalarSineOfTime() {
        Sine<Double> sine = new Sine<>(D, "sine", 1, 3, 2, 1, true);
        assertFalse(sine.hasAnyDirectFeedthrough());
        check(sine, SCALAR_ARGS, SCALAR_Y, SCALAR_DY, SCALAR_DDY);
    }

    private static final double[][] GRID = {{0.1, 0.2, 0.3, 0.4}, {0.5, 0.6, 0.7, 0.8}, {0.9, 1.0, 1.1, 1.2},
        {1.3, 1.4, 1.5, 1.6}};

    @Test
    void vectorSineOfTheInput() {
        check(new Sine<>(D, "sine", 1, 3, 2, 4, false), GRID,
                new double[][] {{0.7457, 0.5155, 0.2392, -0.0584}, {-0.3508, -0.6119, -0.8183, -0.9516},
                    {-0.9999, -0.9589, -0.8323, -0.6313}, {-0.3739, -0.0831, 0.2151, 0.4941}},
                new double[][] {{-1.9988, -2.5707, -2.9129, -2.9949}, {-2.8094, -2.3729, -1.7245, -0.9220},
                    {-0.0372, 0.8510, 1.6631, 2.3267}, {2.7824, 2.9896, 2.9298, 2.6082}},
                new double[][] {{-6.7113, -4.6395, -2.1532, 0.5254}, {3.1570, 5.5067, 7.3645, 8.5644},
                    {8.9993, 8.6303, 7.4904, 5.6814}, {3.3649, 0.7478, -1.9361, -4.4470}});
    }

    private static final double[] AMP = {1.1, 1.2, 1.3, 1.4};
    private static final double[] FREQ = {1.5, 1.6, 1.7, 1.8};
    private static final double[] PHASE = {1.9, 2.0, 2.1, 2.2};

    @Test
    void parameterVectorsOfTheInput() {
        check(new Sine<>(D, "sine", AMP, FREQ, PHASE, false), GRID,
                new double[][] {{0.9761, 0.8893, 0.7826, 0.6583}, {0.4020, 0.2167, 0.0259, -0.1656},
                    {-0.6100, -0.7954, -0.9579, -1.0928}, {-1.3792, -1.4000, -1.3754, -1.3065}},
                new double[][] {{-0.7608, -0.9710, -1.1595, -1.3219}, {-1.8091, -1.8884, -1.9196, -1.9016},
                    {-1.9516, -1.7480, -1.4941, -1.1970}, {-0.4323, 0.0192, 0.4700, 0.9057}},
                new double[][] {{-2.1962, -2.0010, -1.7609, -1.4812}, {-1.0291, -0.5548, -0.0663, 0.4238},
                    {1.7629, 2.2988, 2.7684, 3.1582}, {4.4688, 4.5359, 4.4564, 4.2329}});
    }

    @Test
    void parameterVectorsOfTime() {
        check(new Sine<>(D, "sine", AMP, FREQ, PHASE, true), new double[][] {{0.1, 0.6, 1.1, 1.5}},
                new double[][] {{0.9761, 0.3685, -0.4369, -0.9306}, {0.9977, 0.2167, -0.6957, -1.1419},
                    {0.9950, 0.0281, -0.9579, -1.2975}, {0.9661, -0.1932, -1.2062, -1.3754}},
                new double[][] {{-0.7608, -1.5547, -1.5143, -0.8798}, {-1.0669, -1.8884, -1.5644, -0.5901},
                    {-1.4224, -2.2095, -1.4941, -0.1378}, {-1.8238, -2.4959, -1.2791, 0.4700}},
                new double[][] {{-2.1962, -0.8291, 0.9829, 2.0938}, {-2.5540, -0.5548, 1.7810, 2.9233},
                    {-2.8754, -0.0811, 2.7684, 3.7497}, {-3.1302, 0.6258, 3.9082, 4.4564}});
    }

    @Test
    void mismatchedParameterLengthsAreRefusedNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Sine<>(D, "sine", AMP, FREQ, new double[] {1.9, 2.0, 2.1}, true));
        assertEquals("amplitudes has 4 entries but phases has 3", e.getMessage());
    }

    @Test
    void scalarAccessorsNeedOneValue() {
        Sine<Double> sine = new Sine<>(D, "sine", AMP, FREQ, PHASE, true);
        assertThrows(IllegalStateException.class, sine::getAmplitude);
        assertThrows(IllegalStateException.class, sine::getFrequency);
        assertThrows(IllegalStateException.class, sine::getPhase);
        assertArrayEquals(AMP, sine.getAmplitudeVector());
        Sine<Double> uniform = new Sine<>(D, "sine", 1, 3, 2, 2);
        assertEquals(1, uniform.getAmplitude());
        assertEquals(3, uniform.getFrequency());
        assertEquals(2, uniform.getPhase());
    }
}
