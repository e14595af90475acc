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
     * @param q the Gram matrix (symmetrised copy is kept)
     * @param relativeTolerance tolerance on the unabsorbed residual relative to p's largest coefficient
     * @return the certificate
     */
    static SosCertificate check(Polynomial p, List<Monomial> basis, double[][] q, double relativeTolerance) {
        int n = basis.size();
        double[][] gram = symmetrised(q);
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
        double identity = 0.0;
        double unabsorbed = 0.0;
        double frobeniusSquared = 0.0;
        for (Map.Entry<Monomial, Double> e : residual.entrySet()) {
            double r = e.getValue();
            identity = Math.max(identity, Math.abs(r));
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
