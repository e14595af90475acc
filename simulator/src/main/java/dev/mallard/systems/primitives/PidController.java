package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.InputPort;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.OutputPort;
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
        declareContinuousState(tau > 0 ? 2 * n : n);
        declareVectorInputPort("estimated_state", 2 * n);
        declareVectorInputPort("desired_state", 2 * n);
        declareVectorOutputPort("control", n, this::calcControl);
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
        Objects.requireNonNull(context, "context must not be null");
        if (context.getSystem() != this) {
            throw new IllegalArgumentException("the context is of " + context.getSystem().getName() + ", not of "
                    + getName());
        }
        dev.mallard.scalar.Checks.size(value.length, n, what);
        for (int i = 0; i < n; i++) {
            context.getMutableContinuousState().setValue(offset + i, value[i]);
        }
    }

    private void calcControl(Context<T> context, ScalarVector<T> control) {
        Scalar<T> s = scalar();
        ScalarVector<T> x = getInputPort(0).eval(context);
        ScalarVector<T> xd = getInputPort(1).eval(context);
        ScalarVector<T> z = context.getContinuousState();
        for (int i = 0; i < n; i++) {
            T e = s.sub(xd.get(i), x.get(i));
            T derivative = tau > 0 ? s.div(s.sub(e, z.get(n + i)), tau) : s.sub(xd.get(n + i), x.get(n + i));
            T u = s.add(s.add(s.mul(e, kp[i]), s.mul(z.get(i), ki[i])), s.mul(derivative, kd[i]));
            control.set(i, u);
        }
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        Scalar<T> s = scalar();
        ScalarVector<T> x = getInputPort(0).eval(context);
        ScalarVector<T> xd = getInputPort(1).eval(context);
        ScalarVector<T> z = context.getContinuousState();
        for (int i = 0; i < n; i++) {
            T e = s.sub(xd.get(i), x.get(i));
            derivatives.set(i, e);
            if (tau > 0) {
                derivatives.set(n + i, s.div(s.sub(e, z.get(n + i)), tau));
            }
        }
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new PidController<>(target, getName(), kp, ki, kd, tau);
    }
}
