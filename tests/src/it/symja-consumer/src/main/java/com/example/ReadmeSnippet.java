package com.example;

import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Operator;
import dev.mallard.symbolic.Variable;
import dev.mallard.symja.Symja;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** README.md's symja snippet, as a user's program compiled against the BOM and mallard-symja only. */
public final class ReadmeSnippet {

    public static void main(String[] args) {
        // ---- README: symja ----
        // Computer algebra at the edges: Symja's engine starts on the first call (seconds), never on a numeric path.
        Map<String, Variable> vars = new HashMap<>();
        Expression e = Formula.parseCreating("sin(x)^2 + cos(x)^2 + x^2 - 3*x + 1", vars);
        Expression simple = Symja.simplify(e);
        Expression factored = Symja.factor(simple);
        Expression taylor = Symja.series(Formula.parse("exp(x)", vars), vars.get("x"), 0.0, 3);
        String tex = Symja.toTeX(Formula.parseCreating("x^2/y", vars));
        // ---- end ----

        Variable x = vars.get("x");
        // sin^2 + cos^2 = 1 leaves x^2 - 3x + 2 = (x - 1)(x - 2); exp's Taylor polynomial 1 + x + x^2/2 + x^3/6
        System.out.println("simplified at x = 3: " + simple.evaluate(new Environment().put(x, 3.0)));
        System.out.println("factored is a product = " + (factored.operator() == Operator.MUL));
        System.out.println("factored vanishes at x = 1 and 2 = " + (factored.evaluate(new Environment().put(x, 1.0)) == 0
                && factored.evaluate(new Environment().put(x, 2.0)) == 0));
        System.out.println(String.format(Locale.ROOT, "taylor at x = 0.5: %.10f", taylor.evaluate(
                new Environment().put(x, 0.5))));
        System.out.println("tex has frac = " + tex.contains("\\frac"));
    }
}
