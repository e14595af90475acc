package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The SDPs that Mallard's region-of-attraction analysis builds for published polynomial systems (the
 * test resources' {@code sos-family}, exported by roa's {@code SosFamily}; see the README there), each
 * solved to OPTIMAL with the objective CSDP 6.2 prints for the same file ({@code CSDP.csv}); CSDP reports
 * "Success" on every one.
 */
class SosFamilyTest {

    private static final String DIRECTORY = "/sos-family/";

    /**
     * Hahn's system, second SDP: the primal slack and the Gram matrix lose rank in the same directions (no
     * strictly complementary solution), the Schur complement's diagonal spans 1e8 to 1e17 near the optimum, and
     * the run ends NEAR_OPTIMAL with CSDP's objective to 8 digits; its objectives are still held to 1e-6. (Its
     * first SDP ends OPTIMAL since the solver's robust second pass.)
     */
    private static final Set<String> NEAR_OPTIMAL_KNOWN = Set.of("hahn-2");

    /** problem name to CSDP's objective (its primal, our dual (D) objective), in file order. */
    static Map<String, Double> csdpObjectives() {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String line : lines(DIRECTORY + "CSDP.csv").subList(1, lines(DIRECTORY + "CSDP.csv").size())) {
            String[] fields = line.split(",");
            if (fields[1].equals("success")) {
                out.put(fields[0], Double.parseDouble(fields[2]));
            }
        }
        return out;
    }

    static Stream<String> problems() {
        return csdpObjectives().keySet().stream();
    }

    /**
     * CSDP prints 8 significant digits; the objective must agree to 1e-6 relative (1e-6 absolute for an
     * objective of magnitude below 1, e.g. CSDP's -1e-40 for a feasibility problem).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("problems")
    void solvedToOptimalWithCsdpsObjective(String name) throws IOException {
        SdpProblem problem;
        try (Reader in = reader(DIRECTORY + name + ".dat-s")) {
            problem = SdpaFormat.readSparse(in);
        }
        SdpResult result = new SdpSolver().solve(problem);
        if (NEAR_OPTIMAL_KNOWN.contains(name)) {
            assertTrue(result.status() == SdpStatus.OPTIMAL || result.status() == SdpStatus.NEAR_OPTIMAL,
                    result::toString);
        } else {
            assertEquals(SdpStatus.OPTIMAL, result.status(), result::toString);
        }
        double csdp = csdpObjectives().get(name);
        double tolerance = 1e-6 * Math.max(1, Math.abs(csdp));
        assertEquals(csdp, result.dualObjective(), tolerance, result::toString);
        assertEquals(csdp, result.primalObjective(), tolerance, result::toString);
    }

    private static Reader reader(String resource) {
        InputStream in = SosFamilyTest.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("test resource " + resource + " not found");
        }
        return new InputStreamReader(in, StandardCharsets.US_ASCII);
    }

    private static List<String> lines(String resource) {
        List<String> out = new ArrayList<>();
        try (Reader in = reader(resource); java.io.BufferedReader r = new java.io.BufferedReader(in)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                out.add(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
