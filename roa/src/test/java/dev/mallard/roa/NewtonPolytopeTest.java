package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Variable;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class NewtonPolytopeTest {

    private final Variable x = new Variable("x");
    private final Variable y = new Variable("y");
    private final Map<String, Variable> names = Map.of("x", x, "y", y);

    private List<Monomial> basisOf(String formula) {
        return NewtonPolytope.gramBasis(Formula.parse(formula, names).toPolynomial(List.of(x, y)).monomials(),
                List.of(x, y));
    }

    private Monomial m(int a, int b) {
        return Monomial.of(Map.of(x, a, y, b));
    }

    @Test
    void motzkinBasisIsHalfItsTriangle() {
        // Newton polytope: triangle (0,0), (4,2), (2,4); half of it holds exactly these lattice points.
        assertEquals(List.of(m(0, 0), m(1, 1), m(2, 1), m(1, 2)), basisOf("x^4*y^2 + x^2*y^4 - 3*x^2*y^2 + 1"));
    }

    @Test
    void interiorPointNotInSupportIsFoundByTheLinearProgram() {
        // 2*(1,1) = (2,2) is not a term of x^4 + y^4 but lies on the hull's edge.
        assertEquals(List.of(m(2, 0), m(1, 1), m(0, 2)), basisOf("x^4 + y^4"));
    }

    @Test
    void monomialsOutsideTheHalfHullAreLeftOut() {
        // Full degree-2 basis would have 6 monomials; the support (2,0),(0,2),(4,0) has half-hull
        // vertices (1,0),(0,1),(2,0).
        assertEquals(List.of(m(1, 0), m(0, 1), m(2, 0)), basisOf("x^2 + y^2 + x^4"));
    }

    @Test
    void univariateQuarticWithoutConstantStartsAtDegreeOne() {
        assertEquals(List.of(m(1, 0), m(2, 0)), basisOf("x^2 - x^3 + x^4"));
    }

    @Test
    void foreignVariableIsRefused() {
        Variable z = new Variable("z");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NewtonPolytope.gramBasis(List.of(Monomial.of(z, 2)), List.of(x, y)));
        assertEquals(true, e.getMessage().contains("'z'"));
    }

    @Test
    void hullMembershipAgreesWithAHandCheckedSquare() {
        HullMembership square = new HullMembership(new double[][] {{0, 0}, {2, 0}, {0, 2}, {2, 2}});
        assertEquals(true, square.contains(new double[] {1, 1}));
        assertEquals(true, square.contains(new double[] {2, 1}));
        assertEquals(false, square.contains(new double[] {3, 1}));
        assertEquals(false, square.contains(new double[] {-0.5, 1}));
        HullMembership segment = new HullMembership(new double[][] {{0, 4}, {4, 0}});
        assertEquals(true, segment.contains(new double[] {2, 2}));
        assertEquals(false, segment.contains(new double[] {2, 1}));
    }
}
