package dev.mallard.simulator;

/**
 * The zero of the quadratic through three points of a witness along a step's interpolant, inside a bracket:
 * {@link WitnessTracker}'s isolation probes there when it can. A witness that is linear in the state, on a
 * trajectory of constant acceleration (a ball between impacts, anything under a constant force), is a
 * quadratic in time along the cubic Hermite interpolant, and its zero comes out exact to rounding after one
 * probe; for other witnesses the zero of the quadratic through the last three probes converges faster than the
 * secant (order about 1.84 against 1.62).
 */
final class QuadraticCrossing {

    private QuadraticCrossing() {
    }

    /**
     * The zero of the quadratic through {@code (x0, y0)}, {@code (x1, y1)}, {@code (x2, y2)} that lies strictly
     * inside {@code (a, b)}, the one nearest {@code x2} if both do; a degenerate quadratic (a line) gives its
     * only zero.
     *
     * @param x0 the oldest abscissa (seconds), distinct from the others, or NaN when there is no third point
     * @param y0 the value there
     * @param x1 the next abscissa
     * @param y1 the value there
     * @param x2 the newest abscissa
     * @param y2 the value there
     * @param a the bracket's start, seconds
     * @param b the bracket's end, seconds, {@code > a}
     * @return the zero, or NaN when there is none inside the bracket (or the points do not determine one:
     *     coincident abscissas, non-finite values)
     */
    static double root(double x0, double y0, double x1, double y1, double x2, double y2, double a, double b) {
        double d01 = (y1 - y0) / (x1 - x0);
        double d12 = (y2 - y1) / (x2 - x1);
        double c = (d12 - d01) / (x2 - x0);
        // p(x2 + s) = y2 + slope s + c s^2
        double slope = d12 + c * (x2 - x1);
        double s;
        if (c == 0) {
            s = -y2 / slope;
        } else {
            double discriminant = slope * slope - 4 * c * y2;
            if (!(discriminant >= 0)) {
                return Double.NaN;
            }
            // the two zeros without cancellation: q / c and y2 / q
            double q = -0.5 * (slope + Math.copySign(Math.sqrt(discriminant), slope));
            double s1 = q / c;
            double s2 = y2 / q;
            boolean in1 = inside(x2 + s1, a, b);
            boolean in2 = inside(x2 + s2, a, b);
            if (in1 && in2) {
                s = Math.abs(s1) <= Math.abs(s2) ? s1 : s2;
            } else {
                s = in1 ? s1 : s2;
            }
        }
        double t = x2 + s;
        return inside(t, a, b) ? t : Double.NaN;
    }

    private static boolean inside(double t, double a, double b) {
        return t > a && t < b;
    }
}
