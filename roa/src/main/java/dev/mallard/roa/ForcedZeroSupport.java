package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/**
 * Facial reduction of an SOS constraint by the coefficients its Gram basis cannot reach. A term of p whose
 * monomial is no product of two basis monomials must vanish: its coefficient, affine in the decision
 * variables, is zero at every feasible point. Those equalities may force other coefficients to zero as well
 * (an affine form in their span): such a monomial is no longer in p's support, and the Newton polytope of the
 * smaller support may drop basis monomials whose Gram rows had to be zero anyway. Without this, the Gram
 * matrix is singular at every feasible point and no certificate has a positive margin. The implicit form
 * meets it: with cubic dynamics, {@code y^3 z} terms (out of reach) force the derivative part of the
 * multipliers of g to zero, hence the {@code z_i^2} terms, and the monomials {@code z_i} leave the basis.
 */
final class ForcedZeroSupport {

    /** Singular values below this fraction of the largest are rounding. */
    private static final double RANK_TOLERANCE = 1e-10;
    /** A coefficient is forced to zero if its distance to the span is below this fraction of its size. */
    private static final double SPAN_TOLERANCE = 1e-8;

    private ForcedZeroSupport() {
    }

    /**
     * @param p the constraint's polynomial
     * @param support the monomials of p taken as its support (a subset of p's)
     * @param basis the Gram basis computed from that support
     * @return the support less every monomial whose coefficient is forced to zero (the same set if none is)
     */
    static Set<Monomial> effective(PolynomialExpression p, Set<Monomial> support, List<Monomial> basis) {
        Set<Monomial> reachable = new HashSet<>();
        for (int i = 0; i < basis.size(); i++) {
            for (int j = i; j < basis.size(); j++) {
                reachable.add(basis.get(i).multiply(basis.get(j)));
            }
        }
        Set<Monomial> unreachable = new LinkedHashSet<>();
        for (Monomial m : support) {
            if (!reachable.contains(m)) {
                unreachable.add(m);
            }
        }
        if (unreachable.isEmpty()) {
            return support;
        }
        Span span = new Span(p, unreachable);
        Set<Monomial> out = new LinkedHashSet<>();
        for (Monomial m : support) {
            if (!unreachable.contains(m) && !span.contains(p.coefficient(m))) {
                out.add(m);
            }
        }
        return out;
    }

    /** The row space of the unreachable coefficients (over their variables and the constant), orthonormal. */
    private static final class Span {
        private final Map<Integer, Integer> column = new HashMap<>();
        private final double[][] basis;

        Span(PolynomialExpression p, Set<Monomial> rows) {
            for (Monomial m : rows) {
                AffineForm c = p.coefficient(m);
                for (int k = 0; k < c.termCount(); k++) {
                    column.putIfAbsent(c.variable(k).index(), column.size() + 1);
                }
            }
            int cols = column.size() + 1;
            DMatrixRMaj a = new DMatrixRMaj(rows.size(), cols);
            int r = 0;
            for (Monomial m : rows) {
                double[] v = vector(p.coefficient(m));
                for (int j = 0; j < cols; j++) {
                    a.set(r, j, v[j]);
                }
                r++;
            }
            SingularValueDecomposition_F64<DMatrixRMaj> svd =
                    DecompositionFactory_DDRM.svd(a.numRows, a.numCols, false, true, true);
            if (!svd.decompose(a)) {
                basis = new double[0][];
                return;
            }
            double[] s = svd.getSingularValues();
            double largest = 0.0;
            for (double x : s) {
                largest = Math.max(largest, x);
            }
            DMatrixRMaj vt = svd.getV(null, true);
            int rank = 0;
            for (double x : s) {
                rank += x > RANK_TOLERANCE * largest ? 1 : 0;
            }
            basis = new double[rank][];
            for (int i = 0, k = 0; i < s.length; i++) {
                if (s[i] > RANK_TOLERANCE * largest) {
                    double[] row = new double[cols];
                    for (int j = 0; j < cols; j++) {
                        row[j] = vt.get(i, j);
                    }
                    basis[k++] = row;
                }
            }
        }

        /** The form as a vector: the constant in column 0, or null if it has a variable outside the span's. */
        private double[] vector(AffineForm c) {
            double[] v = new double[column.size() + 1];
            v[0] = c.constantTerm();
            for (int k = 0; k < c.termCount(); k++) {
                Integer j = column.get(c.variable(k).index());
                if (j == null) {
                    return null;
                }
                v[j] += c.coefficient(k);
            }
            return v;
        }

        boolean contains(AffineForm c) {
            double[] v = vector(c);
            if (v == null) {
                return false;
            }
            double norm = 0.0;
            for (double x : v) {
                norm += x * x;
            }
            double[] residual = v.clone();
            for (double[] b : basis) {
                double dot = 0.0;
                for (int j = 0; j < v.length; j++) {
                    dot += b[j] * v[j];
                }
                for (int j = 0; j < v.length; j++) {
                    residual[j] -= dot * b[j];
                }
            }
            double rest = 0.0;
            for (double x : residual) {
                rest += x * x;
            }
            return Math.sqrt(rest) <= SPAN_TOLERANCE * Math.sqrt(norm);
        }
    }
}
