package dev.mallard.systems.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.FormulaParseException;
import dev.mallard.symbolic.Variable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** A SymbolicVectorSystem whose equations are given as formula text with definitions. */
class SymbolicVectorSystemFormulasTest {

    private final Variable th = new Variable("th");
    private final Variable thd = new Variable("thd");
    private final Variable u = new Variable("u");
    private final Variable m = new Variable("m");
    private final Variable l = new Variable("l");

    @Test
    void textWithDefinitionsGivesTheSameEquationsAsExpressions() {
        SymbolicVectorSystem<Double> fromText = SymbolicVectorSystem.builder()
                .dynamics("thd; (u - g*m*l*sin(th))/I")
                .definitions("I = m*l^2; g = 9.81")
                .output("E = 0.5*I*thd^2 - g*m*l*cos(th); E")
                .state(th, thd).input(u).parameter(m, 2).parameter(l, 0.5).build(Scalar.DOUBLE);
        Map<String, Variable> names = Map.of("th", th, "thd", thd, "u", u, "m", m, "l", l);
        assertEquals(Formula.parseList("thd; (u - 9.81*m*l*sin(th))/(m*l^2)", names), fromText.getDynamics());
        assertEquals(Formula.parse("0.5*(m*l^2)*thd^2 - 9.81*m*l*cos(th)", names), fromText.getOutputs().get(0));
    }

    @Test
    void timeIsNamedTWhenNoTimeVariableIsGiven() {
        SymbolicVectorSystem<Double> s = SymbolicVectorSystem.builder().state(th).dynamics("w = 2; sin(w*t)")
                .build(Scalar.DOUBLE);
        assertEquals(s.getTimeVariable(), s.getDynamics().get(0).getVariables().iterator().next());
    }

    @Test
    void parseErrorsNameTheColumnAndNamesTwoVariablesShareAreUnknown() {
        FormulaParseException e = assertThrows(FormulaParseException.class, () -> SymbolicVectorSystem.builder()
                .state(th, thd).dynamics("thd; a = b; b = a; -a").build(Scalar.DOUBLE));
        assertEquals(10, e.column());
        assertTrue(e.problem().contains("cycle"), e.problem());
        FormulaParseException shared = assertThrows(FormulaParseException.class, () -> SymbolicVectorSystem.builder()
                .state(th, new Variable("th")).dynamics("th; 0").build(Scalar.DOUBLE));
        assertEquals(1, shared.column());
    }

    @Test
    void namesAndParameterValuesAsTextDeclareTheSameSystem() {
        SymbolicVectorSystem<Double> fromNames = SymbolicVectorSystem.builder().state("th, thd").input("u")
                .parameters("m = 2, l = 0.25*2").dynamics("thd; (u - 9.81*m*l*sin(th))/(m*l^2)").build(Scalar.DOUBLE);
        assertEquals(List.of("th", "thd", "u", "m", "l"), Stream.of(
                fromNames.getStateVariables(), fromNames.getInputVariables(), fromNames.getParameterVariables())
                .flatMap(List::stream).map(Variable::name).toList());
        assertEquals(List.of(2.0, 0.5), Arrays.stream(fromNames.createDefaultContext()
                .getNumericParameter(0).toValueArray()).boxed().toList());
        Map<String, Variable> names = Map.of("th", fromNames.getStateVariables().get(0),
                "thd", fromNames.getStateVariables().get(1), "u", fromNames.getInputVariables().get(0),
                "m", fromNames.getParameterVariables().get(0), "l", fromNames.getParameterVariables().get(1));
        assertEquals(Formula.parseList("thd; (u - 9.81*m*l*sin(th))/(m*l^2)", names), fromNames.getDynamics());
    }

    @Test
    void namesAsTextAreRefusedWithTheirColumn() {
        assertRefused(() -> SymbolicVectorSystem.builder().state("x, , y"), "state names \"x, , y\": empty entry at column 3");
        assertRefused(() -> SymbolicVectorSystem.builder().state("x, sin"),
                "state names \"x, sin\": 'sin' is not a valid name at column 4");
        assertRefused(() -> SymbolicVectorSystem.builder().state("x, y, x"),
                "state names \"x, y, x\": 'x' is declared twice (column 7)");
        assertRefused(() -> SymbolicVectorSystem.builder().state("x, y").input("u, y"),
                "input \"u, y\": 'y' at column 4 is already declared");
        assertRefused(() -> SymbolicVectorSystem.builder().state("x").parameters("k = 1, x = 2"),
                "parameter \"k = 1, x = 2\": 'x' at column 8 is already declared");
        FormulaParseException e = assertThrows(FormulaParseException.class,
                () -> SymbolicVectorSystem.builder().parameters("k = 1, c = 1/0"));
        assertEquals(12, e.column());
    }

    private static void assertRefused(Executable call, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
    }
}
