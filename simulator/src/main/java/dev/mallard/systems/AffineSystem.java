package dev.mallard.systems;

import dev.mallard.scalar.Format;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The affine system {@code xdot = A x + B u + f0}, {@code y = C x + D u + y0} (continuous), or
 * {@code x[n+1] = A x[n] + B u[n] + f0}, {@code y = C x + D u + y0} updated every {@code timePeriod} seconds
 * from time 0 (discrete). The coefficients are constant doubles; the state is continuous state z or discrete
 * state group 0 (with no state, {@code n = 0}, no group and no update is declared: the context is stateless). It has an input port {@code "u"} if {@code B} or {@code D} has columns and an output port
 * {@code "y"} if {@code C} has rows (with direct feedthrough when {@code D} has a non-zero entry).
 *
 * <p>This is Drake's {@code AffineSystem} (Drake names the ports {@code "u0"} and {@code "y0"}); its subclass
 * {@link dev.mallard.systems.primitives.LinearSystem} is Drake's {@code LinearSystem} ({@code f0 = 0},
 * {@code y0 = 0}). Subclasses override {@link #convertTo} to rebuild themselves.
 *
 * <p>Drake's {@code UpdateCoefficients} changes a system in place; a Mallard system never changes after
 * construction (its contexts hold everything that changes, so one system serves many contexts and threads):
 * {@link #withCoefficients} gives a new system with the new coefficients instead, and coefficients that
 * change along a simulation are a {@link dev.mallard.systems.primitives.TimeVaryingAffineSystem}.
 *
 * <p>{@link dev.mallard.simulator.gradients.Linearization} produces these: a linearisation in deviation coordinates
 * ({@code f0 = 0}, {@code y0 = 0}) or a first-order Taylor approximation.
 *
 * @param <T> the number type
 */
public class AffineSystem<T> extends LeafSystem<T> {

    private final double[][] a;
    private final double[][] b;
    private final double[] f0;
    private final double[][] c;
    private final double[][] d;
    private final double[] y0;
    private final double timePeriod;
    private final int numInputs;
    /** Whether B (resp. D) has a non-zero entry: the input is read only then (no loops through zero paths). */
    private final boolean bUsesInput;
    private final boolean dUsesInput;

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param a {@code n x n}; copied
     * @param b {@code n x m}; copied
     * @param f0 length {@code n}; copied
     * @param c {@code p x n}; copied
     * @param d {@code p x m}; copied
     * @param y0 length {@code p}; copied
     * @param timePeriod 0 for a continuous system, else the update period in seconds ({@code > 0}, finite)
     * @throws IllegalArgumentException naming the matrix whose shape disagrees, or a bad period
     */
    public AffineSystem(Scalar<T> scalar, String name, double[][] a, double[][] b, double[] f0, double[][] c,
            double[][] d, double[] y0, double timePeriod) {
        super(scalar, name);
        int n = rows(a, "A");
        int p = rows(c, "C");
        this.numInputs = n > 0 ? cols(b, "B") : p > 0 ? cols(d, "D") : 0;
        this.a = copy(a, n, n, "A");
        this.b = copy(b, n, numInputs, "B");
        this.c = copy(c, p, n, "C");
        this.d = copy(d, p, numInputs, "D");
        this.f0 = vector(f0, n, "f0");
        this.y0 = vector(y0, p, "y0");
        this.bUsesInput = hasNonZero(this.b);
        this.dUsesInput = hasNonZero(this.d);
        if (!(timePeriod >= 0) || !Double.isFinite(timePeriod)) {
            throw new IllegalArgumentException("timePeriod must be 0 (continuous) or finite and > 0, got " + timePeriod);
        }
        this.timePeriod = timePeriod;
        if (timePeriod > 0 && n > 0) {
            // without state (A empty) a discrete system declares neither a group nor an update, as Drake's:
            // its context is stateless and its output is D u + y0
            declareDiscreteState(n);
            declarePeriodicDiscreteUpdateEvent(timePeriod, 0.0, (context, xd) -> {
                affine(this.a, this.b, bUsesInput, this.f0, context, context.getDiscreteState(0), xd.get(0));
                return EventStatus.succeeded();
            });
        } else {
            declareContinuousState(n);
        }
        if (numInputs > 0) {
            declareVectorInputPort("u", numInputs);
        }
        if (p > 0) {
            declareVectorOutputPort("y", p, (context, y) -> affine(this.c, this.d, dUsesInput, this.y0, context, stateOf(context), y),
                    dUsesInput ? Feedthrough.all() : Feedthrough.none());
        }
    }

    /**
     * Drake's {@code MakeAffineSystem}: the affine system whose dynamics and output are the given expressions,
     * affine in the state and input variables, read off by differentiation ({@code A = df/dx}, {@code B = df/du},
     * {@code f0 = f(0, 0)}, and likewise {@code C}, {@code D}, {@code y0}).
     *
     * @param scalar the number type
     * @param name the system's name
     * @param dynamics {@code f(x, u)}, one expression per state ({@code xdot}, or {@code x[n+1]} when discrete)
     * @param output {@code g(x, u)}, one expression per output (may be empty)
     * @param stateVariables the state variables {@code x}, in order, distinct
     * @param inputVariables the input variables {@code u}, in order, distinct (may be empty)
     * @param timePeriod 0 for continuous time, else the update period in seconds, finite and {@code > 0}
     * @param <T> the number type
     * @return the system
     * @throws IllegalArgumentException naming the expression and the variable if an expression is not affine in
     *     {@code (x, u)} or has another variable, if the dynamics do not give one expression per state, or for a
     *     bad period
     */
    public static <T> AffineSystem<T> fromExpressions(Scalar<T> scalar, String name, List<Expression> dynamics,
            List<Expression> output, List<Variable> stateVariables, List<Variable> inputVariables,
            double timePeriod) {
        Objects.requireNonNull(dynamics, "dynamics must not be null");
        Objects.requireNonNull(output, "output must not be null");
        if (dynamics.size() != Objects.requireNonNull(stateVariables, "stateVariables must not be null").size()) {
            throw new IllegalArgumentException("dynamics has " + dynamics.size() + " expressions for "
                    + stateVariables.size() + " state variables");
        }
        Objects.requireNonNull(inputVariables, "inputVariables must not be null");
        double[][] ab = new double[dynamics.size()][];
        double[] f0 = new double[dynamics.size()];
        double[][] cd = new double[output.size()][];
        double[] y0 = new double[output.size()];
        for (int i = 0; i < dynamics.size(); i++) {
            ab[i] = affineCoefficients(dynamics.get(i), "dynamics[" + i + "]", stateVariables, inputVariables);
            f0[i] = ab[i][ab[i].length - 1];
        }
        for (int i = 0; i < output.size(); i++) {
            cd[i] = affineCoefficients(output.get(i), "output[" + i + "]", stateVariables, inputVariables);
            y0[i] = cd[i][cd[i].length - 1];
        }
        int n = stateVariables.size();
        int m = inputVariables.size();
        return new AffineSystem<>(scalar, name, block(ab, 0, n), block(ab, n, m), f0, block(cd, 0, n),
                block(cd, n, m), y0, timePeriod);
    }

    /** The coefficients of {@code e} on x, then u, then its constant term; refused if {@code e} is not affine. */
    private static double[] affineCoefficients(Expression e, String what, List<Variable> x, List<Variable> u) {
        Objects.requireNonNull(e, what + " must not be null");
        List<Variable> all = new ArrayList<>(x);
        all.addAll(u);
        if (new HashSet<>(all).size() != all.size()) {
            throw new IllegalArgumentException("the state and input variables " + all + " are not distinct");
        }
        for (Variable v : e.getVariables()) {
            if (!all.contains(v)) {
                throw new IllegalArgumentException(what + " = " + e + " has the variable " + v
                        + ", which is neither a state nor an input variable");
            }
        }
        double[] out = new double[all.size() + 1];
        Expression rest = e;
        for (int j = 0; j < all.size(); j++) {
            Expression slope = e.differentiate(all.get(j));
            if (!slope.isConstant()) {
                throw new IllegalArgumentException(what + " = " + e + " is not affine in " + all.get(j)
                        + ": its derivative is " + slope);
            }
            out[j] = slope.constantValue();
            rest = rest.substitute(all.get(j), 0.0);
        }
        out[all.size()] = rest.isConstant() ? rest.constantValue() : rest.evaluate(Map.of());
        return out;
    }

    private static double[][] block(double[][] rows, int from, int count) {
        double[][] out = new double[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            out[i] = Arrays.copyOfRange(rows[i], from, from + count);
        }
        return out;
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new AffineSystem<>(target, getName(), a, b, f0, c, d, y0, timePeriod);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
        affine(a, b, bUsesInput, f0, context, context.getContinuousState(), derivatives);
    }

    private ScalarVector<T> stateOf(Context<T> context) {
        return timePeriod > 0 && a.length > 0 ? context.getDiscreteState(0) : context.getContinuousState();
    }

    /** {@code out = M x + N u + k}, on values for doubles (no boxing) and in {@code T} otherwise. */
    private void affine(double[][] m, double[][] nMatrix, boolean usesInput, double[] k, Context<T> context,
            ScalarVector<T> x, ScalarVector<T> out) {
        ScalarVector<T> u = usesInput ? getInputPort(0).eval(context) : null;
        int inputs = usesInput ? numInputs : 0;
        Scalar<T> s = scalar();
        boolean values = s == Scalar.DOUBLE;
        for (int i = 0; i < out.size(); i++) {
            if (values) {
                double sum = k[i];
                for (int j = 0; j < x.size(); j++) {
                    sum += m[i][j] * x.getValue(j);
                }
                for (int j = 0; j < inputs; j++) {
                    sum += nMatrix[i][j] * u.getValue(j);
                }
                out.setValue(i, sum);
            } else {
                T sum = s.of(k[i]);
                for (int j = 0; j < x.size(); j++) {
                    sum = m[i][j] == 0 ? sum : s.add(sum, s.mul(x.get(j), m[i][j]));
                }
                for (int j = 0; j < inputs; j++) {
                    sum = nMatrix[i][j] == 0 ? sum : s.add(sum, s.mul(u.get(j), nMatrix[i][j]));
                }
                out.set(i, sum);
            }
        }
    }

    /**
     * Drake's {@code UpdateCoefficients}, as a new system (this one is unchanged, see the class comment): an
     * {@code AffineSystem} of this system's name, time period and sizes with the given coefficients. As in
     * Drake, every coefficient must have the current size. Unlike Drake, the new coefficients may make the
     * output depend on the state or on the input where this system's did not, or no longer: Drake refuses that
     * because its output port's dependencies were declared with the old coefficients, while the new system
     * declares its own. The copy of a {@link dev.mallard.systems.primitives.LinearSystem} is an
     * {@code AffineSystem} (its {@code f0} and {@code y0} need not be 0).
     *
     * @param a {@code n x n}, as {@link #getA()}; copied
     * @param b {@code n x m}, as {@link #getB()}; copied
     * @param f0 length {@code n}; copied
     * @param c {@code p x n}, as {@link #getC()}; copied
     * @param d {@code p x m}, as {@link #getD()}; copied
     * @param y0 length {@code p}; copied
     * @return the new system
     * @throws IllegalArgumentException naming the coefficient whose size differs from this system's
     * @throws NullPointerException naming a null coefficient
     */
    public AffineSystem<T> withCoefficients(double[][] a, double[][] b, double[] f0, double[][] c, double[][] d,
            double[] y0) {
        int n = this.a.length;
        int p = this.c.length;
        sameSize(a, n, n, "A");
        sameSize(b, n, numInputs, "B");
        sameSize(c, p, n, "C");
        sameSize(d, p, numInputs, "D");
        // the lengths of f0 and y0, and every row, are checked by the constructor against these sizes
        return new AffineSystem<>(scalar(), getName(), a, b, f0, c, d, y0, timePeriod);
    }

    private static void sameSize(double[][] m, int rows, int cols, String name) {
        if (rows(m, name) != rows || (rows > 0 && cols(m, name) != cols)) {
            throw new IllegalArgumentException(name + " must keep this system's size " + rows + " x " + cols
                    + ", got " + m.length + " x " + cols(m, name));
        }
    }

    /** @return {@code A}, a copy */
    public double[][] getA() {
        return copy(a, a.length, a.length, "A");
    }

    /** @return {@code B}, a copy */
    public double[][] getB() {
        return copy(b, b.length, numInputs, "B");
    }

    /** @return {@code C}, a copy */
    public double[][] getC() {
        return copy(c, c.length, a.length, "C");
    }

    /** @return {@code D}, a copy */
    public double[][] getD() {
        return copy(d, d.length, numInputs, "D");
    }

    /** @return the constant term of the dynamics, a copy */
    public double[] getF0() {
        return f0.clone();
    }

    /** @return the constant term of the output, a copy */
    public double[] getY0() {
        return y0.clone();
    }

    /** @return 0 for a continuous system, else the update period in seconds */
    public double getTimePeriod() {
        return timePeriod;
    }

    /**
     * @return the name, the kind, the sizes and the coefficients, as {@code AffineSystem 'lin' (continuous,
     *     2 states, 1 input, 1 output): A=[[0.0, 1.0], [-1.0, -0.5]], B=[[0.0], [1.0]], f0=[0.0, 0.0],
     *     C=[[1.0, 0.0]], D=[[0.0]], y0=[0.0]}; large matrices are cut as {@link Format} does
     */
    @Override
    public String toString() {
        String kind = timePeriod > 0 ? "discrete, period " + timePeriod + " s" : "continuous";
        return super.toString() + " (" + kind + ", " + Format.count(a.length, "state") + ", "
                + Format.count(numInputs, "input") + ", " + Format.count(c.length, "output") + "): A="
                + Format.matrix(a) + ", B=" + Format.matrix(b) + ", f0=" + Format.vector(f0) + ", C="
                + Format.matrix(c) + ", D=" + Format.matrix(d) + ", y0=" + Format.vector(y0);
    }

    private static int rows(double[][] m, String name) {
        return Objects.requireNonNull(m, name + " must not be null").length;
    }

    private static int cols(double[][] m, String name) {
        Objects.requireNonNull(m, name + " must not be null");
        return m.length == 0 ? 0 : Objects.requireNonNull(m[0], name + "[0] must not be null").length;
    }

    private static double[][] copy(double[][] m, int rows, int cols, String name) {
        Objects.requireNonNull(m, name + " must not be null");
        if (m.length != rows) {
            throw new IllegalArgumentException(name + " has " + m.length + " rows, expected " + rows);
        }
        double[][] out = new double[rows][];
        for (int i = 0; i < rows; i++) {
            Objects.requireNonNull(m[i], name + "[" + i + "] must not be null");
            if (m[i].length != cols) {
                throw new IllegalArgumentException(name + " row " + i + " has " + m[i].length + " columns, expected "
                        + cols);
            }
            out[i] = m[i].clone();
        }
        return out;
    }

    private static double[] vector(double[] v, int size, String name) {
        Objects.requireNonNull(v, name + " must not be null");
        if (v.length != size) {
            throw new IllegalArgumentException(name + " has length " + v.length + ", expected " + size);
        }
        return v.clone();
    }

    private static boolean hasNonZero(double[][] m) {
        for (double[] row : m) {
            for (double v : row) {
                if (v != 0) {
                    return true;
                }
            }
        }
        return false;
    }
}
