package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.sdp.SdpProblem;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class CorrelativeSparsityTest {

    private static final SosOptions CORRELATIVE = SosOptions.defaults()
            .withSparsity(SosOptions.Sparsity.CORRELATIVE);

    private static List<Variable> variables(int n) {
        List<Variable> x = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            x.add(new Variable("x" + (i + 1)));
        }
        return x;
    }

    /**
     * The generalised Rosenbrock function {@code 1 + sum_i 100 (x_i - x_(i-1)^2)^2 + (1 - x_i)^2} (Waki, Kim,
     * Kojima and Muramatsu's test of correlative sparsity): minimum 1 at x = (1, ..., 1), and f - 1 is a sum of
     * squares each in two neighbours, so both forms are exact.
     */
    private static Polynomial rosenbrock(List<Variable> x) {
        Polynomial f = Polynomial.constant(1.0);
        for (int i = 1; i < x.size(); i++) {
            Polynomial a = Polynomial.of(x.get(i)).sub(Polynomial.of(x.get(i - 1)).multiply(Polynomial.of(x.get(i - 1))));
            Polynomial b = Polynomial.constant(1.0).sub(Polynomial.of(x.get(i)));
            f = f.add(a.multiply(a).scale(100.0)).add(b.multiply(b));
        }
        return f;
    }

    private record Bound(double gamma, SosSolution solution, SdpProblem problem) {
    }

    private static Bound lowerBound(Polynomial f, List<Variable> x, SosOptions options) {
        SosProgram prog = new SosProgram(x);
        DecisionVariable gamma = prog.newVariable("gamma");
        prog.addSosConstraint("f - gamma", PolynomialExpression.of(f).minus(PolynomialExpression.of(gamma)));
        prog.maximize(gamma.toAffineForm());
        SdpProblem[] seen = new SdpProblem[1];
        SosSolution s = prog.solve(options.withProblemObserver(p -> seen[0] = p));
        return new Bound(s.value(gamma), s, seen[0]);
    }

    @Test
    void chainedRosenbrockMinimumIsFoundWithBlocksOfTheCliques() {
        List<Variable> x = variables(6);
        Polynomial f = rosenbrock(x);
        Bound dense = lowerBound(f, x, SosOptions.defaults());
        Bound sparse = lowerBound(f, x, CORRELATIVE);
        assertTrue(dense.solution().isSuccess(), dense.solution()::toString);
        assertTrue(sparse.solution().isSuccess(), sparse.solution()::toString);
        assertEquals(1.0, dense.gamma(), 1e-6);
        assertEquals(1.0, sparse.gamma(), 1e-6);
        // The cliques are the neighbours {x_(i-1), x_i}; in each the Newton polytope keeps 1, x_(i-1), x_i,
        // x_(i-1)^2, x_(i-1) x_i, x_i^2, but in the last neither x6^2 nor x5 x6 (x6 has degree 2 in f): 6
        // monomials in four cliques, 4 in the last. x1 has only even powers in f, so the sign of x1 splits the
        // first clique's 6 into {1, x2, x1^2, x2^2} and {x1, x1 x2}; the other cliques stay whole (the parity of
        // x_i is in the support through the term -2 x_i).
        int[] blocks = sparse.problem().blockSizes().clone();
        Arrays.sort(blocks);
        assertEquals(List.of(2, 4, 4, 6, 6, 6), Arrays.stream(blocks).boxed().toList());
        // Dense: 1, the six x_i and the 15 products x_i x_j (i <= j <= 5), split by the sign of x1: 17 + 5.
        assertEquals(List.of(17, 5), Arrays.stream(dense.problem().blockSizes()).boxed().toList());
        assertTrue(sparse.problem().constraintCount() < dense.problem().constraintCount());
    }

    @Test
    void sumOfCliqueGramMatricesReproducesThePolynomial() {
        List<Variable> x = variables(4);
        Polynomial f = rosenbrock(x);
        SosProgram prog = new SosProgram(x);
        SosConstraint c = prog.addSosConstraint("f - 1/2", PolynomialExpression.of(f.sub(Polynomial.constant(0.5))));
        prog.maximizeGramMargin(1.0);
        SosSolution s = prog.solve(CORRELATIVE);
        assertTrue(s.isVerified(), () -> s.certificate(c).toString());
        assertTrue(s.gramMargin() > 0);
        // m'Qm at a point equals f - 1/2 there (Q is the sum of the cliques' blocks on their union basis).
        List<Monomial> basis = s.certificate(c).basis();
        double[][] q = s.gram(c);
        double[] point = {0.3, -1.1, 0.7, 2.0};
        Map<Variable, Double> at = Map.of(x.get(0), point[0], x.get(1), point[1], x.get(2), point[2], x.get(3),
                point[3]);
        double[] m = basis.stream().mapToDouble(mono -> Polynomial.of(mono, 1.0).evaluate(at)).toArray();
        double quad = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m.length; j++) {
                quad += m[i] * q[i][j] * m[j];
            }
        }
        assertEquals(f.evaluate(at) - 0.5, quad, 1e-6 * Math.abs(quad));
        // No monomial of the basis mixes variables of no common clique (x1 with x3 or x4, x2 with x4).
        for (Monomial mono : basis) {
            List<Variable> in = mono.variables().stream().toList();
            int low = x.indexOf(in.stream().min((a, b) -> x.indexOf(a) - x.indexOf(b)).orElse(x.get(0)));
            int high = x.indexOf(in.stream().max((a, b) -> x.indexOf(a) - x.indexOf(b)).orElse(x.get(0)));
            assertTrue(high - low <= 1, mono::toString);
        }
    }

    @Test
    void cliquesApplyToTheLinearCones() {
        // Each clique's block in the cone asked for: f - gamma with SDSOS blocks per clique is a restriction of
        // SOS per clique, so its bound is at most the minimum 1, and no worse than DSOS's.
        List<Variable> x = variables(4);
        Polynomial f = rosenbrock(x);
        Bound sdsos = lowerBound(f, x, CORRELATIVE.withCone(SosOptions.Cone.SDSOS));
        Bound dsos = lowerBound(f, x, CORRELATIVE.withCone(SosOptions.Cone.DSOS));
        assertTrue(sdsos.solution().isSuccess() && dsos.solution().isSuccess(), sdsos.solution()::toString);
        assertTrue(dsos.gamma() <= sdsos.gamma() + 1e-6 && sdsos.gamma() <= 1.0 + 1e-6,
                () -> dsos.gamma() + " " + sdsos.gamma());
    }

    @Test
    void oneCliqueGivesExactlyTheDenseProgram() {
        // 2x^4 + 2x^3y - x^2y^2 + 5y^4 + x z^3 + z^4: every pair of variables shares a term.
        List<Variable> v = variables(3);
        Polynomial p = Polynomial.of(v.get(0)).multiply(Polynomial.of(v.get(1))).multiply(Polynomial.of(v.get(2)))
                .add(pow(v.get(0), 4)).add(pow(v.get(1), 4)).add(pow(v.get(2), 4));
        assertEquals(SdpaText.of(lowerBound(p, v, SosOptions.defaults()).problem()),
                SdpaText.of(lowerBound(p, v, CORRELATIVE).problem()));
    }

    private static Polynomial pow(Variable x, int k) {
        return Polynomial.of(Monomial.of(x, k), 1.0);
    }
}
