package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;

import java.util.List;

/**
 * The independent check of one sum-of-squares certificate {@code p = m' Q m}, made after the solve from the
 * numbers alone. The solver's Gram matrix Q0 is first projected onto the affine set of the identity (its
 * residual {@code p - m'Q0m} spread evenly over the entries of each product monomial, the nearest such
 * matrix in the Frobenius norm): that is the kept Gram matrix Q. What rounding leaves of
 * {@code r = p - m'Qm} is moved into a symmetric correction {@code E} with {@code m'Em = r} (each residual
 * coefficient onto one Gram entry whose monomial product it is); {@code Q + E} is then an exact Gram matrix
 * of p (up to the part of r no Gram entry can hold), and it is positive semidefinite if
 * {@code Q - (||E||_F + delta) I} has a Cholesky factor, delta covering the rounding of the factorisation. Verified means both: that Cholesky succeeded and the unabsorbed residual
 * is within tolerance. Immutable.
 */
public final class SosCertificate {

    private final List<Monomial> basis;
    private final double[][] gram;
    private final double identityResidual;
    private final double unabsorbedResidual;
    private final double requiredMargin;
    private final boolean marginHolds;
    private final double tolerance;

    SosCertificate(List<Monomial> basis, double[][] gram, double identityResidual, double unabsorbedResidual,
            double requiredMargin, boolean marginHolds, double tolerance) {
        this.basis = List.copyOf(basis);
        this.gram = gram;
        this.identityResidual = identityResidual;
        this.unabsorbedResidual = unabsorbedResidual;
        this.requiredMargin = requiredMargin;
        this.marginHolds = marginHolds;
        this.tolerance = tolerance;
    }

    /** @return whether the certificate was verified (the Gram matrix PSD with margin, identity holding) */
    public boolean isVerified() {
        return marginHolds && unabsorbedResidual <= tolerance;
    }

    /** @return the monomial basis m of the Gram matrix, unmodifiable */
    public List<Monomial> basis() {
        return basis;
    }

    /** @return a fresh copy of the Gram matrix Q (symmetrised and projected onto the identity) */
    public double[][] gram() {
        double[][] out = new double[gram.length][];
        for (int i = 0; i < gram.length; i++) {
            out[i] = gram[i].clone();
        }
        return out;
    }

    /**
     * @return the smallest eigenvalue of the kept Gram matrix Q (the certificate's margin: it must exceed
     *     {@link #requiredMargin()}); positive infinity for an empty basis
     */
    public double minEigenvalue() {
        if (gram.length == 0) {
            return Double.POSITIVE_INFINITY;
        }
        org.ejml.interfaces.decomposition.EigenDecomposition_F64<org.ejml.data.DMatrixRMaj> eig =
                org.ejml.dense.row.factory.DecompositionFactory_DDRM.eig(gram.length, false, true);
        if (!eig.decompose(new org.ejml.data.DMatrixRMaj(gram))) {
            throw new IllegalStateException("the eigenvalues of a Gram matrix did not converge");
        }
        double smallest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < gram.length; i++) {
            smallest = Math.min(smallest, eig.getEigenvalue(i).real);
        }
        return smallest;
    }

    /** @return the largest absolute coefficient of {@code p - m'Q0m}, Q0 the solver's Gram matrix */
    public double identityResidual() {
        return identityResidual;
    }

    /** @return the largest absolute coefficient of the residual that no Gram entry can absorb */
    public double unabsorbedResidual() {
        return unabsorbedResidual;
    }

    /** @return the margin {@code ||E||_F + delta} the smallest eigenvalue of Q had to exceed */
    public double requiredMargin() {
        return requiredMargin;
    }

    /** @return whether {@code Q - requiredMargin I} had a Cholesky factor */
    public boolean marginHolds() {
        return marginHolds;
    }

    /** @return the absolute tolerance applied to the unabsorbed residual */
    public double tolerance() {
        return tolerance;
    }

    @Override
    public String toString() {
        return "SosCertificate[" + (isVerified() ? "verified" : "NOT verified") + ", basis size " + basis.size()
                + ", identity residual " + identityResidual + ", unabsorbed " + unabsorbedResidual + " (tolerance "
                + tolerance + "), required margin " + requiredMargin + (marginHolds ? " held" : " failed") + "]";
    }
}
