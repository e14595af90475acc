package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;

/**
 * Property-based tests of the formula parser: generated formulas, written with the fewest parentheses the
 * grammar allows (and some extra ones and white space), evaluate as a reference evaluator of the generating
 * tree says; mutated formulas either parse or give a {@link FormulaParseException} with a one-line problem
 * and a column inside the text, never another exception.
 */
class FormulaPropertiesTest {

    private static final Variable X = new Variable("x");
    private static final Variable Y = new Variable("y");
    private static final Map<String, Variable> NAMES = Map.of("x", X, "y", Y);

    /** A formula as a tree: what the text means, written independently of the parser. */
    private sealed interface Node permits Num, Var, Neg, Bin, Fn {
    }

    private record Num(String text, double value) implements Node {
    }

    private record Var(String name) implements Node {
    }

    private record Neg(Node x) implements Node {
    }

    /** A binary operator: + - * / ^. */
    private record Bin(char op, Node a, Node b) implements Node {
    }

    /** A function of one or two arguments. */
    private record Fn(String name, List<Node> args) implements Node {
    }

    /** Binding strength, as the grammar has it: sum 1, product 2, unary 3, power 4, primary 5. */
    private static int level(Node n) {
        if (n instanceof Bin b) {
            return b.op == '+' || b.op == '-' ? 1 : b.op == '^' ? 4 : 2;
        }
        return n instanceof Neg ? 3 : 5;
    }

    /** Writes a tree with the fewest parentheses, adding some more and white space at random. */
    private static String write(Node n, Random style) {
        String text;
        if (n instanceof Num num) {
            text = num.text;
        } else if (n instanceof Var v) {
            text = v.name;
        } else if (n instanceof Neg neg) {
            text = "-" + operand(neg.x, 3, style);
        } else if (n instanceof Bin b) {
            int left = b.op == '^' ? 5 : level(b);
            int right = b.op == '^' ? 3 : level(b) + 1;
            text = operand(b.a, left, style) + space(style) + b.op + space(style) + operand(b.b, right, style);
        } else {
            Fn f = (Fn) n;
            StringBuilder s = new StringBuilder(f.name).append('(');
            for (int i = 0; i < f.args.size(); i++) {
                s.append(i == 0 ? "" : "," + space(style)).append(write(f.args.get(i), style));
            }
            text = s.append(')').toString();
        }
        return text;
    }

    private static String operand(Node n, int atLeast, Random style) {
        String text = write(n, style);
        return level(n) < atLeast || style.nextInt(8) == 0 ? "(" + space(style) + text + space(style) + ")" : text;
    }

    private static String space(Random style) {
        return switch (style.nextInt(6)) {
            case 0 -> " ";
            case 1 -> "\t";
            case 2 -> "  ";
            default -> "";
        };
    }

    /** Thrown by the reference evaluator where a result would be ill-conditioned, to discard the case. */
    private static final class IllConditioned extends RuntimeException {
        private static final long serialVersionUID = 1L;

        IllConditioned() {
            super(null, null, false, false);
        }
    }

    private static final Map<String, DoubleUnaryOperator> UNARY = Map.ofEntries(
            Map.entry("sin", Math::sin), Map.entry("cos", Math::cos), Map.entry("atan", Math::atan),
            Map.entry("exp", Math::exp), Map.entry("expm1", Math::expm1), Map.entry("sinh", Math::sinh),
            Map.entry("cosh", Math::cosh), Map.entry("tanh", Math::tanh), Map.entry("abs", Math::abs),
            Map.entry("cbrt", Math::cbrt), Map.entry("sign", Math::signum),
            Map.entry("sqrt", v -> Math.sqrt(atLeast(v, 1e-3))), Map.entry("log", v -> Math.log(atLeast(v, 1e-3))),
            Map.entry("log1p", v -> Math.log1p(atLeast(v, -1 + 1e-3))),
            Map.entry("asin", v -> Math.asin(within(v, 0.999))), Map.entry("acos", v -> Math.acos(within(v, 0.999))),
            Map.entry("tan", v -> {
                if (Math.abs(Math.cos(v)) < 1e-3) {
                    throw new IllConditioned();
                }
                return Math.tan(v);
            }));

    private static final Map<String, DoubleBinaryOperator> BINARY = Map.of(
            "atan2", (a, b) -> {
                if (Math.hypot(a, b) < 1e-3) {
                    throw new IllConditioned();
                }
                return Math.atan2(a, b);
            },
            "min", Math::min, "max", Math::max, "hypot", Math::hypot);

    private static double atLeast(double v, double bound) {
        if (v < bound) {
            throw new IllConditioned();
        }
        return v;
    }

    private static double within(double v, double bound) {
        if (Math.abs(v) > bound) {
            throw new IllConditioned();
        }
        return v;
    }

    /** The reference value; every intermediate must stay within 1e6 in magnitude, so rounding stays small. */
    private static double reference(Node n, double x, double y) {
        double v;
        if (n instanceof Num num) {
            v = num.value;
        } else if (n instanceof Var var) {
            v = var.name.equals("x") ? x : y;
        } else if (n instanceof Neg neg) {
            v = -reference(neg.x, x, y);
        } else if (n instanceof Bin b) {
            double a = reference(b.a, x, y);
            double c = reference(b.b, x, y);
            v = switch (b.op) {
                case '+' -> a + c;
                case '-' -> a - c;
                case '*' -> a * c;
                case '/' -> a / atLeast(Math.abs(c), 1e-3) * Math.signum(c);
                default -> power(a, c);
            };
        } else {
            Fn f = (Fn) n;
            double a = reference(f.args.get(0), x, y);
            v = f.args.size() == 1 ? UNARY.get(f.name).applyAsDouble(a)
                    : BINARY.get(f.name).applyAsDouble(a, reference(f.args.get(1), x, y));
        }
        if (!(Math.abs(v) <= 1e6)) {
            throw new IllConditioned();
        }
        return v;
    }

