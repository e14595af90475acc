package dev.mallard.roa;

import dev.mallard.sdp.PsdMatrixVariable;
import dev.mallard.sdp.ScalarVariable;
import dev.mallard.sdp.SdpModel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A scaled diagonally dominant Gram matrix (Ahmadi and Majumdar's SDSOS): {@code Q = sum_{i<j} E_ij' M_ij E_ij},
 * each {@code M_ij} a 2 x 2 positive semidefinite block placed on rows and columns i and j. Every such Q is
 * PSD and every diagonally dominant one has this form, so the certificate lies between DSOS and SOS; the SDP
 * holds {@code n(n-1)/2} blocks of size 2 (second-order cones) instead of one n x n block.
 */
final class SdsosGram {

    private SdsosGram() {
    }

    /**
     * @param model the model receiving the blocks
     * @param name the constraint's name, for the blocks' names
     * @param n the size of the Gram matrix, {@code >= 0}
     * @return the Gram matrix as linear forms in the blocks' entries, indexed [row][column]
     */
    static List<List<Map<ScalarVariable, Double>>> build(SdpModel model, String name, int n) {
        List<List<Map<ScalarVariable, Double>>> g = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Map<ScalarVariable, Double>> row = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                row.add(new HashMap<>());
            }
            g.add(row);
        }
        if (n == 1) {
            // No pair to place a block on: a 1 x 1 Gram matrix is a non-negative number.
            g.get(0).get(0).put(model.addNonNegativeVariable("Q(" + name + ")[0,0]"), 1.0);
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                PsdMatrixVariable m = model.addPsdMatrix("M(" + name + ")[" + i + "," + j + "]", 2);
                g.get(i).get(i).merge(m.entry(0, 0), 1.0, Double::sum);
                g.get(j).get(j).merge(m.entry(1, 1), 1.0, Double::sum);
                g.get(i).get(j).put(m.entry(0, 1), 1.0);
                g.get(j).get(i).put(m.entry(0, 1), 1.0);
            }
        }
        return g;
    }
}
