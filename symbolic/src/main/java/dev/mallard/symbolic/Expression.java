package dev.mallard.symbolic;

import dev.mallard.scalar.Scalar;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * An immutable symbolic expression over {@link Variable}s: Mallard's own expression graph. Nodes are
 * shared freely between expressions (building {@code a + b} never copies {@code a} or {@code b}), so
 * repeated symbolic simulation steps produce a directed acyclic graph, and every traversal (evaluation,
 * differentiation, substitution, printing of variables) visits each shared node once.
 *
 * <p>The factory methods fold constants and apply the trivial identities at construction
 * ({@code x + 0 = x}, {@code x * 1 = x}, {@code x * 0 = 0}, {@code x - x = 0}, {@code x^1 = x},
 * {@code --x = x}, constants collected in sums and products), so derivatives and symbolic steps stay
 * small. These identities are the algebraic ones: {@code x * 0} is 0 even though {@code inf * 0} is NaN
 * in floating point.
 *
 * <p>Equality is structural ({@code x + y} equals another {@code x + y} over the same variables, but not
 * {@code y + x}); the hash code is cached. None of the methods here start Symja; see
 * {@link dev.mallard.symja.Symja} for simplification and factoring.
 *
 * <p>Immutable and thread-safe.
 */
public final class Expression {

    /** The constant 0. */
    public static final Expression ZERO = new Expression(0.0);
    /** The constant 1. */
    public static final Expression ONE = new Expression(1.0);
    /** The constant -1. */
    public static final Expression MINUS_ONE = new Expression(-1.0);
    /** The constant 2. */
    public static final Expression TWO = new Expression(2.0);

    /** The {@code Scalar} of expressions: write a system once and trace it symbolically with this. */
    public static final Scalar<Expression> SCALAR = ExpressionScalar.INSTANCE;

    private final Operator op;
    private final double value;
    private final Variable variable;
    private final Expression a;
    private final Expression b;
    private final int hash;
    // Nodes of the expression written out as a tree, saturating at MAX_HINT: an upper bound on the graph's
    // node count, used to size the traversal maps (growing them dominated the cost of differentiation).
    private final int treeSize;

    private static final int MAX_HINT = 1 << 16;

    private Expression(double value) {
        this.op = Operator.CONSTANT;
        this.value = value;
        this.variable = null;
        this.a = null;
        this.b = null;
        this.hash = Double.hashCode(value);
        this.treeSize = 1;
    }

    private Expression(Variable variable) {
        this.op = Operator.VARIABLE;
        this.value = 0.0;
        this.variable = variable;
        this.a = null;
        this.b = null;
        this.hash = 31 * variable.hashCode() + 7;
        this.treeSize = 1;
    }

    private Expression(Operator op, Expression a, Expression b) {
        this.op = op;
        this.value = 0.0;
        this.variable = null;
        this.a = a;
        this.b = b;
        this.hash = (op.ordinal() * 1_000_003 + a.hash) * 31 + (b == null ? 0 : b.hash);
        this.treeSize = Math.min(MAX_HINT, 1 + a.treeSize + (b == null ? 0 : b.treeSize));
    }

    /** An upper bound (capped) on the number of distinct nodes, for sizing traversal maps. */
    int sizeHint() {
        return treeSize;
    }

    static Expression ofVariable(Variable v) {
        return new Expression(v);
    }

    // ---- structure -------------------------------------------------------------------------------

    /**
     * @return the operator of this node
     */
    public Operator operator() {
        return op;
    }

    /**
     * The i-th argument of this node.
     *
     * @param i 0 or 1, below {@code operator().arity()}
     * @return the argument
     * @throws IndexOutOfBoundsException if this node has no argument {@code i}
     */
    public Expression argument(int i) {
        if (i < 0 || i >= op.arity()) {
            throw new IndexOutOfBoundsException("argument " + i + " of a " + op + " node of arity " + op.arity());
        }
        return i == 0 ? a : b;
    }

    /**
     * @return whether this is a constant (no variables)
     */
    public boolean isConstant() {
        return op == Operator.CONSTANT;
    }

    /**
     * @return whether this is a single variable
     */
    public boolean isVariable() {
        return op == Operator.VARIABLE;
    }

    /**
     * @return the value of a constant node
     * @throws IllegalStateException if this is not a constant
     */
    public double constantValue() {
        if (op != Operator.CONSTANT) {
            throw new IllegalStateException("not a constant: " + this);
        }
        return value;
    }

