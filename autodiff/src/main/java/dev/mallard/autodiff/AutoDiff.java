package dev.mallard.autodiff;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.DoubleScalar;
import dev.mallard.scalar.Scalar;
import java.util.Arrays;
import java.util.Objects;

/**
 * An immutable number carrying its value and its gradient: the partial derivatives of the value with
 * respect to {@code n} independent variables (forward-mode automatic differentiation, as Drake's
 * {@code AutoDiffXd}).
 *
 * <p><b>Gradient size.</b> A value built from {@link #variable} has a gradient of size {@code n}; every
 * value computed from it has the same size. A {@link #constant} has a zero gradient that is not stored
 * (no array is allocated) and whose {@link #gradientSize()} is 0, meaning "zero of any size": it
 * combines with values of every gradient size. Combining two non-constant values whose gradient sizes
 * differ throws {@link IllegalArgumentException} naming both sizes.
 *
 * <p><b>Values</b> are computed by exactly the {@link Math} call {@link Scalar#DOUBLE} makes, so the
 * value of an AutoDiff computation equals the double computation bit for bit.
 *
 * <p><b>Infinite local derivatives</b> (sqrt and cbrt at 0, asin and acos at +-1, pow with an exponent
 * below 1 at 0, division by 0): a gradient component that is exactly zero on input stays zero on output
 * (the result does not move in that direction, whatever the local slope), so that
 * {@code Infinity * 0 = NaN} does not spread into unrelated directions. Other components become
 * infinite (or NaN where the slope is NaN). The edge rules of each operation are documented on it.
 *
 * <p><b>Representation.</b> A gradient of at most {@value #SMALL} components is held in four fields of the
 * object itself (one allocation per value, straight-line arithmetic), a larger one in an array. Four, not three:
 * the gradients of a two-state system with one parameter under {@code GradientSimulation} (which adds the final
 * time) have four components, and a fourth field made that run about 30% faster while costing other sizes about
 * 5% (docs/PERFORMANCE.md, issue 31's eighth round). Both representations give the same results bit for bit:
 * each component is computed by the same operations in the same order. Gradient arrays are shared between values
 * when an operation leaves the gradient unchanged ({@code a + 2.0} reuses {@code a}'s array); this is safe because
 * no array ever escapes: {@link #gradient()} returns a copy. Use {@link #SCALAR} to run code written against
 * {@code Scalar<T>}.
 */
public final class AutoDiff {

    /** The type class of AutoDiff numbers, for code written against {@code Scalar<T>}. */
    public static final Scalar<AutoDiff> SCALAR = AutoDiffScalar.INSTANCE;

    /** The constant 0 (zero gradient of any size). */
    public static final AutoDiff ZERO = new AutoDiff(0.0);

    /** The constant 1 (zero gradient of any size). */
    public static final AutoDiff ONE = new AutoDiff(1.0);

    /** The largest gradient size held in the fields {@code g0..g3} instead of an array. */
    static final int SMALL = 4;

    /**
     * {@code SIZE_MARKERS[n]} stands for a gradient of {@code n <= SMALL} components held in the fields: its
     * length is the size (its contents are never read). A marker instead of an int field keeps the object at
     * 56 bytes instead of 64.
     */
    private static final double[][] SIZE_MARKERS = {null, new double[1], new double[2], new double[3],
            new double[4]};

    private final double value;
    /** The gradient's components when {@code 1 <= size <= SMALL}; those at and beyond the size are unused. */
    private final double g0;
    private final double g1;
    private final double g2;
    private final double g3;
    /**
     * Null for a constant; a {@link #SIZE_MARKERS size marker} for a gradient held in the fields; otherwise the
     * gradient (of more than SMALL components). Never escapes.
     */
    private final double[] grad;

    /** A constant. */
    private AutoDiff(double value) {
        this(value, 0.0, 0.0, 0.0, 0.0, null);
    }

    /** A value with a small gradient of {@code size} components in {@code g0..g3}. */
    private AutoDiff(double value, int size, double g0, double g1, double g2, double g3) {
        this(value, g0, g1, g2, g3, SIZE_MARKERS[size]);
    }

    /** A value with the given fields: {@code grad} is null, a size marker or a gradient of more than SMALL. */
    private AutoDiff(double value, double g0, double g1, double g2, double g3, double[] grad) {
        this.value = value;
        this.g0 = g0;
        this.g1 = g1;
        this.g2 = g2;
        this.g3 = g3;
        this.grad = grad;
    }

    /**
     * A value owning the gradient array {@code g} (null for a constant): small gradients are moved into fields,
     * larger ones kept (so the caller must not modify {@code g} afterwards).
     */
    private static AutoDiff owning(double value, double[] g) {
        if (g == null) {
            return new AutoDiff(value);
        }
        return fromSlice(value, g, 0, g.length, true);
    }

