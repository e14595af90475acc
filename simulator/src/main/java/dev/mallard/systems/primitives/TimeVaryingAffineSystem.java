package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarMatrix;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;

/**
 * The affine system with coefficients that vary in time: {@code xdot = A(t) x + B(t) u + f0(t)},
 * {@code y = C(t) x + D(t) u + y0(t)} (continuous), or {@code x[n+1] = A(t) x[n] + B(t) u[n] + f0(t)},
 * {@code y = C(t) x + D(t) u + y0(t)} updated every {@code timePeriod} seconds from time 0, with {@code t} the
 * update's time (discrete). This is Drake's {@code TimeVaryingAffineSystem}: a subclass gives the coefficients
 * by implementing {@link #getA}, {@link #getB}, {@link #getF0}, {@link #getC}, {@link #getD} and {@link #getY0}
 * in the number type {@code T} (so that derivatives with respect to time, or a symbolic time, pass through
 * them), and {@link #convertTo} to rebuild itself in another number type.
 *
 * <p>The coefficients are asked for at the context's time every time a derivative, update or output is
 * computed; their shapes are checked then. The state is {@code n} continuous z states, or discrete state group
 * 0 of size {@code n} (with {@code n = 0}, neither: the context is stateless). Input port {@code "u"} of size
 * {@code m} when {@code m > 0}; output port {@code "y"} of size {@code p} when {@code p > 0}, with direct
 * feedthrough whenever there is an input (the coefficients are not known in advance). Units: those the
 * coefficients give, time in seconds.
 *
 * <p>Immutable and thread-safe when the subclass's coefficients are.
 *
 * @param <T> the number type
 */
public abstract class TimeVaryingAffineSystem<T> extends LeafSystem<T> {

    private final int numStates;
    private final int numInputs;
    private final int numOutputs;
    private final double timePeriod;

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param numStates {@code n >= 0}
     * @param numInputs {@code m >= 0}
     * @param numOutputs {@code p >= 0}
     * @param timePeriod 0 for a continuous system, else the update period in seconds ({@code > 0}, finite)
     * @throws IllegalArgumentException if a size is negative or the period is bad
     */
    protected TimeVaryingAffineSystem(Scalar<T> scalar, String name, int numStates, int numInputs, int numOutputs,
            double timePeriod) {
        super(scalar, name);
        if (numStates < 0 || numInputs < 0 || numOutputs < 0) {
            throw new IllegalArgumentException("sizes must be >= 0, got " + numStates + " states, " + numInputs
                    + " inputs and " + numOutputs + " outputs");
        }
        if (!(timePeriod >= 0) || !Double.isFinite(timePeriod)) {
            throw new IllegalArgumentException("timePeriod must be 0 (continuous) or finite and > 0, got " + timePeriod);
        }
        this.numStates = numStates;
        this.numInputs = numInputs;
        this.numOutputs = numOutputs;
        this.timePeriod = timePeriod;
        if (timePeriod > 0 && numStates > 0) {
            declareDiscreteState(numStates);
            declarePeriodicDiscreteUpdateEvent(timePeriod, 0.0, (context, xd) -> {
                T t = context.getTime();
                affine(checked(getA(t), numStates, numStates, "A"), checked(getB(t), numStates, numInputs, "B"),
                        checked(getF0(t), numStates, "f0"), context, context.getDiscreteState(0), xd.get(0));
                return EventStatus.succeeded();
            });
        } else {
            declareContinuousState(numStates);
        }
        if (numInputs > 0) {
            declareVectorInputPort("u", numInputs);
        }
        if (numOutputs > 0) {
            declareVectorOutputPort("y", numOutputs, (context, y) -> {
                T t = context.getTime();
                affine(checked(getC(t), numOutputs, numStates, "C"), checked(getD(t), numOutputs, numInputs, "D"),
                        checked(getY0(t), numOutputs, "y0"), context, stateOf(context), y);
            }, numInputs > 0 ? Feedthrough.all() : Feedthrough.none());
        }
    }

    /**
     * @param t the time, seconds
     * @return {@code A(t)}, {@code n x n}; read, not kept or modified
     */
    public abstract ScalarMatrix<T> getA(T t);

