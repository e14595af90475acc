package dev.mallard.roa;

import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

/**
 * Pairs of polynomials {@code {a(q), b(q)}} between which {@code sin q} (or {@code cos q}) lies, so that
 * {@code sin q = a(q) + e (b(q) - a(q))} for some {@code e} in {@code [0, 1]} at every q where the pair is
 * valid. Every bound rests on the alternating Taylor bounds: integrating {@code cos t <= 1} from 0 again and
 * again gives, for every {@code q >= 0}, that the partial sums {@code S_k(q) = sum_{j <= k} (-1)^j
 * q^(2j+1)/(2j+1)!} lie alternately above and below {@code sin q}, so that {@code sin q - S_k(q)} lies
 * between 0 and the next term {@code (-1)^(k+1) q^(2k+3)/(2k+3)!}; both sides are odd, so the same holds for
 * {@code q < 0}. Likewise {@code cos q - C_k(q)} lies between 0 and {@code (-1)^(k+1) q^(2k+2)/(2k+2)!} for
 * every q, with {@code C_k} the even partial sums.
 */
final class TrigonometricBounds {

    /**
     * The chords' coefficients are rounded outwards by this relative margin (about 45 ulps, far above the few ulps of
     * error in {@code Math.sin} and one division), so that each bound holds for the true sin and cos, not only for
     * their doubles: the exact proof ({@link ShapeExactProof}) takes the coefficients as the binary fractions they are.
     */
    private static final double OUTWARD_DOWN = 1 - 1e-14;
    private static final double OUTWARD_UP = 1 + 1e-14;

    /**
     * A lower bound on {@code min sin(q)/q}, attained where {@code tan q = q} (q = 4.4934...), where
     * {@code sin(q)/q = -0.217233628...}.
     */
    static final double SINE_SECTOR_MIN = -0.2173;

    private TrigonometricBounds() {
    }

    /**
     * Valid where {@code |q| <= halfWidth}: {@code sin q - S_k(q)} lies between 0 and the next Taylor term,
     * whose factor {@code q^2} is at most {@code halfWidth^2} there, so between 0 and
     * {@code (-1)^(k+1) halfWidth^2 q^(2k+1)/(2k+3)!}: a pair of degree {@code 2k+1}.
     *
     * @param q the angle
     * @param k the order, {@code >= 0}
     * @param halfWidth the bound on |q|, {@code > 0}
     * @return {S_k, S_k + (-1)^(k+1) halfWidth^2 q^(2k+1)/(2k+3)!}
     */
    static Polynomial[] sine(Variable q, int k, double halfWidth) {
        Polynomial partial = Polynomial.ZERO;
        for (int j = 0; j <= k; j++) {
            partial = partial.add(term(q, 2 * j + 1, sign(j) / factorial(2 * j + 1)));
        }
        Polynomial remainder = term(q, 2 * k + 1, sign(k + 1) * halfWidth * halfWidth / factorial(2 * k + 3));
        return new Polynomial[] {partial, partial.add(remainder)};
    }

    /**
     * Valid where {@code |q| <= halfWidth}, as for {@link #sine}: a pair of degree {@code 2k}.
     *
     * @param q the angle
     * @param k the order, {@code >= 0}
     * @param halfWidth the bound on |q|, {@code > 0}
     * @return {C_k, C_k + (-1)^(k+1) halfWidth^2 q^(2k)/(2k+2)!}
     */
    static Polynomial[] cosine(Variable q, int k, double halfWidth) {
        Polynomial partial = Polynomial.ZERO;
        for (int j = 0; j <= k; j++) {
            partial = partial.add(term(q, 2 * j, sign(j) / factorial(2 * j)));
        }
        Polynomial remainder = term(q, 2 * k, sign(k + 1) * halfWidth * halfWidth / factorial(2 * k + 2));
        return new Polynomial[] {partial, partial.add(remainder)};
    }

    /**
     * Valid where {@code inner <= |q| <= outer <= pi}: {@code sin q / q} decreases on {@code [0, pi]}, so it lies
     * between its values at the two ends (with inner = 0, between {@code sin(outer)/outer} and 1: tighter than
     * {@link #sine} of order 0, whose lower factor {@code 1 - outer^2/6} is below it).
     *
     * @param q the angle
     * @param inner the lower bound on |q|, in {@code [0, outer)}
     * @param outer the upper bound on |q|, in {@code (0, pi]}
     * @return {sin(outer)/outer q, sin(inner)/inner q}
     * @throws IllegalArgumentException if the bounds are not ordered within {@code [0, pi]}
     */
    static Polynomial[] sineChord(Variable q, double inner, double outer) {
        checkChord(inner, outer);
        double top = inner == 0 ? 1.0 : Math.sin(inner) / inner * OUTWARD_UP;
        return new Polynomial[] {term(q, 1, Math.sin(outer) / outer * OUTWARD_DOWN), term(q, 1, top)};
    }

