package dev.mallard.symbolic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

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
 * <p>Lists ({@link #parseList}): formulas separated by {@code ;}, among which definitions {@code name =
 * formula} name intermediate results, in any order: {@code "d = 10 + sin(th)^2; thd; (u + 0.5*thd^2)/d"}.
 * {@link Definitions} holds definitions shared by several formulas. Columns in errors count in the whole
 * list's text.
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
    private final Resolver resolver;
    private final List<Token> tokens;
    private int pos;
    private int depth;
    /** The deepest nesting reached so far. */
    private int maxDepth;

    private Formula(String text, List<Token> tokens, int startDepth, Resolver resolver) {
        this.text = text;
        this.resolver = resolver;
        this.tokens = tokens;
        this.depth = startDepth;
        this.maxDepth = startDepth;
    }

    /** Looks a name up at a column; null if unknown. */
    @FunctionalInterface
    interface Resolver {
        /**
         * @param name a name that is not reserved
         * @param column its 1-based column in the whole text
         * @param depth the nesting depth at the reference
         * @return the expression it stands for, or null if the name is unknown
         */
        Expression resolve(String name, int column, int depth);
    }

    private static Formula single(String text, Resolver resolver) {
        return new Formula(text, new Lexer(text, false).tokens(), 0, resolver);
    }

    private static Resolver variables(Map<String, Variable> variables) {
        return (name, column, depth) -> {
            Variable v = variables.get(name);
            return v == null ? null : v.toExpression();
        };
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
        return single(Objects.requireNonNull(text, "text"), variables(variables)).parseAll();
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
        return single(Objects.requireNonNull(text, "text"),
                (n, column, depth) -> variables.computeIfAbsent(n, Variable::new).toExpression()).parseAll();
    }

    /**
     * Parses formulas separated by {@code ;}, among which may be definitions {@code name = formula}: for
     * example {@code "d = 10 + sin(th)^2; thd; (u + 0.5*thd^2)/d"} gives two expressions, the second with
     * {@code d} replaced by its formula. Definitions may come in any order, use each other and the variables,
     * and are shared (one graph node per definition, however often it is used); they are not returned. A
     * trailing {@code ;} is allowed; an empty entry between two {@code ;} is not.
     *
     * @param text the entries, not null
     * @param variables name to variable, not modified; every name a formula uses must be here or defined
     * @return the formulas that are not definitions, in order (empty for a blank text)
     * @throws FormulaParseException naming the column in {@code text} and the culprit: as {@link #parse(String,
     *     Map)}, and a definition whose name is reserved, a variable's or defined twice, definitions that
     *     refer to each other in a cycle (the column of the reference that closes it), an empty entry, nesting
     *     through definitions deeper than {@link #MAX_DEPTH}
     */
    public static List<Expression> parseList(String text, Map<String, Variable> variables) {
        return parseList(text, variables, Definitions.NONE);
    }

    /**
     * As {@link #parseList(String, Map)}, where the formulas may also use earlier {@code definitions} (for
     * example a command line's {@code --let}).
     *
     * @param text the entries, not null
     * @param variables name to variable, not modified
     * @param definitions definitions the entries may use, not null; a new definition may not reuse their names
     * @return the formulas that are not definitions, in order
     * @throws FormulaParseException as {@link #parseList(String, Map)}
     */
    public static List<Expression> parseList(String text, Map<String, Variable> variables, Definitions definitions) {
        return new ListParser(Objects.requireNonNull(text, "text"), Objects.requireNonNull(variables, "variables"),
                Objects.requireNonNull(definitions, "definitions")).run(false).formulas;
    }

    /**
     * Parses one formula whose names are variables of the map or names of {@code definitions}.
     *
     * @param text the formula, not null
     * @param variables name to variable, not modified
     * @param definitions definitions it may use, not null
     * @return the expression, with each defined name replaced by its definition
     * @throws FormulaParseException as {@link #parse(String, Map)}, also for nesting through definitions deeper
     *     than {@link #MAX_DEPTH}
     */
    public static Expression parse(String text, Map<String, Variable> variables, Definitions definitions) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(variables, "variables");
        Objects.requireNonNull(definitions, "definitions");
        Resolver plain = variables(variables);
        return single(text, (name, column, depth) -> {
            Expression d = definitions.expression(name);
            if (d == null) {
                return plain.resolve(name, column, depth);
            }
            checkNesting(text, column, depth - 1 + definitions.depth(name), name);
            return d;
        }).parseAll();
    }

    /**
     * Parses a matrix of formulas, rows separated by {@code ;} and the entries of a row by {@code ,} (separators
     * inside parentheses, as in {@code atan2(y, x)}, belong to the entry): {@code "m1 + m2, m2*cos(q); m2*cos(q),
     * m2"}. The entries may use the variables of the map and the names of {@code definitions}; definitions cannot
     * stand among them.
     *
     * @param text the rows, not null
     * @param variables name to variable, not modified
     * @param definitions definitions the entries may use, not null
     * @return the rows, each a list of the same length, at least one row
     * @throws FormulaParseException naming the column in {@code text}: as {@link #parse(String, Map, Definitions)},
     *     and an empty entry or row, or a row whose length differs from the first row's
     */
    public static List<List<Expression>> parseMatrix(String text, Map<String, Variable> variables,
            Definitions definitions) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(variables, "variables");
        Objects.requireNonNull(definitions, "definitions");
        List<List<Expression>> rows = new ArrayList<>();
        for (int[] row : topLevelPieces(text, 0, text.length(), ';')) {
            List<Expression> entries = new ArrayList<>();
            for (int[] entry : topLevelPieces(text, row[0], row[1], ',')) {
                String piece = text.substring(entry[0], entry[1]);
                if (piece.isBlank()) {
                    throw new FormulaParseException(text, entry[0] + 1, "empty matrix entry");
                }
                try {
                    entries.add(parse(piece, variables, definitions));
                } catch (FormulaParseException e) {
                    throw new FormulaParseException(text, entry[0] + e.column(), e.problem());
                }
            }
            if (!rows.isEmpty() && entries.size() != rows.get(0).size()) {
                throw new FormulaParseException(text, row[0] + 1, "matrix row " + (rows.size() + 1) + " has "
                        + entries.size() + " entries, the first row " + rows.get(0).size());
            }
            rows.add(List.copyOf(entries));
        }
        return List.copyOf(rows);
    }

    /** The [start, end) ranges of {@code text[from, to)} between the separators outside parentheses. */
    private static List<int[]> topLevelPieces(String text, int from, int to, char separator) {
        List<int[]> out = new ArrayList<>();
        int depth = 0;
        int start = from;
        for (int i = from; i <= to; i++) {
            char c = i < to ? text.charAt(i) : separator;
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (c == separator && (depth <= 0 || i == to)) {
                if (separator == ';' && text.substring(start, i).isBlank()) {
                    throw new FormulaParseException(text, start + 1, "empty matrix row");
                }
                out.add(new int[] {start, i});
                start = i + 1;
            }
        }
        return out;
    }

    /** Parses definitions only, for {@link Definitions#parse}. */
    static Definitions parseDefinitions(String text, Map<String, Variable> variables, Definitions outer) {
        return new ListParser(Objects.requireNonNull(text, "text"), Objects.requireNonNull(variables, "variables"),
                Objects.requireNonNull(outer, "outer")).run(true).definitions;
    }

    private static void checkNesting(String text, int column, int depth, String through) {
        if (depth > MAX_DEPTH) {
            throw new FormulaParseException(text, column, "formula nested deeper than " + MAX_DEPTH
                    + " levels through definition '" + excerpt(through) + "'");
        }
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

    /**
     * Whether a name can stand for a variable or a definition in a formula: a letter or {@code _}, then letters,
     * digits and {@code _}, and not {@link #isReserved reserved}.
     *
     * @param name a name, not null
     * @return true if valid
     */
    public static boolean isValidName(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty() || !(Character.isLetter(name.charAt(0)) || name.charAt(0) == '_')) {
            return false;
        }
        return name.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_') && !isReserved(name);
    }

    // ---- grammar ---------------------------------------------------------------------------------

    private Expression parseAll() {
        Expression e = sum();
        Token t = peek();
        if (t.kind != Kind.END) {
            if (t.is(")")) {
                throw error(t.column, "unmatched ')'");
            }
            throw error(t.column, "unexpected " + t.describe() + (t.is("=") ? " (a definition is 'name = formula')"
                    : t.kind == Kind.OPERATOR ? "" : " (missing '*'?)"));
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
        maxDepth = Math.max(maxDepth, depth + 1);
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
        Expression v = resolver.resolve(t.text, t.column, depth);
        if (v == null) {
            throw error(t.column, "unknown variable '" + excerpt(t.text) + "'");
        }
        return v;
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

    // ---- lists and definitions ---------------------------------------------------------------------

    /** Parses a ';'-separated list of formulas and definitions (see {@link #parseList}). */
    private static final class ListParser {
        private final String text;
        private final Map<String, Variable> variables;
        private final Definitions outer;
        /** The local definitions in text order. */
        private final Map<String, Def> defs = new LinkedHashMap<>();
        private final List<List<Token>> formulaEntries = new ArrayList<>();
        private List<Expression> formulas;
        private Definitions definitions;

        ListParser(String text, Map<String, Variable> variables, Definitions outer) {
            this.text = text;
            this.variables = variables;
            this.outer = outer;
        }

        /** A local definition: its name token, body, placeholder variable and, once resolved, its expression. */
        private static final class Def {
            final Token name;
            final List<Token> body;
            final Variable placeholder;
            final List<Ref> refs = new ArrayList<>();
            Expression raw;
            int ownDepth;
            Expression resolved;
            int depth;

            Def(Token name, List<Token> body) {
                this.name = name;
                this.body = body;
                this.placeholder = new Variable(name.text);
            }
        }

        /** A reference from a definition's body to another local definition. */
        private record Ref(String name, int column, int depth) {
        }

        ListParser run(boolean definitionsOnly) {
            split(definitionsOnly);
            for (Def d : defs.values()) {
                Formula f = new Formula(text, d.body, 0, (name, column, depth) -> {
                    Def target = defs.get(name);
                    if (target != null) {
                        d.refs.add(new Ref(name, column, depth));
                        return target.placeholder.toExpression();
                    }
                    return outerOrVariable(name, column, depth);
                });
                d.raw = f.parseAll();
                d.ownDepth = f.maxDepth;
            }
            resolveInOrder();
            formulas = new ArrayList<>();
            for (List<Token> entry : formulaEntries) {
                formulas.add(new Formula(text, entry, 0, (name, column, depth) -> {
                    Def target = defs.get(name);
                    if (target != null) {
                        checkNesting(text, column, depth - 1 + target.depth, name);
                        return target.resolved;
                    }
                    return outerOrVariable(name, column, depth);
                }).parseAll());
            }
            Map<String, Expression> expressions = new LinkedHashMap<>();
            Map<String, Integer> depths = new LinkedHashMap<>();
            for (Def d : defs.values()) {
                expressions.put(d.name.text, d.resolved);
                depths.put(d.name.text, d.depth);
            }
            definitions = outer.with(expressions, depths);
            return this;
        }

        private Expression outerOrVariable(String name, int column, int depth) {
            Expression d = outer.expression(name);
            if (d != null) {
                checkNesting(text, column, depth - 1 + outer.depth(name), name);
                return d;
            }
            Variable v = variables.get(name);
            return v == null ? null : v.toExpression();
        }

        /** Splits the tokens at ';' into definitions and formulas, checking the defined names. */
        private void split(boolean definitionsOnly) {
            List<Token> tokens = new Lexer(text, true).tokens();
            List<Token> entry = new ArrayList<>();
            for (Token t : tokens) {
                if (!t.is(";") && t.kind != Kind.END) {
                    entry.add(t);
                    continue;
                }
                // The entry ends here: an END token at this column closes it, so errors point at the ';'.
                Token end = new Token(Kind.END, "", 0, t.column);
                if (entry.isEmpty()) {
                    if (t.kind != Kind.END) {
                        throw new FormulaParseException(text, t.column, "empty entry before ';'");
                    }
                } else if (entry.size() >= 2 && entry.get(0).kind == Kind.NAME && entry.get(1).is("=")) {
                    define(entry.get(0), entry.subList(2, entry.size()), end);
                } else if (definitionsOnly) {
                    throw new FormulaParseException(text, entry.get(0).column,
                            "expected a definition 'name = formula'");
                } else {
                    entry.add(end);
                    formulaEntries.add(List.copyOf(entry));
                }
                entry = new ArrayList<>();
            }
        }

        private void define(Token name, List<Token> body, Token end) {
            String n = name.text;
            String problem = null;
            if (isReserved(n)) {
                problem = "'" + excerpt(n) + "' is reserved (a function or constant name) and cannot be defined";
            } else if (variables.containsKey(n)) {
                problem = "'" + excerpt(n) + "' is already a variable; a definition needs a new name";
            } else if (outer.expression(n) != null) {
                problem = "'" + excerpt(n) + "' is already defined";
            } else if (defs.containsKey(n)) {
                problem = "'" + excerpt(n) + "' is defined twice (first at column " + defs.get(n).name.column + ")";
            }
            if (problem != null) {
                throw new FormulaParseException(text, name.column, problem);
            }
            if (body.isEmpty()) {
                throw new FormulaParseException(text, end.column, "no formula after '=' in the definition of '"
                        + excerpt(n) + "'");
            }
            List<Token> withEnd = new ArrayList<>(body);
            withEnd.add(end);
            defs.put(n, new Def(name, List.copyOf(withEnd)));
        }

        /**
         * Resolves the definitions children first (Kahn's algorithm, iterative); what is left over lies on or
         * behind a cycle, reported with its path at the column of the reference that starts it.
         */
        private void resolveInOrder() {
            Map<String, Integer> pending = new LinkedHashMap<>();
            Map<String, List<Def>> users = new HashMap<>();
            List<Def> ready = new ArrayList<>();
            for (Def d : defs.values()) {
                Set<String> needs = new LinkedHashSet<>();
                for (Ref r : d.refs) {
                    if (needs.add(r.name)) {
                        users.computeIfAbsent(r.name, k -> new ArrayList<>()).add(d);
                    }
                }
                pending.put(d.name.text, needs.size());
                if (needs.isEmpty()) {
                    ready.add(d);
                }
            }
            for (int k = 0; k < ready.size(); k++) {
                Def d = ready.get(k);
                resolve(d);
                for (Def user : users.getOrDefault(d.name.text, List.of())) {
                    if (pending.merge(user.name.text, -1, Integer::sum) == 0) {
                        ready.add(user);
                    }
                }
            }
            for (Def d : defs.values()) {
                if (d.resolved == null) {
                    throw cycleFrom(d);
                }
            }
        }

        private void resolve(Def d) {
            Map<Variable, Expression> values = new HashMap<>();
            int depth = d.ownDepth;
            for (Ref r : d.refs) {
                Def target = defs.get(r.name);
                values.put(target.placeholder, target.resolved);
                checkNesting(text, r.column, r.depth - 1 + target.depth, r.name);
                depth = Math.max(depth, r.depth - 1 + target.depth);
            }
            d.resolved = d.raw.substitute(values);
            d.depth = depth;
        }

        /** Follows unresolved references from {@code start} until a definition repeats. */
        private FormulaParseException cycleFrom(Def start) {
            List<Def> path = new ArrayList<>();
            List<Ref> via = new ArrayList<>();
            Def d = start;
            while (!path.contains(d)) {
                path.add(d);
                Ref next = null;
                for (Ref r : d.refs) {
                    if (defs.get(r.name).resolved == null) {
                        next = r;
                        break;
                    }
                }
                via.add(next);
                d = defs.get(next.name);
            }
            int from = path.indexOf(d);
            StringBuilder names = new StringBuilder();
            for (Def c : path.subList(from, path.size())) {
                names.append(excerpt(c.name.text)).append(" -> ");
            }
            names.append(excerpt(d.name.text));
            return new FormulaParseException(text, via.get(from).column,
                    "definitions refer to each other in a cycle: " + names);
        }
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
        private final boolean list;
        private int i;

        /** {@code list}: also ';' (between entries) and '=' (in definitions) are tokens. */
        Lexer(String s, boolean list) {
            this.s = s;
            this.list = list;
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
            if ("+-*/^(),".indexOf(c) >= 0 || (list && (c == ';' || c == '='))) {
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
