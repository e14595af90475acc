package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.sdp.ScalarVariable;
import dev.mallard.sdp.SdpModel;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SparseEliminationTest {

    private static SparseElimination.Row row(Map<Integer, Double> free, Map<ScalarVariable, Double> rest, double rhs) {
        SparseElimination.Row r = new SparseElimination.Row();
        r.free.putAll(free);
        r.rest.putAll(rest);
        r.rhs = rhs;
        return r;
    }

    @Test
    void eliminatesFreeVariablesAndRecoversThemByBackSubstitution() {
        SdpModel model = new SdpModel();
        ScalarVariable u = model.addNonNegativeVariable("u");
        ScalarVariable v = model.addNonNegativeVariable("v");
        // w0 + w1 + u = 3;  w1 - v = 1;  w0 + 2 w1 + u - v = 4  (the third is the sum of the first two).
        SparseElimination e = new SparseElimination(List.of(
                row(Map.of(0, 1.0, 1, 1.0), Map.of(u, 1.0), 3),
                row(Map.of(1, 1.0), Map.of(v, -1.0), 1),
                row(Map.of(0, 1.0, 1, 2.0), Map.of(u, 1.0, v, -1.0), 4)), 3);
        // The dependent row leaves nothing on u and v alone.
        assertTrue(e.remainingRows().isEmpty(), () -> "" + e.remainingRows().size());
        Map<ScalarVariable, Double> cone = new LinkedHashMap<>();
        cone.put(u, 0.5);
        cone.put(v, 2.0);
        // w1 = 1 + v = 3, w0 = 3 - u - w1 = -0.5; w2 appears nowhere: 0.
        assertArrayEquals(new double[] {-0.5, 3.0, 0.0}, e.recover(cone), 1e-12);
        // Objective w0 + w1 = 3 - u: constant 3, cone part -u.
        Map<ScalarVariable, Double> objective = new LinkedHashMap<>();
        assertEquals(3.0, e.rewriteObjective(new double[] {1, 1, 0}, objective), 1e-12);
        assertEquals(Map.of(u, -1.0), objective);
        // w2 is determined by no row: an objective on it is unbounded.
        assertTrue(Double.isNaN(e.rewriteObjective(new double[] {0, 0, 1}, objective)));
    }

    @Test
    void rowsWithoutFreeVariablesPassThrough() {
        SdpModel model = new SdpModel();
        ScalarVariable u = model.addNonNegativeVariable("u");
        SparseElimination e = new SparseElimination(List.of(
                row(Map.of(0, 2.0), Map.of(u, 1.0), 1),
                row(Map.of(), Map.of(u, 3.0), 6)), 1);
        assertEquals(1, e.remainingRows().size());
        assertEquals(6.0, e.remainingRows().get(0).rhs);
    }
}
