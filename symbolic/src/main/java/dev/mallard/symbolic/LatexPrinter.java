package dev.mallard.symbolic;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Prints an expression as LaTeX math: fractions, raised exponents, named functions. */
final class LatexPrinter {

    private static final int MAX_LENGTH = InfixPrinter.MAX_LENGTH;

    private static final Set<String> GREEK = Set.of("alpha", "beta", "gamma", "delta", "epsilon", "zeta",
            "eta", "theta", "iota", "kappa", "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "upsilon",
            "phi", "chi", "psi", "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Phi",
            "Psi", "Omega");

    /** Names a formula may use; only these are given subscripts. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");
    /** Letters followed by digits: the digits become a subscript. */
    private static final Pattern INDEXED = Pattern.compile("([A-Za-z]+)([0-9]+)");

    String print(Expression e) {
        StringBuilder sb = new StringBuilder();
        try {
            write(e, sb);
        } catch (InfixPrinter.TooLong stop) {
            sb.setLength(MAX_LENGTH);
            sb.append(" ... [truncated: printing repeats shared subexpressions; the graph has ")
                    .append(e.topologicalOrder().size()).append(" nodes]");
        }
        return sb.toString();
    }

    private static int precedence(Expression e) {
        // A fraction is a self-delimiting block: no parentheses in products, but wrapped as a power base.
        return e.operator() == Operator.DIV ? InfixPrinter.POWER : InfixPrinter.precedence(e);
    }

    private void write(Expression e, StringBuilder sb) {
        if (sb.length() > MAX_LENGTH) {
            throw new InfixPrinter.TooLong();
        }
        switch (e.operator()) {
            case CONSTANT: sb.append(number(e.constantValue())); return;
            case VARIABLE: sb.append(name(e.variable().name())); return;
            case ADD: binary(e, " + ", InfixPrinter.SUM, InfixPrinter.PRODUCT, sb); return;
            case SUB: binary(e, " - ", InfixPrinter.SUM, InfixPrinter.PRODUCT, sb); return;
            case MUL: product(e, sb); return;
            case DIV: wrapped("\\frac{", e.argument(0), "}{", e.argument(1), "}", sb); return;
            case NEG:
                sb.append('-');
                child(e.argument(0), InfixPrinter.UNARY, sb);
                return;
            case POW:
                child(e.argument(0), InfixPrinter.ATOM, sb);
                sb.append("^{");
                write(e.argument(1), sb);
                sb.append('}');
                return;
            default:
                function(e, sb);
        }
    }

    private void function(Expression e, StringBuilder sb) {
        Expression a = e.argument(0);
        switch (e.operator()) {
            case SQRT: wrapped("\\sqrt{", a, "}", null, null, sb); return;
            case CBRT: wrapped("\\sqrt[3]{", a, "}", null, null, sb); return;
            case ABS: wrapped("\\left|", a, "\\right|", null, null, sb); return;
            case EXP: wrapped("e^{", a, "}", null, null, sb); return;
            case LOG: call("\\ln", e, sb); return;
            case ASIN: call("\\arcsin", e, sb); return;
            case ACOS: call("\\arccos", e, sb); return;
            case ATAN: call("\\arctan", e, sb); return;
            case SIN: case COS: case TAN: case SINH: case COSH: case TANH: case MIN: case MAX:
                call("\\" + e.operator().functionName(), e, sb);
                return;
            default:
                call("\\operatorname{" + e.operator().functionName() + "}", e, sb);
        }
    }

    private void call(String name, Expression e, StringBuilder sb) {
        sb.append(name).append("\\left(");
        write(e.argument(0), sb);
        if (e.operator().arity() == 2) {
            sb.append(", ");
            write(e.argument(1), sb);
        }
        sb.append("\\right)");
    }

    private void wrapped(String open, Expression a, String middle, Expression b, String close, StringBuilder sb) {
        sb.append(open);
        write(a, sb);
        sb.append(middle);
        if (b != null) {
            write(b, sb);
            sb.append(close);
        }
    }

    private void product(Expression e, StringBuilder sb) {
        Expression left = e.argument(0);
        Expression right = e.argument(1);
        child(left, InfixPrinter.PRODUCT, sb);
        // "3 x^{2} \sin(y)" reads better with juxtaposition; before a number the dot is needed.
        boolean juxtapose = !right.isConstant() && precedence(right) >= InfixPrinter.POWER;
        sb.append(juxtapose ? " " : " \\cdot ");
        child(right, InfixPrinter.POWER, sb);
    }

    private void binary(Expression e, String symbol, int leftMin, int rightMin, StringBuilder sb) {
        child(e.argument(0), leftMin, sb);
        sb.append(symbol);
        child(e.argument(1), rightMin, sb);
    }

    private void child(Expression c, int min, StringBuilder sb) {
        if (precedence(c) < min) {
            sb.append("\\left(");
            write(c, sb);
            sb.append("\\right)");
        } else {
            write(c, sb);
        }
    }

    private static String number(double v) {
        String s = InfixPrinter.number(v);
        int exp = s.indexOf('E');
        if (exp < 0) {
            return Double.isInfinite(v) ? (v < 0 ? "-\\infty" : "\\infty") : s;
        }
        return s.substring(0, exp) + " \\cdot 10^{" + s.substring(exp + 1) + "}";
    }

    /**
     * A variable's name: {@code x1} as {@code x_{1}}, {@code theta2} as {@code \theta_{2}}, {@code x_dot} as
     * {@code x_{\mathit{dot}}} (the part after the first {@code _} is the subscript), other names of several
     * letters in italics as one word ({@code \mathit{lc}_{1}}), Greek letter names as the letter.
     */
    static String name(String n) {
        if (!PLAIN.matcher(n).matches()) {
            // Not a formula name: kept as written, its underscores escaped so that they print.
            return "\\mathit{" + n.replace("_", "\\_") + "}";
        }
        int under = n.indexOf('_');
        if (under > 0 && under < n.length() - 1) {
            String sub = n.substring(under + 1);
            return word(n.substring(0, under)) + "_{" + (sub.chars().allMatch(Character::isDigit) ? sub : name(sub)) + "}";
        }
        Matcher m = INDEXED.matcher(n);
        if (m.matches()) {
            return word(m.group(1)) + "_{" + m.group(2) + "}";
        }
        return word(n);
    }

    private static String word(String n) {
        if (GREEK.contains(n)) {
            return "\\" + n;
        }
        return n.length() == 1 ? n : "\\mathit{" + n.replace("_", "\\_") + "}";
    }
}
