package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sign symmetries of a polynomial's support (Löfberg's block diagonalisation of SOS programs): the sign
 * changes {@code x_i -> s_i x_i} that leave every term unchanged are the s orthogonal, over GF(2), to the
 * exponent parities of the support. Two monomials have the same parity class if their parities differ by an
 * element of the span S of the support's parities.
 * <ul>
 * <li>An SOS certificate of such a p can be averaged over the symmetries; the average's Gram matrix vanishes
 *     between basis monomials of different classes, so the Gram matrix splits into one block per class and
 *     no certificate is lost.</li>
 * <li>A free or SOS multiplier may be restricted to the monomials whose parity is in S (invariant ones) when
 *     everything else in its constraint is invariant, by the same averaging.</li>
 * </ul>
 * Parities are bit masks, so at most 63 variables are handled; with more, no symmetry is used.
 */
final class SignSymmetry {

    private final List<Variable> variables;
    /** Echelon basis of S: each entry has a distinct leading bit, cleared in the others. */
    private final List<Long> echelon = new ArrayList<>();

    /**
     * @param support monomials whose parities span S
     * @param variables the indeterminates, in bit order
     */
    SignSymmetry(Collection<Monomial> support, List<Variable> variables) {
        this.variables = variables;
        if (variables.size() <= 63) {
            for (Monomial m : support) {
                long r = reduce(parity(m));
                if (r != 0) {
                    for (int k = 0; k < echelon.size(); k++) {
                        long e = echelon.get(k);
                        if ((e & Long.highestOneBit(r)) != 0) {
                            echelon.set(k, e ^ r);
                        }
                    }
                    echelon.add(r);
                }
            }
        }
    }

    /** @return whether symmetries can be used (few enough variables) */
    boolean usable() {
        return variables.size() <= 63;
    }

    /** @return whether m is invariant under every symmetry (its parity lies in S) */
    boolean invariant(Monomial m) {
        return usable() && reduce(parity(m)) == 0;
    }

    /**
     * @param basis monomials, e.g. a multiplier's basis
     * @return those invariant under every symmetry, in order; all of them when symmetries cannot be used (then
     *     no symmetry restricts the multiplier)
     */
    List<Monomial> invariantOf(List<Monomial> basis) {
        return usable() ? basis.stream().filter(this::invariant).toList() : basis;
    }

    /**
     * @param basis a Gram basis
     * @return the positions of the basis split by parity class, classes in order of first appearance (one
     *     class of every position when symmetries cannot be used)
     */
    List<List<Integer>> classes(List<Monomial> basis) {
        Map<Long, List<Integer>> byClass = new LinkedHashMap<>();
        for (int i = 0; i < basis.size(); i++) {
            long key = usable() ? reduce(parity(basis.get(i))) : 0L;
            byClass.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
        }
        return new ArrayList<>(byClass.values());
    }

    private long parity(Monomial m) {
        long bits = 0;
        for (int i = 0; i < variables.size(); i++) {
            if (m.degree(variables.get(i)) % 2 != 0) {
                bits |= 1L << i;
            }
        }
        return bits;
    }

    /** The canonical representative of the class of {@code bits}: its leading bits of S cleared. */
    private long reduce(long bits) {
        long r = bits;
        for (long e : echelon) {
            if ((r & Long.highestOneBit(e)) != 0) {
                r ^= e;
            }
        }
        return r;
    }
}
