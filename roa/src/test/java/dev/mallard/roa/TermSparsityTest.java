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

/** Term sparsity ({@link SosOptions.Sparsity#TERM}, {@link TermSparsity}): blocks and values against the dense program. */
class TermSparsityTest {

    private static final SosOptions TERM = SosOptions.defaults().withSparsity(SosOptions.Sparsity.TERM);

    private static Polynomial v(Variable x) {
        return Polynomial.of(x);
    }

    /** {@code x^2 + x y + y}: no sign symmetry (x^2 y and x y^2 appear in its square). */
    private static Polynomial f(Variable x, Variable y) {
        return v(x).multiply(v(x)).add(v(x).multiply(v(y))).add(v(y));
    }

    private static Monomial mono(Map<Variable, Integer> exponents) {
        return Monomial.of(exponents);
    }

    private record Bound(double gamma, SosSolution solution, SdpProblem problem, SosConstraint constraint) {
    }

    /** max gamma such that p - gamma h is SOS. */
    private static Bound bound(Polynomial p, Polynomial h, List<Variable> x, SosOptions options) {
        SosProgram prog = new SosProgram(x);
        DecisionVariable gamma = prog.newVariable("gamma");
        SosConstraint c = prog.addSosConstraint("p - gamma h",
                PolynomialExpression.of(p).minus(PolynomialExpression.of(gamma).times(h)));
        prog.maximize(gamma.toAffineForm());
        SdpProblem[] seen = new SdpProblem[1];
        SosSolution s = prog.solve(options.withProblemObserver(q -> seen[0] = q));
        return new Bound(s.value(gamma), s, seen[0], c);
    }

    @Test
    void blockClosureIsIteratedToItsFixedPoint() {
        // Basis 1, x, y, xy; support {x, y}. First graph (with the squares 1, x^2, y^2, x^2 y^2): 1-x and 1-y,
        // nothing reaches xy, so {1, x, y} and {xy}. Closing {1, x, y} adds x y to the support, which joins
        // 1-xy: one block at the fixed point (the first step alone would have split it).
        Variable x = new Variable("x");
        Variable y = new Variable("y");
        Monomial xy = mono(Map.of(x, 1, y, 1));
        List<Monomial> basis = List.of(Monomial.ONE, Monomial.of(x), Monomial.of(y), xy);
        assertEquals(List.of(List.of(0, 1, 2, 3)), TermSparsity.blocks(List.of(Monomial.of(x), Monomial.of(y)), basis));
        // Support {x}: 1-x only; y and xy stay alone, and closing {1, x} adds nothing new (x, x^2).
        assertEquals(List.of(List.of(0, 1), List.of(2), List.of(3)),
                TermSparsity.blocks(List.of(Monomial.of(x)), basis));
    }

    @Test
    void sumOfSquaresOfDisjointPolynomialsSplitsBeyondSignSymmetry() {
        // p = sum_i f(x_i, y_i)^2 over three disjoint pairs, plus y_i^2 and x_i^4 so it is strictly positive;
        // h = sum_i x_i^2 y_i^2.
        List<Variable> vars = new ArrayList<>();
        Polynomial p = Polynomial.constant(0.0);
        Polynomial h = Polynomial.constant(0.0);
        for (int i = 1; i <= 3; i++) {
            Variable x = new Variable("x" + i);
            Variable y = new Variable("y" + i);
            vars.add(x);
            vars.add(y);
            Polynomial fi = f(x, y);
            Polynomial x2 = v(x).multiply(v(x));
            p = p.add(fi.multiply(fi)).add(v(y).multiply(v(y))).add(x2.multiply(x2));
            h = h.add(x2.multiply(v(y)).multiply(v(y)));
        }
        Bound dense = bound(p, h, vars, SosOptions.defaults());
        Bound term = bound(p, h, vars, TERM);
        assertTrue(dense.solution().isSuccess() && term.solution().isSuccess(), term.solution()::toString);
        // The Newton polytope keeps y_i, x_i^2, x_i y_i (9) and the midpoints x_i x_j of x_i^2 and x_j^2 (3).
        // Hand: y_i-x_i^2 (x_i^2 y_i), y_i-x_i y_i (x_i y_i^2), x_i^2-x_i y_i (x_i^3 y_i) join each pair's three;
        // x_i^2-x_j^2 join the pairs, x_i^2 x_j^2 being the square of x_i x_j; and x_i x_j is joined to nothing:
        // its products with the others (x_i^2 x_j y_k, x_i^3 x_j, ...) are neither terms nor squares, nor products
        // within the big block. So one block of 9 and three of 1, where sign symmetry finds no split (x_i^2 y_i
        // and x_i y_i^2 have every parity): the dense SDP has one block of 12.
        int[] blocks = term.problem().blockSizes().clone();
        Arrays.sort(blocks);
        assertEquals(List.of(1, 1, 1, 9), Arrays.stream(blocks).boxed().toList());
        assertEquals(List.of(12), Arrays.stream(dense.problem().blockSizes()).boxed().toList());
        assertTrue(term.problem().constraintCount() < dense.problem().constraintCount(),
                () -> term.problem().constraintCount() + " vs " + dense.problem().constraintCount());
        // No certificate is lost: both find gamma* = 1/3. Upper bound by hand: at x_i = -3, y_i = 9, f = -9 and
        // f^2 = y^2 = x^4 = 81 while x^2 y^2 = 729, so p - gamma h = 3 (243 - 729 gamma) is negative for gamma
        // above 1/3; the certificates found prove it from below.
        assertEquals(1.0 / 3.0, dense.gamma(), 1e-6);
        assertEquals(1.0 / 3.0, term.gamma(), 1e-6);
        // In the DSOS and SDSOS cones (no sign-symmetry split) the blocks save too, and lose nothing.
        Bound denseDsos = bound(p, h, vars, SosOptions.defaults().withCone(SosOptions.Cone.DSOS));
        Bound termDsos = bound(p, h, vars, TERM.withCone(SosOptions.Cone.DSOS));
        assertTrue(denseDsos.solution().isSuccess() && termDsos.solution().isSuccess(), termDsos.solution()::toString);
        assertEquals(denseDsos.gamma(), termDsos.gamma(), 1e-6 * Math.abs(denseDsos.gamma()));
        assertTrue(termDsos.problem().constraintCount() < denseDsos.problem().constraintCount());
        Bound denseSdsos = bound(p, h, vars, SosOptions.defaults().withCone(SosOptions.Cone.SDSOS));
        Bound termSdsos = bound(p, h, vars, TERM.withCone(SosOptions.Cone.SDSOS));
        assertTrue(denseSdsos.solution().isSuccess() && termSdsos.solution().isSuccess(),
                termSdsos.solution()::toString);
        assertEquals(denseSdsos.gamma(), termSdsos.gamma(), 1e-6 * Math.abs(denseSdsos.gamma()));
        // Each SDSOS block of size k has k(k-1)/2 cones of size 2: 36 for the 9 against 66 for the dense 12.
        assertEquals(36, Arrays.stream(termSdsos.problem().blockSizes()).filter(b -> b == 2).count());
        assertEquals(66, Arrays.stream(denseSdsos.problem().blockSizes()).filter(b -> b == 2).count());
    }

