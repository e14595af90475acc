package dev.mallard.roa;

import dev.mallard.sdp.SdpProblem;

/**
 * Receives the SDP of the largest level of a level search, compiled exactly as the solver got it, for example
 * to write it with {@link dev.mallard.sdp.SdpaFormat} and solve it with another solver.
 */
@FunctionalInterface
public interface LevelSearchObserver {

    /**
     * @param problem the SDP, solved; its (D) objective {@code C . Y} is maximised (csdp's primal objective for
     *     the SDPA file of the problem); not to be modified
     * @param constant the constant c of the level in the SDP's units, {@code c + C . Y}
     * @param levelUnit the unit of V in the SDP (a power of two; 1 when the program was not rescaled): the level
     *     of V is {@code rho = levelUnit (c + C . Y)}
     */
    void observe(SdpProblem problem, double constant, double levelUnit);
}
