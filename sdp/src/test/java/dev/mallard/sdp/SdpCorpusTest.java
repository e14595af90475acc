package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corpus of {@code data/sdp-corpus} (its README says where each file comes from): Drake's region-of-attraction
 * SOS programs with split free variables, digit-changed hinf1 files and SDPLIB problems, each solved and held to
 * CSDP's answer stored beside it ({@code CSDP.csv}, computed here by {@code csdp.sh}).
 *
 * <p>On every problem: Mallard's status is at least CSDP's (CSDP "Success" needs OPTIMAL; "Partial Success" at
 * least NEAR_OPTIMAL where CSDP's own objectives agree to {@link #NEAR_GAP} relative, as Mallard's NEAR_OPTIMAL
 * requires, and at least INACCURATE, Mallard's name for the rest of CSDP's partial successes, where they do not;
 * a CSDP infeasibility the same infeasibility, a CSDP failure nothing); and, right or refused, an OPTIMAL result's
 * two objectives are within 1e-6 relative (of max(1, |objective|)) of CSDP's two, widened by CSDP's own
 * primal-dual difference (which on the hinf problems is 1e-6 to 1e-2, on the SOS programs about 1e-8), a
 * NEAR_OPTIMAL one's within 1e-3 (the objective gap such an iterate may have), and an INACCURATE one's interval
 * between its two objectives meets CSDP's interval widened by 1e-3 (each only brackets the optimum roughly). An
 * infeasibility Mallard reports must be CSDP's. Problems of group {@code large} run only with the JUnit tag
 * {@code sdp-corpus-large} (see the README).
 */
class SdpCorpusTest {

    /** The largest relative objective gap of a NEAR_OPTIMAL result, as in the solver. */
    private static final double NEAR_GAP = 1e-3;

    /** CSDP's answer for one corpus file. */
    record Entry(String file, String group, String status, double primal, double dual, int iterations) {
    }

    /** Walks up from the working directory to the repository's {@code data/sdp-corpus}. */
    static Path directory() {
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("data").resolve("sdp-corpus");
            if (Files.isRegularFile(candidate.resolve("CSDP.csv"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("no data/sdp-corpus/CSDP.csv in " + start + " or a parent directory");
    }

    static List<Entry> entries() {
        try {
            List<Entry> out = new ArrayList<>();
            List<String> lines = Files.readAllLines(directory().resolve("CSDP.csv"));
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split(",", -1);
                out.add(new Entry(f[0], f[1], f[2], f[3].isEmpty() ? Double.NaN : Double.parseDouble(f[3]),
                        f[4].isEmpty() ? Double.NaN : Double.parseDouble(f[4]), Integer.parseInt(f[5])));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Stream<String> defaultProblems() {
        return entries().stream().filter(e -> e.group().equals("default")).map(Entry::file);
    }

    static Stream<String> largeProblems() {
        return entries().stream().filter(e -> e.group().equals("large")).map(Entry::file);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("defaultProblems")
    void statusAtLeastCsdpsAndObjectiveWithinCsdps(String file) throws IOException {
        check(file);
    }

    @Tag("sdp-corpus-large")
    @ParameterizedTest(name = "{0}")
    @MethodSource("largeProblems")
    void largeProblemsAtLeastCsdpsStatusAndObjective(String file) throws IOException {
        check(file);
    }

    private static void check(String file) throws IOException {
        Entry csdp = entries().stream().filter(e -> e.file().equals(file)).findFirst().orElseThrow();
        SdpResult r = new SdpSolver().solve(SdpaFormat.read(directory().resolve(file)));
        String what = file + ": " + r + " against CSDP " + csdp;
        switch (csdp.status()) {
            // CSDP's primal is SDPA's (D), Mallard's dual side: its "primal infeasible" is Mallard's DUAL_INFEASIBLE.
            case "primal_infeasible" -> assertEquals(SdpStatus.DUAL_INFEASIBLE, r.status(), what);
            case "dual_infeasible" -> assertEquals(SdpStatus.PRIMAL_INFEASIBLE, r.status(), what);
            default -> {
                assertTrue(r.status() != SdpStatus.PRIMAL_INFEASIBLE && r.status() != SdpStatus.DUAL_INFEASIBLE, what);
                assertTrue(rank(r.status()) >= required(csdp), what);
                checkObjectives(csdp, r, what);
            }
        }
    }

    /** The rank of the status CSDP's answer amounts to in Mallard's terms. */
    private static int required(Entry csdp) {
        return switch (csdp.status()) {
            case "success" -> rank(SdpStatus.OPTIMAL);
            case "partial" -> relativeGap(csdp.primal(), csdp.dual()) <= NEAR_GAP ? rank(SdpStatus.NEAR_OPTIMAL)
                    : rank(SdpStatus.INACCURATE);
            default -> 0;
        };
    }

    /** The objective gap as the solver measures it: |p - d| / (1 + |p| + |d|). */
    private static double relativeGap(double primal, double dual) {
        return Math.abs(primal - dual) / (1 + Math.abs(primal) + Math.abs(dual));
    }

    /**
     * Both objectives within CSDP's answer widened by its own primal-dual difference (its uncertainty) and by
     * {@code relative * max(1, |CSDP's objective|)}.
     */
    private static void checkObjectives(Entry csdp, SdpResult r, String what) {
        if (Double.isNaN(csdp.primal()) || rank(r.status()) == 0) {
            return;
        }
        double relative = r.status() != SdpStatus.OPTIMAL ? NEAR_GAP : 1e-6;
        double difference = Math.abs(csdp.primal() - csdp.dual());
        double slack = difference + relative * Math.max(1, Math.abs(csdp.primal()));
        double low = Math.min(csdp.primal(), csdp.dual()) - slack;
        double high = Math.max(csdp.primal(), csdp.dual()) + slack;
        if (r.status() == SdpStatus.INACCURATE) {
            double lowest = Math.min(r.primalObjective(), r.dualObjective());
            double highest = Math.max(r.primalObjective(), r.dualObjective());
            assertTrue(highest >= low && lowest <= high, () -> what + ": objectives [" + lowest + ", " + highest
                    + "] do not meet [" + low + ", " + high + "]");
            return;
        }
        for (double objective : new double[] {r.primalObjective(), r.dualObjective()}) {
            assertTrue(objective >= low && objective <= high, () -> what + ": objective " + objective
                    + " outside [" + low + ", " + high + "]");
        }
    }

    private static int rank(SdpStatus status) {
        return switch (status) {
            case OPTIMAL -> 3;
            case NEAR_OPTIMAL -> 2;
            case INACCURATE -> 1;
            default -> 0;
        };
    }
}