    @Test
    void blocksReproduceThePolynomialAndAreVerified() {
        // f(x, y)^2 + f(z, w)^2 + x^4 + z^4 + y^2 + w^2: blocks {y, w, x^2, xy, z^2, zw} and {xz}.
        Variable x = new Variable("x");
        Variable y = new Variable("y");
        Variable z = new Variable("z");
        Variable w = new Variable("w");
        List<Variable> vars = List.of(x, y, z, w);
        Polynomial x2 = v(x).multiply(v(x));
        Polynomial z2 = v(z).multiply(v(z));
        Polynomial p = f(x, y).multiply(f(x, y)).add(f(z, w).multiply(f(z, w))).add(x2.multiply(x2))
                .add(z2.multiply(z2)).add(v(y).multiply(v(y))).add(v(w).multiply(v(w)));
        SosProgram prog = new SosProgram(vars);
        SosConstraint c = prog.addSosConstraint("p", PolynomialExpression.of(p));
        prog.maximizeGramMargin(1.0);
        List<Monomial> basis = prog.gramBasis(c, TERM);
        List<List<Integer>> blocks = prog.cliqueBases(c, basis, TERM);
        List<List<Monomial>> named = blocks.stream().map(b -> b.stream().map(basis::get).toList()).toList();
        Monomial xz = mono(Map.of(x, 1, z, 1));
        assertEquals(2, named.size(), named::toString);
        assertEquals(List.of(xz), named.get(1));
        assertEquals(6, named.get(0).size());
        SosSolution s = prog.solve(TERM);
        assertTrue(s.isVerified(), () -> s.certificate(c).toString());
        // m'Qm at a point is p there, with Q zero between the blocks.
        double[][] q = s.gram(c);
        List<Monomial> m = s.certificate(c).basis();
        Map<Variable, Double> at = Map.of(x, 0.4, y, -1.3, z, 0.9, w, 0.25);
        double[] values = m.stream().mapToDouble(mono -> Polynomial.of(mono, 1.0).evaluate(at)).toArray();
        double quad = 0;
        int xzAt = m.indexOf(xz);
        for (int i = 0; i < values.length; i++) {
            for (int j = 0; j < values.length; j++) {
                quad += values[i] * q[i][j] * values[j];
                if ((i == xzAt) != (j == xzAt)) {
                    assertEquals(0.0, q[i][j], 0.0);
                }
            }
        }
        assertEquals(p.evaluate(at), quad, 1e-6 * p.evaluate(at));
    }

    @Test
    void oneBlockGivesExactlyTheDenseProgram() {
        // Example 3.5 of Wang, Magron and Lasserre's Chordal-TSSOS: f - gamma on the basis 1, x1, x2, x3, x1 x2,
        // x2 x3; by hand 1-x1x2, x1x2-x1 (x1^2 x2), x1-x2, x2-x3, x2x3-1 are edges: one block, and no sign
        // symmetry (x1^2 x2 has the parity of x2, x1 x2 then that of x1, x2 x3 that of x3).
        Variable x1 = new Variable("x1");
        Variable x2 = new Variable("x2");
        Variable x3 = new Variable("x3");
        Polynomial f = parse("x1^2 - 2*x1*x2 + 3*x2^2 - 2*x1^2*x2 + 2*x1^2*x2^2 - 2*x2*x3 + 6*x3^2 + 18*x2^2*x3 "
                + "- 54*x2*x3^2 + 142*x2^2*x3^2", List.of(x1, x2, x3));
        Bound dense = bound(f, Polynomial.constant(1.0), List.of(x1, x2, x3), SosOptions.defaults());
        Bound term = bound(f, Polynomial.constant(1.0), List.of(x1, x2, x3), TERM);
        assertEquals(SdpaText.of(dense.problem()), SdpaText.of(term.problem()));
        // Its minimum is 0, at the origin (the published example's bound).
        assertEquals(0.0, term.gamma(), 1e-6);
    }

    private static Polynomial parse(String text, List<Variable> vars) {
        Map<String, Variable> names = new java.util.LinkedHashMap<>();
        vars.forEach(x -> names.put(x.name(), x));
        return dev.mallard.symbolic.Formula.parse(text, names).toPolynomial(vars);
    }
}
