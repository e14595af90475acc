package dev.mallard.systems.primitives;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.DiscreteValues;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import java.util.Arrays;
import java.util.Objects;

/**
 * A sampled PID controller with output limits and anti-windup, beside {@link PidController} (Drake has no such
 * class; it is what a digital controller runs). Input ports {@code "estimated_state"} {@code (q, v)} and
 * {@code "desired_state"} {@code (q_d, v_d)}, each of size {@code 2n}; output port {@code "control"} of size
 * {@code n}, held between samples (no direct feedthrough). Every {@code period} seconds from time 0, with
 * {@code e = q_d - q} and {@code ė = v_d - v} read at the sample time {@code t_k}:
 * <pre>
 *   u_k     = clamp(kp e_k + ki I_k + kd ė_k, uMin, uMax)          held over [t_k, t_k+1)
 *   I_(k+1) = I_k + period e_k                                     (forward Euler of the error's integral)
 * </pre>
 * <b>Anti-windup</b> (conditional integration): entry {@code i} of the integral stops growing while
 * {@code u_k} is at a limit and {@code e_k} would push it further into that limit, so a long saturation does
 * not charge the integral and the controller leaves the limit without overshoot from a stored integral.
 * Without limits (infinite) the controller is the plain sampled PID.
 *
 * <p>State: discrete group 0 holds {@code [I (n entries), u (n entries)]}, default zero, so the output is 0
 * until the first sample (at time 0, where Drake's timing has the update read the inputs before it; a
 * {@link StepSource} stepping at a sample time is seen one period later, see its Javadoc). Units: gains in
 * control units per unit of error ({@code kp}), per unit times second ({@code ki}), per unit per second
 * ({@code kd}); {@code period} in seconds. Decisions on the limits use the numeric values of the number type.
 *
 * @param <T> the number type
 */
public final class DiscretePidController<T> extends LeafSystem<T> {

    private final double[] kp;
    private final double[] ki;
    private final double[] kd;
    private final double[] uMin;
    private final double[] uMax;
    private final double period;
    private final int n;

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param kp proportional gains, one per position, finite; copied
     * @param ki integral gains, same length, finite; copied
     * @param kd derivative gains, same length, finite; copied
     * @param uMin lower output limits, same length, not NaN ({@code -Infinity} for none); copied
     * @param uMax upper output limits, same length, not NaN ({@code +Infinity} for none),
     *     {@code uMin[i] <= uMax[i]}; copied
     * @param period the sample period in seconds, finite and {@code > 0}
     * @throws IllegalArgumentException naming the argument for lengths that differ or are 0, a non-finite gain,
     *     a NaN or crossed limit, or a bad period
     */
    public DiscretePidController(Scalar<T> scalar, String name, double[] kp, double[] ki, double[] kd,
            double[] uMin, double[] uMax, double period) {
        super(scalar, name);
        this.kp = Arguments.finiteVector(kp, "kp");
        this.ki = Arguments.finiteVector(ki, "ki");
        this.kd = Arguments.finiteVector(kd, "kd");
        Arguments.sameLength(this.kp, "kp", this.ki, "ki");
        Arguments.sameLength(this.kp, "kp", this.kd, "kd");
        this.uMin = Objects.requireNonNull(uMin, "uMin must not be null").clone();
        this.uMax = Objects.requireNonNull(uMax, "uMax must not be null").clone();
        Arguments.sameLength(this.kp, "kp", this.uMin, "uMin");
        Arguments.sameLength(this.kp, "kp", this.uMax, "uMax");
        for (int i = 0; i < this.kp.length; i++) {
            if (Double.isNaN(this.uMin[i]) || Double.isNaN(this.uMax[i]) || this.uMin[i] > this.uMax[i]) {
                throw new IllegalArgumentException("the limits of control " + i + " must be ordered and not NaN, got"
                        + " uMin[" + i + "] = " + this.uMin[i] + ", uMax[" + i + "] = " + this.uMax[i]);
            }
        }
        this.period = Arguments.period(period, "period");
        this.n = this.kp.length;
        declareDiscreteState(2 * n);
        declareVectorInputPort("estimated_state", 2 * n);
        declareVectorInputPort("desired_state", 2 * n);
        declareVectorOutputPort("control", n, this::calcControl, Feedthrough.none());
        declarePeriodicDiscreteUpdateEvent(period, 0.0, this::sample);
    }

