package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.commons.numbers.fraction.BigFraction;

/**
 * Proves SOS certificates in exact rational arithmetic (Peyrl and Parrilo's rounding and projection). Each
 * identity is {@code fixed + sum_k w_k q_k = m'Qm}, the w shared multiplier coefficients from the solver:
 * <ol>
 * <li>w (each multiplier's coefficients, if grouped) and every Q are rounded to 30 significant bits relative
 *     to their largest entry, so that the rationals stay short;</li>
 * <li>the terms of p that no product of two basis monomials reaches must vanish: w is corrected exactly (by
 *     Gaussian elimination over the rationals) so that they do, or the proof is refused;</li>
 * <li>each Q is projected exactly onto the affine set of its identity: each monomial's residual spread evenly
 *     over the Gram entries whose basis product it is (the orthogonal projection, since those sets are
 *     disjoint), so that {@code p = m'Qm} holds exactly;</li>
 * <li>each projected Q is factored {@code LDL'} exactly: PSD if and only if every pivot is {@code >= 0} and a
 *     zero pivot has a zero column below it.</li>
 * </ol>
 * The projection moves Q by about the solver's residual; a Gram matrix singular at the optimum has no room for
 * that, so its projection is not PSD, and a level backed off further is the remedy.
 */
final class ExactCertificateCheck {

    /** Significant bits kept when rounding the solver's numbers to rationals. */
    private static final int BITS = 30;

    /** One identity: {@code fixed + sum_k w_k directions_k = basis' gram basis}. */
    record Identity(String name, ExactPolynomial fixed, Map<Integer, ExactPolynomial> directions,
            List<Monomial> basis, double[][] gram) {
    }

    /** An identity as proved: p and the projected Gram matrix Q with {@code p = m'Qm} exactly. */
    record Projected(String name, ExactPolynomial p, List<Monomial> basis, BigFraction[][] gram) {
    }

    private ExactCertificateCheck() {
    }

    /**
     * @param identities the identities, sharing the multiplier coefficients w
     * @param w the solver's values of w; not modified
     * @param level the level the identities certify, for the report
     * @return the proof or the reason why none was found
     */
    static ExactProof prove(List<Identity> identities, double[] w, double level) {
        return prove(identities, w, new int[w.length], level);
    }

    /**
     * @param identities the identities, sharing the multiplier coefficients w
     * @param w the solver's values of w; not modified
     * @param group the group of each w_k (one multiplier polynomial): each group is rounded relative to its own
     *     largest entry, so that a small multiplier beside large ones (s2 beside the free multiples of the
     *     circles) keeps its accuracy, while a coefficient negligible within its own multiplier rounds to 0
     * @param level the level the identities certify, for the report
     * @return the proof or the reason why none was found
     */
    static ExactProof prove(List<Identity> identities, double[] w, int[] group, double level) {
        BigFraction[] exact = roundGroups(w, group);
        String failure = correctUnreachable(identities, exact);
        if (failure != null) {
            return new ExactProof(false, failure, level, Double.NaN, List.of());
        }
        List<Projected> projected = new ArrayList<>();
        BigFraction smallest = null;
        int monomials = 0;
        for (Identity identity : identities) {
            ExactPolynomial p = evaluate(identity, exact);
            monomials += p.terms().size();
            BigFraction[][] q = project(p, identity.basis(), round(identity.gram()));
            projected.add(new Projected(identity.name(), p, identity.basis(), q));
            Ldl ldl = new Ldl(q);
            if (ldl.failure != null) {
                return new ExactProof(false, "the exactly projected Gram matrix of " + identity.name() + " is not "
                        + "positive semidefinite: " + ldl.failure + ". The Gram matrix is (nearly) singular at "
                        + "this level, so rounding moves it out of the cone; a lower level leaves room",
                        level, ldl.failingPivot, projected);
            }
            if (ldl.smallest != null && (smallest == null || ldl.smallest.compareTo(smallest) < 0)) {
                smallest = ldl.smallest;
            }
        }
        double pivot = smallest == null ? 0.0 : smallest.doubleValue();
        return new ExactProof(true, "the identity holds in rational arithmetic on " + monomials + " terms and every "
                + "LDL' pivot of the " + identities.size() + " Gram matrices is >= 0 (smallest positive pivot "
                + pivot + "); " + size(projected), level, pivot, projected);
    }

    /** The orders of the projected Gram matrices and the bits of their entries (numerator and denominator). */
    private static String size(List<Projected> projected) {
        List<Integer> orders = new ArrayList<>();
        long total = 0;
        long largest = 0;
        for (Projected p : projected) {
            orders.add(p.gram().length);
            for (int i = 0; i < p.gram().length; i++) {
                for (int j = i; j < p.gram().length; j++) {
                    BigFraction x = p.gram()[i][j];
                    long bits = x.getNumerator().abs().bitLength() + x.getDenominator().abs().bitLength();
                    total += bits;
                    largest = Math.max(largest, bits);
                }
            }
        }
        return "Gram matrices of orders " + orders + ", their entries (upper triangles) " + total + " bits in all, "
                + "at most " + largest + " each";
    }