    /**
     * @return the variable of a variable node
     * @throws IllegalStateException if this is not a variable
     */
    public Variable variable() {
        if (op != Operator.VARIABLE) {
            throw new IllegalStateException("not a variable: " + this);
        }
        return variable;
    }

    private boolean isConstant(double v) {
        return op == Operator.CONSTANT && value == v;
    }

    // ---- factories -------------------------------------------------------------------------------

    /**
     * @param value any double, including NaN and infinities
     * @return the constant expression
     */
    public static Expression constant(double value) {
        if (value == 0.0 && Double.doubleToRawLongBits(value) == 0L) {
            return ZERO;
        }
        if (value == 1.0) {
            return ONE;
        }
        return new Expression(value);
    }

    /**
     * @param v a variable, not null
     * @return the expression of that variable alone (the shared instance {@link Variable#toExpression()})
     */
    public static Expression of(Variable v) {
        return v.toExpression();
    }

    /**
     * Applies an operator to arguments, with the same simplifications as the named factories.
     *
     * @param op an operator of arity 1 or 2
     * @param args exactly {@code op.arity()} arguments, not null
     * @return the expression
     * @throws IllegalArgumentException if the operator is a constant or variable, or the argument count
     *     does not match its arity
     */
    public static Expression apply(Operator op, Expression... args) {
        if (op.arity() == 0 || args.length != op.arity()) {
            throw new IllegalArgumentException(op + " takes " + op.arity() + " argument(s), got " + args.length);
        }
        Expression x = Objects.requireNonNull(args[0], "args[0]");
        Expression y = op.arity() == 2 ? Objects.requireNonNull(args[1], "args[1]") : null;
        switch (op) {
            case ADD: return add(x, y);
            case SUB: return sub(x, y);
            case MUL: return mul(x, y);
            case DIV: return div(x, y);
            case NEG: return neg(x);
            case POW: return pow(x, y);
            case MIN: return min(x, y);
            case MAX: return max(x, y);
            default: return op.arity() == 1 ? unary(op, x) : binary(op, x, y);
        }
    }

    /**
     * @param x left
     * @param y right
     * @return {@code x + y}, simplified
     */
    public static Expression add(Expression x, Expression y) {
        if (x.isConstant() && y.isConstant()) {
            return constant(x.value + y.value);
        }
        if (x.isConstant(0)) {
            return y;
        }
        if (y.isConstant(0)) {
            return x;
        }
        if (x.isConstant()) {
            return add(y, x);
        }
        if (y.isConstant()) {
            if (x.op == Operator.ADD && x.b.isConstant()) {
                return add(x.a, constant(x.b.value + y.value));
            }
            if (x.op == Operator.SUB && x.b.isConstant()) {
                return add(x.a, constant(y.value - x.b.value));
            }
            if (y.value < 0) {
                return new Expression(Operator.SUB, x, constant(-y.value));
            }
        }
        if (y.op == Operator.NEG) {
            return sub(x, y.a);
        }
        if (y.op == Operator.MUL && y.a.isConstant() && y.a.value < 0) {
            return sub(x, mul(constant(-y.a.value), y.b));
        }
        if (x.op == Operator.NEG) {
            return sub(y, x.a);
        }
        return new Expression(Operator.ADD, x, y);
    }

    /**
     * @param x left
     * @param y right
     * @return {@code x - y}, simplified
     */
    public static Expression sub(Expression x, Expression y) {
        if (x.isConstant() && y.isConstant()) {
            return constant(x.value - y.value);
        }
        if (y.isConstant(0)) {
            return x;
        }
        if (x.isConstant(0)) {
            return neg(y);
        }
        if (x.equals(y)) {
            return ZERO;
        }
        if (y.isConstant() && y.value < 0) {
            return add(x, constant(-y.value));
        }
        if (y.op == Operator.NEG) {
            return add(x, y.a);
        }
        if (y.isConstant() && (x.op == Operator.ADD || x.op == Operator.SUB) && x.b.isConstant()) {
            return add(x, constant(-y.value));
        }
        return new Expression(Operator.SUB, x, y);
    }