    /**
     * Valid where {@code inner <= |q| <= outer <= pi}: {@code (1 - cos q) / q^2 = (sin(q/2) / (q/2))^2 / 2}
     * decreases on {@code [0, pi]}, so it lies between its values at the two ends (1/2 at 0).
     *
     * @param q the angle
     * @param inner the lower bound on |q|, in {@code [0, outer)}
     * @param outer the upper bound on |q|, in {@code (0, pi]}
     * @return {1 - a(inner) q^2, 1 - a(outer) q^2} with {@code a(t) = (1 - cos t) / t^2}
     * @throws IllegalArgumentException if the bounds are not ordered within {@code [0, pi]}
     */
    static Polynomial[] cosineChord(Variable q, double inner, double outer) {
        checkChord(inner, outer);
        double top = inner == 0 ? 0.5 : versineRatio(inner) * OUTWARD_UP;
        double bottom = versineRatio(outer) * OUTWARD_DOWN;
        return new Polynomial[] {Polynomial.constant(1).sub(term(q, 2, top)),
            Polynomial.constant(1).sub(term(q, 2, bottom))};
    }

    /** {@code (1 - cos t) / t^2} as {@code (sin(t/2) / t)^2 * 2}, without the cancellation of {@code 1 - cos t}. */
    private static double versineRatio(double t) {
        double r = Math.sin(0.5 * t) / t;
        return 2 * r * r;
    }

    private static void checkChord(double inner, double outer) {
        if (!(inner >= 0 && inner < outer && outer <= Math.PI)) {
            throw new IllegalArgumentException("need 0 <= inner < outer <= pi, got inner " + inner + ", outer "
                    + outer);
        }
    }

    /**
     * Valid for every q: {@code sin q / q} lies in {@code [SINE_SECTOR_MIN, 1]}.
     *
     * @param q the angle
     * @return {SINE_SECTOR_MIN q, q}
     */
    static Polynomial[] sineSector(Variable q) {
        return new Polynomial[] {term(q, 1, SINE_SECTOR_MIN), term(q, 1, 1.0)};
    }

    /**
     * Valid for every q: {@code 1 - q^2/2 <= cos q <= 1}.
     *
     * @param q the angle
     * @return {1 - q^2/2, 1}
     */
    static Polynomial[] cosineSector(Variable q) {
        return new Polynomial[] {Polynomial.constant(1).sub(term(q, 2, 0.5)), Polynomial.constant(1)};
    }

    /**
     * The smallest order whose remainder has degree at least {@code minRemainderDegree} ({@code 2k+1} for the
     * sine, {@code 2k} for the cosine) and whose relative enclosure width on {@code |q| <= halfWidth} is at most
     * {@code tolerance}: the remainder's coefficient over that of the last Taylor term kept,
     * {@code halfWidth^2 / ((2k+2)(2k+3))} for the sine and {@code halfWidth^2 / ((2k+1)(2k+2))} for the cosine.
     * The degree condition keeps the remainder out of the linearisation, which the level of a quadratic
     * candidate hinges on: a sine multiplied by a linear term needs order 1, one multiplied by a cubic term
     * may take order 0.
     *
     * @param sine whether for the sine (else the cosine)
     * @param halfWidth the bound on |q|
     * @param tolerance the relative width accepted, in (0, 1)
     * @param maxOrder the largest order returned
     * @param minRemainderDegree the lowest degree of the remainder accepted
     * @return the order, in [0, maxOrder]
     */
    static int order(boolean sine, double halfWidth, double tolerance, int maxOrder, int minRemainderDegree) {
        int k = 0;
        int shift = sine ? 2 : 1;
        while (k < maxOrder && (2 * k + shift - 1 < minRemainderDegree
                || halfWidth * halfWidth / ((2.0 * k + shift) * (2.0 * k + shift + 1)) > tolerance)) {
            k++;
        }
        return k;
    }

    private static Polynomial term(Variable q, int power, double coefficient) {
        return Polynomial.of(power == 0 ? Monomial.ONE : Monomial.of(q, power), coefficient);
    }

    private static double sign(int j) {
        return j % 2 == 0 ? 1.0 : -1.0;
    }

    private static double factorial(int n) {
        double out = 1;
        for (int i = 2; i <= n; i++) {
            out *= i;
        }
        return out;
    }
}
