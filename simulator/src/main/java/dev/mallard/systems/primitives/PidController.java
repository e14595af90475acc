package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.InputPort;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.OutputPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A proportional-integral-derivative controller on {@code n} positions, Drake's {@code PidController}: input
 * ports {@code "estimated_state"} {@code (q, v)} and {@code "desired_state"} {@code (q_d, v_d)}, each of size
 * {@code 2n}; output port {@code "control"} of size {@code n}, with direct feedthrough from both inputs:
 * <pre>
 *   control = kp (q_d - q) + ki ∫(q_d - q) dt + kd (v_d - v)
 * </pre>
 * The continuous state holds the integrals of the position error (z states 0..n-1, default zero).
 *
 * <p><b>Projections</b> (Drake's full constructor): with a state projection {@code P_in} ({@code 2n x s}) the
 * input {@code "estimated_state"} has size {@code s} and the error is {@code x_d - P_in x}; with an output
 * projection {@code P_out} ({@code m x n}) the output has size {@code m} and is {@code P_out} times the
 * terms above. As in Drake, an output depends directly on an input only through non-zero gains: with all
 * proportional and derivative gains zero the controller has no direct feedthrough.
 *
 * <p><b>Sampled inputs.</b> Fed through a {@link ZeroOrderHold} (or by any discrete system), the controller sees
 * a sample taken at {@code t_k} from {@code t_k} on: a {@link StepSource} stepping exactly at a sample time is
 * latched with its value before the step (Drake's sample-and-hold timing; see {@link StepSource}), so the
 * controller reacts one period later. Step at a time between samples, or at {@code t > 0} with the first sample
 * at 0, to see the step at the sample that follows.
 *
 * <p><b>With a derivative filter</b> (a time constant {@code tau > 0}, not in Drake's class) the derivative
 * term differentiates the position error through a first-order filter instead of using the velocities:
 * {@code kd (e - w) / tau} with {@code wdot = (e - w) / tau}, {@code e = q_d - q}, i.e. the transfer function
 * {@code kd s / (tau s + 1)} on {@code e}; the filter states {@code w} are z states n..2n-1 (default zero, so
 * a non-zero initial error gives a derivative kick; set them with {@link #setDerivativeFilterState}). The
 * velocity halves of the inputs are then unused. Units: gains in control units per unit of position error
 * ({@code kp}), per unit times second ({@code ki}) and per unit per second ({@code kd}); {@code tau} in
 * seconds.
 *
 * @param <T> the number type
 */
public final class PidController<T> extends LeafSystem<T> {

    private final double[] kp;
    private final double[] ki;
    private final double[] kd;
    /** The state projection {@code P_in} ({@code 2n x s}), or null for the identity. */
    private final double[][] stateProjection;
    /** The output projection {@code P_out} ({@code m x n}), or null for the identity. */
    private final double[][] outputProjection;
    /** The derivative filter's time constant in seconds; 0 without a filter. */
    private final double tau;
    private final int n;

    /**
     * A PID controller without derivative filter (the derivative term uses the velocities).
     *
     * @param scalar the number type
     * @param name the system's name
     * @param kp proportional gains, one per position, finite; copied
     * @param ki integral gains, same length, finite; copied
     * @param kd derivative gains, same length, finite; copied
     * @throws IllegalArgumentException if the lengths differ or are 0, or a gain is not finite
     */
    public PidController(Scalar<T> scalar, String name, double[] kp, double[] ki, double[] kd) {
        this(scalar, name, kp, ki, kd, 0.0);
    }

    /**
     * A PID controller; with {@code derivativeTimeConstant > 0} its derivative term filters the position
     * error (see the class comment).
     *
     * @param scalar the number type
     * @param name the system's name
     * @param kp proportional gains, one per position, finite; copied
     * @param ki integral gains, same length, finite; copied
     * @param kd derivative gains, same length, finite; copied
     * @param derivativeTimeConstant 0 for no filter, else the filter's time constant in seconds (finite)
     * @throws IllegalArgumentException if the lengths differ or are 0, a gain is not finite, or the time
     *     constant is negative, NaN or infinite
     */
    public PidController(Scalar<T> scalar, String name, double[] kp, double[] ki, double[] kd,
            double derivativeTimeConstant) {
        this(scalar, name, null, null, kp, ki, kd, derivativeTimeConstant);
    }

    /**
     * Drake's {@code PidController(state_projection, output_projection, kp, ki, kd)}: the error is
     * {@code x_d - P_in x} and the output {@code P_out} times the PID terms (see the class comment).
     *
     * @param scalar the number type
     * @param name the system's name
     * @param stateProjection {@code P_in}, {@code 2n x s} with {@code s >= 1}, finite; copied
     * @param outputProjection {@code P_out}, {@code m x n} with {@code m >= 1}, finite; copied
     * @param kp proportional gains, {@code n} of them, finite; copied
     * @param ki integral gains, same length, finite; copied
     * @param kd derivative gains, same length, finite; copied
     * @throws IllegalArgumentException if the gain lengths differ or are 0, a number is not finite,
     *     {@code P_in} has not {@code 2n} rows or {@code P_out} has not {@code n} columns
     */
    public PidController(Scalar<T> scalar, String name, double[][] stateProjection, double[][] outputProjection,
            double[] kp, double[] ki, double[] kd) {
        this(scalar, name, Objects.requireNonNull(stateProjection, "stateProjection must not be null"),
                Objects.requireNonNull(outputProjection, "outputProjection must not be null"), kp, ki, kd, 0.0);
    }

    /**
     * Drake's {@code PidController(state_projection, kp, ki, kd)}: the output projection is the identity.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param stateProjection {@code P_in}, {@code 2n x s} with {@code s >= 1}, finite; copied
     * @param kp proportional gains, {@code n} of them, finite; copied
     * @param ki integral gains, same length, finite; copied
     * @param kd derivative gains, same length, finite; copied
     * @throws IllegalArgumentException if the gain lengths differ or are 0, a number is not finite, or
     *     {@code P_in} has not {@code 2n} rows
     */
    public PidController(Scalar<T> scalar, String name, double[][] stateProjection, double[] kp, double[] ki,
            double[] kd) {
        this(scalar, name, Objects.requireNonNull(stateProjection, "stateProjection must not be null"), null, kp,
                ki, kd, 0.0);
    }

    private PidController(Scalar<T> scalar, String name, double[][] stateProjection, double[][] outputProjection,
            double[] kp, double[] ki, double[] kd, double derivativeTimeConstant) {
        super(scalar, name);
        this.kp = Arguments.finiteVector(kp, "kp");
        this.ki = Arguments.finiteVector(ki, "ki");
        this.kd = Arguments.finiteVector(kd, "kd");
        Arguments.sameLength(this.kp, "kp", this.ki, "ki");
        Arguments.sameLength(this.kp, "kp", this.kd, "kd");
        if (!(derivativeTimeConstant >= 0) || !Double.isFinite(derivativeTimeConstant)) {
            throw new IllegalArgumentException("derivativeTimeConstant must be 0 (no filter) or finite and > 0 "
                    + "seconds, got " + derivativeTimeConstant);
        }
        this.tau = derivativeTimeConstant;
        this.n = this.kp.length;
        this.stateProjection = stateProjection == null ? null
                : Arguments.finiteMatrix(stateProjection, "stateProjection");
        this.outputProjection = outputProjection == null ? null
                : Arguments.finiteMatrix(outputProjection, "outputProjection");
        if (this.stateProjection != null && this.stateProjection.length != 2 * n) {
            throw new IllegalArgumentException("stateProjection has " + this.stateProjection.length
                    + " rows, expected 2 |kp| = " + 2 * n);
        }
        if (this.outputProjection != null && this.outputProjection[0].length != n) {
            throw new IllegalArgumentException("outputProjection has " + this.outputProjection[0].length
                    + " columns, expected |kp| = " + n);
        }
        declareContinuousState(tau > 0 ? 2 * n : n);
        declareVectorInputPort("estimated_state", this.stateProjection == null ? 2 * n
                : this.stateProjection[0].length);
        declareVectorInputPort("desired_state", 2 * n);
        declareVectorOutputPort("control", this.outputProjection == null ? n : this.outputProjection.length,
                this::calcControl, feedthrough());
    }

    /**
     * The inputs the control depends on directly: error entry {@code i} (position) or {@code n + i} (rate)
     * reaches the output when its gain is non-zero and column {@code i} of {@code P_out} is; the estimated
     * state reaches it through the rows of {@code P_in} of those entries.
     */
    private Feedthrough feedthrough() {
        boolean desired = false;
        boolean estimated = false;
        double[][] in = getStateProjection();
        double[][] out = getOutputProjection();
        for (int i = 0; i < n; i++) {
            boolean reaches = false;
            for (double[] row : out) {
                reaches |= row[i] != 0;
            }
            boolean position = reaches && (kp[i] != 0 || tau > 0 && kd[i] != 0);
            boolean rate = reaches && tau == 0 && kd[i] != 0;
            desired |= position || rate;
            estimated |= position && nonZero(in[i]) || rate && nonZero(in[n + i]);
        }
        return estimated && desired ? Feedthrough.all()
                : desired ? Feedthrough.inputs(1) : estimated ? Feedthrough.inputs(0) : Feedthrough.none();
    }

    private static boolean nonZero(double[] row) {
        for (double v : row) {
            if (v != 0) {
                return true;
            }
        }
        return false;
    }

    /** @return the proportional gains, a copy (Drake's {@code get_Kp_vector}) */
    public double[] getKpVector() {
        return kp.clone();
    }

    /** @return the integral gains, a copy (Drake's {@code get_Ki_vector}) */
    public double[] getKiVector() {
        return ki.clone();
    }

    /** @return the derivative gains, a copy (Drake's {@code get_Kd_vector}) */
    public double[] getKdVector() {
        return kd.clone();
    }

    /**
     * @return the proportional gain of a controller of one position (Drake's {@code get_Kp_singleton})
     * @throws IllegalStateException if the controller has more than one position
     */
    public double getKpSingleton() {
        return singleton(kp, "kp");
    }

    /**
     * @return the integral gain of a controller of one position (Drake's {@code get_Ki_singleton})
     * @throws IllegalStateException if the controller has more than one position
     */
    public double getKiSingleton() {
        return singleton(ki, "ki");
    }

    /**
     * @return the derivative gain of a controller of one position (Drake's {@code get_Kd_singleton})
     * @throws IllegalStateException if the controller has more than one position
     */
    public double getKdSingleton() {
        return singleton(kd, "kd");
    }

    private double singleton(double[] gains, String what) {
        if (gains.length != 1) {
            throw new IllegalStateException(getName() + " has " + gains.length + " " + what
                    + " gains, not a single one");
        }
        return gains[0];
    }

    /** @return the state projection {@code P_in} ({@code 2n x s}; the identity by default), a copy */
    public double[][] getStateProjection() {
        return stateProjection == null ? identity(2 * n) : Arguments.finiteMatrix(stateProjection, "stateProjection");
    }

    /** @return the output projection {@code P_out} ({@code m x n}; the identity by default), a copy */
    public double[][] getOutputProjection() {
        return outputProjection == null ? identity(n) : Arguments.finiteMatrix(outputProjection, "outputProjection");
    }

    private static double[][] identity(int size) {
        double[][] m = new double[size][size];
        for (int i = 0; i < size; i++) {
            m[i][i] = 1;
        }
        return m;
    }

    /** @return the derivative filter's time constant in seconds, 0 without a filter */
    public double getDerivativeTimeConstant() {
        return tau;
    }

    /** @return whether the derivative term is filtered */
    public boolean hasDerivativeFilter() {
        return tau > 0;
    }

    /** @return the input port {@code "estimated_state"} */
    public InputPort<T> getInputPortEstimatedState() {
        return getInputPort(0);
    }

    /** @return the input port {@code "desired_state"} */
    public InputPort<T> getInputPortDesiredState() {
        return getInputPort(1);
    }

    /** @return the output port {@code "control"} */
    public OutputPort<T> getOutputPortControl() {
        return getOutputPort(0);
    }

    /**
     * Sets the integrals of the position error in a context of this system.
     *
     * @param context a context of this system; modified
     * @param value one entry per position
     * @throws IllegalArgumentException if the size differs or the context is not this system's
     */
    public void setIntegralValue(Context<T> context, double... value) {
        setStates(context, value, 0, "integral value");
    }

    /**
     * Sets the derivative filter's states {@code w} in a context of this system (e.g. to the initial error,
     * to avoid a derivative kick).
     *
     * @param context a context of this system; modified
     * @param value one entry per position
     * @throws IllegalArgumentException if the size differs or the context is not this system's
     * @throws IllegalStateException if the controller has no derivative filter
     */
    public void setDerivativeFilterState(Context<T> context, double... value) {
        if (tau == 0) {
            throw new IllegalStateException(getName() + " has no derivative filter");
        }
        setStates(context, value, n, "derivative filter state");
    }

    private void setStates(Context<T> context, double[] value, int offset, String what) {
        checkContext(context);
        dev.mallard.scalar.Checks.size(value.length, n, what);
        for (int i = 0; i < n; i++) {
            context.getMutableContinuousState().setValue(offset + i, value[i]);
        }
    }

    /** Entry {@code i} of the error {@code x_d - P_in x} (0 <= i < 2n). */
    private T error(ScalarVector<T> x, ScalarVector<T> xd, int i) {
        Scalar<T> s = scalar();
        if (stateProjection == null) {
            return s.sub(xd.get(i), x.get(i));
        }
        T projected = s.zero();
        double[] row = stateProjection[i];
        for (int j = 0; j < row.length; j++) {
            projected = row[j] == 0 ? projected : s.add(projected, s.mul(x.get(j), row[j]));
        }
        return s.sub(xd.get(i), projected);
    }

    private void calcControl(Context<T> context, ScalarVector<T> control) {
        Scalar<T> s = scalar();
        ScalarVector<T> x = getInputPort(0).eval(context);
        ScalarVector<T> xd = getInputPort(1).eval(context);
        ScalarVector<T> z = context.getContinuousState();
        if (outputProjection == null) {
            for (int i = 0; i < n; i++) {
                control.set(i, term(x, xd, z, i));
            }
            return;
        }
        List<T> terms = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            terms.add(term(x, xd, z, i));
        }
        for (int r = 0; r < outputProjection.length; r++) {
            T u = s.zero();
            for (int i = 0; i < n; i++) {
                double p = outputProjection[r][i];
                u = p == 0 ? u : s.add(u, s.mul(terms.get(i), p));
            }
            control.set(r, u);
        }
    }

    /** The PID terms of position {@code i}, before the output projection. */
    private T term(ScalarVector<T> x, ScalarVector<T> xd, ScalarVector<T> z, int i) {
        Scalar<T> s = scalar();
        T e = error(x, xd, i);
        T derivative = tau > 0 ? s.div(s.sub(e, z.get(n + i)), tau) : error(x, xd, n + i);
        return s.add(s.add(s.mul(e, kp[i]), s.mul(z.get(i), ki[i])), s.mul(derivative, kd[i]));
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ScalarVector<T> x = getInputPort(0).eval(context);
        ScalarVector<T> xd = getInputPort(1).eval(context);
        ScalarVector<T> z = context.getContinuousState();
        for (int i = 0; i < n; i++) {
            T e = error(x, xd, i);
            derivatives.set(i, e);
            if (tau > 0) {
                derivatives.set(n + i, s.div(s.sub(e, z.get(n + i)), tau));
            }
        }
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new PidController<>(target, getName(), stateProjection, outputProjection, kp, ki, kd, tau);
    }
}
