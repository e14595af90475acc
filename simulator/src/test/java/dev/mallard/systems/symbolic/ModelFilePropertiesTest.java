package dev.mallard.systems.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Environment;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/** Model files under generated input: every damaged file is refused with a place inside it, never otherwise. */
class ModelFilePropertiesTest {

    private static final String VALID = """
            name: oscillator
            states: [x, v]
            parameters: {k: 4, c: 0.5}
            definitions:
              spring: -k*x
            dynamics:
              x: v
              v: spring - c*v
            outputs: {energy: 0.5*v^2 + 0.5*k*x^2}
            equilibrium: {x: 0, v: 0}
            """;

    @Property(seed = "20261126", tries = 400)
    void aDamagedFileIsReadOrRefusedWithAPlaceInsideIt(@ForAll @IntRange(min = 0, max = 400) int position,
            @ForAll @CharRange(from = ' ', to = '~') char inserted, @ForAll boolean delete) {
        int at = position % (VALID.length() + 1);
        String text = delete && at < VALID.length()
                ? VALID.substring(0, at) + VALID.substring(at + 1)
                : VALID.substring(0, at) + inserted + VALID.substring(at);
        try {
            ModelFile.parse(text, "damaged.yaml").toSystem(Scalar.DOUBLE);
        } catch (ModelFileException e) {
            String[] lines = text.split("\n", -1);
            assertTrue(e.line() >= 0 && e.line() <= lines.length + 1, e.getMessage());
            assertTrue(e.getMessage().startsWith("damaged.yaml"), e.getMessage());
        }
    }

    @Property(seed = "314159", tries = 100)
    void parameterValuesAndDynamicsAreThoseWritten(@ForAll @DoubleRange(min = -1e3, max = 1e3) double k,
            @ForAll @DoubleRange(min = -10, max = 10) double x) {
        ModelFile model = ModelFile.parse("states: [x]\nparameters: {k: " + k + "}\ndynamics: {x: k*x - x^3}\n",
                "cubic.yaml");
        assertEquals(k, model.parameterValues()[0], 0);
        Environment env = new Environment().put(model.states().get(0), x).put(model.parameters().get(0), k);
        assertEquals(k * x - x * x * x, model.dynamics().get(0).evaluate(env), 1e-12 * (1 + Math.abs(k * x)
                + Math.abs(x * x * x)));
    }
}
