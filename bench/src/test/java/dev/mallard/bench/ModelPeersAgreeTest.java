package dev.mallard.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
