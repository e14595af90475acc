package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code mallard gradient} through a reset under every scheme with --fixed-step: x' = 1 from x0 = 0.27, reset to 0
 * when x reaches p = 1, so that {@code d x(T) / d(x0, p) = (1, -1)} by the closed form
 * {@code x(T) = T - (p - x0)}, in forward mode and with --adjoint (cost x).
 */
class GradientEventTimeTest {

    private static final String[] SAWTOOTH = {"gradient", "--vars", "x", "--f", "1", "--params", "p=1", "--x0", "0.27",
        "--t-final", "1.55", "--guard", "p - x", "--reset", "0", "--fixed-step", "--max-step", "0.1", "--json"};

    static Stream<String> schemes() {
        return Stream.of("explicit_euler", "semi_explicit_euler", "runge_kutta2", "runge_kutta3", "bogacki_shampine3",
                "runge_kutta5", "implicit_euler", "radau1", "radau3", "velocity_implicit_euler");
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void theFixedStepJacobianThroughAResetIsTheClosedForm(String scheme) {
        CliRun run = CliRun.of(concat(SAWTOOTH, "--integrator", scheme));
        assertEquals(0, run.code(), run.err());
        JsonNode jacobian = run.json().get("jacobian").get(0);
        assertEquals(1.0, jacobian.get(0).asDouble(), 1e-9, run.out());
        assertEquals(-1.0, jacobian.get(1).asDouble(), 1e-9, run.out());
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void theFixedStepAdjointThroughAResetIsTheClosedForm(String scheme) {
        CliRun run = CliRun.of(concat(SAWTOOTH, "--integrator", scheme, "--cost", "x", "--adjoint"));
        assertEquals(0, run.code(), run.err());
        JsonNode gradient = run.json().get("gradient");
        assertEquals(1.0, gradient.get(0).asDouble(), 1e-9, run.out());
        assertEquals(-1.0, gradient.get(1).asDouble(), 1e-9, run.out());
        assertEquals(1.0, gradient.get(2).asDouble(), 1e-9, run.out());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
