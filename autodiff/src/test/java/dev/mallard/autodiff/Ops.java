package dev.mallard.autodiff;

import dev.mallard.scalar.Scalar;
import java.util.List;
import java.util.Random;

/**
 * Every operation of {@link Scalar}, by name, written once against {@code Scalar<T>} so that the same
 * test case runs with {@link Scalar#DOUBLE} (reference values and finite differences) and with {@link
 * AutoDiff#SCALAR} (derivatives). Mixed forms carry their double operand in the name ("powd 0.5").
 */
final class Ops {

    /** Unary operations, including the mixed forms with a fixed double or int operand. */
    static final List<String> UNARY = List.of("neg", "square", "sin", "cos", "tan", "asin", "acos", "atan",
            "sinh", "cosh", "tanh", "exp", "expm1", "log", "log1p", "sqrt", "cbrt", "abs", "sign",
            "add 2.5", "sub 2.5", "rsub 2.5", "mul -1.5", "div -1.5", "rdiv 2.5",
            "powd 0.5", "powd -1.7", "powd 3.0", "powd 2.5", "powd 0.0",
            "powi -3", "powi -1", "powi 0", "powi 1", "powi 2", "powi 3", "powi 7");

    /** Binary operations on two values of the number type. */
    static final List<String> BINARY = List.of("add", "sub", "mul", "div", "atan2", "pow", "min", "max", "hypot");

    private Ops() {
    }

    static <T> T unary(Scalar<T> s, String op, T a) {
        String[] parts = op.split(" ");
        double c = parts.length > 1 ? Double.parseDouble(parts[1]) : 0.0;
        switch (parts[0]) {
            case "neg": return s.neg(a);
            case "square": return s.square(a);
            case "sin": return s.sin(a);
            case "cos": return s.cos(a);
            case "tan": return s.tan(a);
            case "asin": return s.asin(a);
            case "acos": return s.acos(a);
            case "atan": return s.atan(a);
            case "sinh": return s.sinh(a);
            case "cosh": return s.cosh(a);
            case "tanh": return s.tanh(a);
            case "exp": return s.exp(a);
            case "expm1": return s.expm1(a);
            case "log": return s.log(a);
            case "log1p": return s.log1p(a);
            case "sqrt": return s.sqrt(a);
            case "cbrt": return s.cbrt(a);
            case "abs": return s.abs(a);
            case "sign": return s.sign(a);
            case "add": return s.add(a, c);
            case "sub": return s.sub(a, c);
            case "rsub": return s.sub(c, a);
            case "mul": return s.mul(a, c);
            case "div": return s.div(a, c);
            case "rdiv": return s.div(c, a);
            case "powd": return s.pow(a, c);
            case "powi": return s.pow(a, (int) c);
            default: throw new IllegalArgumentException("unknown unary op " + op);
        }
    }

    static <T> T binary(Scalar<T> s, String op, T a, T b) {
        switch (op) {
            case "add": return s.add(a, b);
            case "sub": return s.sub(a, b);
            case "mul": return s.mul(a, b);
            case "div": return s.div(a, b);
            case "atan2": return s.atan2(a, b);
            case "pow": return s.pow(a, b);
            case "min": return s.min(a, b);
            case "max": return s.max(a, b);
            case "hypot": return s.hypot(a, b);
            default: throw new IllegalArgumentException("unknown binary op " + op);
        }
    }

    /** A random argument where the unary op is smooth and well away from the edges of its domain. */
    static double sample(String op, Random r) {
        String name = op.split(" ")[0];
        switch (name) {
            case "tan": return uniform(r, -1.4, 1.4);
            case "asin": case "acos": return uniform(r, -0.95, 0.95);
            case "log": case "sqrt": return uniform(r, 0.1, 5);
            case "powd": return op.equals("powd 3.0") ? uniform(r, -3, 3) : uniform(r, 0.1, 5);
            case "log1p": return uniform(r, -0.9, 5);
            // Smooth on both sides of 0 but not across it: either sign, away from 0.
            case "cbrt": case "abs": case "sign": case "rdiv": case "powi":
                return (r.nextBoolean() ? 1 : -1) * uniform(r, 0.2, 3);
            default: return uniform(r, -3, 3);
        }
    }

    static double uniform(Random r, double lo, double hi) {
        return lo + (hi - lo) * r.nextDouble();
    }
}
