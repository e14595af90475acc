package dev.mallard.symja;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.mallard.symbolic.compile.CompiledFunction;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Building, parsing, printing, evaluating, differentiating, expanding, converting to polynomials and
 * compiling expressions never call into Symja. The call counter must not move; and when this class runs
 * before any Symja test (the module runs test classes alphabetically), Symja's engine must still be off.
 */
class NumericPathsNeverStartSymjaTest {

    @Test
    void noSymbolicOrNumericPathTouchesSymja() {
        long callsBefore = Symja.calls();
        boolean startedBefore = Symja.isStarted();

        Variable x = new Variable("x");
        Variable y = new Variable("y");
        Expression e = Formula.parse("x^2*sin(y) - 3*x + atan2(y, x) + max(x, y)", Map.of("x", x, "y", y));
        Expression built = Expression.SCALAR.add(Expression.SCALAR.mul(e, e), Expression.SCALAR.exp(y.toExpression()));
        double value = built.evaluate(new Environment().put(x, 0.5).put(y, 0.25));
        Expression[][] j = Expression.jacobian(List.of(built), List.of(x, y));
        Expression expanded = Formula.parse("(x + y)^4 - x*sin(y)", Map.of("x", x, "y", y)).expand();
        Polynomial p = Formula.parse("(x + 2*y)^3", Map.of("x", x, "y", y)).toPolynomial(List.of(x, y));
        String printed = built.toString() + built.toLatex() + j[0][1] + expanded + p;
        CompiledFunction compiled = CompiledFunction.compileWithJacobian(List.of(built), List.of(x, y));
        double[] out = new double[1];
        compiled.evaluate(new double[] {0.5, 0.25}, out, new double[2]);

        assertEquals(value, out[0], 0.0);
        assertFalse(printed.isEmpty());
        assertEquals(callsBefore, Symja.calls(), "a symbolic or numeric path called into Symja");
        if (!startedBefore) {
            assertFalse(Symja.isStarted(), "Symja's engine was started by a symbolic or numeric path");
        }
    }
}
