package dev.mallard.autodiff;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;

/**
 * The type class of {@link AutoDiff}: every operation of {@link Scalar} on values with gradients.
 * Values are computed exactly as {@link Scalar#DOUBLE} computes them (bit for bit); derivatives and
 * their edge rules are documented on the corresponding {@link AutoDiff} methods. {@link #of(double)}
 * gives constants (no gradient array); every value is numeric, so comparisons act on {@link
 * AutoDiff#value()}. Operations throw {@link NullPointerException} for a null operand and {@link
 * IllegalArgumentException} when two non-constant gradients differ in size. Obtain it as {@link
 * AutoDiff#SCALAR}.
 */
public final class AutoDiffScalar implements Scalar<AutoDiff> {

    /** The only instance. */
    public static final AutoDiffScalar INSTANCE = new AutoDiffScalar();

    private AutoDiffScalar() {
    }

    @Override public String name() { return "AutoDiff"; }
    @Override public Class<AutoDiff> type() { return AutoDiff.class; }
    @Override public boolean isNumeric() { return true; }

    /**
     * A constant of this type: the value with no derivatives.
     *
     * @param value any double
     * @return a constant (zero gradient of any size, no array allocated)
     */
    @Override
    public AutoDiff of(double value) {
        return AutoDiff.constant(value);
    }

    /** @return the shared constant 0 */
    @Override
    public AutoDiff zero() {
        return AutoDiff.ZERO;
    }

    /** @return the shared constant 1 */
    @Override
    public AutoDiff one() {
        return AutoDiff.ONE;
    }

    @Override
    public double value(AutoDiff a) {
        return a.value();
    }

    @Override
    public AutoDiff[] newArray(int length) {
        return new AutoDiff[Checks.nonNegative(length, "length")];
    }

    @Override public AutoDiff add(AutoDiff a, AutoDiff b) { return a.add(b); }
    @Override public AutoDiff add(AutoDiff a, double b) { return a.add(b); }
    @Override public AutoDiff sub(AutoDiff a, AutoDiff b) { return a.sub(b); }
    @Override public AutoDiff sub(AutoDiff a, double b) { return a.sub(b); }
    @Override public AutoDiff sub(double a, AutoDiff b) { return b.subFrom(a); }
    @Override public AutoDiff mul(AutoDiff a, AutoDiff b) { return a.mul(b); }
    @Override public AutoDiff mul(AutoDiff a, double b) { return a.mul(b); }
    @Override public AutoDiff div(AutoDiff a, AutoDiff b) { return a.div(b); }
    @Override public AutoDiff div(AutoDiff a, double b) { return a.div(b); }
    @Override public AutoDiff div(double a, AutoDiff b) { return b.divInto(a); }
    @Override public AutoDiff neg(AutoDiff a) { return a.neg(); }
    @Override public AutoDiff square(AutoDiff a) { return a.square(); }

    /**
     * The fused {@link Scalar#linearCombination}: the value and the gradient in one pass with at most one
     * new gradient array (constants add only their value), equal bit for bit to the chain of {@code add} and
     * {@code mul} that the interface documents.
     *
     * @throws IllegalArgumentException also if two non-constant gradients (of {@code base} or a term)
     *     differ in size; the message names both sizes
     */
    @Override
    public AutoDiff linearCombination(AutoDiff base, double[] coefficients, AutoDiff[] terms, int count) {
        Scalar.checkLinearCombination(base, coefficients, terms, count);
        return AutoDiff.linearCombination(base, coefficients, terms, count);
    }

    /**
     * The fused {@link Scalar#scaledLinearCombination}: value and gradient in one pass with at most one new
     * gradient array, equal bit for bit to the chain of {@code linearCombination}, {@code mul} and {@code add}
     * that the interface documents.
     *
     * @throws IllegalArgumentException also if two non-constant gradients (of {@code base}, {@code scale} or a
     *     term) differ in size; the message names both sizes
     */
    @Override
    public AutoDiff scaledLinearCombination(AutoDiff base, AutoDiff scale, double[] coefficients, AutoDiff[] terms,
            int count) {
        Checks.notNull(scale, "scale");
        Scalar.checkLinearCombination(base, coefficients, terms, count);
        return AutoDiff.scaledLinearCombination(base, scale, coefficients, terms, count);
    }

    @Override public AutoDiff sin(AutoDiff a) { return a.sin(); }
    @Override public AutoDiff cos(AutoDiff a) { return a.cos(); }
    @Override public AutoDiff tan(AutoDiff a) { return a.tan(); }
    @Override public AutoDiff asin(AutoDiff a) { return a.asin(); }
    @Override public AutoDiff acos(AutoDiff a) { return a.acos(); }
    @Override public AutoDiff atan(AutoDiff a) { return a.atan(); }
    @Override public AutoDiff atan2(AutoDiff y, AutoDiff x) { return y.atan2(x); }
    @Override public AutoDiff sinh(AutoDiff a) { return a.sinh(); }
    @Override public AutoDiff cosh(AutoDiff a) { return a.cosh(); }
    @Override public AutoDiff tanh(AutoDiff a) { return a.tanh(); }
    @Override public AutoDiff exp(AutoDiff a) { return a.exp(); }
    @Override public AutoDiff expm1(AutoDiff a) { return a.expm1(); }
    @Override public AutoDiff log(AutoDiff a) { return a.log(); }
    @Override public AutoDiff log1p(AutoDiff a) { return a.log1p(); }
    @Override public AutoDiff sqrt(AutoDiff a) { return a.sqrt(); }
    @Override public AutoDiff cbrt(AutoDiff a) { return a.cbrt(); }
    @Override public AutoDiff pow(AutoDiff a, double p) { return a.pow(p); }
    @Override public AutoDiff pow(AutoDiff a, int n) { return a.pow(n); }
    @Override public AutoDiff pow(AutoDiff a, AutoDiff p) { return a.pow(p); }
    @Override public AutoDiff abs(AutoDiff a) { return a.abs(); }
    @Override public AutoDiff sign(AutoDiff a) { return a.sign(); }
    @Override public AutoDiff min(AutoDiff a, AutoDiff b) { return a.min(b); }
    @Override public AutoDiff max(AutoDiff a, AutoDiff b) { return a.max(b); }
    @Override public AutoDiff hypot(AutoDiff a, AutoDiff b) { return a.hypot(b); }

    @Override
    public String toString() {
        return "AutoDiff.SCALAR";
    }
}
