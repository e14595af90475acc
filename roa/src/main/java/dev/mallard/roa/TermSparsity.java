package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The term sparsity of an SOS constraint (Wang, Magron and Lasserre, "TSSOS: a moment-SOS hierarchy that
 * exploits term sparsity", SIAM J. Optim. 31, 2021), with block closure iterated to its fixed point. The graph
 * on the Gram basis joins b and c when {@code b c} lies in the support S, which starts as the polynomial's
 * terms and the squares of the basis monomials; its connected components are the blocks; S then gains every
 * product of two monomials of one block, and the graph is built again, until the blocks no longer change (they
 * only merge, so at most one pass per basis monomial).
 *
 * <p>What the fixed point guarantees. Let S* be the final support: every product within a block lies in S*
 * and no product across blocks does (it would be an edge). Take any Gram matrix Q of the polynomial on the
 * whole basis and set its entries across blocks to zero. A monomial of S* is reached by no product across
 * blocks, so its coefficient is unchanged; any other monomial is reached by no product within a block, so its
 * coefficient is now zero, as the polynomial's is (the polynomial's terms lie in S*). The block-diagonal part
 * is thus a Gram matrix of the same polynomial, and it is PSD (diagonally dominant, scaled diagonally dominant)
 * when Q is, since those cones keep their principal blocks. So the blocks lose no certificate: for every value
 * of the decision variables the polynomial has a Gram matrix on the whole basis exactly when it has one of
 * blocks, and the program's optimum is the dense one. (The paper proves, for its steps short of the fixed
 * point, which are restrictions and not offered here, that the bounds do not decrease from step to step and
 * never exceed the dense bound.)
 *
 * <p>The blocks lie within the sign-symmetry classes ({@link SignSymmetry}): every monomial of S* has its
 * exponent parities in the span of the support's (squares are even, and a product within a block is a sum of
 * products along edges), so along a path of edges the parities of the ends differ by an element of that span.
 * With the SOS cone, whose Gram matrix is already split by sign symmetry, the blocks therefore save only where
 * they are finer than the classes; with DSOS and SDSOS, which are not split by sign symmetry, every split saves.
 */
final class TermSparsity {

    private TermSparsity() {
    }

    /**
     * @param support the polynomial's terms (those whose coefficient is not identically zero)
     * @param basis the Gram basis
     * @return the blocks at the fixed point: positions in the basis, each ascending, ordered by their first
     *     position; together every position once
     */
    static List<List<Integer>> blocks(Collection<Monomial> support, List<Monomial> basis) {
        int n = basis.size();
        Set<Monomial> closed = new HashSet<>(support);
        for (Monomial b : basis) {
            closed.add(b.multiply(b));
        }
        int[] component = components(closed, basis);
        while (true) {
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    if (component[i] == component[j]) {
                        closed.add(basis.get(i).multiply(basis.get(j)));
                    }
                }
            }
            int[] next = components(closed, basis);
            if (Arrays.equals(next, component)) {
                return groups(component);
            }
            component = next;
        }
    }

    /** Each position's component, numbered by its smallest position (union-find over the graph's edges). */
    private static int[] components(Set<Monomial> closed, List<Monomial> basis) {
        int n = basis.size();
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (closed.contains(basis.get(i).multiply(basis.get(j)))) {
                    int a = root(parent, i);
                    int b = root(parent, j);
                    parent[Math.max(a, b)] = Math.min(a, b);
                }
            }
        }
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = root(parent, i);
        }
        return out;
    }

    private static int root(int[] parent, int i) {
        int r = i;
        while (parent[r] != r) {
            r = parent[r];
        }
        return r;
    }

    private static List<List<Integer>> groups(int[] component) {
        Map<Integer, List<Integer>> byRoot = new LinkedHashMap<>();
        for (int i = 0; i < component.length; i++) {
            byRoot.computeIfAbsent(component[i], k -> new ArrayList<>()).add(i);
        }
        return new ArrayList<>(byRoot.values());
    }
}