    /**
     * @param t the time, seconds
     * @return {@code B(t)}, {@code n x m}; read, not kept or modified
     */
    public abstract ScalarMatrix<T> getB(T t);

    /**
     * @param t the time, seconds
     * @return {@code f0(t)}, length {@code n}; read, not kept or modified
     */
    public abstract ScalarVector<T> getF0(T t);

    /**
     * @param t the time, seconds
     * @return {@code C(t)}, {@code p x n}; read, not kept or modified
     */
    public abstract ScalarMatrix<T> getC(T t);

    /**
     * @param t the time, seconds
     * @return {@code D(t)}, {@code p x m}; read, not kept or modified
     */
    public abstract ScalarMatrix<T> getD(T t);

    /**
     * @param t the time, seconds
     * @return {@code y0(t)}, length {@code p}; read, not kept or modified
     */
    public abstract ScalarVector<T> getY0(T t);

    /**
     * Computes {@code A(t) x + B(t) u + f0(t)} at the context's time.
     *
     * @throws IllegalArgumentException naming the coefficient whose shape is wrong
     */
    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        if (timePeriod > 0) {
            return; // a discrete system has no continuous state
        }
        T t = context.getTime();
        affine(checked(getA(t), numStates, numStates, "A"), checked(getB(t), numStates, numInputs, "B"),
                checked(getF0(t), numStates, "f0"), context, context.getContinuousState(), derivatives);
    }

    private ScalarVector<T> stateOf(Context<T> context) {
        return timePeriod > 0 && numStates > 0 ? context.getDiscreteState(0) : context.getContinuousState();
    }

    /** {@code out = m x + nMatrix u + k}, on values for doubles and in {@code T} otherwise. */
    private void affine(ScalarMatrix<T> m, ScalarMatrix<T> nMatrix, ScalarVector<T> k, Context<T> context,
            ScalarVector<T> x, ScalarVector<T> out) {
        ScalarVector<T> u = numInputs > 0 ? getInputPort(0).eval(context) : null;
        Scalar<T> s = scalar();
        boolean values = s == Scalar.DOUBLE;
        for (int i = 0; i < out.size(); i++) {
            if (values) {
                double sum = k.getValue(i);
                for (int j = 0; j < numStates; j++) {
                    sum += m.getValue(i, j) * x.getValue(j);
                }
                for (int j = 0; j < numInputs; j++) {
                    sum += nMatrix.getValue(i, j) * u.getValue(j);
                }
                out.setValue(i, sum);
            } else {
                T sum = k.get(i);
                for (int j = 0; j < numStates; j++) {
                    sum = s.add(sum, s.mul(m.get(i, j), x.get(j)));
                }
                for (int j = 0; j < numInputs; j++) {
                    sum = s.add(sum, s.mul(nMatrix.get(i, j), u.get(j)));
                }
                out.set(i, sum);
            }
        }
    }

    /** @return 0 for a continuous system, else the update period in seconds */
    public final double getTimePeriod() {
        return timePeriod;
    }

    /** @return {@code n}, the number of states */
    public final int getNumStates() {
        return numStates;
    }

    /** @return {@code m}, the size of the input (0 without input port) */
    public final int getNumInputs() {
        return numInputs;
    }

    /** @return {@code p}, the size of the output (0 without output port) */
    public final int getNumOutputs() {
        return numOutputs;
    }

    private static <T> ScalarMatrix<T> checked(ScalarMatrix<T> m, int rows, int cols, String name) {
        if (m == null || m.rows() != rows || m.cols() != cols) {
            throw new IllegalArgumentException(name + "(t) has " + (m == null ? "no matrix" : m.rows() + " rows and "
                    + m.cols() + " columns") + ", expected " + rows + " rows and " + cols + " columns");
        }
        return m;
    }

    private static <T> ScalarVector<T> checked(ScalarVector<T> v, int size, String name) {
        if (v == null || v.size() != size) {
            throw new IllegalArgumentException(name + "(t) has length " + (v == null ? "none" : v.size())
                    + ", expected " + size);
        }
        return v;
    }
}
