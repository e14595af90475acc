package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Builds a {@link SosCertificate} from a numeric polynomial, a basis and a Gram matrix. */
final class CertificateCheck {

    private CertificateCheck() {
    }

    /**
     * @param p the polynomial claimed to be SOS
     * @param basis the Gram basis m
     * @param q the Gram matrix from the solver; the certificate keeps its symmetrised copy projected onto
     *     the identity ({@link #project})
     * @param relativeTolerance tolerance on the unabsorbed residual relative to p's largest coefficient
     * @return the certificate
     */
    static SosCertificate check(Polynomial p, List<Monomial> basis, double[][] q, double relativeTolerance) {
        int n = basis.size();
        double identity = residualNorm(p, basis, symmetrised(q));
        double[][] gram = project(p, basis, symmetrised(q));
        Map<Monomial, Double> residual = new HashMap<>(p.terms());
        // A Gram entry per product monomial that can absorb that monomial's residual; diagonal preferred.
        Map<Monomial, int[]> slot = new HashMap<>();
        double largest = 0.0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                Monomial m = basis.get(i).multiply(basis.get(j));
                residual.merge(m, -(i == j ? 1 : 2) * gram[i][j], Double::sum);
                if (i == j) {
                    slot.put(m, new int[] {i, i});
                } else {
                    slot.putIfAbsent(m, new int[] {i, j});
                }
                largest = Math.max(largest, Math.abs(gram[i][j]));
            }
        }
        double unabsorbed = 0.0;
        double frobeniusSquared = 0.0;
        for (Map.Entry<Monomial, Double> e : residual.entrySet()) {
            double r = e.getValue();
            int[] s = slot.get(e.getKey());
            if (s == null) {
                unabsorbed = Math.max(unabsorbed, Math.abs(r));
            } else {
                // m'Em = r needs E_ii = r, or E_ij = E_ji = r / 2.
                frobeniusSquared += s[0] == s[1] ? r * r : 2 * (r / 2) * (r / 2);
            }
        }
        double delta = 4.0 * (n + 1) * Math.ulp(1.0) * Math.max(largest, Double.MIN_NORMAL) * n;
        double margin = Math.sqrt(frobeniusSquared) + delta;
        boolean holds = n == 0 || choleskySucceeds(gram, margin);
        double scale = 0.0;
        for (double c : p.terms().values()) {
            scale = Math.max(scale, Math.abs(c));
        }
        double tolerance = relativeTolerance * Math.max(scale, 1e-300);
        return new SosCertificate(basis, gram, identity, unabsorbed, margin, holds, tolerance);
    }

    /** The largest coefficient of {@code p - m'Qm}: how well the solver's Gram matrix met the identity. */
    private static double residualNorm(Polynomial p, List<Monomial> basis, double[][] gram) {
        Map<Monomial, Double> residual = new HashMap<>(p.terms());
        for (int i = 0; i < basis.size(); i++) {
            for (int j = 0; j < basis.size(); j++) {
                residual.merge(basis.get(i).multiply(basis.get(j)), -gram[i][j], Double::sum);
            }
        }
        double largest = 0.0;
        for (double r : residual.values()) {
            largest = Math.max(largest, Math.abs(r));
        }
        return largest;
    }

    /**
     * The nearest Gram matrix (in the Frobenius norm) whose polynomial {@code m'Qm} matches p on every
     * product monomial: each entry belongs to exactly one product monomial, so the projection spreads that
     * monomial's residual evenly over its entries (Peyrl and Parrilo's projection onto the affine set of
     * the identity). The solver's residual, far larger than rounding, then no longer eats into the margin
     * the check needs; p's monomials that no product reaches stay unabsorbed and are judged as before.
     */
    private static double[][] project(Polynomial p, List<Monomial> basis, double[][] gram) {
        int n = basis.size();
        Map<Monomial, double[]> residualAndCount = new HashMap<>();
        Monomial[][] product = new Monomial[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                Monomial m = basis.get(i).multiply(basis.get(j));
                product[i][j] = m;
                double[] rc = residualAndCount.computeIfAbsent(m, k -> new double[] {p.coefficient(k), 0});
                rc[0] -= gram[i][j];
                rc[1]++;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double[] rc = residualAndCount.get(product[i][j]);
                gram[i][j] += rc[0] / rc[1];
            }
        }
        return gram;
    }

    private static double[][] symmetrised(double[][] q) {
        int n = q.length;
        double[][] s = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                s[i][j] = 0.5 * (q[i][j] + q[j][i]);
            }
        }
        return s;
    }

    /**
     * @param a a symmetric matrix, not modified
     * @param shift subtracted from the diagonal
     * @return whether {@code a - shift I} has a Cholesky factor with positive pivots
     */
    static boolean choleskySucceeds(double[][] a, double shift) {
        int n = a.length;
        double[][] l = new double[n][n];
        for (int j = 0; j < n; j++) {
            double d = a[j][j] - shift;
            for (int k = 0; k < j; k++) {
                d -= l[j][k] * l[j][k];
            }
            if (!(d > 0.0)) {
                return false;
            }
            l[j][j] = Math.sqrt(d);
            for (int i = j + 1; i < n; i++) {
                double s = a[i][j];
                for (int k = 0; k < j; k++) {
                    s -= l[i][k] * l[j][k];
                }
                l[i][j] = s / l[j][j];
            }
        }
        return true;
    }
}
