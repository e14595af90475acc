package dev.mallard.roa;

import dev.mallard.sdp.SdpProblem;

import java.util.Arrays;
import java.util.Locale;

/**
 * Issue 30's measurement of correlative sparsity: the coupled Van der Pol chain ({@link CoupledVanDerPol}) with
 * the separable V of {@link #separableCandidate}, analysed dense and with {@link SosOptions.Sparsity#CORRELATIVE}
 * in one JVM, one after the other. Prints, per n = 2N and form: the certified level, whether it verified, the SDP
 * solves, the largest SDP's Gram blocks (largest block, their count and total size) and equality constraints m,
 * and the analysis's wall seconds and the process's CPU seconds during it (JIT and GC threads included). Arguments: the numbers N of oscillators; {@code -Dforms=dense,correlative}
 * to choose the forms (also {@code term}: {@link SosOptions.Sparsity#TERM}), {@code -Dcone=dsos} (or sdsos) the
 * Gram cone.
 */
final class CorrelativeChainScale {

    private CorrelativeChainScale() {
    }

    /**
     * @param oscillators N
     * @return {@code sum_i 1.5 p_i^2 - p_i q_i + q_i^2}: each oscillator's own quadratic Lyapunov function (its
     *     linearisation {@code p' = -q, q' = p - q} gives P = [1.5, -0.5; -0.5, 1] from A'P + PA = -I)
     */
    static String separableCandidate(int oscillators) {
        StringBuilder v = new StringBuilder();
        for (int i = 1; i <= oscillators; i++) {
            String p = "x" + (2 * i - 1);
            String q = "x" + 2 * i;
            v.append(i > 1 ? " + " : "").append("1.5*").append(p).append("^2 - ").append(p).append('*').append(q)
                    .append(" + ").append(q).append("^2");
        }
        return v.toString();
    }

    /** The largest SDP seen: its block sizes and constraint count. */
    static final class Largest {
        int[] blocks = new int[0];
        int m;

        void see(SdpProblem p) {
            if (p.constraintCount() > m) {
                m = p.constraintCount();
                blocks = p.blockSizes().clone();
            }
        }

        String describe() {
            int largest = Arrays.stream(blocks).max().orElse(0);
            return String.format(Locale.ROOT, "%4d %5d %6d %7d", largest, blocks.length, Arrays.stream(blocks).sum(), m);
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /**
     * @param args numbers of oscillators
     */
    public static void main(String[] args) {
        String forms = System.getProperty("forms", "dense,correlative");
        System.out.println("form         n          rho verified solves  maxB  #blk  sumB       m  wall_s   cpu_s");
        for (String a : args) {
            int oscillators = Integer.parseInt(a);
            SosFamily.Member chain = CoupledVanDerPol.chain(oscillators);
            SosFamily.Member member = new SosFamily.Member(chain.name(), chain.states(), chain.dynamics(), "",
                    separableCandidate(oscillators));
            for (String form : forms.split(",")) {
                Largest largest = new Largest();
                SosOptions sos = SosOptions.defaults().withProblemObserver(largest::see)
                        .withCone(SosOptions.Cone.valueOf(System.getProperty("cone", "sos").toUpperCase(Locale.ROOT)))
                        .withSparsity(form.equals("dense") ? SosOptions.Sparsity.NONE
                                : SosOptions.Sparsity.valueOf(form.toUpperCase(Locale.ROOT)));
                long start = System.nanoTime();
                long cpu = processCpuNanos();
                String line;
                try {
                    RegionOfAttractionResult r = member.analyze(RegionOfAttractionOptions.defaults().withMultiplierDegree(Integer.getInteger("multiplierDegree", -1))
                            .withSosOptions(sos).withSimulationCheck(0, 1.0, 1e-3, 1));
                    line = String.format(Locale.ROOT, "%-11s %2d %12.8f %8s %6d %s", form, 2 * oscillators, r.rho(),
                            r.isVerified(), r.sdpSolves(), largest.describe());
                } catch (RuntimeException e) {
                    line = form + " " + 2 * oscillators + " failed: " + e.getMessage();
                }
                System.out.printf(Locale.ROOT, "%s %7.1f %7.1f%n", line, (System.nanoTime() - start) * 1e-9,
                        (processCpuNanos() - cpu) * 1e-9);
            }
        }
    }
}
