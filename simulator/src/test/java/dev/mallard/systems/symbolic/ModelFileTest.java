package dev.mallard.systems.symbolic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Model files: what they declare, and the file, line and column of every error. */
class ModelFileTest {

    private static final String PENDULUM = """
            name: pendulum
            states: [th, thd]
            inputs: [u]
            parameters: {m: 2, l: 0.5, b: 0.1, g: 9.81}
            definitions:
              I: m*l^2
            dynamics:
              th: thd
              thd: (u - b*thd - m*g*l*sin(th))/I
            outputs:
              height: -l*cos(th)
            equilibrium: {th: 0, thd: 0}
            """;

    @Test
    void thePendulumFileGivesItsEquationsNamesAndValues() {
        ModelFile model = ModelFile.parse(PENDULUM, "pendulum.yaml");
        assertEquals("pendulum", model.name());
        assertEquals("[th, thd]", model.states().toString());
        assertEquals("[u]", model.inputs().toString());
        assertEquals("[m, l, b, g]", model.parameters().toString());
        assertArrayEquals(new double[] {2, 0.5, 0.1, 9.81}, model.parameterValues());
        assertEquals("[height]", model.outputNames().toString());
        assertArrayEquals(new double[] {0, 0}, model.equilibrium().orElseThrow());

        SymbolicVectorSystem<Double> sys = model.toSystem(Scalar.DOUBLE);
        Context<Double> c = sys.createDefaultContext();
        c.setContinuousStateValues(0.3, -1.2);
        sys.getInputPort(0).fixValue(c, 0.7);
        ContinuousState<Double> f = sys.allocateTimeDerivatives();
        sys.calcTimeDerivatives(c, f);
        double inertia = 2 * 0.5 * 0.5;
        assertEquals(-1.2, f.getValue(0), 0);
        assertEquals((0.7 - 0.1 * -1.2 - 2 * 9.81 * 0.5 * Math.sin(0.3)) / inertia, f.getValue(1), 1e-15);
        assertEquals(-0.5 * Math.cos(0.3), sys.getOutputPort(0).eval(c).get(0), 1e-15);
    }

    @Test
    void jsonIsReadToo() {
        ModelFile model = ModelFile.parse("{\"states\": [\"x\"], \"parameters\": {\"k\": \"2*pi\"}, "
                + "\"dynamics\": {\"x\": \"-k*x\"}}", "decay.json");
        assertEquals("model", model.name());
        assertEquals(2 * Math.PI, model.parameterValues()[0], 0);
    }

    @Test
    void aBouncingBallFileImpactsWhenItsClosedFormSays() {
        ModelFile model = ModelFile.parse("""
                name: ball
                states: [z, v]
                parameters: {g: 9.81, cr: 0.8}
                dynamics: {z: v, v: -g}
                events:
                  - guard: z
                    reset: {v: -cr*v}
                """, "ball.yaml");
        SymbolicVectorSystem<Double> sys = model.toSystem(Scalar.DOUBLE);
        Simulator<Double> sim = new Simulator<>(sys);
        sim.getMutableContext().setContinuousStateValues(1.0, 0.0);
        sim.getMutableIntegrator().setTargetAccuracy(1e-10);
        double impact = Math.sqrt(2 / 9.81);
        sim.advanceTo(impact + 1e-3);
        double v = sim.getContext().getContinuousState().getValue(1);
        // After the impact the ball rises at 0.8 times the impact speed, less g times the time since.
        assertEquals(0.8 * 9.81 * impact - 9.81 * 1e-3, v, 1e-6);
        assertEquals("z", model.guards().get(0).toString());
        assertEquals("z", model.reset(0).get(0).toString());
    }

    @Test
    void readsAFileAndNamesItInErrors(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, "states: [x]\ndynamics:\n  x: -x +* 2\n");
        ModelFileException e = assertThrows(ModelFileException.class, () -> ModelFile.read(file));
        assertEquals(file.toString(), e.source());
        assertEquals(3, e.line());
        assertEquals(10, e.column());
        assertTrue(e.getMessage().startsWith(file + ":3:10: dynamics of x: "), e.getMessage());
    }

    @Test
    void formulaErrorsPointAtTheCharacterEvenWhenQuoted() {
        ModelFileException e = assertThrows(ModelFileException.class, () -> ModelFile.parse(
                "states: [th, thd]\ndynamics:\n  th: thd\n  thd: \"-sinn(th)\"\n", "m.yaml"));
        assertEquals(4, e.line());
        assertEquals(10, e.column());
        assertTrue(e.getMessage().contains("sinn"), e.getMessage());
    }

    @Test
    void definitionErrorsPointIntoTheirOwnFormula() {
        ModelFileException cycle = assertThrows(ModelFileException.class, () -> ModelFile.parse(
                "states: [x]\ndefinitions:\n  a: 1 + b\n  b: 2*a\ndynamics: {x: a}\n", "m.yaml"));
        assertTrue(cycle.getMessage().contains("cycle"), cycle.getMessage());
        assertTrue(cycle.line() == 3 || cycle.line() == 4, cycle.getMessage());
        ModelFileException unknown = assertThrows(ModelFileException.class, () -> ModelFile.parse(
                "states: [x]\ndefinitions:\n  a: 1\n  b: 2*zz\ndynamics: {x: a}\n", "m.yaml"));
        assertEquals(4, unknown.line());
        assertEquals(8, unknown.column());
    }

    @Test
    void structuralErrorsNameTheKeyAndItsPlace() {
        assertError("states: [x]\ndynamics: {x: -x}\nspeed: 3\n", 3, 1, "unknown key 'speed'");
        assertError("states: [x, y]\ndynamics: {x: -x}\n", 2, 11, "no formula for the state 'y'");
        assertError("states: [x]\ndynamics: {x: -x, q: 1}\n", 2, 19, "'q' is not a state");
        assertError("states: [x, x]\ndynamics: {x: -x}\n", 1, 13, "already declared");
        assertError("states: [sin]\ndynamics: {sin: 1}\n", 1, 10, "reserved");
        assertError("states: [x]\nparameters: {k: x}\ndynamics: {x: -k*x}\n", 2, 17, "unknown variable 'x'");
        assertError("states: [x]\n", 0, 0, "'dynamics' is missing");
        assertError("states: x\ndynamics: {x: 1}\n", 1, 9, "must be a list");
        assertError("states: [x]\ndynamics: {x: -x}\nequilibrium: {x: 1/0}\n", 3, 18, "not finite");
        assertError("states: [x]\ndynamics: {x: -x, x: 1}\n", 2, 19, "given twice");
        assertError("states: [x\ndynamics: {x: -x}\n", 2, 9, "not valid YAML");
        assertError("", 0, 0, "empty");
    }

    private static void assertError(String text, int line, int column, String part) {
        ModelFileException e = assertThrows(ModelFileException.class, () -> ModelFile.parse(text, "m.yaml"));
        assertTrue(e.getMessage().contains(part), e.getMessage());
        if (line > 0) {
            assertEquals(line + ":" + column, e.line() + ":" + e.column(), e.getMessage());
        }
    }
}
