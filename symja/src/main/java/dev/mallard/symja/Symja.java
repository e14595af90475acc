package dev.mallard.symja;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import java.util.concurrent.atomic.AtomicLong;
import org.matheclipse.core.expression.F;
import org.matheclipse.core.interfaces.IExpr;

/**
 * Computer algebra on Mallard expressions through Symja: simplification, factoring, Taylor series and
 * TeX. The first call on a thread starts that thread's Symja engine (2 to 3.5 s for the first thread of
 * the process); later calls cost milliseconds to seconds depending on the expression. Nothing else in
 * Mallard starts Symja. No global Symja symbol is ever assigned: variables travel as dummy symbols.
 *
 * <p>Thread-safe: each thread uses its own engine.
 */
public final class Symja {

    private static final AtomicLong CALLS = new AtomicLong();

    private Symja() {
    }

    /**
     * @return whether any thread has started a Symja engine in this JVM
     */
    public static boolean isStarted() {
        return SymjaEngine.isStarted();
    }

    /**
     * @return how many calls into Symja this class has made; a diagnostic for checking that a code path
     *     stays away from Symja
     */
    public static long calls() {
        return CALLS.get();
    }

    /**
     * Symja's {@code Simplify}.
     *
     * @param e an expression
     * @return a simpler equivalent, as Symja judges it
     * @throws IllegalArgumentException if Symja's result uses a function Mallard lacks
     */
    public static Expression simplify(Expression e) {
        return apply(e, x -> F.Simplify(x));
    }

    /**
     * Symja's {@code Factor}: factors polynomials over the rationals (integral coefficients stay exact).
     *
     * @param e an expression
     * @return the factored form
     * @throws IllegalArgumentException if Symja's result uses a function Mallard lacks
     */
    public static Expression factor(Expression e) {
        return apply(e, x -> F.Factor(x));
    }

    /**
     * The Taylor polynomial of {@code e} in {@code v} about {@code point} up to {@code order}: every term,
     * including those free of {@code v}. The coefficients {@code (d^k e/dv^k)(point) / k!} come from Mallard's
     * exact differentiation (Symja's {@code Series} drops subtracted terms free of the expansion variable:
     * it expands {@code x - y} to {@code x}); Symja only expands the sum.
     *
     * @param e an expression
     * @param v the expansion variable
     * @param point the expansion point, finite
     * @param order the highest power kept, {@code >= 0}
     * @return the Taylor polynomial, a polynomial in {@code v} whose coefficients may hold other variables
     * @throws IllegalArgumentException if {@code order < 0}, the point is not finite, or Symja's result uses
     *     a function Mallard lacks
     */
    public static Expression series(Expression e, Variable v, double point, int order) {
        if (order < 0) {
            throw new IllegalArgumentException("series order must be >= 0, got " + order);
        }
        if (!Double.isFinite(point)) {
            throw new IllegalArgumentException("series point must be finite, got " + point);
        }
        Expression shift = point == 0 ? v.toExpression() : v.toExpression().minus(point);
        Expression derivative = e;
        Expression sum = Expression.ZERO;
        double factorial = 1;
        for (int k = 0; k <= order; k++) {
            if (k > 0) {
                derivative = derivative.differentiate(v);
                factorial *= k;
            }
            Expression coefficient = derivative.substitute(v, point);
            sum = sum.plus(coefficient.dividedBy(factorial).times(shift.pow(k)));
        }
        return apply(sum, x -> F.Expand(x));
    }

    /**
     * Symja's TeX form of the expression (after Symja's evaluation, which may reorder terms).
     *
     * @param e an expression
     * @return TeX math, without surrounding {@code $}
     */
    public static String toTeX(Expression e) {
        SymjaConverter c = new SymjaConverter();
        IExpr body = c.toIExpr(e);
        CALLS.incrementAndGet();
        return SymjaEngine.evaluate(F.TeXForm(body)).toString();
    }

    private interface Command {
        IExpr wrap(IExpr x);
    }

    private static Expression apply(Expression e, Command command) {
        SymjaConverter c = new SymjaConverter();
        IExpr body = c.toIExpr(e);
        CALLS.incrementAndGet();
        return c.toExpression(SymjaEngine.evaluate(command.wrap(body)));
    }
}
