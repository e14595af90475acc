package dev.mallard.roa;

import dev.mallard.scalar.Checks;

import java.util.List;
import java.util.Locale;

/**
 * What an unverified result means in the user's terms, and what to try: the words Mallard prints when the
 * certificate of the level found fails its check at every back-off. It distinguishes the two ways a check
 * fails: the polynomial identity cannot be met on the certificate's monomials (a degree too low for the
 * dynamics), or it is met but the Gram matrix is too close to singular for the check to tell it from an
 * indefinite one (a certificate touching zero, often from badly scaled states or a candidate barely good
 * enough).
 */
public final class CertificateFailure {

    private CertificateFailure() {
    }

    /**
     * @param result a result whose certificate was not verified ({@link RegionOfAttractionResult#isVerified()}
     *     false), not null
     * @return several sentences: what was found, what failed, what it means, what to try
     * @throws IllegalArgumentException if the result was verified
     */
    public static String explain(RegionOfAttractionResult result) {
        Checks.notNull(result, "result");
        if (result.isVerified()) {
            throw new IllegalArgumentException("result: the certificate was verified, there is no failure to explain");
        }
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "The SOS program found the level rho = %.6g of V, but the certificate that V decreases along every "
                        + "trajectory inside {V <= rho} failed its independent check at every level tried, from "
                        + "just below it down to 10%% below it. So no region is claimed: a level whose certificate "
                        + "is not checked is never reported. ", result.optimalRho()));
        List<SosCertificate> certificates = result.certificates();
        boolean identity = certificates.stream().anyMatch(c -> c.unabsorbedResidual() > c.tolerance());
        if (identity) {
            s.append("The certificate's polynomial identity could not be met: it needs terms that its monomials "
                    + "cannot produce, i.e. the multiplier or V has too low a degree for these dynamics. "
                    + "What to try: a candidate V of higher degree (--V), or the implicit form (--g) for rational "
                    + "dynamics.");
        } else {
            s.append("The identity was met, but the Gram matrix of the certificate is too close to singular (its "
                    + "smallest eigenvalue does not clear the rounding of the identity): the certificate touches "
                    + "zero somewhere, so floating point cannot tell it from one that fails. What to try: scale the "
                    + "states so that the region is of order 1 in every coordinate (change of units), give another "
                    + "candidate V (--V), or, for a candidate that is barely a Lyapunov function, one with more "
                    + "decrease near the equilibrium.");
        }
        return s.toString();
    }
}