    private static double power(double base, double exponent) {
        if (exponent != Math.rint(exponent) && base < 1e-3 || Math.abs(base) < 1e-3 && exponent < 0) {
            throw new IllConditioned();
        }
        return Math.pow(base, exponent);
    }

    @Provide
    Arbitrary<Node> formulas() {
        return Arbitraries.recursive(FormulaPropertiesTest::leaves, FormulaPropertiesTest::compound, 0, 4);
    }

    private static Arbitrary<Node> leaves() {
        Arbitrary<Node> numbers = Arbitraries.of("0", "1", "2", "3", "0.5", ".25", "1e-3", "2.5E+1", "10", "7")
                .map(t -> new Num(t, Double.parseDouble(t)));
        Arbitrary<Node> constants = Arbitraries.of(new Num("pi", Math.PI), new Num("e", Math.E));
        Arbitrary<Node> variables = Arbitraries.of(new Var("x"), new Var("y"));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, numbers), net.jqwik.api.Tuple.of(1, constants), net.jqwik.api.Tuple.of(4, variables));
    }

    private static Arbitrary<Node> compound(Arbitrary<Node> inner) {
        Arbitrary<Node> binary = Combinators.combine(Arbitraries.of('+', '-', '*', '/', '^'), inner, inner)
                .as((op, a, b) -> op == '^' ? new Bin(op, a, smallExponent(b)) : new Bin(op, a, b));
        Arbitrary<Node> unary = Combinators.combine(Arbitraries.of(UNARY.keySet().stream().sorted().toList()), inner)
                .as((name, a) -> new Fn(name, List.of(a)));
        Arbitrary<Node> twoArguments = Combinators.combine(Arbitraries.of(BINARY.keySet().stream().sorted().toList()),
                inner, inner).as((name, a, b) -> new Fn(name, List.of(a, b)));
        return Arbitraries.oneOf(binary, binary, unary, twoArguments, inner.map(Neg::new));
    }

    /** Exponents stay small so that powers do not overflow: a number, or a variable, possibly negated. */
    private static Node smallExponent(Node b) {
        return b instanceof Num || b instanceof Var || b instanceof Neg n && n.x instanceof Var ? b : new Num("2", 2);
    }

    @Property(seed = "20261124", tries = 400)
    void generatedFormulasEvaluateLikeTheReference(@ForAll("formulas") Node tree, @ForAll long style,
            @ForAll @DoubleRange(min = -2, max = 2) double x, @ForAll @DoubleRange(min = -2, max = 2) double y) {
        double expected;
        try {
            expected = reference(tree, x, y);
        } catch (IllConditioned e) {
            Assume.that(false);
            return;
        }
        String text = write(tree, new Random(style));
        double actual = Formula.parse(text, NAMES).evaluate(new Environment().put(X, x).put(Y, y));
        assertEquals(expected, actual, 1e-7 * (1 + Math.abs(expected)), text);
    }

    @Property(seed = "4242", tries = 600)
    void mutatedFormulasParseOrGiveAOneLineErrorWithAColumnInTheText(@ForAll("formulas") Node tree,
            @ForAll long style, @ForAll("mutations") List<Mutation> mutations) {
        String text = write(tree, new Random(style));
        for (Mutation m : mutations) {
            text = m.apply(text);
        }
        try {
            Formula.parse(text, NAMES);
        } catch (FormulaParseException e) {
            assertTrue(e.column() >= 1 && e.column() <= text.length() + 1, e.column() + " in " + text.length());
            assertTrue(e.problem().length() <= 200, e.problem());
            assertTrue(e.problem().chars().noneMatch(c -> Character.isISOControl(c)
                    || Character.getType(c) == Character.LINE_SEPARATOR
                    || Character.getType(c) == Character.PARAGRAPH_SEPARATOR), e.problem());
        } catch (Throwable t) {
            fail("not a FormulaParseException for " + text.length() + " characters: " + t, t);
        }
    }

    /** An edit of a formula's text at a relative position in [0, 1). */
    private record Mutation(int kind, double where, String piece) {
        String apply(String text) {
            int at = (int) (where * (text.length() + 1));
            return switch (kind) {
                case 0 -> text.substring(0, at) + piece + text.substring(at);
                case 1 -> at < text.length() ? text.substring(0, at) + text.substring(at + 1) : text;
                case 2 -> text.substring(0, at);
                default -> text.substring(0, at) + piece.repeat(300) + text.substring(at);
            };
        }
    }

    @Provide
    Arbitrary<List<Mutation>> mutations() {
        Arbitrary<String> pieces = Arbitraries.of("(", ")", ",", "+", "-", "*", "^", "/", ".", "e", "1e400", "9e999",
                "#", ";", "\r", "\u2028", "\u0000", "\u0085", "\ud800", "é", "sin", "atan2(", "x y", "2e", "..5",
                "pi(", "z", "-", "1.2.3", "min(1)", "(((((", ")))", " ");
        Arbitrary<Mutation> one = Combinators.combine(Arbitraries.integers().between(0, 3),
                Arbitraries.doubles().between(0, true, 1, false).ofScale(4), pieces).as(Mutation::new);
        return one.list().ofMinSize(1).ofMaxSize(3);
    }
}
