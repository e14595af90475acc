package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The modelling layer on problems with known optima. */
class SdpModelTest {

    /**
     * Goemans-Williamson relaxation of max-cut on the triangle K3 with unit weights: maximise
     * sum_{i<j} (1 - X_ij) / 2 s.t. diag X = 1, X PSD. The optimum X_ij = -1/2 gives 9/4.
     */
    @Test
    void maxCutRelaxationOfTriangleIsNineQuarters() {
        SdpModel model = new SdpModel();
        PsdMatrixVariable x = model.addPsdMatrix("X", 3);
        LinearExpression cut = new LinearExpression();
        for (int i = 0; i < 3; i++) {
            model.addEquality(LinearExpression.of(x.entry(i, i)), 1);
            for (int j = i + 1; j < 3; j++) {
                cut.addConstant(0.5).add(-0.5, x.entry(i, j));
            }
        }
        model.maximize(cut);
        ModelSolution s = model.solve();
        assertEquals(SdpStatus.OPTIMAL, s.status());
        assertEquals(2.25, s.objectiveValue(), 1e-7);
        double[][] value = s.value(x);
        assertEquals(-0.5, value[0][1], 1e-5);
        assertEquals(-0.5, value[2][1], 1e-5);
        assertEquals(1, value[1][1], 1e-7);
    }

    /** Lovasz theta of the 5-cycle: max J . X s.t. tr X = 1, X_ij = 0 on edges, X PSD; equals sqrt(5). */
    @Test
    void lovaszThetaOfFiveCycleIsSqrtFive() {
        SdpModel model = new SdpModel();
        PsdMatrixVariable x = model.addPsdMatrix("X", 5);
        LinearExpression trace = new LinearExpression();
        LinearExpression all = new LinearExpression();
        for (int i = 0; i < 5; i++) {
            trace.add(x.entry(i, i));
            model.addEquality(LinearExpression.of(x.entry(i, (i + 1) % 5)), 0);
            for (int j = 0; j < 5; j++) {
                all.add(x.entry(i, j));
            }
        }
        model.addEquality(trace, 1);
        model.maximize(all);
        ModelSolution s = model.solve();
        assertEquals(SdpStatus.OPTIMAL, s.status());
        assertEquals(Math.sqrt(5), s.objectiveValue(), 1e-7);
        assertEquals(1, s.value(trace), 1e-8);
    }

    /**
     * An LP with free, non-negative variables and both inequality senses: minimise x + y - z s.t.
     * x + y >= 2, z <= 3, x - y == 1 (x free, y, z >= 0). By hand: x = 1.5, y = 0.5, z = 3, value -1;
     * the multiplier of x + y >= 2 is 1 (raising the bound by t raises the optimum by t).
     */
    @Test
    void linearProgramWithAllConstraintKindsMatchesHandSolution() {
        SdpModel model = new SdpModel();
        ScalarVariable x = model.addFreeVariable("x");
        ScalarVariable y = model.addNonNegativeVariable("y");
        ScalarVariable z = model.addNonNegativeVariable("z");
        int sum = model.addGreaterOrEqual(LinearExpression.sum(x, y), 2);
        model.addLessOrEqual(LinearExpression.of(z), 3);
        model.addEquality(new LinearExpression().add(x).add(-1, y), 1);
        model.minimize(new LinearExpression().add(x).add(y).add(-1, z).addConstant(10));
        ModelSolution s = model.solve();
        assertEquals(SdpStatus.OPTIMAL, s.status());
        assertEquals(9, s.objectiveValue(), 1e-7);
        assertEquals(1.5, s.value(x), 1e-7);
        assertEquals(0.5, s.value(y), 1e-7);
        assertEquals(3, s.value(z), 1e-7);
        assertEquals(1, s.multiplier(sum), 1e-6);
    }

    /**
     * Coefficient matching as in sum-of-squares programs: p(t) = t^4 + a t^2 + 1 - gamma must equal
     * m(t)' Q m(t) with m = (1, t, t^2) and Q PSD; maximising gamma with a = -2 gives the minimum of
     * t^4 - 2 t^2 + 1 = (t^2 - 1)^2, which is 0. The coefficient a enters as a fixed free variable.
     */
    @Test
    void sumOfSquaresLowerBoundOfQuarticIsItsMinimum() {
        SdpModel model = new SdpModel();
        PsdMatrixVariable q = model.addPsdMatrix("Q", 3);
        ScalarVariable gamma = model.addFreeVariable("gamma");
        ScalarVariable a = model.addFreeVariable("a");
        model.addEquality(LinearExpression.of(a), -2);
        // t^0: Q00 = 1 - gamma; t^1: 2 Q01 = 0; t^2: 2 Q02 + Q11 = a; t^3: 2 Q12 = 0; t^4: Q22 = 1
        model.addEquality(new LinearExpression().add(q.entry(0, 0)).add(gamma), 1);
        model.addEquality(new LinearExpression().add(2, q.entry(0, 1)), 0);
        model.addEquality(new LinearExpression().add(2, q.entry(0, 2)).add(q.entry(1, 1)).add(-1, a), 0);
        model.addEquality(new LinearExpression().add(2, q.entry(1, 2)), 0);
        model.addEquality(LinearExpression.of(q.entry(2, 2)), 1);
        model.maximize(LinearExpression.of(gamma));
        ModelSolution s = model.solve();
        assertEquals(SdpStatus.OPTIMAL, s.status());
        assertEquals(0, s.value(gamma), 1e-6);
        assertEquals(-2, s.value(a), 1e-7);
    }