    /**
     * @param x left
     * @param y right
     * @return {@code x * y}, simplified; a constant factor goes first
     */
    public static Expression mul(Expression x, Expression y) {
        if (x.isConstant() && y.isConstant()) {
            return constant(x.value * y.value);
        }
        if (x.isConstant(0) || y.isConstant(0)) {
            return ZERO;
        }
        if (x.isConstant(1)) {
            return y;
        }
        if (y.isConstant(1)) {
            return x;
        }
        if (y.isConstant()) {
            return mul(y, x);
        }
        if (x.isConstant(-1)) {
            return neg(y);
        }
        if (x.isConstant() && y.op == Operator.MUL && y.a.isConstant()) {
            return mul(constant(x.value * y.a.value), y.b);
        }
        if (x.isConstant() && y.op == Operator.NEG) {
            return mul(constant(-x.value), y.a);
        }
        if (x.equals(y)) {
            return pow(x, TWO);
        }
        return new Expression(Operator.MUL, x, y);
    }

    /**
     * @param x numerator
     * @param y denominator
     * @return {@code x / y}, simplified
     */
    public static Expression div(Expression x, Expression y) {
        if (x.isConstant() && y.isConstant()) {
            return constant(x.value / y.value);
        }
        if (y.isConstant(1)) {
            return x;
        }
        if (y.isConstant(-1)) {
            return neg(x);
        }
        if (x.isConstant(0)) {
            return ZERO;
        }
        return new Expression(Operator.DIV, x, y);
    }

    /**
     * @param x operand
     * @return {@code -x}, simplified
     */
    public static Expression neg(Expression x) {
        switch (x.op) {
            case CONSTANT: return constant(-x.value);
            case NEG: return x.a;
            case SUB: return sub(x.b, x.a);
            case MUL:
                if (x.a.isConstant()) {
                    return mul(constant(-x.a.value), x.b);
                }
                break;
            default:
                break;
        }
        return new Expression(Operator.NEG, x, null);
    }

    /**
     * @param x base
     * @param y exponent
     * @return {@code x ^ y}, simplified
     */
    public static Expression pow(Expression x, Expression y) {
        if (y.isConstant()) {
            if (y.value == 0) {
                return ONE;
            }
            if (y.value == 1) {
                return x;
            }
            if (x.isConstant()) {
                return constant(Evaluation.pow(x.value, y.value));
            }
            if (x.op == Operator.POW && x.b.isConstant() && isInt(x.b.value) && isInt(y.value)) {
                return pow(x.a, constant(x.b.value * y.value));
            }
        }
        if (x.isConstant(1)) {
            return ONE;
        }
        if (x.isConstant() && y.isConstant()) {
            return constant(Evaluation.pow(x.value, y.value));
        }
        return new Expression(Operator.POW, x, y);
    }

    /**
     * @param x base
     * @param n integer exponent
     * @return {@code x ^ n}, simplified
     */
    public static Expression pow(Expression x, int n) {
        return pow(x, constant(n));
    }

    /**
     * @param x base
     * @param p exponent
     * @return {@code x ^ p}, simplified
     */
    public static Expression pow(Expression x, double p) {
        return pow(x, constant(p));
    }

    static boolean isInt(double v) {
        return v == Math.rint(v) && Math.abs(v) <= 1 << 30;
    }

    /**
     * @param x first
     * @param y second
     * @return the smaller value ({@code x} on a tie)
     */
    public static Expression min(Expression x, Expression y) {
        if (x.equals(y)) {
            return x;
        }
        return binary(Operator.MIN, x, y);
    }

    /**
     * @param x first
     * @param y second
     * @return the larger value ({@code x} on a tie)
     */
    public static Expression max(Expression x, Expression y) {
        if (x.equals(y)) {
            return x;
        }
        return binary(Operator.MAX, x, y);
    }

    /**
     * @param y ordinate
     * @param x abscissa
     * @return {@code atan2(y, x)}
     */
    public static Expression atan2(Expression y, Expression x) {
        return binary(Operator.ATAN2, y, x);
    }

    /**
     * @param x first leg
     * @param y second leg
     * @return {@code hypot(x, y)}
     */
    public static Expression hypot(Expression x, Expression y) {
        return binary(Operator.HYPOT, x, y);
    }

