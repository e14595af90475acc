package dev.mallard.roa;

import dev.mallard.sdp.ScalarVariable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Removes the free decision variables w from equality rows {@code a_r . w + rest_r(u) = b_r} (u the cone
 * variables: Gram entries, slacks) before the SDP is solved, by Gaussian elimination with threshold pivoting
 * that prefers short rows (Markowitz), so that the remaining rows stay sparse: each pivot row defines one
 * free variable and is subtracted from the other rows holding it. The rows left over constrain u alone;
 * w is recovered by back-substitution. Interior-point methods lose accuracy on free variables (their
 * Schur complement is singular at the optimum); cone variables they handle well.
 */
final class SparseElimination {

    /** A pivot is accepted if at least this fraction of the largest magnitude in its column. */
    private static final double THRESHOLD = 0.1;
    private static final double DROP = 1e-14;

    /** An equality row; mutable during elimination. */
    static class Row {
        final TreeMap<Integer, Double> free = new TreeMap<>();
        final LinkedHashMap<ScalarVariable, Double> rest = new LinkedHashMap<>();
        double rhs;

        int size() {
            return free.size() + rest.size();
        }

        /** this -= factor * other. */
        void subtract(double factor, Row other) {
            other.free.forEach((k, c) -> merge(free, k, -factor * c));
            other.rest.forEach((v, c) -> merge(rest, v, -factor * c));
            rhs -= factor * other.rhs;
        }

        private static <K> void merge(Map<K, Double> map, K key, double delta) {
            double sum = map.getOrDefault(key, 0.0) + delta;
            if (Math.abs(sum) <= DROP * Math.abs(delta)) {
                map.remove(key);
            } else {
                map.put(key, sum);
            }
        }
    }

    private final List<Row> pivotRows = new ArrayList<>();
    private final List<Integer> pivotVariables = new ArrayList<>();
    private final List<Row> remaining = new ArrayList<>();
    private final int freeCount;

    /**
     * @param rows the rows; modified (consumed)
     * @param freeCount the number of free variables (indices in [0, freeCount))
     */
    SparseElimination(List<Row> rows, int freeCount) {
        this.freeCount = freeCount;
        List<Row> active = new ArrayList<>(rows);
        while (true) {
            int bestVariable = -1;
            Row bestRow = null;
            long bestCost = Long.MAX_VALUE;
            Map<Integer, List<Row>> byVariable = new TreeMap<>();
            for (Row r : active) {
                for (int k : r.free.keySet()) {
                    byVariable.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
                }
            }
            for (Map.Entry<Integer, List<Row>> e : byVariable.entrySet()) {
                int k = e.getKey();
                double largest = 0.0;
                for (Row r : e.getValue()) {
                    largest = Math.max(largest, Math.abs(r.free.get(k)));
                }
                for (Row r : e.getValue()) {
                    long cost = (long) (r.size() - 1) * (e.getValue().size() - 1);
                    if (Math.abs(r.free.get(k)) >= THRESHOLD * largest && cost < bestCost) {
                        bestCost = cost;
                        bestRow = r;
                        bestVariable = k;
                    }
                }
            }
            if (bestRow == null) {
                break;
            }
            double pivot = bestRow.free.get(bestVariable);
            for (Row r : byVariable.get(bestVariable)) {
                if (r != bestRow) {
                    r.subtract(r.free.get(bestVariable) / pivot, bestRow);
                }
            }
            active.remove(bestRow);
            pivotRows.add(bestRow);
            pivotVariables.add(bestVariable);
        }
        for (Row r : active) {
            if (!r.rest.isEmpty() || Math.abs(r.rhs) > 1e-12) {
                remaining.add(r);
            }
        }
    }

    /** @return the rows without free variables (their cone part and right-hand side) */
    List<Row> remainingRows() {
        return remaining;
    }

    /**
     * Rewrites {@code c . w} as {@code constant + coneObjective(u)} using the pivot rows.
     *
     * @param c objective coefficients of the free variables; not modified
     * @param coneObjective receives the cone part (cleared first)
     * @return the constant, or NaN if c weighs a free variable no row determines (the objective is then
     *     unbounded)
     */
    double rewriteObjective(double[] c, Map<ScalarVariable, Double> coneObjective) {
        Row objective = new Row();
        for (int k = 0; k < c.length; k++) {
            if (c[k] != 0.0) {
                objective.free.put(k, c[k]);
            }
        }
        // The objective row is "c.w + 0 = 0"; subtracting t (a_r.w + rest_r - b_r) leaves its value unchanged.
        for (int p = 0; p < pivotRows.size(); p++) {
            Double ck = objective.free.get(pivotVariables.get(p));
            if (ck != null) {
                Row r = pivotRows.get(p);
                objective.subtract(ck / r.free.get(pivotVariables.get(p)), r);
            }
        }
        if (!objective.free.isEmpty()) {
            return Double.NaN;
        }
        coneObjective.clear();
        coneObjective.putAll(objective.rest);
        return -objective.rhs;
    }

    /**
     * @param cone the values of the cone variables
     * @return w by back-substitution through the pivot rows (free variables in no row are 0)
     */
    double[] recover(Map<ScalarVariable, Double> cone) {
        double[] w = new double[freeCount];
        for (int p = pivotRows.size() - 1; p >= 0; p--) {
            Row r = pivotRows.get(p);
            int k = pivotVariables.get(p);
            double s = r.rhs;
            for (Map.Entry<ScalarVariable, Double> e : r.rest.entrySet()) {
                s -= e.getValue() * cone.get(e.getKey());
            }
            for (Map.Entry<Integer, Double> e : r.free.entrySet()) {
                if (e.getKey() != k) {
                    s -= e.getValue() * w[e.getKey()];
                }
            }
            w[k] = s / r.free.get(k);
        }
        return w;
    }
}
