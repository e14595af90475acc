package dev.mallard.symja;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import java.util.concurrent.atomic.AtomicLong;
import org.matheclipse.core.expression.F;
import org.matheclipse.core.expression.S;
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
     * The Taylor polynomial of {@code e} in {@code v} about {@code point} up to {@code order}.
     *
     * @param e an expression
     * @param v the expansion variable
     * @param point the expansion point
     * @param order the highest power kept, {@code >= 0}
     * @return the Taylor polynomial
     * @throws IllegalArgumentException if {@code order < 0}, or Symja's result uses a function Mallard lacks
     */
    public static Expression series(Expression e, Variable v, double point, int order) {
        if (order < 0) {
            throw new IllegalArgumentException("series order must be >= 0, got " + order);
        }
        SymjaConverter c = new SymjaConverter();
        IExpr sym = c.toIExpr(v.toExpression());
        IExpr pt = c.toIExpr(Expression.constant(point));
        IExpr body = c.toIExpr(e);
        CALLS.incrementAndGet();
        IExpr result = SymjaEngine.evaluate(F.unaryAST1(S.Normal, F.Series(body, F.List(sym, pt, F.ZZ(order)))));
        return c.toExpression(result);
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
