package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The invariant monomials of a basis, with symmetries and with too many variables to use them. */
class SignSymmetryTest {

    @Test
    void anEvenSupportKeepsTheEvenMonomials() {
        Variable x = new Variable("x");
        Variable y = new Variable("y");
        // x^2 + y^2 is unchanged by x -> -x and by y -> -y: only monomials even in each variable are invariant
        SignSymmetry symmetry = new SignSymmetry(List.of(Monomial.of(x, 2), Monomial.of(y, 2)), List.of(x, y));
        List<Monomial> basis = Monomial.upToDegree(List.of(x, y), 2);
        assertEquals(List.of(Monomial.ONE, Monomial.of(x, 2), Monomial.of(y, 2)).stream().sorted().toList(),
                symmetry.invariantOf(basis).stream().sorted().toList());
    }

    @Test
    void withMoreThan63VariablesNoMonomialIsDroppedFromABasis() {
        List<Variable> many = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            many.add(new Variable("x" + i));
        }
        List<Monomial> squares = many.stream().map(v -> Monomial.of(v, 2)).toList();
        SignSymmetry symmetry = new SignSymmetry(squares, many);
        assertFalse(symmetry.usable());
        List<Monomial> basis = List.of(Monomial.of(many.get(0), 2), Monomial.of(many.get(0)).multiply(
                Monomial.of(many.get(63))));
        // no symmetry restricts a multiplier then: every monomial stays, though none is "invariant"
        assertFalse(symmetry.invariant(basis.get(0)));
        assertEquals(basis, symmetry.invariantOf(basis));
    }
}
