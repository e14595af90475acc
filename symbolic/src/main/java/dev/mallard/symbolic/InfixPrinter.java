package dev.mallard.symbolic;

import dev.mallard.scalar.Format;

/**
 * Prints an expression as a formula with the fewest parentheses that the formula parser reads back to
 * the same tree: sums and products associate to the left, {@code ^} to the right, unary minus binds
 * tighter than {@code *} and looser than {@code ^}.
 */
final class InfixPrinter {

    static final int SUM = 1;
    static final int PRODUCT = 2;
    static final int UNARY = 3;
    static final int POWER = 4;
    static final int ATOM = 5;

    /**
     * Printing expands shared nodes, so a deep symbolic simulation can have an astronomically long
     * formula: stop at this many characters.
     */
    static final int MAX_LENGTH = 1_000_000;

    /** Unwinds the printer when the formula grows past {@link #MAX_LENGTH}. */
    static final class TooLong extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLong() {
            super(null, null, false, false);
        }
    }

    String print(Expression e) {
        StringBuilder sb = new StringBuilder();
        try {
            write(e, sb);
        } catch (TooLong stop) {
            sb.setLength(MAX_LENGTH);
            sb.append(" ... [truncated: printing repeats shared subexpressions; the graph has ")
                    .append(e.topologicalOrder().size()).append(" nodes]");
        }
        return sb.toString();
    }

    static int precedence(Expression e) {
        switch (e.operator()) {
            case ADD: case SUB: return SUM;
            case MUL: case DIV: return PRODUCT;
            case NEG: return UNARY;
            case POW: return POWER;
            case CONSTANT: return isNegative(e.constantValue()) ? UNARY : ATOM;
            default: return ATOM;
        }
    }

    private static boolean isNegative(double v) {
        return v < 0 || Double.doubleToRawLongBits(v) == Long.MIN_VALUE;
    }

    private void write(Expression e, StringBuilder sb) {
        if (sb.length() > MAX_LENGTH) {
            throw new TooLong();
        }
        switch (e.operator()) {
            case CONSTANT: sb.append(number(e.constantValue())); return;
            case VARIABLE: sb.append(e.variable().name()); return;
            case ADD: infix(e, " + ", SUM, PRODUCT, sb); return;
            case SUB: infix(e, " - ", SUM, PRODUCT, sb); return;
            case MUL: infix(e, "*", PRODUCT, POWER, sb); return;
            case DIV: infix(e, "/", PRODUCT, POWER, sb); return;
            case POW: infix(e, "^", ATOM, POWER, sb); return;
            case NEG:
                sb.append('-');
                child(e.argument(0), UNARY, sb);
                return;
            default:
                sb.append(e.operator().functionName()).append('(');
                write(e.argument(0), sb);
                if (e.operator().arity() == 2) {
                    sb.append(", ");
                    write(e.argument(1), sb);
                }
                sb.append(')');
        }
    }

    private void infix(Expression e, String symbol, int leftMin, int rightMin, StringBuilder sb) {
        child(e.argument(0), leftMin, sb);
        sb.append(symbol);
        child(e.argument(1), rightMin, sb);
    }

    private void child(Expression c, int min, StringBuilder sb) {
        if (precedence(c) < min) {
            sb.append('(');
            write(c, sb);
            sb.append(')');
        } else {
            write(c, sb);
        }
    }

    /**
     * Integers without a trailing ".0"; other values in the shortest text that reads back to the same double
     * ({@link Format#shortest}).
     */
    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return (isNegative(v) && v == 0 ? "-" : "") + Long.toString((long) v);
        }
        return Format.shortest(v);
    }
}
