package dev.mallard.roa;

import dev.mallard.sdp.SdpProblem;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Issue 30's measurement of term sparsity beyond sign symmetry: {@code max gamma} such that
 * {@code sum_i f(x_i, y_i)^2 + y_i^2 + x_i^4 - gamma sum_i x_i^2 y_i^2} is SOS, with {@code f = x^2 + x y + y}
 * (no sign symmetry), N disjoint pairs ({@code TermSparsityTest} checks N = 3). The Newton basis holds each
 * pair's y, x^2, x y and the N(N-1)/2 products x_i x_j; term sparsity puts the products in blocks of one.
 * Prints per N and form the bound, the SDP's largest block, block count, m, and the solve's wall and the
 * process's CPU seconds. Arguments: the numbers N; {@code -Dforms=dense,term} chooses the forms.
 */
final class TermPairsScale {

    private TermPairsScale() {
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /**
     * @param args numbers of pairs
     */
    public static void main(String[] args) {
        String forms = System.getProperty("forms", "dense,term");
        System.out.println("form    N          gamma  maxB  #blk      m  wall_s   cpu_s");
        for (String a : args) {
            int pairs = Integer.parseInt(a);
            List<Variable> vars = new ArrayList<>();
            Polynomial p = Polynomial.constant(0.0);
            Polynomial h = Polynomial.constant(0.0);
            for (int i = 1; i <= pairs; i++) {
                Variable x = new Variable("x" + i);
                Variable y = new Variable("y" + i);
                vars.add(x);
                vars.add(y);
                Polynomial px = Polynomial.of(x);
                Polynomial py = Polynomial.of(y);
                Polynomial f = px.multiply(px).add(px.multiply(py)).add(py);
                Polynomial x2 = px.multiply(px);
                p = p.add(f.multiply(f)).add(py.multiply(py)).add(x2.multiply(x2));
                h = h.add(x2.multiply(py).multiply(py));
            }
            for (String form : forms.split(",")) {
                long start = System.nanoTime();
                long cpu = processCpuNanos();
                SosProgram prog = new SosProgram(vars);
                DecisionVariable gamma = prog.newVariable("gamma");
                prog.addSosConstraint("p - gamma h",
                        PolynomialExpression.of(p).minus(PolynomialExpression.of(gamma).times(h)));
                prog.maximize(gamma.toAffineForm());
                SdpProblem[] seen = new SdpProblem[1];
                SosSolution s = prog.solve(SosOptions.defaults().withProblemObserver(q -> seen[0] = q)
                        .withSparsity(form.equals("term") ? SosOptions.Sparsity.TERM : SosOptions.Sparsity.NONE));
                int[] blocks = seen[0].blockSizes();
                System.out.printf(Locale.ROOT, "%-6s %2d %14.10f %5d %5d %6d %7.2f %7.2f %s%n", form, pairs,
                        s.value(gamma), Arrays.stream(blocks).max().orElse(0), blocks.length, seen[0].constraintCount(),
                        (System.nanoTime() - start) * 1e-9, (processCpuNanos() - cpu) * 1e-9, s.status());
            }
        }
    }
}