    /** {@code fixed + sum_k w_k q_k}. */
    static ExactPolynomial evaluate(Identity identity, BigFraction[] w) {
        ExactPolynomial p = identity.fixed();
        for (Map.Entry<Integer, ExactPolynomial> d : identity.directions().entrySet()) {
            p = p.plusScaled(w[d.getKey()], d.getValue());
        }
        return p;
    }

    /**
     * Makes every term out of reach of its basis vanish by changing w (in place), or says why that is
     * impossible.
     */
    private static String correctUnreachable(List<Identity> identities, BigFraction[] w) {
        List<Map<Integer, BigFraction>> rows = new ArrayList<>();
        List<BigFraction> rhs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Identity identity : identities) {
            Set<Monomial> reachable = products(identity.basis());
            Set<Monomial> support = new LinkedHashSet<>(identity.fixed().terms().keySet());
            identity.directions().values().forEach(q -> support.addAll(q.terms().keySet()));
            ExactPolynomial p = evaluate(identity, w);
            for (Monomial m : support) {
                if (!reachable.contains(m)) {
                    Map<Integer, BigFraction> row = new LinkedHashMap<>();
                    identity.directions().forEach((k, q) -> {
                        if (!q.coefficient(m).isZero()) {
                            row.put(k, q.coefficient(m));
                        }
                    });
                    rows.add(row);
                    rhs.add(p.coefficient(m).negate());
                    names.add(m + " in " + identity.name());
                }
            }
        }
        return rows.isEmpty() ? null : solveInto(rows, rhs, names, w);
    }

    /** Gaussian elimination: a solution delta of rows . delta = rhs, added to w; or why none exists. */
    private static String solveInto(List<Map<Integer, BigFraction>> rows, List<BigFraction> rhs, List<String> names,
            BigFraction[] w) {
        List<Integer> pivotColumns = new ArrayList<>();
        List<Integer> pivotRows = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            Map<Integer, BigFraction> row = rows.get(r);
            for (int p = 0; p < pivotRows.size(); p++) {
                BigFraction f = row.get(pivotColumns.get(p));
                if (f != null) {
                    Map<Integer, BigFraction> pivotRow = rows.get(pivotRows.get(p));
                    BigFraction factor = f.divide(pivotRow.get(pivotColumns.get(p)));
                    pivotRow.forEach((k, c) -> {
                        BigFraction v = row.getOrDefault(k, BigFraction.ZERO).subtract(factor.multiply(c));
                        if (v.isZero()) {
                            row.remove(k);
                        } else {
                            row.put(k, v);
                        }
                    });
                    rhs.set(r, rhs.get(r).subtract(factor.multiply(rhs.get(pivotRows.get(p)))));
                }
            }
            if (row.isEmpty()) {
                if (!rhs.get(r).isZero()) {
                    return "the term " + names.get(r) + " is out of reach of the Gram basis, and no choice of the "
                            + "multipliers makes its coefficient vanish exactly";
                }
                continue;
            }
            int column = row.keySet().iterator().next();
            pivotColumns.add(column);
            pivotRows.add(r);
        }
        // Back substitution, the non-pivot columns left at zero.
        Map<Integer, BigFraction> delta = new HashMap<>();
        for (int p = pivotRows.size() - 1; p >= 0; p--) {
            Map<Integer, BigFraction> row = rows.get(pivotRows.get(p));
            int column = pivotColumns.get(p);
            BigFraction s = rhs.get(pivotRows.get(p));
            for (Map.Entry<Integer, BigFraction> e : row.entrySet()) {
                if (e.getKey() != column) {
                    s = s.subtract(e.getValue().multiply(delta.getOrDefault(e.getKey(), BigFraction.ZERO)));
                }
            }
            delta.put(column, s.divide(row.get(column)));
        }
        delta.forEach((k, d) -> w[k] = w[k].add(d));
        return null;
    }

    private static Set<Monomial> products(List<Monomial> basis) {
        Set<Monomial> out = new LinkedHashSet<>();
        for (int i = 0; i < basis.size(); i++) {
            for (int j = i; j < basis.size(); j++) {
                out.add(basis.get(i).multiply(basis.get(j)));
            }
        }
        return out;
    }

    /** Q (symmetrised) plus, on each product monomial's entries, an even share of that monomial's residual. */
    static BigFraction[][] project(ExactPolynomial p, List<Monomial> basis, BigFraction[][] q) {
        int n = basis.size();
        Map<Monomial, BigFraction> residual = new HashMap<>();
        Map<Monomial, Integer> count = new HashMap<>();
        BigFraction[][] s = new BigFraction[n][n];
        BigFraction half = BigFraction.of(1, 2);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                s[i][j] = q[i][j].add(q[j][i]).multiply(half);
                Monomial m = basis.get(i).multiply(basis.get(j));
                residual.merge(m, s[i][j].negate(), BigFraction::add);
                count.merge(m, 1, Integer::sum);
            }
        }
        p.terms().forEach((m, c) -> residual.computeIfPresent(m, (k, r) -> r.add(c)));
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                Monomial m = basis.get(i).multiply(basis.get(j));
                s[i][j] = s[i][j].add(residual.get(m).divide(count.get(m)));
            }
        }
        return s;
    }

    /** The numbers rounded to BITS significant bits relative to the largest magnitude, as exact fractions. */
    private static BigFraction[] round(double[] x) {
        double largest = 0.0;
        for (double v : x) {
            largest = Math.max(largest, Math.abs(v));
        }
        double grid = largest == 0.0 ? 1.0 : Math.scalb(1.0, Math.getExponent(largest) - BITS);
        BigFraction[] out = new BigFraction[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = BigFraction.from(Math.rint(x[i] / grid) * grid);
        }
        return out;
    }

    /** Each group of the numbers rounded to BITS significant bits relative to its largest magnitude. */
    private static BigFraction[] roundGroups(double[] x, int[] group) {
        Map<Integer, List<Integer>> members = new HashMap<>();
        for (int k = 0; k < x.length; k++) {
            members.computeIfAbsent(group[k], g -> new ArrayList<>()).add(k);
        }
        BigFraction[] out = new BigFraction[x.length];
        for (List<Integer> m : members.values()) {
            double[] part = new double[m.size()];
            for (int i = 0; i < part.length; i++) {
                part[i] = x[m.get(i)];
            }
            BigFraction[] rounded = round(part);
            for (int i = 0; i < part.length; i++) {
                out[m.get(i)] = rounded[i];
            }
        }
        return out;
    }

    private static BigFraction[][] round(double[][] q) {
        int n = q.length;
        double[] flat = new double[n * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(q[i], 0, flat, i * n, n);
        }
        BigFraction[] r = round(flat);
        BigFraction[][] out = new BigFraction[n][n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(r, i * n, out[i], 0, n);
        }
        return out;
    }

    /**
     * The exact LDL' factorisation of a symmetric rational matrix, stopped at the first sign of indefiniteness.
     * Computed fraction-free (Bareiss) on the matrix scaled to integers by its common denominator: the k-th
     * pivot of LDL' is the ratio of the leading principal minors of orders k+1 and k, which Bareiss's
     * elimination yields with exact integer divisions and no greatest common divisors.
     */
    static final class Ldl {
        /** Why the matrix is not PSD, or null. */
        final String failure;
        /** The smallest positive pivot, or null if none. */
        final BigFraction smallest;
        /** The pivot at which it failed (NaN if none). */
        final double failingPivot;
        /** Whether every pivot is positive: the matrix is positive definite. */
        final boolean definite;

        Ldl(BigFraction[][] matrix) {
            int n = matrix.length;
            BigInteger scale = BigInteger.ONE;
            for (BigFraction[] row : matrix) {
                for (BigFraction x : row) {
                    // BigFraction may carry the sign in the denominator: the scale is the positive lcm
                    BigInteger d = x.getDenominator().abs();
                    scale = scale.divide(scale.gcd(d)).multiply(d);
                }
            }
            BigInteger[][] a = new BigInteger[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j <= i; j++) {
                    a[i][j] = integer(matrix[i][j].multiply(scale));
                }
            }
            String fail = null;
            BigFraction low = null;
            double failing = Double.NaN;
            boolean zeroPivot = false;
            BigInteger previous = BigInteger.ONE;
            for (int k = 0; k < n && fail == null; k++) {
                BigInteger pivot = a[k][k];
                BigFraction d = BigFraction.of(pivot, previous.multiply(scale));
                if (pivot.signum() < 0) {
                    fail = "pivot " + k + " is negative (" + d.doubleValue() + ")";
                    failing = d.doubleValue();
                } else if (pivot.signum() == 0) {
                    zeroPivot = true;
                    // PSD needs a zero column below a zero pivot; the row and column then drop out unchanged.
                    for (int i = k + 1; i < n && fail == null; i++) {
                        if (a[i][k].signum() != 0) {
                            fail = "pivot " + k + " is zero over a non-zero column (entry " + i + ")";
                            failing = 0.0;
                        }
                    }
                } else {
                    low = low == null || d.compareTo(low) < 0 ? d : low;
                    for (int i = k + 1; i < n; i++) {
                        for (int j = k + 1; j <= i; j++) {
                            a[i][j] = pivot.multiply(a[i][j]).subtract(a[i][k].multiply(a[j][k])).divide(previous);
                        }
                    }
                    previous = pivot;
                }
            }
            failure = fail;
            smallest = low;
            failingPivot = failing;
            definite = fail == null && !zeroPivot;
        }

        /**
         * The value of a fraction that is an integer. Not its numerator: BigFraction may hold {@code -k/-1}, and
         * the sign of the numerator alone then is the wrong one.
         */
        private static BigInteger integer(BigFraction x) {
            BigInteger[] qr = x.getNumerator().divideAndRemainder(x.getDenominator());
            if (qr[1].signum() != 0) {
                throw new IllegalStateException("not an integer: " + x);
            }
            return qr[0];
        }
    }
}
