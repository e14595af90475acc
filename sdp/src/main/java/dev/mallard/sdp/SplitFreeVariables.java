package dev.mallard.sdp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Free variables written as differences of two non-negative LP variables, recognised and re-centred.
 *
 * <p>SDPA files have no free variables, so modelling tools (Drake, SOSTOOLS, YALMIP) write a free w as
 * {@code w = y+ - y-} with two diagonal (LP) entries of Y whose columns are exact opposites: for every
 * constraint i, {@code A_i[j-] = -A_i[j+]}, and {@code C[j-] = -C[j+]}. Such a pair gives (D) an unbounded
 * direction (y+ and y- growing together changes nothing) and leaves (P) with no interior
 * ({@code X[j+] = -X[j-]} at every feasible x, both {@code >= 0}). An interior-point method then lets y+ and
 * y- grow while the two entries of X shrink, the Schur complement gains a term {@code (y+/X[j+] + y-/X[j-])
 * a a'} that outgrows the rest, and its solves lose the accuracy the rest needs.
 *
 * <p>The remedy here is re-centring (as SDPT3 does for split variables): after every step both entries
 * of a pair are lowered by the same amount, {@link #RECENTRING} times the smaller, which changes neither
 * the dual residual nor the objective (their coefficients cancel) and keeps the pair bounded. On the
 * region-of-attraction programs of {@code data/sos-drake} (Drake's formulation with a free multiplier) it
 * turns 4 OPTIMAL runs of 15 into 12 (docs/PERFORMANCE.md, "SDP corpus"). Merging each pair into one free
 * variable of the regularised saddle-point system ({@link NewtonSystem}) was measured too and did worse
 * (2 of 15): the same programs' unbounded Gram face makes that system as ill-conditioned.
 *
 * <p>Pairs are exact opposites over a non-zero column, within or across diagonal blocks, each entry in at
 * most one pair (the first partner in block and row order).
 */
final class SplitFreeVariables {

    /**
     * The fraction of the smaller entry of a pair removed from both after each step. 0.8 kept the smaller entry
     * so far below its centred value that the primal step stalled near 0.46 in the last 25 iterations of the
     * corpus's coupled Van der Pol (each step limited by the pair's two entries of X); with 0.5 the corpus's 16
     * SOS programs take 420 iterations instead of 726, the 15 bounded ones all still OPTIMAL (docs/PERFORMANCE.md,
     * "SDP corpus (issue 30)"); 0.35 and 0.2 need about as many, 0.65 more, 0.95 hits the iteration limit.
     */
    static final double RECENTRING = 0.5;

    /** Per pair: block and row of y+ and of y-. */
    private final int[] plusBlock;
    private final int[] plusRow;
    private final int[] minusBlock;
    private final int[] minusRow;

    private SplitFreeVariables(List<int[]> pairs) {
        int count = pairs.size();
        plusBlock = new int[count];
        plusRow = new int[count];
        minusBlock = new int[count];
        minusRow = new int[count];
        for (int p = 0; p < count; p++) {
            plusBlock[p] = pairs.get(p)[0];
            plusRow[p] = pairs.get(p)[1];
            minusBlock[p] = pairs.get(p)[2];
            minusRow[p] = pairs.get(p)[3];
        }
    }

    /**
     * Finds the split pairs of a problem.
     *
     * @param problem the problem; not modified
     * @return the pairs found, or null if there are none
     */
    static SplitFreeVariables find(SdpProblem problem) {
        int m = problem.constraintCount();
        // Per diagonal entry (block, row): its column as (k, value) over k = 0..m, built in order of k.
        Map<Long, List<double[]>> columns = new HashMap<>();
        for (int b = 0; b < problem.blockCount(); b++) {
            if (!problem.isDiagonal(b)) {
                continue;
            }
            for (int k = 0; k <= m; k++) {
                BlockEntries e = problem.entries[b][k];
                for (int t = 0; t < e.size; t++) {
                    columns.computeIfAbsent(key(b, e.rows[t]), x -> new ArrayList<>())
                            .add(new double[] {k, e.values[t]});
                }
            }
        }
        List<Long> order = new ArrayList<>(columns.keySet());
        order.sort(Long::compare);
        Map<Column, Long> unmatched = new HashMap<>();
        List<int[]> pairs = new ArrayList<>();
        for (long position : order) {
            List<double[]> column = columns.get(position);
            Long partner = unmatched.remove(new Column(column, -1));
            if (partner != null) {
                pairs.add(new int[] {(int) (partner >>> 32), (int) (long) partner, (int) (position >>> 32),
                    (int) position});
            } else {
                unmatched.putIfAbsent(new Column(column, 1), position);
            }
        }
        return pairs.isEmpty() ? null : new SplitFreeVariables(pairs);
    }

    private static long key(int block, int row) {
        return ((long) block << 32) | row;
    }

    /** A column of (matrix number, value) pairs, possibly negated, compared exactly. */
    private static final class Column {
        private final double[] data;
        private final int hash;

        Column(List<double[]> entries, double sign) {
            data = new double[2 * entries.size()];
            for (int t = 0; t < entries.size(); t++) {
                data[2 * t] = entries.get(t)[0];
                data[2 * t + 1] = sign * entries.get(t)[1];
            }
            hash = Arrays.hashCode(data);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Column c && Arrays.equals(data, c.data);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** @return the number of pairs */
    int count() {
        return plusBlock.length;
    }

    /**
     * Lowers both entries of every pair by {@link #RECENTRING} times the smaller one.
     *
     * @param y the dual iterate per block (diagonal blocks as their diagonals); modified
     */
    void recentre(double[][] y) {
        for (int p = 0; p < plusBlock.length; p++) {
            double shift = RECENTRING * Math.min(y[plusBlock[p]][plusRow[p]], y[minusBlock[p]][minusRow[p]]);
            y[plusBlock[p]][plusRow[p]] -= shift;
            y[minusBlock[p]][minusRow[p]] -= shift;
        }
    }
}