    /**
     * A sampled PID without output limits.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param kp proportional gains, one per position, finite; copied
     * @param ki integral gains, same length, finite; copied
     * @param kd derivative gains, same length, finite; copied
     * @param period the sample period in seconds, finite and {@code > 0}
     * @throws IllegalArgumentException for lengths that differ or are 0, a non-finite gain or a bad period
     */
    public DiscretePidController(Scalar<T> scalar, String name, double[] kp, double[] ki, double[] kd,
            double period) {
        this(scalar, name, kp, ki, kd, filled(kp, Double.NEGATIVE_INFINITY), filled(kp, Double.POSITIVE_INFINITY),
                period);
    }

    private static double[] filled(double[] like, double value) {
        double[] v = new double[Objects.requireNonNull(like, "kp must not be null").length];
        Arrays.fill(v, value);
        return v;
    }

    private void calcControl(Context<T> context, ScalarVector<T> control) {
        ScalarVector<T> state = context.getDiscreteState(0);
        for (int i = 0; i < n; i++) {
            control.set(i, state.get(n + i));
        }
    }

    private EventStatus sample(Context<T> context, DiscreteValues<T> next) {
        Scalar<T> s = scalar();
        ScalarVector<T> x = getInputPort(0).eval(context);
        ScalarVector<T> xd = getInputPort(1).eval(context);
        ScalarVector<T> state = context.getDiscreteState(0);
        ScalarVector<T> out = next.get(0);
        for (int i = 0; i < n; i++) {
            T e = s.sub(xd.get(i), x.get(i));
            T rate = s.sub(xd.get(n + i), x.get(n + i));
            T integral = state.get(i);
            T u = s.add(s.add(s.mul(e, kp[i]), s.mul(integral, ki[i])), s.mul(rate, kd[i]));
            double uValue = s.value(u);
            double eDirection = Math.signum(s.value(e) * ki[i]);
            boolean atUpper = uValue >= uMax[i];
            boolean atLower = uValue <= uMin[i];
            boolean windingUp = atUpper && eDirection > 0 || atLower && eDirection < 0;
            out.set(i, windingUp ? integral : s.add(integral, s.mul(e, period)));
            out.set(n + i, atUpper ? s.of(uMax[i]) : atLower ? s.of(uMin[i]) : u);
        }
        return EventStatus.succeeded();
    }

    /**
     * Sets the integral of the error in a context of this system.
     *
     * @param context a context of this system; modified
     * @param value one entry per position (units of error times seconds)
     * @throws IllegalArgumentException if the size differs or the context is not this system's
     */
    public void setIntegralValue(Context<T> context, double... value) {
        checkContext(context);
        Checks.size(value.length, n, "integral value");
        context.getMutableDiscreteState(0).setValuesFrom(value, 0);
    }

    /** @return the sample period, seconds */
    public double getPeriod() {
        return period;
    }

    /** @return the proportional gains, a copy */
    public double[] getKpVector() {
        return kp.clone();
    }

    /** @return the integral gains, a copy */
    public double[] getKiVector() {
        return ki.clone();
    }

    /** @return the derivative gains, a copy */
    public double[] getKdVector() {
        return kd.clone();
    }

    /** @return the lower output limits, a copy */
    public double[] getLowerLimits() {
        return uMin.clone();
    }

    /** @return the upper output limits, a copy */
    public double[] getUpperLimits() {
        return uMax.clone();
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new DiscretePidController<>(target, getName(), kp, ki, kd, uMin, uMax, period);
    }
}
