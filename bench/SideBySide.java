import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;

/**
 * GradientBenchmark's peers from several benchmark jars (each built from a different commit) in one JVM, each jar
 * in its own class loader, every peer of every jar run in turn for a given time; prints the fastest run of each
 * after the first 40% of the time (warm-up), and the ratios. On a loaded machine, where two JMH runs minutes apart
 * differ by more than the change measured, this compares commits under the same load. Not part of the Maven build:
 *
 * <pre>
 * java bench/SideBySide.java SECONDS before/benchmarks.jar after/benchmarks.jar [more.jar ...]
 * </pre>
 *
 * Set VDP_ONLY=1 to leave out the chain (more rounds of Van der Pol in the same time). Set PEERS to a comma-separated
 * subset of the five peers to run only those: a peer run alone in its JVM ({@code PEERS=mallardDouble}, then {@code
 * PEERS=mallardAutoDiff}) is what a program that uses one number type sees, since no call site of the user's system
 * then sees a second type.
 */
public final class SideBySide {

    private static final String[] ALL_PEERS = {"mallardCompiledAutoDiff", "mallardCompiledDouble", "mallardAutoDiff",
            "mallardDouble", "handWrittenVariational"};
    private static final String[] PEERS = System.getenv("PEERS") == null ? ALL_PEERS
            : System.getenv("PEERS").split(",");
    private static final String[][] CONFIGS = {{"VAN_DER_POL", "RK3_1E6"}, {"VAN_DER_POL", "RK5_FIXED"},
            {"CHAIN", "RK3_1E6"}, {"CHAIN", "RK5_FIXED"}};
    /** Van der Pol runs per round: about the chain's time per round in all. */
    private static final int VDP_REPEATS = 8;

    private SideBySide() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: SideBySide SECONDS JAR...");
        }
        for (String peer : PEERS) {
            if (!Arrays.asList(ALL_PEERS).contains(peer)) {
                throw new IllegalArgumentException("PEERS: '" + peer + "' is not one of " + Arrays.toString(ALL_PEERS));
            }
        }
        double seconds = Double.parseDouble(args[0]);
        String[] jars = Arrays.copyOfRange(args, 1, args.length);
        int jarCount = jars.length;
        int configs = System.getenv("VDP_ONLY") != null ? 2 : CONFIGS.length;
        Object[][] bench = new Object[jarCount][configs];
        Method[][][] peers = new Method[jarCount][configs][PEERS.length];
        for (int j = 0; j < jarCount; j++) {
            ClassLoader loader = new URLClassLoader(new URL[] {new File(jars[j]).toURI().toURL()},
                    ClassLoader.getPlatformClassLoader());
            Class<?> type = loader.loadClass("dev.mallard.bench.GradientBenchmark");
            for (int c = 0; c < configs; c++) {
                Object b = type.getConstructor().newInstance();
                Field model = type.getField("model");
                Field setup = type.getField("setup");
                model.set(b, enumOf(model.getType(), CONFIGS[c][0]));
                setup.set(b, enumOf(setup.getType(), CONFIGS[c][1]));
                type.getMethod("prepare").invoke(b);
                bench[j][c] = b;
                for (int p = 0; p < PEERS.length; p++) {
                    peers[j][c][p] = type.getMethod(PEERS[p]);
                }
            }
        }
        long[][][] fastest = new long[jarCount][configs][PEERS.length];
        for (long[][] a : fastest) {
            for (long[] b : a) {
                Arrays.fill(b, Long.MAX_VALUE);
            }
        }
        long start = System.nanoTime();
        long warm = start + (long) (0.4 * seconds * 1e9);
        long end = start + (long) (seconds * 1e9);
        int rounds = 0;
        while (System.nanoTime() < end) {
            boolean record = System.nanoTime() > warm;
            for (int c = 0; c < configs; c++) {
                int repeats = CONFIGS[c][0].equals("CHAIN") ? 1 : VDP_REPEATS;
                for (int r = 0; r < repeats; r++) {
                    for (int p = 0; p < PEERS.length; p++) {
                        for (int i = 0; i < jarCount; i++) {
                            // the jars' order rotates, so that none always runs first
                            int j = (i + rounds + r) % jarCount;
                            long t = System.nanoTime();
                            peers[j][c][p].invoke(bench[j][c]);
                            long d = System.nanoTime() - t;
                            if (record && d < fastest[j][c][p]) {
                                fastest[j][c][p] = d;
                            }
                        }
                    }
                }
            }
            rounds++;
        }
        System.out.println("rounds " + rounds + ", fastest runs in ms");
        for (int c = 0; c < configs; c++) {
            System.out.println(CONFIGS[c][0] + " " + CONFIGS[c][1]);
            for (int p = 0; p < PEERS.length; p++) {
                StringBuilder line = new StringBuilder(String.format("  %-26s", PEERS[p]));
                for (int j = 0; j < jarCount; j++) {
                    line.append(String.format(" %9.3f", fastest[j][c][p] / 1e6));
                }
                for (int j = 1; j < jarCount; j++) {
                    line.append(String.format("  jar%d/jar0 %.3f", j, (double) fastest[j][c][p] / fastest[0][c][p]));
                }
                System.out.println(line);
            }
            for (int j = 0; j < jarCount && PEERS == ALL_PEERS; j++) {
                long[] f = fastest[j][c];
                System.out.printf("  jar%d: compiled AutoDiff/double %.2f, generic AutoDiff/double %.2f,"
                        + " compiled AutoDiff/hand-written variational %.2f%n", j, (double) f[0] / f[1],
                        (double) f[2] / f[3], (double) f[0] / f[4]);
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumOf(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }
}
