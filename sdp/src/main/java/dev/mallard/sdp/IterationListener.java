package dev.mallard.sdp;

import dev.mallard.scalar.Checks;
import java.io.PrintStream;
import java.util.Locale;

/** Receives the state of an {@link SdpSolver} run after every iteration (on the solving thread). */
@FunctionalInterface
public interface IterationListener {

    /**
     * Called once per iteration, starting with iteration 0 (the starting point).
     *
     * @param info the iterate's summary
     */
    void onIteration(IterationInfo info);

    /**
     * A listener that prints one table row per iteration (with a header before iteration 0).
     *
     * @param out the stream to print to
     * @return the listener
     */
    static IterationListener printingTo(PrintStream out) {
        Checks.notNull(out, "out");
        return info -> {
            if (info.iteration() == 0) {
                out.println(" iter     primal obj       dual obj     p-infeas  d-infeas  obj-gap   compl-gap mu         "
                        + "step-p step-d sigma");
            }
            out.println(String.format(Locale.ROOT, "%5d %15.8e %15.8e %9.2e %9.2e %9.2e %9.2e %10.3e %6.3f %6.3f %5.3f",
                    info.iteration(), info.primalObjective(), info.dualObjective(), info.primalInfeasibility(),
                    info.dualInfeasibility(), info.relativeGap(), info.relativeComplementarity(), info.mu(), info.primalStep(),
                    info.dualStep(), info.sigma()));
        };
    }
}
