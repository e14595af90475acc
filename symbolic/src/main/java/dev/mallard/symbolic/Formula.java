package dev.mallard.symbolic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Parses a formula written by a user, such as {@code "x^2*sin(y) - 3*x"}, into an {@link Expression}.
 * Mallard's own recursive-descent parser: it never starts Symja and reports errors with their column.
 *
 * <p>Grammar, loosest binding first: {@code + -} (left-associative), {@code * /} (left-associative),
 * unary {@code -} and {@code +}, {@code ^} (right-associative; {@code -x^2} is {@code -(x^2)} and
 * {@code 2^-x} is allowed). Numbers: {@code 3}, {@code 0.5}, {@code .5}, {@code 1e-3}, {@code 2.5E+4}.
 * Functions: {@code sin cos tan asin acos atan atan2(y, x) sinh cosh tanh exp expm1 log log1p sqrt cbrt
 * abs sign min(a, b) max(a, b) hypot(a, b)}. Constants: {@code pi} and {@code e}; these and the
 * function names are reserved and never name a variable. Names: a letter or {@code _}, then letters,
 * digits or {@code _}. There is no implicit multiplication: write {@code 2*x}.
 *
 * <p>Limits: nesting (parentheses, function arguments, signs and exponents, each a level) deeper than
 * {@link #MAX_DEPTH} levels is refused, so that parsing never needs a deep call stack; a number too large
 * for a double ({@code 1e400}) is refused rather than read as infinity. Error messages quote at most a
 * short excerpt of a token and write unprintable characters as {@code U+XXXX}, so they stay on one line.
 *
 * <p>Stateless; thread-safe as long as a map passed in is not shared with a concurrent writer.
 */
public final class Formula {

    /** The deepest nesting a formula may have (parentheses, function arguments, signs, exponents). */
    public static final int MAX_DEPTH = 250;

    /** Characters of a token quoted in an error message, at most. */
    private static final int QUOTED_TOKEN = 40;

    private final String text;
    private final Function<String, Variable> resolver;
    private final List<Token> tokens;
    private int pos;
    private int depth;

    private Formula(String text, Function<String, Variable> resolver) {
        this.text = text;
        this.resolver = resolver;
        this.tokens = new Lexer(text).tokens();
    }

    /**
     * Parses a formula, creating a new {@link Variable} for each distinct name (the same name twice
     * in the formula is the same variable). Obtain them with {@link Expression#getVariables()}.
     *
     * @param text the formula, not null
     * @return the expression
     * @throws FormulaParseException naming the column and the culprit (unknown function, unbalanced
     *     parenthesis, unexpected token or character, wrong number of arguments, a number too large,
     *     nesting deeper than {@link #MAX_DEPTH})
     */
    public static Expression parse(String text) {
        return parseCreating(text, new HashMap<>());
    }

    /**
     * Parses a formula whose names must all be in the given map.
     *
     * @param text the formula, not null
     * @param variables name to variable, not modified
     * @return the expression
     * @throws FormulaParseException also for a name not in {@code variables} ("unknown variable")
     */
    public static Expression parse(String text, Map<String, Variable> variables) {
        Objects.requireNonNull(variables, "variables");
        return new Formula(Objects.requireNonNull(text, "text"), variables::get).parseAll();
    }

    /**
     * Parses a formula, taking variables from the map and creating (and adding to the map) a variable
     * for each name not yet in it; pass the same map to several formulas to share their variables.
     *
     * @param text the formula, not null
     * @param variables name to variable, modified: new names are added
     * @return the expression
     * @throws FormulaParseException naming the column and the culprit
     */
    public static Expression parseCreating(String text, Map<String, Variable> variables) {
        Objects.requireNonNull(variables, "variables");
        return new Formula(Objects.requireNonNull(text, "text"), n -> variables.computeIfAbsent(n, Variable::new))
                .parseAll();
    }

    /**
     * Whether a name is reserved (a function name, or the constants {@code pi} and {@code e}) and so can
     * never name a variable in a formula.
     *
     * @param name a name, not null
     * @return true if reserved
     */
    public static boolean isReserved(String name) {
        Objects.requireNonNull(name, "name");
        return name.equals("pi") || name.equals("e") || Operator.functionNamed(name) != null;
    }

    // ---- grammar ---------------------------------------------------------------------------------

    private Expression parseAll() {
        Expression e = sum();
        Token t = peek();
        if (t.kind != Kind.END) {
            if (t.is(")")) {
                throw error(t.column, "unmatched ')'");
            }
            throw error(t.column, "unexpected " + t.describe() + (t.kind == Kind.OPERATOR ? "" : " (missing '*'?)"));
        }
        return e;
    }

    private Expression sum() {
        Expression e = product();
        while (peek().is("+") || peek().is("-")) {
            boolean plus = next().is("+");
            Expression r = product();
            e = plus ? Expression.add(e, r) : Expression.sub(e, r);
        }
        return e;
    }

    private Expression product() {
        Expression e = unary();
        while (peek().is("*") || peek().is("/")) {
            boolean times = next().is("*");
            Expression r = unary();
            e = times ? Expression.mul(e, r) : Expression.div(e, r);
        }
        return e;
    }

    /** Every nesting level passes through here once, so the depth is counted here. */
    private Expression unary() {
        if (++depth > MAX_DEPTH) {
            throw error(peek().column, "formula nested deeper than " + MAX_DEPTH
                    + " levels (parentheses, function arguments, signs and exponents)");
        }
        Expression e;
        if (peek().is("-")) {
            next();
            e = Expression.neg(unary());
        } else if (peek().is("+")) {
            next();
            e = unary();
        } else {
            e = power();
        }
        depth--;
        return e;
    }

    private Expression power() {
        Expression base = primary();
        if (peek().is("^")) {
            next();
            return Expression.pow(base, unary());
        }
        return base;
    }

    private Expression primary() {
        Token t = next();
        switch (t.kind) {
            case NUMBER:
                return Expression.constant(t.number);
            case NAME:
                return name(t);
            case OPERATOR:
                if (t.is("(")) {
                    Expression e = sum();
                    expectClose(t);
                    return e;
                }
                throw error(t.column, "unexpected " + t.describe() + " (expected a number, a name or '(')");
            default:
                throw error(t.column, "unexpected end of formula (expected a number, a name or '(')");
        }
    }

    private Expression name(Token t) {
        Operator f = Operator.functionNamed(t.text);
        boolean call = peek().is("(");
        if (f != null) {
            if (!call) {
                throw error(t.column, "function '" + excerpt(t.text) + "' needs its arguments in parentheses");
            }
            return call(t, f);
        }
        if (isReserved(t.text)) {
            if (call) {
                throw error(t.column, "'" + excerpt(t.text) + "' is a constant, not a function");
            }
            return Expression.constant(t.text.equals("pi") ? Math.PI : Math.E);
        }
        if (call) {
            throw error(t.column, "unknown function '" + excerpt(t.text) + "'");
        }
        Variable v = resolver.apply(t.text);
        if (v == null) {
            throw error(t.column, "unknown variable '" + excerpt(t.text) + "'");
        }
        return v.toExpression();
    }

    private Expression call(Token nameToken, Operator f) {
        Token open = next();
        List<Expression> args = new ArrayList<>();
        args.add(sum());
        while (peek().is(",")) {
            next();
            args.add(sum());
        }
        expectClose(open);
        if (args.size() != f.arity()) {
            throw error(nameToken.column, "function '" + excerpt(nameToken.text) + "' takes " + f.arity()
                    + (f.arity() == 1 ? " argument" : " arguments") + ", got " + args.size());
        }
        return Expression.apply(f, args.toArray(new Expression[0]));
    }

    private void expectClose(Token open) {
        Token t = peek();
        if (t.is(")")) {
            next();
            return;
        }
        if (t.kind == Kind.END) {
            throw error(open.column, "missing ')' for this '('");
        }
        throw error(t.column, "unexpected " + t.describe() + " (expected ')' for the '(' at column " + open.column + ")");
    }

    private Token peek() {
        return tokens.get(pos);
    }

    private Token next() {
        Token t = tokens.get(pos);
        if (t.kind != Kind.END) {
            pos++;
        }
        return t;
    }

    private FormulaParseException error(int column, String problem) {
        return new FormulaParseException(text, column, problem);
    }

    // ---- tokens ----------------------------------------------------------------------------------

    private enum Kind { NUMBER, NAME, OPERATOR, END }

    private static final class Token {
        final Kind kind;
        final String text;
        final double number;
        final int column;

        Token(Kind kind, String text, double number, int column) {
            this.kind = kind;
            this.text = text;
            this.number = number;
            this.column = column;
        }

        boolean is(String op) {
            return kind == Kind.OPERATOR && text.equals(op);
        }

        String describe() {
            switch (kind) {
                case NUMBER: return "number '" + excerpt(text) + "'";
                case NAME: return "name '" + excerpt(text) + "'";
                case OPERATOR: return "'" + text + "'";
                default: return "end of formula";
            }
        }
    }

    /** Splits a formula into tokens, each with its 1-based column. */
    private static final class Lexer {
        private final String s;
        private int i;

        Lexer(String s) {
            this.s = s;
        }

        List<Token> tokens() {
            List<Token> out = new ArrayList<>();
            while (true) {
                while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                    i++;
                }
                if (i >= s.length()) {
                    out.add(new Token(Kind.END, "", 0, s.length() + 1));
                    return out;
                }
                out.add(token());
            }
        }

        private Token token() {
            char c = s.charAt(i);
            int start = i;
            if (isDigit(c) || (c == '.' && i + 1 < s.length() && isDigit(s.charAt(i + 1)))) {
                return number();
            }
            if (Character.isLetter(c) || c == '_') {
                while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
                    i++;
                }
                return new Token(Kind.NAME, s.substring(start, i), 0, start + 1);
            }
            if ("+-*/^(),".indexOf(c) >= 0) {
                i++;
                return new Token(Kind.OPERATOR, String.valueOf(c), 0, start + 1);
            }
            throw new FormulaParseException(s, start + 1, "unexpected character " + printable(c));
        }

        private Token number() {
            int start = i;
            digits();
            if (i < s.length() && s.charAt(i) == '.') {
                i++;
                digits();
            }
            if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
                int mark = i;
                i++;
                if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                    i++;
                }
                if (i < s.length() && isDigit(s.charAt(i))) {
                    digits();
                } else {
                    // Not an exponent ("2*e" written as "2e"): leave the 'e' for the next token.
                    i = mark;
                }
            }
            String text = s.substring(start, i);
            double value = Double.parseDouble(text);
            if (Double.isInfinite(value)) {
                throw new FormulaParseException(s, start + 1, "number '" + excerpt(text)
                        + "' is too large (beyond 1.8e308)");
            }
            return new Token(Kind.NUMBER, text, value, start + 1);
        }

        private void digits() {
            while (i < s.length() && isDigit(s.charAt(i))) {
                i++;
            }
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }
    }

    /** A token for a message: its first characters only, so that a huge token gives a short message. */
    private static String excerpt(String token) {
        return token.length() <= QUOTED_TOKEN ? token : token.substring(0, QUOTED_TOKEN) + "...";
    }

    /** A character for a message: quoted if printable, else as U+XXXX so the message stays one line. */
    private static String printable(char c) {
        int type = Character.getType(c);
        boolean hidden = Character.isISOControl(c) || Character.isSpaceChar(c) || type == Character.FORMAT
                || type == Character.SURROGATE || type == Character.PRIVATE_USE || type == Character.UNASSIGNED
                || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR;
        return hidden ? String.format("U+%04X", (int) c) : "'" + c + "'";
    }
}