    /**
     * Twenty thousand coefficient-matching equalities over one Gram matrix compile to a problem with one
     * row each, duplicates summed and off-diagonal entries halved (A . Y counts them twice).
     */
    @Test
    void twentyThousandEqualitiesCompileToOneRowEach() {
        SdpModel model = new SdpModel();
        PsdMatrixVariable q = model.addPsdMatrix("Q", 200);
        ScalarVariable c = model.addFreeVariable("c");
        int count = 20000;
        for (int k = 0; k < count; k++) {
            int i = k % 200;
            int j = (k / 200) % 200;
            model.addEquality(new LinearExpression().add(q.entry(i, j)).add(q.entry(j, i)).add(0.5, c), k);
        }
        model.minimize(LinearExpression.of(c));
        SdpProblem problem = model.toProblem();
        assertEquals(count, problem.constraintCount());
        assertEquals(1, problem.freeCount());
        int k = 4321;
        int i = k % 200;
        int j = (k / 200) % 200;
        assertEquals(i == j ? 2 : 1, problem.entry(k, 0, i, j));
        assertEquals(0.5, problem.freeEntry(k, 0));
        assertEquals(k, problem.cost(k));
        assertEquals(-1, problem.freeEntry(-1, 0), "minimise c = maximise -c");
    }

    /** Many equality constraints solve: v_k = k mod 7 for 400 non-negative variables, minimising the sum. */
    @Test
    void hundredsOfEqualitiesAreSolved() {
        SdpModel model = new SdpModel();
        int count = 400;
        ScalarVariable[] v = new ScalarVariable[count];
        LinearExpression total = new LinearExpression();
        double expected = 0;
        for (int k = 0; k < count; k++) {
            v[k] = model.addNonNegativeVariable("v" + k);
            model.addEquality(LinearExpression.of(v[k]), k % 7 + 1);
            total.add(v[k]);
            expected += k % 7 + 1;
        }
        model.minimize(total);
        ModelSolution s = model.solve();
        assertEquals(SdpStatus.OPTIMAL, s.status());
        assertEquals(expected, s.objectiveValue(), 1e-7 * expected);
        assertEquals(6, s.value(v[5]), 1e-7);
    }

    @Test
    void infeasibleModelIsReportedInfeasible() {
        SdpModel model = new SdpModel();
        ScalarVariable x = model.addNonNegativeVariable("x");
        model.addLessOrEqual(LinearExpression.of(x), -1);
        model.minimize(LinearExpression.of(x));
        ModelSolution s = model.solve();
        assertTrue(s.isInfeasible(), s.status()::toString);
    }

    @Test
    void unboundedModelIsReportedUnbounded() {
        SdpModel model = new SdpModel();
        ScalarVariable x = model.addNonNegativeVariable("x");
        model.addGreaterOrEqual(LinearExpression.of(x), 1);
        model.maximize(LinearExpression.of(x));
        ModelSolution s = model.solve();
        assertTrue(s.isUnbounded(), s.status()::toString);
    }

    @Test
    void misuseIsRefusedWithAClearMessage() {
        SdpModel model = new SdpModel();
        SdpModel other = new SdpModel();
        ScalarVariable foreign = other.addFreeVariable("foreign");
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> model.addEquality(LinearExpression.of(foreign), 0)).getMessage().contains("foreign"));
        assertTrue(assertThrows(IllegalStateException.class, model::toProblem).getMessage()
                .contains("no constraints"));
        assertThrows(IllegalArgumentException.class, () -> model.addPsdMatrix("Q", 0));
        assertThrows(IllegalArgumentException.class, () -> new LinearExpression().add(Double.NaN, foreign));
        PsdMatrixVariable q = model.addPsdMatrix("Q", 2);
        assertEquals(q.entry(0, 1), q.entry(1, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> q.entry(2, 0));
    }
}