    /**
     * @param x radians
     * @return {@code sin(x)}
     */
    public static Expression sin(Expression x) { return unary(Operator.SIN, x); }
    /**
     * @param x radians
     * @return {@code cos(x)}
     */
    public static Expression cos(Expression x) { return unary(Operator.COS, x); }
    /**
     * @param x radians
     * @return {@code tan(x)}
     */
    public static Expression tan(Expression x) { return unary(Operator.TAN, x); }
    /**
     * @param x operand
     * @return {@code asin(x)}
     */
    public static Expression asin(Expression x) { return unary(Operator.ASIN, x); }
    /**
     * @param x operand
     * @return {@code acos(x)}
     */
    public static Expression acos(Expression x) { return unary(Operator.ACOS, x); }
    /**
     * @param x operand
     * @return {@code atan(x)}
     */
    public static Expression atan(Expression x) { return unary(Operator.ATAN, x); }
    /**
     * @param x operand
     * @return {@code sinh(x)}
     */
    public static Expression sinh(Expression x) { return unary(Operator.SINH, x); }
    /**
     * @param x operand
     * @return {@code cosh(x)}
     */
    public static Expression cosh(Expression x) { return unary(Operator.COSH, x); }
    /**
     * @param x operand
     * @return {@code tanh(x)}
     */
    public static Expression tanh(Expression x) { return unary(Operator.TANH, x); }
    /**
     * @param x operand
     * @return {@code exp(x)}
     */
    public static Expression exp(Expression x) { return unary(Operator.EXP, x); }
    /**
     * @param x operand
     * @return {@code exp(x) - 1}
     */
    public static Expression expm1(Expression x) { return unary(Operator.EXPM1, x); }
    /**
     * @param x operand
     * @return {@code log(x)} (natural)
     */
    public static Expression log(Expression x) { return unary(Operator.LOG, x); }
    /**
     * @param x operand
     * @return {@code log(1 + x)}
     */
    public static Expression log1p(Expression x) { return unary(Operator.LOG1P, x); }
    /**
     * @param x operand
     * @return {@code sqrt(x)}
     */
    public static Expression sqrt(Expression x) { return unary(Operator.SQRT, x); }
    /**
     * @param x operand
     * @return {@code cbrt(x)}
     */
    public static Expression cbrt(Expression x) { return unary(Operator.CBRT, x); }
    /**
     * @param x operand
     * @return {@code |x|}
     */
    public static Expression abs(Expression x) { return unary(Operator.ABS, x); }
    /**
     * @param x operand
     * @return {@code sign(x)}
     */
    public static Expression sign(Expression x) { return unary(Operator.SIGN, x); }

    private static Expression unary(Operator op, Expression x) {
        if (x.isConstant()) {
            return constant(op.evaluate(x.value, 0.0));
        }
        if ((op == Operator.ABS || op == Operator.SIGN) && x.op == op) {
            return x;
        }
        return new Expression(op, x, null);
    }

    private static Expression binary(Operator op, Expression x, Expression y) {
        if (x.isConstant() && y.isConstant()) {
            return constant(op.evaluate(x.value, y.value));
        }
        return new Expression(op, x, y);
    }

    // ---- fluent arithmetic -----------------------------------------------------------------------

    /**
     * @param y right operand
     * @return {@code this + y}
     */
    public Expression plus(Expression y) { return add(this, y); }
    /**
     * @param y right operand
     * @return {@code this + y}
     */
    public Expression plus(double y) { return add(this, constant(y)); }
    /**
     * @param y right operand
     * @return {@code this - y}
     */
    public Expression minus(Expression y) { return sub(this, y); }
    /**
     * @param y right operand
     * @return {@code this - y}
     */
    public Expression minus(double y) { return sub(this, constant(y)); }
    /**
     * @param y right operand
     * @return {@code this * y}
     */
    public Expression times(Expression y) { return mul(this, y); }
    /**
     * @param y right operand
     * @return {@code this * y}
     */
    public Expression times(double y) { return mul(this, constant(y)); }
    /**
     * @param y denominator
     * @return {@code this / y}
     */
    public Expression dividedBy(Expression y) { return div(this, y); }
    /**
     * @param y denominator
     * @return {@code this / y}
     */
    public Expression dividedBy(double y) { return div(this, constant(y)); }
    /** @return {@code -this} */
    public Expression negate() { return neg(this); }
    /**
     * @param n integer exponent
     * @return {@code this ^ n}
     */
    public Expression pow(int n) { return pow(this, n); }

    // ---- operations ------------------------------------------------------------------------------

    /**
     * The free variables, in creation order.
     *
     * @return a new sorted set; empty for a constant
     */
    public Set<Variable> getVariables() {
        Set<Variable> out = new TreeSet<>();
        for (Expression e : topologicalOrder()) {
            if (e.op == Operator.VARIABLE) {
                out.add(e.variable);
            }
        }
        return out;
    }