    /** A value whose gradient is {@code src[offset, offset + n)}; the array is kept if large and {@code keep}. */
    private static AutoDiff fromSlice(double value, double[] src, int offset, int n, boolean keep) {
        switch (n) {
            case 0: return new AutoDiff(value);
            case 1: return new AutoDiff(value, 1, src[offset], 0.0, 0.0, 0.0);
            case 2: return new AutoDiff(value, 2, src[offset], src[offset + 1], 0.0, 0.0);
            case 3: return new AutoDiff(value, 3, src[offset], src[offset + 1], src[offset + 2], 0.0);
            case 4:
                return new AutoDiff(value, 4, src[offset], src[offset + 1], src[offset + 2], src[offset + 3]);
            default:
                if (keep) {
                    return new AutoDiff(value, 0.0, 0.0, 0.0, 0.0, src);
                }
                double[] g = new double[n];
                System.arraycopy(src, offset, g, 0, n);
                return new AutoDiff(value, 0.0, 0.0, 0.0, 0.0, g);
        }
    }

    /** The given value with this value's gradient (shared, not copied). */
    private AutoDiff withValue(double v) {
        return new AutoDiff(v, g0, g1, g2, g3, grad);
    }

    /** @return the gradient size: 0 for a constant */
    private int size() {
        return grad == null ? 0 : grad.length;
    }

    /** Component {@code i} of a non-constant gradient, {@code 0 <= i < size}. */
    private double component(int i) {
        if (size() > SMALL) {
            return grad[i];
        }
        switch (i) {
            case 0: return g0;
            case 1: return g1;
            case 2: return g2;
            default: return g3;
        }
    }

    // ---- construction ----------------------------------------------------------------------------

    /**
     * A constant: the given value with a zero gradient of any size. Allocates no gradient array.
     *
     * @param value any double, including NaN and infinities
     * @return the constant
     */
    public static AutoDiff constant(double value) {
        return new AutoDiff(value);
    }

