package dev.mallard.roa;

/** A closed polygon in the plane, vertices {@code (p[0][k], p[1][k])}: its area and membership, for the tests. */
final class PlanarPolygon {

    private PlanarPolygon() {
    }

    /** The signed area by the shoelace formula (positive when the vertices run counterclockwise). */
    static double shoelace(double[][] p) {
        double s = 0;
        int n = p[0].length;
        for (int k = 0; k < n; k++) {
            int j = (k + 1) % n;
            s += p[0][k] * p[1][j] - p[0][j] * p[1][k];
        }
        return 0.5 * s;
    }

    /** Whether (x, y) is inside, by even-odd ray casting. */
    static boolean contains(double[][] p, double x, double y) {
        boolean inside = false;
        int n = p[0].length;
        for (int k = 0, j = n - 1; k < n; j = k++) {
            if ((p[1][k] > y) != (p[1][j] > y)
                    && x < (p[0][j] - p[0][k]) * (y - p[1][k]) / (p[1][j] - p[1][k]) + p[0][k]) {
                inside = !inside;
            }
        }
        return inside;
    }
}
