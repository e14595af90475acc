package dev.mallard.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How toLatex writes variable names and constants. */
class LatexNamesTest {

    private static String latex(String name) {
        return new Variable(name).toExpression().toLatex();
    }

    @Test
    void trailingDigitsAndTheTextAfterAnUnderscoreAreSubscripts() {
        assertEquals("x_{1}", latex("x1"));
        assertEquals("\\mathit{lc}_{2}", latex("lc2"));
        assertEquals("\\theta_{1}", latex("theta1"));
        assertEquals("x_{\\mathit{dot}}", latex("x_dot"));
        assertEquals("m_{1}", latex("m_1"));
        assertEquals("\\mathit{stiffness}_{0}", latex("stiffness_0"));
        assertEquals("\\omega", latex("omega"));
        assertEquals("\\mathit{thd}", latex("thd"));
        assertEquals("x", latex("x"));
        assertEquals("\\mathit{x\\_}", latex("x_"));
        assertEquals("\\mathit{pole mass}", latex("pole mass"));
    }

    @Test
    void constantsPrintInTheShortestTextThatReadsBack() {
        Variable x = new Variable("x");
        assertEquals("14.7 x", Expression.constant(14.7).times(x.toExpression()).toLatex());
        assertEquals("14.700000000000001 x", Expression.constant(1.5).times(Expression.constant(9.8))
                .times(x.toExpression()).toLatex());
        assertEquals("2.0 \\cdot 10^{23} x", Expression.constant(2e23).times(x.toExpression()).toLatex());
        assertEquals("2.0E23*x", Expression.constant(2e23).times(x.toExpression()).toString());
    }
}