    /**
     * Independent variable number {@code index} of {@code n}: its gradient is the unit vector
     * {@code e_index} of size {@code n}.
     *
     * @param value the value of the variable, any double
     * @param n the number of independent variables, {@code >= 1}
     * @param index which variable, in [0, n)
     * @return the variable
     * @throws IllegalArgumentException if {@code n < 1}
     * @throws IndexOutOfBoundsException if {@code index} is outside [0, n)
     */
    public static AutoDiff variable(double value, int n, int index) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1, got " + n);
        }
        Checks.index(index, n, "index");
        double[] g = new double[n];
        g[index] = 1.0;
        return owning(value, g);
    }

    /**
     * A value with an explicit gradient. An empty gradient gives a {@linkplain #constant constant}.
     *
     * @param value the value, any double
     * @param gradient the partial derivatives, not null; copied, not modified
     * @return the value
     * @throws NullPointerException if {@code gradient} is null
     */
    public static AutoDiff of(double value, double[] gradient) {
        Checks.notNull(gradient, "gradient");
        return fromSlice(value, gradient, 0, gradient.length, false);
    }

    /**
     * A value whose gradient is a slice of a larger array, for code that keeps many gradients in one
     * primitive array (as the integrators' tangent path, one row per state). A width of 0 gives a
     * {@linkplain #constant constant}.
     *
     * @param value the value, any double
     * @param gradients holds the gradient at {@code [offset, offset + width)}; copied, not modified
     * @param offset where the gradient starts, {@code >= 0}
     * @param width the gradient's size, {@code >= 0}
     * @return the value
     * @throws NullPointerException if {@code gradients} is null
     * @throws IndexOutOfBoundsException if the slice is not inside {@code gradients}
     */
    public static AutoDiff of(double value, double[] gradients, int offset, int width) {
        Checks.notNull(gradients, "gradients");
        Objects.checkFromIndexSize(offset, width, gradients.length);
        return fromSlice(value, gradients, offset, width, false);
    }

    /**
     * A value computed by a function of several AutoDiff inputs whose partial derivatives are known (for
     * example from a compiled Jacobian): the chain rule {@code gradient = sum_j partials[offset + j] *
     * inputs[j].gradient} over the inputs listed in {@code columns} (those the value may depend on; the others'
     * partials are taken as zero and not read), built in one new gradient (or, when a single input contributes
     * and its partial is exactly 1, that input's gradient, shared as immutable gradients are). Zero partials
     * and constant inputs contribute nothing (a structural zero of a Jacobian does not turn an infinite input
     * gradient component into NaN); an infinite partial leaves the zero components of its input's gradient
     * zero, as {@link #mul(double)} does.
     *
     * @param value the function's value, any double
     * @param partials holds {@code d value / d inputs[j]} at {@code partials[offset + j]} for each listed
     *     {@code j}; not modified
     * @param offset where the partials start, {@code >= 0}
     * @param inputs the function's inputs; the listed ones not null; not modified
     * @param columns the indices {@code j} into {@code inputs} to combine, each in {@code [0, inputs.length)};
     *     not modified
     * @return the value with its gradient; a constant if every listed input is a constant
     * @throws NullPointerException if an argument or a listed input is null
     * @throws IndexOutOfBoundsException if {@code offset} is negative, {@code partials} has fewer than {@code
     *     offset + inputs.length} entries or a column is outside {@code [0, inputs.length)}
     * @throws IllegalArgumentException if two listed non-constant inputs have gradients of different sizes (the
     *     message names both sizes)
     */
    public static AutoDiff chainRule(double value, double[] partials, int offset, AutoDiff[] inputs, int[] columns) {
        Checks.notNull(partials, "partials");
        Checks.notNull(inputs, "inputs");
        Checks.notNull(columns, "columns");
        if (offset < 0 || partials.length - offset < inputs.length) {
            throw new IndexOutOfBoundsException("partials from offset " + offset + " must hold " + inputs.length
                    + " entries, but partials.length = " + partials.length);
        }
        AutoDiff shared = onlyInputWithUnitPartial(partials, offset, inputs, columns);
        if (shared != null) {
            return shared.withValue(value);
        }
        Accumulator sum = new Accumulator(ZERO);
        for (int j : columns) {
            AutoDiff h = inputs[j];
            if (h.size() == 0) {
                continue;
            }
            if (sum.size == 0) {
                // zeros of the first non-constant input's size, whatever its partial: each term adds to 0.0
                sum.startZeros(h.size());
            }
            double d = partials[offset + j];
            if (d != 0.0) {
                sum.addScaled(h, d);
            }
        }
        return sum.result(value);
    }

    /**
     * Checks the listed inputs of {@link #chainRule} (null, column range, gradient sizes) and returns the only
     * non-constant input with a nonzero partial if that partial is exactly 1 (as {@code qdot = v} in mechanical
     * systems): the chain rule's result has that input's gradient, shared instead of copied. Null otherwise.
     */
    private static AutoDiff onlyInputWithUnitPartial(double[] partials, int offset, AutoDiff[] inputs,
            int[] columns) {
        int first = 0;
        AutoDiff single = null;
        int contributing = 0;
        for (int j : columns) {
            AutoDiff input = inputs[Checks.index(j, inputs.length, "column")];
            if (input == null) {
                throw new NullPointerException("inputs[" + j + "] must not be null");
            }
            if (input.size() == 0) {
                continue;
            }
            if (first == 0) {
                first = input.size();
            }
            sameSize(first, input.size());
            double d = partials[offset + j];
            if (d != 0.0) {
                contributing++;
                single = d == 1.0 ? input : null;
            }
        }
        return contributing == 1 ? single : null;
    }

    // ---- accessors -------------------------------------------------------------------------------

    /** @return the value */
    public double value() {
        return value;
    }

    /**
     * The size of the gradient: {@code n} for a value computed from variables of {@code n}, 0 for a
     * constant (whose zero gradient combines with any size).
     *
     * @return the gradient size, {@code >= 0}
     */
    public int gradientSize() {
        return size();
    }

    /**
     * Whether this value has no stored gradient (its gradient is zero, of any size).
     *
     * @return true for a constant
     */
    public boolean isConstant() {
        return size() == 0;
    }

    /**
     * The gradient as a new array (the caller may modify it).
     *
     * @return a copy of the partial derivatives; an empty array for a constant
     */
    public double[] gradient() {
        if (size() > SMALL) {
            return grad.clone();
        }
        double[] g = new double[size()];
        copySmall(g, 0);
        return g;
    }

    /**
     * Copies the gradient into a slice of an array (zeros for a constant), without allocating.
     *
     * @param target receives the gradient at {@code [offset, offset + width)}; nothing else is modified
     * @param offset where to write, {@code >= 0}
     * @param width the expected gradient size, {@code >= 0}
     * @throws NullPointerException if {@code target} is null
     * @throws IndexOutOfBoundsException if the slice is not inside {@code target}
     * @throws IllegalArgumentException if this is not a constant and its gradient size is not {@code width}
     *     (the message names both sizes)
     */
    public void copyGradientTo(double[] target, int offset, int width) {
        Checks.notNull(target, "target");
        Objects.checkFromIndexSize(offset, width, target.length);
        if (size() == 0) {
            Arrays.fill(target, offset, offset + width, 0.0);
            return;
        }
        sameSize(width, size());
        if (size() > SMALL) {
            System.arraycopy(grad, 0, target, offset, width);
        } else {
            copySmall(target, offset);
        }
    }

    /** Writes the {@code size <= SMALL} components of the fields to {@code target} from {@code offset}. */
    private void copySmall(double[] target, int offset) {
        switch (size()) {
            case 4:
                target[offset + 3] = g3;
                // fall through
            case 3:
                target[offset + 2] = g2;
                // fall through
            case 2:
                target[offset + 1] = g1;
                // fall through
            case 1:
                target[offset] = g0;
                break;
            default:
                break;
        }
    }

    /**
     * One partial derivative, without copying the gradient.
     *
     * @param i the variable index: in [0, gradientSize()) or, for a constant, any {@code i >= 0}
     * @return {@code d value / d x_i}; 0 for a constant
     * @throws IndexOutOfBoundsException if {@code i} is negative or, for a non-constant, {@code >= gradientSize()}
     */
    public double derivative(int i) {
        if (size() == 0) {
            if (i < 0) {
                throw new IndexOutOfBoundsException("i = " + i + " is negative");
            }
            return 0.0;
        }
        return component(Checks.index(i, size(), "i"));
    }

    // ---- arithmetic ------------------------------------------------------------------------------

    /**
     * The sum {@code this + b}.
     *
     * @param b right operand, not null
     * @return {@code this + b}; gradient {@code g_a + g_b}
     */
    public AutoDiff add(AutoDiff b) {
        return sum(value + b.value, this, 1.0, b);
    }

    /**
     * The sum {@code this + b}.
     *
     * @param b right operand
     * @return {@code this + b}; the gradient is shared, not copied
     */
    public AutoDiff add(double b) {
        return withValue(value + b);
    }

    /**
     * The difference {@code this - b}.
     *
     * @param b right operand, not null
     * @return {@code this - b}; gradient {@code g_a - g_b}
     */
    public AutoDiff sub(AutoDiff b) {
        return sum(value - b.value, this, -1.0, b);
    }

    /**
     * The difference {@code this - b}.
     *
     * @param b right operand
     * @return {@code this - b}; the gradient is shared, not copied
     */
    public AutoDiff sub(double b) {
        return withValue(value - b);
    }

    /**
     * The difference {@code a - this}.
     *
     * @param a left operand
     * @return {@code a - this}; gradient {@code -g}
     */
    public AutoDiff subFrom(double a) {
        return chain(a - value, -1.0);
    }

    /** @return {@code -this}; gradient {@code -g} */
    public AutoDiff neg() {
        return chain(-value, -1.0);
    }

    /**
     * The product {@code this * b}.
     *
     * @param b right operand, not null
     * @return {@code this * b}; gradient {@code b g_a + a g_b}
     */
    public AutoDiff mul(AutoDiff b) {
        return combine(value * b.value, b.value, this, value, b);
    }

    /** @return {@code this * this} (the same value as {@code mul(this)}); gradient {@code 2 a g} */
    public AutoDiff square() {
        return chain(value * value, 2.0 * value);
    }

    /**
     * The product {@code this * b}.
     *
     * @param b right operand
     * @return {@code this * b}; gradient {@code b g}
     */
    public AutoDiff mul(double b) {
        return chain(value * b, b);
    }

    /**
     * @param b denominator, not null
     * @return {@code this / b}; gradient {@code (g_a - (a/b) g_b) / b}; at {@code b = 0} the slopes are
     *     infinite or NaN (IEEE), with the zero-component rule of the class comment
     */
    public AutoDiff div(AutoDiff b) {
        double v = value / b.value;
        return combine(v, 1.0 / b.value, this, -v / b.value, b);
    }

    /**
     * The quotient {@code this / b}.
     *
     * @param b denominator
     * @return {@code this / b}; gradient {@code g / b}
     */
    public AutoDiff div(double b) {
        return chain(value / b, 1.0 / b);
    }

    /**
     * The quotient {@code a / this}.
     *
     * @param a numerator
     * @return {@code a / this}; gradient {@code -(a/b^2) g}
     */
    public AutoDiff divInto(double a) {
        double v = a / value;
        return chain(v, -v / value);
    }

    // ---- elementary functions --------------------------------------------------------------------

    /** @return {@code sin(this)}; derivative {@code cos} */
    public AutoDiff sin() {
        return chain(Math.sin(value), Math.cos(value));
    }

    /** @return {@code cos(this)}; derivative {@code -sin} */
    public AutoDiff cos() {
        return chain(Math.cos(value), -Math.sin(value));
    }

    /** @return {@code tan(this)}; derivative {@code 1 + tan^2} */
    public AutoDiff tan() {
        double v = Math.tan(value);
        return chain(v, 1.0 + v * v);
    }

    /** @return {@code asin(this)}; derivative {@code 1/sqrt(1 - a^2)}: +Infinity at +-1, NaN outside [-1, 1] */
    public AutoDiff asin() {
        return chain(Math.asin(value), 1.0 / Math.sqrt(1.0 - value * value));
    }

    /** @return {@code acos(this)}; derivative {@code -1/sqrt(1 - a^2)}: -Infinity at +-1, NaN outside [-1, 1] */
    public AutoDiff acos() {
        return chain(Math.acos(value), -1.0 / Math.sqrt(1.0 - value * value));
    }

    /** @return {@code atan(this)}; derivative {@code 1/(1 + a^2)} */
    public AutoDiff atan() {
        return chain(Math.atan(value), 1.0 / (1.0 + value * value));
    }

    /**
     * The angle of the point (x, y) = (x, this), as {@link Math#atan2}.
     *
     * @param x abscissa, not null
     * @return {@code atan2(this, x)}; partials {@code x/(x^2+y^2)} in y and {@code -y/(x^2+y^2)} in x,
     *     the same formula in all four quadrants and across the branch cut at {@code x < 0, y = 0}
     *     (where the value jumps by 2 pi but the slope is continuous); NaN at the origin, where the
     *     angle is undefined
     */
    public AutoDiff atan2(AutoDiff x) {
        double r2 = x.value * x.value + value * value;
        return combine(Math.atan2(value, x.value), x.value / r2, this, -value / r2, x);
    }

    /** @return {@code sinh(this)}; derivative {@code cosh} */
    public AutoDiff sinh() {
        return chain(Math.sinh(value), Math.cosh(value));
    }

    /** @return {@code cosh(this)}; derivative {@code sinh} */
    public AutoDiff cosh() {
        return chain(Math.cosh(value), Math.sinh(value));
    }

    /** @return {@code tanh(this)}; derivative {@code 1 - tanh^2} */
    public AutoDiff tanh() {
        double v = Math.tanh(value);
        return chain(v, 1.0 - v * v);
    }

    /** @return {@code e^this}; derivative {@code e^a} */
    public AutoDiff exp() {
        double v = Math.exp(value);
        return chain(v, v);
    }

    /** @return {@code e^this - 1}; derivative {@code e^a} */
    public AutoDiff expm1() {
        return chain(Math.expm1(value), Math.exp(value));
    }

    /**
     * @return {@code ln(this)}; derivative {@code 1/a}: +Infinity at 0; below 0 the value is NaN while
     *     the slope formula {@code 1/a} is still applied (finite)
     */
    public AutoDiff log() {
        return chain(Math.log(value), 1.0 / value);
    }

    /** @return {@code ln(1 + this)}; derivative {@code 1/(1 + a)} */
    public AutoDiff log1p() {
        return chain(Math.log1p(value), 1.0 / (1.0 + value));
    }

    /**
     * @return {@code sqrt(this)}; derivative {@code 1/(2 sqrt a)}: +Infinity at 0 (components of a zero
     *     input gradient stay 0), NaN below 0
     */
    public AutoDiff sqrt() {
        double v = Math.sqrt(value);
        return chain(v, 0.5 / v);
    }

    /** @return {@code cbrt(this)}; derivative {@code 1/(3 cbrt(a)^2)}: +Infinity at 0 */
    public AutoDiff cbrt() {
        double v = Math.cbrt(value);
        return chain(v, 1.0 / (3.0 * v * v));
    }

    /**
     * A real power, value as {@link Math#pow}.
     *
     * @param p the exponent
     * @return {@code this^p}; derivative {@code p a^(p-1)}, and exactly 0 for {@code p = 0} (the result
     *     is the constant 1 everywhere, even at {@code a = 0}). At {@code a = 0} the slope is 0 for
     *     {@code p > 1}, 1 for {@code p = 1}, and infinite for {@code p < 1}; for a negative base and a
     *     non-integer exponent value and slope are NaN; for a negative base and an integer-valued
     *     exponent both are the real ones
     */
    public AutoDiff pow(double p) {
        double v = Math.pow(value, p);
        if (size() == 0) {
            return new AutoDiff(v);
        }
        return chain(v, p == 0.0 ? 0.0 : p * Math.pow(value, p - 1.0));
    }

    /**
     * An integer power, value as {@link DoubleScalar#powInt} (equal to {@code Scalar.DOUBLE.pow(a, n)}).
     *
     * @param n the exponent, any int
     * @return {@code this^n}; derivative {@code n a^(n-1)}, exactly 0 for {@code n = 0}; real for negative
     *     bases; at {@code a = 0}: 0 for {@code n >= 2}, 1 for {@code n = 1}, infinite for {@code n < 0}
     */
    public AutoDiff pow(int n) {
        double v = DoubleScalar.powInt(value, n);
        if (size() == 0) {
            return new AutoDiff(v);
        }
        if (n == 0) {
            return chain(v, 0.0);
        }
        double below = n == Integer.MIN_VALUE ? Math.pow(value, n - 1.0) : DoubleScalar.powInt(value, n - 1);
        return chain(v, n * below);
    }

    /**
     * A power with a varying exponent, value as {@link Math#pow}; {@code a^p = exp(p ln a)} where
     * {@code a > 0}.
     *
     * <p>The base partial is that of {@link #pow(double)}. The exponent partial is {@code a^p ln a} for
     * {@code a > 0}; for {@code a = 0} it is 0 when {@code p > 0} (0^p is identically 0 nearby) and NaN
     * otherwise; for {@code a < 0} it is NaN (a^p is undefined at non-integer p). A NaN or infinite
     * exponent partial only affects the gradient components in which {@code p} moves: when {@code p}
     * is a constant, this is exactly {@code pow(p.value())}.
     *
     * @param p the exponent, not null
     * @return {@code this^p}
     */
    public AutoDiff pow(AutoDiff p) {
        if (p.size() == 0) {
            return pow(p.value);
        }
        double v = Math.pow(value, p.value);
        double dBase = p.value == 0.0 ? 0.0 : p.value * Math.pow(value, p.value - 1.0);
        return combine(v, dBase, this, exponentPartial(value, p.value, v), p);
    }

    private static double exponentPartial(double a, double p, double v) {
        if (a > 0) {
            return v * Math.log(a);
        }
        return a == 0.0 && p > 0 ? 0.0 : Double.NaN;
    }

    /**
     * @return {@code |this|}; derivative +1 for {@code a >= 0} (including 0 and -0.0: the right-hand
     *     derivative, as Drake's AutoDiff), -1 for {@code a < 0}, NaN for NaN
     */
    public AutoDiff abs() {
        double d = value >= 0 ? 1.0 : value < 0 ? -1.0 : Double.NaN;
        return chain(Math.abs(value), d);
    }

    /**
     * @return {@link Math#signum} of the value as a constant: the derivative is 0 everywhere (the jump
     *     at 0 has no finite slope), so the result carries no gradient
     */
    public AutoDiff sign() {
        return new AutoDiff(Math.signum(value));
    }

    /**
     * The smaller of two values, by {@link DoubleScalar#minValue}.
     *
     * @param b second operand, not null
     * @return the operand with the smaller value, with its own gradient: {@code b} if
     *     {@code b < this}, else {@code this} (so on a tie, {@code this} and its gradient); if either
     *     value is NaN, the first NaN operand
     */
    public AutoDiff min(AutoDiff b) {
        if (Double.isNaN(value)) {
            return this;
        }
        if (Double.isNaN(b.value)) {
            return b;
        }
        return b.value < value ? b : this;
    }

    /**
     * The larger of two values, by {@link DoubleScalar#maxValue}.
     *
     * @param b second operand, not null
     * @return the operand with the larger value, with its own gradient: {@code b} if {@code b > this},
     *     else {@code this} (so on a tie, {@code this} and its gradient); if either value is NaN, the
     *     first NaN operand
     */
    public AutoDiff max(AutoDiff b) {
        if (Double.isNaN(value)) {
            return this;
        }
        if (Double.isNaN(b.value)) {
            return b;
        }
        return b.value > value ? b : this;
    }

    /**
     * @param b second leg, not null
     * @return {@code sqrt(a^2 + b^2)} as {@link Math#hypot}; partials {@code a/h} and {@code b/h}; NaN at
     *     the origin (where the norm has no derivative) and where {@code h} is infinite
     */
    public AutoDiff hypot(AutoDiff b) {
        double h = Math.hypot(value, b.value);
        return combine(h, value / h, this, b.value / h, b);
    }

    // ---- gradient kernels ------------------------------------------------------------------------

    /*
     * Each operation below ends in exactly one allocation, after every branch: an operation whose result is
     * only read by the next one (the intermediate values of a user's formula) is then scalar-replaced by the
     * JIT's escape analysis, which gives up on a result that merges objects from two allocation sites.
     */

    /** The result {@code v} of a unary function with local slope {@code d}: gradient {@code d g}. */
    private AutoDiff chain(double v, double d) {
        double[] m = grad;
        double x0 = 0.0;
        double x1 = 0.0;
        double x2 = 0.0;
        double x3 = 0.0;
        if (m != null && m.length > SMALL) {
            m = scaled(m, d);
        } else if (m != null) {
            boolean finite = Double.isFinite(d);
            x0 = times(d, finite, g0);
            x1 = times(d, finite, g1);
            x2 = times(d, finite, g2);
            x3 = times(d, finite, g3);
        }
        return new AutoDiff(v, x0, x1, x2, x3, m);
    }

    /** {@code d * g}, or for a non-finite {@code d} with a zero component kept zero. */
    private static double times(double d, boolean finite, double g) {
        return finite ? d * g : times(d, g);
    }

    /** {@code d * g} for a non-finite {@code d}: a zero component stays zero. */
    private static double times(double d, double g) {
        return g == 0.0 ? 0.0 : d * g;
    }

    /** Gradient {@code d * g}, with zero components kept zero when {@code d} is not finite. */
    private static double[] scaled(double[] g, double d) {
        double[] out = new double[g.length];
        if (Double.isFinite(d)) {
            for (int i = 0; i < g.length; i++) {
                out[i] = d * g[i];
            }
        } else {
            for (int i = 0; i < g.length; i++) {
                out[i] = times(d, g[i]);
            }
        }
        return out;
    }

    /**
     * {@code a + sign * b} for {@code sign} 1 or -1 with value {@code v}: gradient {@code g_a + g_b} or {@code
     * g_a - g_b}; a constant operand's gradient is not touched, so {@code a + c} shares {@code a}'s.
     */
    private static AutoDiff sum(double v, AutoDiff a, double sign, AutoDiff b) {
        double[] m = a.grad;
        double x0 = a.g0;
        double x1 = a.g1;
        double x2 = a.g2;
        double x3 = a.g3;
        if (b.size() != 0 && a.size() == 0) {
            m = b.grad;
            x0 = sign * b.g0;
            x1 = sign * b.g1;
            x2 = sign * b.g2;
            x3 = sign * b.g3;
            if (sign < 0.0 && m.length > SMALL) {
                m = scaled(m, sign);
            }
        } else if (b.size() != 0) {
            int n = sameSize(a.size(), b.size());
            if (n > SMALL) {
                m = sum(a.grad, sign, b.grad);
            } else if (sign > 0.0) {
                x0 = a.g0 + b.g0;
                x1 = a.g1 + b.g1;
                x2 = a.g2 + b.g2;
                x3 = a.g3 + b.g3;
            } else {
                x0 = a.g0 - b.g0;
                x1 = a.g1 - b.g1;
                x2 = a.g2 - b.g2;
                x3 = a.g3 - b.g3;
            }
        }
        return new AutoDiff(v, x0, x1, x2, x3, m);
    }

    /** {@code g + h} or {@code g - h} for {@code sign} 1 or -1, a new array. */
    private static double[] sum(double[] g, double sign, double[] h) {
        double[] out = new double[g.length];
        // one loop per sign, each simple enough for the JIT to vectorise
        if (sign > 0.0) {
            for (int i = 0; i < g.length; i++) {
                out[i] = g[i] + h[i];
            }
        } else {
            for (int i = 0; i < g.length; i++) {
                out[i] = g[i] - h[i];
            }
        }
        return out;
    }

    /**
     * The result {@code v} of a binary function with partials {@code da}, {@code db}: {@code da g_a + db g_b}; a
     * constant operand's term is left out (so {@code Infinity * 0} cannot enter through it).
     */
    private static AutoDiff combine(double v, double da, AutoDiff a, double db, AutoDiff b) {
        int sa = a.size();
        int sb = b.size();
        if (sa != 0 && sb != 0) {
            sameSize(sa, sb);
        }
        // A constant's term must add nothing, not even a zero's sign: its fields are 0.0, -1 * 0.0 is -0.0 and
        // x + -0.0 is x. (With the other partial not finite, times(d, g) is never -0.0, so + 0.0 is exact too.)
        double pa = sa == 0 ? -1.0 : da;
        double pb = sb == 0 ? -1.0 : db;
        boolean finite = Double.isFinite(pa) && Double.isFinite(pb);
        double[] m = sa != 0 ? a.grad : b.grad;
        if (m != null && m.length > SMALL) {
            m = combined(pa, a.grad, pb, b.grad, finite);
        }
        return new AutoDiff(v, times(pa, a.g0, pb, b.g0, finite), times(pa, a.g1, pb, b.g1, finite),
                times(pa, a.g2, pb, b.g2, finite), times(pa, a.g3, pb, b.g3, finite), m);
    }

    /** {@code da ga + db gb}, with the zero-component rule where a partial is not finite. */
    private static double times(double da, double ga, double db, double gb, boolean finite) {
        return finite ? da * ga + db * gb : times(da, ga) + times(db, gb);
    }

    /** {@code da ga + db gb} as a new array, a null gradient (a constant's) contributing nothing. */
    private static double[] combined(double da, double[] ga, double db, double[] gb, boolean finite) {
        if (ga == null || gb == null) {
            return ga == null ? scaled(gb, db) : scaled(ga, da);
        }
        double[] g = new double[ga.length];
        if (finite) {
            for (int i = 0; i < g.length; i++) {
                g[i] = da * ga[i] + db * gb[i];
            }
        } else {
            for (int i = 0; i < g.length; i++) {
                g[i] = times(da, ga[i]) + times(db, gb[i]);
            }
        }
        return g;
    }

    /**
     * {@code base + sum_i c[i] t[i]} for {@link AutoDiffScalar#linearCombination}, bit for bit equal to the
     * chain of {@link #add(AutoDiff)} and {@link #mul(double)} in the same order, but with at most one new
     * gradient: constants contribute only their value, and the first term with a gradient starts it (as the
     * chain's {@code add} would take that term's gradient as it is). Arguments are checked by the caller.
     */
    static AutoDiff linearCombination(AutoDiff base, double[] c, AutoDiff[] t, int count) {
        double v = base.value;
        Accumulator sum = new Accumulator(base);
        for (int i = 0; i < count; i++) {
            AutoDiff term = t[i];
            double ci = c[i];
            v += term.value * ci;
            if (term.size() != 0) {
                sum.addScaled(term, ci);
            }
        }
        return sum.owned ? sum.result(v) : base.withValue(v);
    }

    /**
     * {@code base + scale * linearCombination(ZERO, c, t, count)} for {@link AutoDiffScalar#scaledLinearCombination},
     * bit for bit equal to that chain of {@link #linearCombination}, {@link #mul(AutoDiff)} and {@link
     * #add(AutoDiff)}, each component computed by the same operations in the same order, but with at most one
     * new gradient: the sum's gradient is built in it and then scaled and shifted in place. Arguments are
     * checked by the caller.
     */
    static AutoDiff scaledLinearCombination(AutoDiff base, AutoDiff scale, double[] c, AutoDiff[] t, int count) {
        double sum = ZERO.value;
        Accumulator g = new Accumulator(ZERO);
        for (int i = 0; i < count; i++) {
            AutoDiff term = t[i];
            double ci = c[i];
            sum += term.value * ci;
            if (term.size() != 0) {
                g.addScaled(term, ci);
            }
        }
        g.multiply(scale, sum);
        double v = base.value + scale.value * sum;
        if (g.size == 0) {
            return base.withValue(v);
        }
        if (base.size() != 0) {
            g.addTo(base);
        }
        return g.result(v);
    }

    /**
     * A gradient being summed by {@link #linearCombination}, {@link #scaledLinearCombination} and {@link
     * #chainRule}: small sizes in four fields, larger ones in an array, each step the operations of the unfused
     * chain on every component. Made per call and never stored, so the JIT can keep its fields in registers.
     */
    private static final class Accumulator {
        /** The size so far; 0 while the sum is a constant. */
        int size;
        /** Whether the gradient is this accumulator's own (not the base's, which is only read). */
        boolean owned;
        double x0;
        double x1;
        double x2;
        double x3;
        /** The gradient when {@code size > SMALL}: the base's (not owned) or a new array. */
        double[] g;

        Accumulator(AutoDiff base) {
            size = base.size();
            x0 = base.g0;
            x1 = base.g1;
            x2 = base.g2;
            x3 = base.g3;
            g = base.grad;
        }

        /** {@code this += d * term} for a non-constant term, as the chain's {@code add(term.mul(d))}. */
        void addScaled(AutoDiff term, double d) {
            if (size == 0) {
                assignScaled(term, d);
                return;
            }
            sameSize(size, term.size());
            if (size > SMALL) {
                if (!owned) {
                    g = g.clone();
                }
                AutoDiff.addScaled(g, size, term.grad, d);
            } else {
                boolean finite = Double.isFinite(d);
                x0 += times(d, finite, term.g0);
                x1 += times(d, finite, term.g1);
                x2 += times(d, finite, term.g2);
                x3 += times(d, finite, term.g3);
            }
            owned = true;
        }

        /** {@code this = 0} of {@code n} components, for a sum started from {@link #ZERO}; the gradient its own. */
        void startZeros(int n) {
            size = n;
            owned = true;
            g = n > SMALL ? new double[n] : null;
        }

        /** {@code this = d * term} for a sum still empty (a constant); the gradient is then this accumulator's own. */
        private void assignScaled(AutoDiff term, double d) {
            size = term.size();
            owned = true;
            if (size > SMALL) {
                g = scaled(term.grad, d);
            } else {
                boolean finite = Double.isFinite(d);
                x0 = times(d, finite, term.g0);
                x1 = times(d, finite, term.g1);
                x2 = times(d, finite, term.g2);
                x3 = times(d, finite, term.g3);
            }
        }

        /**
         * {@code this = scale * s} for the sum {@code s} whose gradient this holds (owned, or a constant), as
         * {@link #mul(AutoDiff)} computes its gradient: {@code s g_scale + h g_s}.
         */
        void multiply(AutoDiff scale, double s) {
            double h = scale.value;
            if (size == 0) {
                assignScaled(scale, s);
                return;
            }
            if (scale.size() == 0) {
                scaleBy(h);
                return;
            }
            sameSize(scale.size(), size);
            boolean finite = Double.isFinite(s) && Double.isFinite(h);
            if (size > SMALL) {
                double[] gh = scale.grad;
                for (int i = 0; i < size; i++) {
                    g[i] = times(s, gh[i], h, g[i], finite);
                }
            } else {
                x0 = times(s, scale.g0, h, x0, finite);
                x1 = times(s, scale.g1, h, x1, finite);
                x2 = times(s, scale.g2, h, x2, finite);
                x3 = times(s, scale.g3, h, x3, finite);
            }
        }

        /** {@code this = h * this} for an owned non-constant gradient. */
        private void scaleBy(double h) {
            boolean finite = Double.isFinite(h);
            if (size > SMALL) {
                for (int i = 0; i < size; i++) {
                    g[i] = times(h, finite, g[i]);
                }
            } else {
                x0 = times(h, finite, x0);
                x1 = times(h, finite, x1);
                x2 = times(h, finite, x2);
                x3 = times(h, finite, x3);
            }
        }

        /** {@code this = base + this} for an owned non-constant gradient and a non-constant base. */
        void addTo(AutoDiff base) {
            sameSize(base.size(), size);
            if (size > SMALL) {
                double[] gb = base.grad;
                for (int i = 0; i < size; i++) {
                    g[i] = gb[i] + g[i];
                }
            } else {
                x0 = base.g0 + x0;
                x1 = base.g1 + x1;
                x2 = base.g2 + x2;
                x3 = base.g3 + x3;
            }
        }

        /** The value {@code v} with the owned gradient. */
        AutoDiff result(double v) {
            return size > SMALL ? new AutoDiff(v, 0.0, 0.0, 0.0, 0.0, g) : new AutoDiff(v, size, x0, x1, x2, x3);
        }
    }

    /** {@code g += d * h}, with zero components of {@code h} contributing zero when {@code d} is not finite. */
    private static void addScaled(double[] g, int n, double[] h, double d) {
        if (Double.isFinite(d)) {
            for (int i = 0; i < n; i++) {
                g[i] += d * h[i];
            }
        } else {
            for (int i = 0; i < n; i++) {
                g[i] += times(d, h[i]);
            }
        }
    }

    private static int sameSize(int a, int b) {
        if (a != b) {
            throw new IllegalArgumentException("cannot combine AutoDiff values with gradient sizes " + a + " and " + b);
        }
        return a;
    }

    // ---- Object ----------------------------------------------------------------------------------

    /**
     * Equal when the values are equal as by {@link Double#equals} and the gradients are equal component
     * by component ({@code ==}, with NaN equal to NaN). A constant equals a value whose gradient is all
     * zeros; non-constant values with gradients of different sizes are never equal.
     *
     * @param o any object
     * @return whether {@code o} is an equal AutoDiff
     */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof AutoDiff other) || Double.compare(value, other.value) != 0) {
            return false;
        }
        if (size() == 0 || other.size() == 0) {
            return isZero() && other.isZero();
        }
        if (size() != other.size()) {
            return false;
        }
        for (int i = 0; i < size(); i++) {
            double a = component(i);
            double b = other.component(i);
            if (a != b && !(Double.isNaN(a) && Double.isNaN(b))) {
                return false;
            }
        }
        return true;
    }

    private boolean isZero() {
        for (int i = 0; i < size(); i++) {
            if (component(i) != 0.0) {
                return false;
            }
        }
        return true;
    }

    /** @return a hash consistent with {@link #equals}: zero gradient components do not contribute */
    @Override
    public int hashCode() {
        int h = Double.hashCode(value);
        for (int i = 0; i < size(); i++) {
            double gi = component(i);
            if (gi != 0.0) {
                h += (31 * i + 17) * Double.hashCode(gi);
            }
        }
        return h;
    }

    /** @return e.g. {@code "1.5 [0.0, 2.0]"}, or just {@code "1.5"} for a constant */
    @Override
    public String toString() {
        return size() == 0 ? Double.toString(value) : value + " " + Arrays.toString(gradient());
    }
}
