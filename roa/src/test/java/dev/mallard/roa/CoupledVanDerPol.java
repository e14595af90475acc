package dev.mallard.roa;

/**
 * Issue 30's family of {@code n = 2N} states: N time-reversed Van der Pol oscillators (mu = 1) in an open chain,
 * each pulled towards its neighbours' positions by springs of stiffness k = 0.2. Oscillator i has position
 * {@code p_i = x_(2i-1)} and {@code q_i = x_(2i)} (= -p_i'):
 * {@code p_i' = -q_i}, {@code q_i' = p_i + (p_i^2 - 1) q_i + k (d_i p_i - p_(i-1) - p_(i+1))}, d_i the number
 * of neighbours. The origin is locally stable ({@code p'' = -(I + kL) p - (1 - p^2) p'}, L the chain's
 * Laplacian) and its region of attraction bounded. {@code bench/roa-vdp.sh} writes the same equations and
 * {@code bench/roa_vdp_exact.py} finds their exact levels.
 */
final class CoupledVanDerPol {

    private CoupledVanDerPol() {
    }

    /** @return the chain of {@code oscillators} oscillators, with the default candidate (from A'P + PA = -I) */
    static SosFamily.Member chain(int oscillators) {
        StringBuilder states = new StringBuilder();
        StringBuilder dynamics = new StringBuilder();
        for (int i = 1; i <= oscillators; i++) {
            String p = "x" + (2 * i - 1);
            String q = "x" + 2 * i;
            StringBuilder pull = new StringBuilder();
            if (i > 1) {
                pull.append(" + 0.2*").append(p).append(" - 0.2*x").append(2 * i - 3);
            }
            if (i < oscillators) {
                pull.append(" + 0.2*").append(p).append(" - 0.2*x").append(2 * i + 1);
            }
            states.append(i > 1 ? "," : "").append(p).append(',').append(q);
            dynamics.append(i > 1 ? "; " : "").append('-').append(q).append("; ").append(p).append(" + (")
                    .append(p).append("^2 - 1)*").append(q).append(pull);
        }
        return new SosFamily.Member("vdp" + oscillators, states.toString(), dynamics.toString(), "", "");
    }
}
