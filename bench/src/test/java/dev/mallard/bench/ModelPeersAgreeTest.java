package dev.mallard.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.bench.model.AcrobotScalar;
import dev.mallard.examples.Acrobot;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The four forms of the acrobot in {@link ModelBenchmark} compute the same numbers. */
class ModelPeersAgreeTest {

    private static ModelBenchmark prepared(ModelBenchmark.Form form) {
        ModelBenchmark b = new ModelBenchmark();
        b.form = form;
        b.prepare();
        return b;
    }

    @Test
    void everyFormGivesTheSameDerivativesSimulationAndGradient() {
        ModelBenchmark num = prepared(ModelBenchmark.Form.NUM);
        ModelBenchmark scalar = prepared(ModelBenchmark.Form.SCALAR);
        // Num performs the Scalar form's operations in the same order: bit for bit.
        assertEquals(num.derivatives(), scalar.derivatives(), 0.0);
        assertEquals(num.simulate(), scalar.simulate(), 0.0);
        assertEquals(num.gradient(), scalar.gradient(), 0.0);
        for (ModelBenchmark.Form form : new ModelBenchmark.Form[] {ModelBenchmark.Form.COMPILED,
            ModelBenchmark.Form.SPECIALISED}) {
            ModelBenchmark other = prepared(form);
            assertEquals(num.derivatives(), other.derivatives(), 1e-12, form.name());
            assertEquals(num.simulate(), other.simulate(), 1e-9, form.name());
        }
        assertEquals(num.gradient(), prepared(ModelBenchmark.Form.COMPILED).gradient(), 1e-9);
    }

    /** Traced symbolically, both forms give the same expression graph, so compiling them gives the same code. */
    @Test
    void numAndScalarFormsTraceToTheSameEquations() {
        SystemSymbolicInspector num = SystemSymbolicInspector.of(new Acrobot<>(Scalar.DOUBLE));
        SystemSymbolicInspector scalar = SystemSymbolicInspector.of(new AcrobotScalar<>(Scalar.DOUBLE));
        Map<Variable, Expression> rename = new HashMap<>();
        rename.put(scalar.getTimeVariable(), num.getTimeVariable().toExpression());
        for (List<List<Variable>> pair : List.of(List.of(scalar.getStateVariables(), num.getStateVariables()),
                List.of(scalar.getInputVariables(), num.getInputVariables()),
                List.of(scalar.getParameterVariables(), num.getParameterVariables()))) {
            for (int i = 0; i < pair.get(0).size(); i++) {
                rename.put(pair.get(0).get(i), pair.get(1).get(i).toExpression());
            }
        }
        for (int i = 0; i < 4; i++) {
            assertEquals(num.getTimeDerivatives().get(i), scalar.getTimeDerivatives().get(i).substitute(rename),
                    "derivative " + i);
        }
    }
}
