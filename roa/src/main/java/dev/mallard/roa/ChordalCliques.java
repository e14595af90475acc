package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The maximal cliques of a chordal extension of a graph, and the correlative sparsity graph of a polynomial's
 * support (Waki, Kim, Kojima and Muramatsu 2006): one vertex per variable, an edge between two variables that
 * appear together in one term.
 *
 * <p>The extension is the elimination graph of a greedy ordering: at each step a simplicial vertex (its
 * remaining neighbours pairwise adjacent, so its elimination adds no edge) of least degree if there is one,
 * otherwise a vertex of least degree (the minimum-degree heuristic); ties go to the lowest index. Eliminating
 * v joins its remaining neighbours pairwise and records {@code {v} + neighbours} as a candidate clique; the
 * maximal cliques are the candidates contained in no other. A chordal graph always has a simplicial vertex, so
 * a graph that is already chordal is extended by no edge and its own maximal cliques come back: cliques built
 * from a program's structure are recovered from the polynomial that uses them.
 */
final class ChordalCliques {

    private ChordalCliques() {
    }

    /**
     * @param n the number of vertices, {@code >= 0}
     * @param edges pairs {@code {a, b}} of vertices in {@code [0, n)}, a != b; repeats allowed; not modified
     * @return the maximal cliques of the chordal extension, each sorted ascending, ordered by their smallest
     *     vertex (then by size, then lexicographically); an isolated vertex is a clique of its own
     * @throws IllegalArgumentException if an edge is not a pair of distinct vertices in range
     */
    static List<List<Integer>> maximalCliques(int n, Collection<int[]> edges) {
        if (n < 0) {
            throw new IllegalArgumentException("vertex count must be >= 0, got " + n);
        }
        BitSet[] adjacent = new BitSet[n];
        for (int i = 0; i < n; i++) {
            adjacent[i] = new BitSet(n);
        }
        for (int[] e : edges) {
            if (e.length != 2 || e[0] == e[1] || e[0] < 0 || e[1] < 0 || e[0] >= n || e[1] >= n) {
                throw new IllegalArgumentException("edge " + java.util.Arrays.toString(e) + " is not a pair of "
                        + "distinct vertices in [0, " + n + ")");
            }
            adjacent[e[0]].set(e[1]);
            adjacent[e[1]].set(e[0]);
        }
        BitSet remaining = new BitSet(n);
        remaining.set(0, n);
        List<BitSet> candidates = new ArrayList<>();
        for (int step = 0; step < n; step++) {
            int v = next(adjacent, remaining);
            BitSet neighbours = adjacent[v];
            for (int a = neighbours.nextSetBit(0); a >= 0; a = neighbours.nextSetBit(a + 1)) {
                adjacent[a].or(neighbours);
                adjacent[a].clear(a);
                adjacent[a].clear(v);
            }
            BitSet clique = (BitSet) neighbours.clone();
            clique.set(v);
            candidates.add(clique);
            remaining.clear(v);
        }
        List<List<Integer>> out = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            if (isMaximal(candidates, i)) {
                out.add(candidates.get(i).stream().boxed().toList());
            }
        }
        out.sort(Comparator.<List<Integer>>comparingInt(c -> c.get(0)).thenComparingInt(List::size)
                .thenComparing(ChordalCliques::lexicographic));
        return out;
    }

    /**
     * The correlative sparsity cliques of a support.
     *
     * @param support the monomials of the polynomial with a non-zero coefficient (for a coefficient that depends
     *     on decision variables: one that is not identically zero); not modified
     * @param variables the indeterminates; a support variable outside them is ignored; not modified
     * @return the maximal cliques of the chordal extension of the graph on the variables that occur in the
     *     support, each as variables in the order of {@code variables}; empty for a support without variables
     */
    static List<List<Variable>> ofSupport(Collection<Monomial> support, List<Variable> variables) {
        List<int[]> edges = new ArrayList<>();
        BitSet occurring = new BitSet(variables.size());
        for (Monomial m : support) {
            List<Integer> in = new ArrayList<>();
            for (int i = 0; i < variables.size(); i++) {
                if (m.degree(variables.get(i)) > 0) {
                    in.add(i);
                    occurring.set(i);
                }
            }
            for (int a = 0; a < in.size(); a++) {
                for (int b = a + 1; b < in.size(); b++) {
                    edges.add(new int[] {in.get(a), in.get(b)});
                }
            }
        }
        List<List<Variable>> out = new ArrayList<>();
        for (List<Integer> clique : maximalCliques(variables.size(), edges)) {
            if (clique.size() > 1 || occurring.get(clique.get(0))) {
                out.add(clique.stream().map(variables::get).toList());
            }
        }
        return out;
    }

    /** A simplicial remaining vertex of least degree, else a remaining vertex of least degree. */
    private static int next(BitSet[] adjacent, BitSet remaining) {
        int best = -1;
        boolean bestSimplicial = false;
        for (int v = remaining.nextSetBit(0); v >= 0; v = remaining.nextSetBit(v + 1)) {
            boolean simplicial = isSimplicial(adjacent, v);
            if (best < 0 || simplicial && !bestSimplicial
                    || simplicial == bestSimplicial && adjacent[v].cardinality() < adjacent[best].cardinality()) {
                best = v;
                bestSimplicial = simplicial;
            }
        }
        return best;
    }

    private static boolean isSimplicial(BitSet[] adjacent, int v) {
        BitSet neighbours = adjacent[v];
        for (int a = neighbours.nextSetBit(0); a >= 0; a = neighbours.nextSetBit(a + 1)) {
            BitSet others = (BitSet) neighbours.clone();
            others.clear(a);
            others.andNot(adjacent[a]);
            if (!others.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** Whether candidate i is contained in no other candidate (of equal sets, the first is kept). */
    private static boolean isMaximal(List<BitSet> candidates, int i) {
        BitSet c = candidates.get(i);
        for (int j = 0; j < candidates.size(); j++) {
            if (j != i) {
                BitSet rest = (BitSet) c.clone();
                rest.andNot(candidates.get(j));
                boolean contained = rest.isEmpty();
                boolean equal = contained && c.cardinality() == candidates.get(j).cardinality();
                if (contained && (!equal || j < i)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static int lexicographic(List<Integer> a, List<Integer> b) {
        for (int k = 0; k < Math.min(a.size(), b.size()); k++) {
            int c = Integer.compare(a.get(k), b.get(k));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}
