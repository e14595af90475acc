package dev.mallard.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.VanDerPol;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RegionOfAttractionPlotTest {

    @TempDir
    Path dir;

    /** The time-reversed Van der Pol oscillator's certified estimate V = (1.5 x1^2 - x1 x2 + x2^2) / 2.3045. */
    @Test
    void trajectoriesInsideTheEstimateConvergeAndThoseOutsideTheLimitCycleDoNot() throws Exception {
        Variable x1 = new Variable("x1");
        Variable x2 = new Variable("x2");
        Expression v = Formula.parse("(1.5*x1^2 - x1*x2 + x2^2) / 2.3045", Map.of("x1", x1, "x2", x2));
        RegionOfAttractionPlot.Drawing drawing = RegionOfAttractionPlot.draw(v, List.of(x1, x2), new double[2],
                new VanDerPol<>(Scalar.DOUBLE, 1.0, true), new VanDerPol<>(Scalar.DOUBLE, 1.0, false), "vdp",
                dir.resolve("roa.png"));
        assertTrue(drawing.trueBoundaryFound());
        assertTrue(RegionOfAttractionPlot.ESTIMATE.contains("{V <= 1} (V normalised: candidate / rho)"));
        assertEquals(6, drawing.insideConverged());
        assertEquals(0, drawing.outsideConverged());
        assertTrue(Files.size(drawing.file()) > 10_000);
    }

    /** xdot = -x in three states: every start converges, also the outer ones, which begin outside the window. */
    private static final class Decay3 extends LeafSystem<Double> {
        Decay3() {
            super(Scalar.DOUBLE, "decay");
            declareContinuousState(3);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> derivatives) {
            for (int i = 0; i < 3; i++) {
                derivatives.setValue(i, -context.getContinuousState().getValue(i));
            }
        }
    }

    @Test
    void sliceStartsOutsideTheWindowAreFollowedAndCountedWhenTheyConverge() {
        Variable x1 = new Variable("x1");
        Variable x2 = new Variable("x2");
        Variable x3 = new Variable("x3");
        Expression v = Formula.parse("x1^2 + x2^2 + x3^2", Map.of("x1", x1, "x2", x2, "x3", x3));
        RegionOfAttractionPlot.Drawing drawing = RegionOfAttractionPlot.drawSlice(v, List.of(x1, x2, x3),
                new double[3], new Decay3(), "decay", dir.resolve("slice.png"));
        // the window's half-width is 1.3, the outer starts lie at 1.6: they used to be stopped at once
        assertEquals(6, drawing.insideConverged());
        assertEquals(6, drawing.outsideConverged());
    }

    @Test
    void theLegendListsEachKindOfSeriesOnce() {
        VanDerPol<Double> reversed = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        PhasePortrait portrait = new PhasePortrait("vdp", "x1", "x2");
        for (double[] x0 : new double[][] {{0.5, 0.0}, {3.0, 0.0}, {0.0, 0.5}, {-3.0, 0.0}}) {
            portrait.add(PhasePortrait.orbit(reversed, x0, 30, new double[2], 10));
        }
        assertEquals(List.of("reaches the equilibrium", "start", "does not reach it"), portrait.legend());
    }

    @Test
    void anOrbitIsMarkedConvergedByWhereItEnds() {
        VanDerPol<Double> reversed = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        assertTrue(PhasePortrait.orbit(reversed, new double[] {0.5, 0.0}, 30, new double[2], 10).converged());
        assertFalse(PhasePortrait.orbit(reversed, new double[] {3.0, 0.0}, 30, new double[2], 10).converged());
    }

    @Test
    void theLevelSetLiesOnVEqualsOne() {
        Variable x1 = new Variable("x1");
        Variable x2 = new Variable("x2");
        Expression v = Formula.parse("(x1 - 1)^2 + 4*(x2 + 1)^2", Map.of("x1", x1, "x2", x2));
        double[][] curve = RegionOfAttractionPlot.levelSet(v, List.of(x1, x2), new double[] {1, -1});
        for (int k = 0; k < curve[0].length; k++) {
            double a = curve[0][k] - 1;
            double b = curve[1][k] + 1;
            assertEquals(1.0, a * a + 4 * b * b, 1e-12);
        }
    }

    @Test
    void theLevelSetOfAQuarticVFollowsItsNonConvexBoundary() {
        // V = 0.5 |x|^2 + (x1^2 - x2^2)^2, as a quartic V of a higher-degree search gives: along the diagonals
        // V = 0.5 r^2, so r = sqrt(2); along the axes 0.5 r^2 + r^4 = 1, so r^2 = (sqrt(4.25) - 0.5) / 2.
        Variable x1 = new Variable("x1");
        Variable x2 = new Variable("x2");
        Expression v = Formula.parse("0.5*x1^2 + 0.5*x2^2 + (x1^2 - x2^2)^2", Map.of("x1", x1, "x2", x2));
        double[][] curve = RegionOfAttractionPlot.levelSet(v, List.of(x1, x2), new double[2]);
        for (int k = 0; k < curve[0].length; k++) {
            double a = curve[0][k];
            double b = curve[1][k];
            assertEquals(1.0, 0.5 * (a * a + b * b) + (a * a - b * b) * (a * a - b * b), 1e-12);
        }
        // The rays start at angle 0 (the x1 axis) and include the diagonal.
        assertEquals(Math.sqrt((Math.sqrt(4.25) - 0.5) / 2), curve[0][0], 1e-12);
        int diagonal = -1;
        for (int k = 0; k < curve[0].length; k++) {
            if (Math.abs(Math.atan2(curve[1][k], curve[0][k]) - Math.PI / 4) < 1e-12) {
                diagonal = k;
            }
        }
        assertEquals(Math.sqrt(2), Math.hypot(curve[0][diagonal], curve[1][diagonal]), 1e-12);
    }

    @Test
    void aThinTiltedEllipseKeepsItsEnds() {
        // V = (x1 + x2)^2 / 4 + 2500 (x1 - x2)^2: semi-axes sqrt(2) along the diagonal and 0.01 sqrt(2) across
        // it. At equal angles only, the points near the ends lie far apart and the drawn ends are cut off.
        Variable x1 = new Variable("x1");
        Variable x2 = new Variable("x2");
        Expression v = Formula.parse("(x1 + x2)^2 / 4 + 2500*(x1 - x2)^2", Map.of("x1", x1, "x2", x2));
        double[][] curve = RegionOfAttractionPlot.levelSet(v, List.of(x1, x2), new double[2]);
        double longest = 0;
        double reach = 0;
        for (int k = 0; k < curve[0].length; k++) {
            double a = curve[0][k];
            double b = curve[1][k];
            assertEquals(1.0, (a + b) * (a + b) / 4 + 2500 * (a - b) * (a - b), 1e-9);
            reach = Math.max(reach, Math.hypot(a, b));
            if (k > 0) {
                longest = Math.max(longest, Math.hypot(a - curve[0][k - 1], b - curve[1][k - 1]));
            }
        }
        assertEquals(Math.sqrt(2), reach, 1e-12);
        assertTrue(longest <= reach / 200 * 1.000001, "longest chord " + longest);
    }

    @Test
    void theAxesCarryTheSystemsStateNamesOverTheDefaultVariables() {
        List<Variable> defaults = List.of(new Variable("x0"), new Variable("x1"));
        SymbolicVectorSystem<Double> named = SymbolicVectorSystem.builder().state(new Variable("angle"),
                new Variable("rate")).dynamics("rate; -angle - rate").build(Scalar.DOUBLE);
        assertEquals(List.of("angle [state units]", "rate [state units]"),
                RegionOfAttractionPlot.axisLabels(defaults, named));
        // Without declared names, the variables' names.
        VanDerPol<Double> vdp = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        List<Variable> given = List.of(new Variable("p"), new Variable("q"));
        assertEquals(List.of("p [state units]", "q [state units]"), RegionOfAttractionPlot.axisLabels(given, vdp));
    }
}
