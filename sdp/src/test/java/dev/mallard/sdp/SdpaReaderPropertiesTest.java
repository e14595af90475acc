package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Property-based test of the SDPA reader on mutated SDPLIB files: each is either read exactly as an
 * independent reference parse reads it, or refused with a {@link SdpaFormatException} naming a line of the
 * file; never another exception, and never more memory than the documented bound (proportional to the
 * file, plus the table of blocks times (m + 1) matrices).
 */
class SdpaReaderPropertiesTest {

    /** Small SDPLIB problems, so that many mutations run in a second or two. */
    private static final List<String> FILES = List.of("truss1.dat-s", "truss4.dat-s", "truss3.dat-s", "hinf1.dat-s",
            "hinf4.dat-s", "control1.dat-s");

    private static final Map<String, List<String>> LINES = new LinkedHashMap<>();

    private static synchronized List<String> lines(String name) {
        return LINES.computeIfAbsent(name, n -> {
            try {
                String text = Files.readString(SdplibFiles.directory().resolve(n), StandardCharsets.ISO_8859_1);
                return List.of(text.split("\r\n|\r|\n"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** One edit of a file's lines; positions are fractions in [0, 1) of the line count or line length. */
    private record Mutation(int kind, double line, double token, String piece) {
        List<String> apply(List<String> in) {
            List<String> out = new ArrayList<>(in);
            // Half of the edits hit the header (the first four lines), where sizes are declared.
            int at = kind % 2 == 0 ? (int) (line * Math.min(4, out.size())) : (int) (line * out.size());
            switch (kind) {
                case 0, 1 -> out.set(at, replaceToken(out.get(at), token, piece));
                case 2, 3 -> out.remove(at);
                case 4, 5 -> out.add(at, out.get(at));
                case 6, 7 -> out.add(at, piece);
                default -> {
                    String l = out.get(at);
                    out.set(at, l.substring(0, (int) (token * l.length())));
                    out.subList(at + 1, out.size()).clear();
                }
            }
            return out;
        }

        private static String replaceToken(String line, double where, String piece) {
            String[] tokens = line.trim().split("\\s+");
            tokens[(int) (where * tokens.length)] = piece;
            return String.join(" ", tokens);
        }
    }

    @Provide
    Arbitrary<List<Mutation>> mutations() {
        Arbitrary<String> pieces = Arbitraries.of("0", "-1", "1", "7", "1.5", "-0", "1e400", "NaN", "Infinity",
                "abc", "1D2", "46341", "65536", "999999999", "2000000000", "2147483648", "1e9", "{", "}", "\"",
                "* a comment", "0 1 1 1 1", "1 1 1 1", "0 1 1 1 1 1", "9 9 9 9 9", "1 2 3 4 1e400", "");
        Arbitrary<Double> fraction = Arbitraries.doubles().between(0, true, 1, false).ofScale(4);
        return Combinators.combine(Arbitraries.integers().between(0, 8), fraction, fraction, pieces)
                .as(Mutation::new).list().ofMinSize(1).ofMaxSize(3);
    }

    @Property(seed = "314159", tries = 300)
    void mutatedSdplibFilesAreReadAsTheReferenceOrRefusedWithALine(@ForAll("files") String name,
            @ForAll("mutations") List<Mutation> mutations) {
        List<String> lines = lines(name);
        for (Mutation m : mutations) {
            if (lines.isEmpty()) {
                break;
            }
            lines = m.apply(lines);
        }
        String text = String.join("\n", lines) + "\n";
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        SdpProblem problem = null;
        try {
            problem = SdpaFormat.readSparse(new StringReader(text));
        } catch (SdpaFormatException e) {
            assertTrue(e.line() >= 0 && e.line() <= lines.size(), e.getMessage());
            assertTrue(e.getMessage().startsWith(e.line() == 0 ? "end of input: " : "line " + e.line() + ": "),
                    e.getMessage());
        } catch (Throwable t) {
            fail("not an SdpaFormatException: " + t, t);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        long bound = (32L << 20) + 64L * text.length() + 8 * SdpaFormat.MAX_MATRIX_TABLE;
        assertTrue(allocated <= bound, allocated + " bytes allocated, bound " + bound);
        if (problem != null) {
            assertSameAsReference(problem, Reference.parse(text));
        }
    }

    @Provide
    Arbitrary<String> files() {
        return Arbitraries.of(FILES);
    }

    private static void assertSameAsReference(SdpProblem problem, Reference expected) {
        assertEquals(expected.m, problem.constraintCount());
        assertArrayEquals(expected.sizes, problem.blockSizes());
        assertArrayEquals(expected.costs, problem.costs());
        int[][] counts = new int[expected.m + 1][expected.sizes.length];
        for (Map.Entry<List<Integer>, Double> e : expected.entries.entrySet()) {
            List<Integer> key = e.getKey();
            assertEquals(e.getValue().doubleValue(), problem.entry(key.get(0) - 1, key.get(1), key.get(2), key.get(3)), 0.0,
                    key::toString);
            counts[key.get(0)][key.get(1)]++;
        }
        for (int k = 0; k <= expected.m; k++) {
            for (int b = 0; b < expected.sizes.length; b++) {
                assertTrue(problem.entryCount(k - 1, b) <= counts[k][b], "extra entries in matrix " + k + ", block " + b);
            }
        }
    }

    /**
     * A second, plain reading of a sparse SDPA file that the reader has accepted: the first token of the
     * first two lines, then the block sizes and the costs (which may run over lines), then one
     * {@code k block row column value} entry a line, lower-triangle entries mirrored and repeats summed.
     */
    private record Reference(int m, int[] sizes, double[] costs, Map<List<Integer>, Double> entries) {

        static Reference parse(String text) {
            List<List<String>> lines = new ArrayList<>();
            for (String line : text.split("\n")) {
                String trimmed = line.strip();
                if (trimmed.startsWith("\"") || trimmed.startsWith("*")) {
                    continue;
                }
                List<String> tokens = Arrays.stream(trimmed.replaceAll("[{}(),]", " ").split("\\s+"))
                        .filter(t -> !t.isEmpty()).toList();
                if (!tokens.isEmpty()) {
                    lines.add(tokens);
                }
            }
            int m = (int) Double.parseDouble(lines.get(0).get(0));
            int blocks = (int) Double.parseDouble(lines.get(1).get(0));
            int line = 2;
            int[] sizes = new int[blocks];
            List<String> stream = new ArrayList<>();
            while (stream.size() < blocks) {
                stream.addAll(lines.get(line++));
            }
            for (int b = 0; b < blocks; b++) {
                sizes[b] = (int) Double.parseDouble(stream.get(b));
            }
            stream.clear();
            while (stream.size() < m) {
                stream.addAll(lines.get(line++));
            }
            double[] costs = new double[m];
            for (int i = 0; i < m; i++) {
                costs[i] = number(stream.get(i));
            }
            Map<List<Integer>, Double> entries = new LinkedHashMap<>();
            for (; line < lines.size(); line++) {
                List<String> t = lines.get(line);
                int row = (int) Double.parseDouble(t.get(2)) - 1;
                int col = (int) Double.parseDouble(t.get(3)) - 1;
                List<Integer> key = List.of((int) Double.parseDouble(t.get(0)), (int) Double.parseDouble(t.get(1)) - 1,
                        Math.min(row, col), Math.max(row, col));
                entries.merge(key, number(t.get(4)), Double::sum);
            }
            return new Reference(m, sizes, costs, entries);
        }

        private static double number(String token) {
            return Double.parseDouble(token.replace('D', 'E').replace('d', 'e'));
        }
    }
}