    /**
     * The numeric value under an environment.
     *
     * @param env values for every free variable (it may hold more), not modified
     * @return the value; IEEE semantics (NaN, infinities) as {@code Scalar.DOUBLE}
     * @throws IllegalArgumentException naming the variable if one has no value in {@code env}
     */
    public double evaluate(Environment env) {
        return Evaluation.evaluate(this, env);
    }

    /**
     * The numeric value under a map of variable values.
     *
     * @param values values for every free variable (it may hold more), not modified
     * @return the value
     * @throws IllegalArgumentException naming the variable if one has no (or a null) value
     */
    public double evaluate(Map<Variable, Double> values) {
        return Evaluation.evaluate(this, Environment.of(values));
    }

    /**
     * Replaces variables by expressions, simultaneously (a replacement is not itself substituted
     * again) and simplifying as the factories do.
     *
     * @param replacements variable to replacement, not modified; unmentioned variables stay
     * @return the new expression (this one if nothing was replaced)
     */
    public Expression substitute(Map<Variable, Expression> replacements) {
        return Substitution.substitute(this, replacements);
    }

    /**
     * @param v the variable to replace
     * @param replacement its replacement
     * @return this expression with {@code v} replaced
     */
    public Expression substitute(Variable v, Expression replacement) {
        return substitute(Map.of(v, replacement));
    }

    /**
     * @param v the variable to replace
     * @param value its value
     * @return this expression with {@code v} replaced by the constant
     */
    public Expression substitute(Variable v, double value) {
        return substitute(Map.of(v, constant(value)));
    }

    /**
     * The partial derivative with respect to a variable, simplified at construction. {@code abs},
     * {@code sign}, {@code min}, {@code max} are differentiated piecewise: {@code d|x| = sign(x) dx},
     * {@code d sign(x) = 0}, {@code d min(a, b) = (da + db - sign(a - b) (da - db)) / 2} (the mean of the
     * two one-sided derivatives at a tie).
     *
     * @param v the variable
     * @return the derivative; {@link #ZERO} if {@code v} does not occur
     */
    public Expression differentiate(Variable v) {
        return new Differentiation(v).derivative(this);
    }

    /**
     * The Jacobian matrix {@code J[i][j] = d f_i / d x_j}, sharing subexpressions between entries.
     *
     * @param functions the rows, not null
     * @param variables the columns, not null
     * @return a new {@code functions.size() x variables.size()} array
     */
    public static Expression[][] jacobian(List<Expression> functions, List<Variable> variables) {
        Expression[][] j = new Expression[functions.size()][variables.size()];
        for (int c = 0; c < variables.size(); c++) {
            Differentiation d = new Differentiation(variables.get(c));
            for (int r = 0; r < functions.size(); r++) {
                j[r][c] = d.derivative(functions.get(r));
            }
        }
        return j;
    }

    /**
     * The gradient {@code g[j] = d f / d x_j} of one expression, by reverse accumulation: one pass over
     * {@code f} whatever the number of variables (where {@link #jacobian} differentiates once per variable), so
     * that the gradient of a scalar of many variables, such as a weighted sum {@code w . f(x, p)}, takes time
     * proportional to its size. The entries equal {@code jacobian(List.of(f), variables)[0]} mathematically,
     * with the same piecewise rules; as sums of other terms in another order, they may differ in rounding.
     *
     * @param f the expression, not null
     * @param variables the variables, not null; a variable not in {@code f} gets {@link #ZERO}
     * @return a new array of {@code variables.size()} derivatives
     * @throws NullPointerException if {@code f} or {@code variables} is null
     */
    public static Expression[] gradient(Expression f, List<Variable> variables) {
        return ReverseDifferentiation.gradient(Objects.requireNonNull(f, "f must not be null"),
                Objects.requireNonNull(variables, "variables must not be null"));
    }

    /**
     * Multiplies out products and non-negative integer powers of sums, treating non-polynomial
     * subexpressions ({@code sin(y)}, {@code x/y}, {@code x^0.5}) as atoms (themselves expanded inside).
     * The result is a sum of monomial terms with collected coefficients.
     *
     * @return the expanded expression
     */
    public Expression expand() {
        return PolynomialConversion.expand(this);
    }

