package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Free variables written as pairs of LP entries with opposite coefficients: recognised, re-centred, reported. */
class SplitFreeVariablesTest {

    /**
     * (D) maximise w subject to Y + w = 2, Y a 1 x 1 PSD block, w = y+ - y- in an LP block of two: the optimum
     * is w = 2, Y = 0. (P) minimise 2x subject to x >= 0, x - 1 >= 0 and 1 - x >= 0: x = 1, value 2.
     */
    private static final String ONE_FREE = "1\n2\n1 -2\n2\n0 2 1 1 1\n0 2 2 2 -1\n1 1 1 1 1\n1 2 1 1 1\n1 2 2 2 -1\n";

    @Test
    void aSplitPairIsRecognisedAndSolved() throws IOException {
        SdpProblem problem = SdpaFormat.readSparse(new StringReader(ONE_FREE));
        assertEquals(1, SplitFreeVariables.find(problem).count());
        SdpResult r = new SdpSolver().solve(problem);
        assertEquals(SdpStatus.OPTIMAL, r.status(), r::toString);
        assertEquals(1, r.splitFreeVariables());
        assertEquals(2, r.primalObjective(), 1e-7);
        assertEquals(2, r.dualObjective(), 1e-7);
        assertEquals(2, r.dualMatrix().get(1, 0, 0) - r.dualMatrix().get(1, 1, 1), 1e-7);
        assertEquals(1, r.x()[0], 1e-7);
    }

    @Test
    void recognitionCanBeTurnedOff() throws IOException {
        SdpProblem problem = SdpaFormat.readSparse(new StringReader(ONE_FREE));
        SdpOptions keep = SdpOptions.defaults().withSplitFreeVariables(false);
        assertTrue(!keep.splitFreeVariables() && keep.toString().endsWith(", split free variables kept as LP pairs]"));
        SdpResult r = new SdpSolver(keep).solve(problem);
        assertEquals(0, r.splitFreeVariables());
        assertEquals(2, r.dualObjective(), 1e-6);
    }

    /**
     * Entries whose columns are not exact opposites are not pairs: DSOS's {@code Q_ij = p - n} has p and n with
     * the same sign in the dominance row, and a column equal to another (not opposite) is no pair either.
     */
    @Test
    void columnsThatAreNotExactOppositesAreNotPairs() throws IOException {
        String text = "2\n1\n-4\n1 1\n"
                + "1 1 1 1 1\n1 1 2 2 -1\n2 1 1 1 1\n2 1 2 2 1\n"
                + "1 1 3 3 1\n2 1 3 3 1\n1 1 4 4 1\n2 1 4 4 1\n";
        assertNull(SplitFreeVariables.find(SdpaFormat.readSparse(new StringReader(text))));
    }

    /**
     * A free variable in the objective and in no constraint makes (D) unbounded: maximise w subject to Y = 1.
     * (P) minimise x subject to x >= 0 and the free variable's rows 1 >= 0, -1 >= 0 is infeasible, and the
     * result is a Farkas ray: Y = 0 with w = y+ - y- = 1 after normalisation (C . Y = 1, A(Y) = 0).
     */
    @Test
    void anUnboundedFreeVariableGivesAPrimalInfeasibilityRay() throws IOException {
        String text = "1\n2\n1 -2\n1\n0 2 1 1 1\n0 2 2 2 -1\n1 1 1 1 1\n";
        SdpResult r = new SdpSolver().solve(SdpaFormat.readSparse(new StringReader(text)));
        assertEquals(SdpStatus.PRIMAL_INFEASIBLE, r.status(), r::toString);
        assertEquals(1, r.splitFreeVariables());
        assertEquals(1, r.dualMatrix().get(1, 0, 0) - r.dualMatrix().get(1, 1, 1), 1e-8);
        assertTrue(r.certificateResidual() <= 1e-8, r::toString);
    }

    /**
     * A model's free variable, split for an SDPA file and read back, is recognised again and gives the same
     * optimum: maximise w subject to [[1 - w, 1/2], [1/2, 1 + w]] PSD, i.e. w^2 <= 3/4, so w = sqrt(3)/2.
     */
    @Test
    void aFreeVariableSplitForAnSdpaFileIsRecognisedAgainWithTheSameOptimum() throws IOException {
        SdpModel model = new SdpModel();
        ScalarVariable w = model.addFreeVariable("w");
        PsdMatrixVariable q = model.addPsdMatrix("Q", 2);
        model.addEquality(LinearExpression.of(q.entry(0, 0)).add(w), 1);
        model.addEquality(LinearExpression.of(q.entry(1, 1)).add(-1, w), 1);
        model.addEquality(LinearExpression.of(q.entry(0, 1)), 0.5);
        model.maximize(LinearExpression.of(w));
        SdpProblem problem = model.toProblem();
        assertEquals(Math.sqrt(0.75), model.solve(problem, SdpOptions.defaults()).value(w), 1e-7);

        SdpProblem split = problem.withFreeVariablesSplit();
        assertEquals(0, split.freeCount());
        assertEquals(-2, split.blockSizes()[split.blockCount() - 1]);
        StringWriter text = new StringWriter();
        SdpaFormat.writeSparse(split, text);
        SdpResult r = new SdpSolver().solve(SdpaFormat.readSparse(new StringReader(text.toString())));
        assertEquals(SdpStatus.OPTIMAL, r.status(), r::toString);
        assertEquals(1, r.splitFreeVariables());
        assertEquals(Math.sqrt(0.75), r.dualObjective(), 1e-7);
        int last = split.blockCount() - 1;
        assertEquals(Math.sqrt(0.75), r.dualMatrix().get(last, 0, 0) - r.dualMatrix().get(last, 1, 1), 1e-7);
        assertTrue(problem.withFreeVariablesSplit() != problem && split.withFreeVariablesSplit() == split);
    }
}
