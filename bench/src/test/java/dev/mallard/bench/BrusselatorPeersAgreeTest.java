package dev.mallard.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.simulator.gradients.CostGradient;
import org.junit.jupiter.api.Test;

/**
 * The peers of {@link BrusselatorBenchmark} compute the same gradient: forward mode and the adjoint to about
 * radau3's Newton tolerance (the adjoint re-solves the stage equations to rounding), the automatic choice
 * exactly as the mode it picks, and central differences of the cost in one parameter of each group.
 */
class BrusselatorPeersAgreeTest {

    private static double cost(BrusselatorBenchmark b) {
        return BrusselatorBenchmark.SUM.value(b.finalTime, b.doubleRun(), null);
    }

    @Test
    void forwardAdjointAutomaticAndCentralDifferencesAgree() {
        BrusselatorBenchmark b = new BrusselatorBenchmark();
        b.side = 2;
        b.scheme = "radau3";
        b.finalTime = 2;
        b.accuracy = 1e-6;
        b.setUp();
        CostGradient.Result forward = b.forward();
        CostGradient.Result adjoint = b.adjoint();
        CostGradient.Result automatic = b.automatic();
        double[] gf = forward.gradient();
        double[] ga = adjoint.gradient();
        assertEquals(6 * 4, gf.length);
        assertEquals(forward.cost(), adjoint.cost(), 1e-6 * Math.abs(forward.cost()));
        double scale = 0;
        for (double v : gf) {
            scale = Math.max(scale, Math.abs(v));
        }
        for (int j = 0; j < gf.length; j++) {
            assertEquals(gf[j], ga[j], 1e-5 * scale, "entry " + j);
        }
        CostGradient.Result chosen = automatic.mode() == CostGradient.Mode.FORWARD ? forward : adjoint;
        assertEquals(chosen, automatic);
        // columns: 8 states, then A (4), B (4), alpha (8); one entry of each parameter group
        int[] columns = {8 + 1, 12 + 2, 16 + 5};
        int[][] groupEntry = {{0, 1}, {1, 2}, {2, 5}};
        double step = 1e-5;
        for (int c = 0; c < columns.length; c++) {
            int group = groupEntry[c][0];
            int entry = groupEntry[c][1];
            BrusselatorBenchmark shifted = new BrusselatorBenchmark();
            shifted.side = 2;
            shifted.scheme = "runge_kutta5";
            shifted.finalTime = 2;
            shifted.accuracy = 1e-11;
            shifted.setUp();
            double base = shifted.context().getNumericParameter(group).getValue(entry);
            shifted.context().getMutableNumericParameter(group).setValue(entry, base + step);
            double up = cost(shifted);
            shifted.context().getMutableNumericParameter(group).setValue(entry, base - step);
            double down = cost(shifted);
            assertEquals((up - down) / (2 * step), gf[columns[c]], 1e-4 * scale, "column " + columns[c]);
        }
    }
}