    /**
     * Whether {@link #toPolynomial(Collection)} succeeds: this is a polynomial in {@code variables} with
     * numeric coefficients (only {@code + - *}, division by constants and non-negative integer powers,
     * and no other variables).
     *
     * @param variables the polynomial's variables
     * @return true if it is such a polynomial
     */
    public boolean isPolynomial(Collection<Variable> variables) {
        return PolynomialConversion.findNonPolynomial(this, variables) == null;
    }

    /**
     * @return whether this is a polynomial in its own free variables
     */
    public boolean isPolynomial() {
        return isPolynomial(getVariables());
    }

    /**
     * The polynomial in the given variables with numeric coefficients equal to this expression
     * (products multiplied out).
     *
     * @param variables the polynomial's variables
     * @return the polynomial
     * @throws NotPolynomialException naming the first offending subexpression (a function, a division by
     *     a non-constant, a non-integer or negative power, or a variable not in {@code variables})
     */
    public Polynomial toPolynomial(Collection<Variable> variables) {
        return PolynomialConversion.toPolynomial(this, variables);
    }

    /**
     * The degree in one variable.
     *
     * @param v the variable
     * @return the highest power of {@code v} in the expanded polynomial (0 if absent)
     * @throws NotPolynomialException if this is not a polynomial in its free variables
     */
    public int degree(Variable v) {
        return toPolynomial(getVariables()).degree(v);
    }

    /**
     * @return the total degree of the expanded polynomial in all its free variables
     * @throws NotPolynomialException if this is not a polynomial in its free variables
     */
    public int degree() {
        return toPolynomial(getVariables()).totalDegree();
    }

    /**
     * Readable infix form with minimal parentheses, e.g. {@code x^2*sin(y) - 3*x}; the formula parser
     * reads it back to an equal expression (for variables with identifier names). Printing writes shared
     * subexpressions out in full each time they occur, so the text of a long symbolic simulation can be
     * exponentially longer than its graph: it is cut at a million characters, ending with a
     * {@code [truncated ...]} note.
     *
     * @return the formula
     */
    @Override
    public String toString() {
        return new InfixPrinter().print(this);
    }

    /**
     * The LaTeX form. Variables: a name of letters then digits takes the digits as a subscript ({@code x1} is
     * {@code x_{1}}, {@code lc2} is {@code \mathit{lc}_{2}}), the part after a name's first {@code _} is its
     * subscript ({@code x_dot} is {@code x_{\mathit{dot}}}), Greek letter names print as the letter
     * ({@code theta1} is {@code \theta_{1}}), other names of several letters as one italic word. Constants:
     * integers without a decimal point, others in the shortest decimal that reads back to the same double
     * ({@code 14.7}; see {@link dev.mallard.scalar.Format#shortest}), powers of ten as {@code 1.5 \cdot 10^{-7}}.
     *
     * @return the LaTeX form (math mode, without the surrounding {@code $})
     */
    public String toLatex() {
        return new LatexPrinter().print(this);
    }

    /**
     * Structural equality: same operators, same constants (compared as {@link Double#compare}), same
     * variables (by identity), in the same arrangement.
     */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Expression)) {
            return false;
        }
        Expression e = (Expression) o;
        if (hash != e.hash || op != e.op) {
            return false;
        }
        switch (op) {
            case CONSTANT: return Double.compare(value, e.value) == 0;
            case VARIABLE: return variable == e.variable;
            default: return a.equals(e.a) && (b == null || b.equals(e.b));
        }
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /**
     * The nodes of this expression, each once, children before parents. Iterative, so that graphs deeper
     * than the call stack (long symbolic simulations) can be traversed; the graph algorithms process
     * nodes in this order, finding each child's result already computed.
     *
     * @return a new list in topological order ending with this expression
     */
    List<Expression> topologicalOrder() {
        List<Expression> out = new ArrayList<>(treeSize);
        Set<Expression> done = Collections.newSetFromMap(new IdentityHashMap<>(treeSize));
        List<Expression> stack = new ArrayList<>();
        stack.add(this);
        while (!stack.isEmpty()) {
            Expression e = stack.get(stack.size() - 1);
            if (done.contains(e)) {
                stack.remove(stack.size() - 1);
                continue;
            }
            boolean ready = true;
            if (e.b != null && !done.contains(e.b)) {
                stack.add(e.b);
                ready = false;
            }
            if (e.a != null && !done.contains(e.a)) {
                stack.add(e.a);
                ready = false;
            }
            if (ready) {
                stack.remove(stack.size() - 1);
                done.add(e);
                out.add(e);
            }
        }
        return out;
    }
}
