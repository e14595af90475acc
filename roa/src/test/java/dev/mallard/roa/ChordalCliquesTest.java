package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ChordalCliquesTest {

    private static List<int[]> edges(int... pairs) {
        List<int[]> out = new ArrayList<>();
        for (int k = 0; k < pairs.length; k += 2) {
            out.add(new int[] {pairs[k], pairs[k + 1]});
        }
        return out;
    }

    @Test
    void pathHasItsEdgesAsCliques() {
        assertEquals(List.of(List.of(0, 1), List.of(1, 2), List.of(2, 3), List.of(3, 4)),
                ChordalCliques.maximalCliques(5, edges(3, 4, 0, 1, 2, 3, 1, 2)));
    }

    @Test
    void fourCycleGetsOneChordAndTwoTriangles() {
        // No vertex of a 4-cycle is simplicial; vertex 0 (least degree, lowest index) goes first, adding 1-3.
        assertEquals(List.of(List.of(0, 1, 3), List.of(1, 2, 3)),
                ChordalCliques.maximalCliques(4, edges(0, 1, 1, 2, 2, 3, 3, 0)));
    }

    @Test
    void fiveCycleGetsTwoChordsAndThreeTriangles() {
        // A triangulated n-gon has n - 2 triangles; the fan here is the one from the lowest indices.
        assertEquals(List.of(List.of(0, 1, 4), List.of(1, 2, 4), List.of(2, 3, 4)),
                ChordalCliques.maximalCliques(5, edges(0, 1, 1, 2, 2, 3, 3, 4, 4, 0)));
    }

    @Test
    void completeGraphIsOneClique() {
        assertEquals(List.of(List.of(0, 1, 2, 3)),
                ChordalCliques.maximalCliques(4, edges(0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3)));
    }

    @Test
    void treeHasItsEdgesAsCliquesAndIsolatedVerticesStandAlone() {
        // The star 0-{1,2,3} with 3-4 hanging off, and vertex 5 alone.
        assertEquals(List.of(List.of(0, 1), List.of(0, 2), List.of(0, 3), List.of(3, 4), List.of(5)),
                ChordalCliques.maximalCliques(6, edges(0, 1, 0, 2, 0, 3, 3, 4)));
    }

    @Test
    void chordalGraphIsNotFilledWhereMinimumDegreeAloneWould() {
        // Two K4s {0,1,2,3} and {5,6,7,8} joined by the path 3-4-5: vertex 4 has the least degree (2) but is not
        // simplicial, and eliminating it first would add the edge 3-5; the simplicial vertices go first.
        List<int[]> e = edges(0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3, 5, 6, 5, 7, 5, 8, 6, 7, 6, 8, 7, 8, 3, 4, 4, 5);
        assertEquals(List.of(List.of(0, 1, 2, 3), List.of(3, 4), List.of(4, 5), List.of(5, 6, 7, 8)),
                ChordalCliques.maximalCliques(9, e));
    }

    @Test
    void badEdgesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> ChordalCliques.maximalCliques(3, edges(0, 3)));
        assertThrows(IllegalArgumentException.class, () -> ChordalCliques.maximalCliques(3, edges(1, 1)));
        assertThrows(IllegalArgumentException.class, () -> ChordalCliques.maximalCliques(-1, List.of()));
    }

    @Test
    void supportGraphJoinsTheVariablesOfEachTerm() {
        Variable x1 = new Variable("x1");
        Variable x2 = new Variable("x2");
        Variable x3 = new Variable("x3");
        Variable x4 = new Variable("x4");
        Variable x5 = new Variable("x5");
        // x1^2 x2 + x2 x3 + x4^2 + 1: x5 does not occur, x4 only alone.
        List<Monomial> support = List.of(Monomial.of(Map.of(x1, 2, x2, 1)), Monomial.of(Map.of(x2, 1, x3, 1)),
                Monomial.of(x4, 2), Monomial.ONE);
        assertEquals(List.of(List.of(x1, x2), List.of(x2, x3), List.of(x4)),
                ChordalCliques.ofSupport(support, List.of(x1, x2, x3, x4, x5)));
    }
}
