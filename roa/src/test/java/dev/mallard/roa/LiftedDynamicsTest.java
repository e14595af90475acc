package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The dynamics lifted to {@code s = sin q}, {@code c = cos q - 1}: at true states the lifted field is the true one
 * (written out with Math.sin and Math.cos) and every constraint holds, the chord constraints touching zero at the
 * box's ends; polynomial dynamics are kept as given.
 */
class LiftedDynamicsTest {

    private static final Variable TH = new Variable("th");
    private static final Variable V = new Variable("v");
    private static final Variable Y = new Variable("y");
    private static final List<Variable> STATE = List.of(TH, V, Y);

    private static Expression[] parse(String... f) {
        Map<String, Variable> names = new HashMap<>();
        STATE.forEach(x -> names.put(x.name(), x));
        Expression[] out = new Expression[f.length];
        for (int i = 0; i < f.length; i++) {
            out[i] = Formula.parse(f[i], names);
        }
        return out;
    }

    /** A thrust-vectored toy: the angle enters through sin, cos and polynomially. */
    private static double[] trueRate(double th, double v, double y) {
        return new double[] {v, -Math.sin(th) * (2 + y) - v - th, Math.cos(th) * (1 + v) - 1 - y};
    }

    @Test
    void atTrueStatesTheLiftedFieldIsTheTrueOneAndEveryConstraintHolds() {
        LiftedDynamics lifted = LiftedDynamics.of(parse("v", "-sin(th)*(2 + y) - v - th", "cos(th)*(1 + v) - 1 - y"),
                STATE);
        assertTrue(lifted.lifted());
        List<Variable> lift = lifted.liftVariables();
        assertEquals(2, lift.size());
        double h = 2.5;
        LiftedDynamics.Form form = lifted.form(new double[] {h, Double.NaN, Double.NaN});
        assertEquals(5, form.inequalities().size());
        assertEquals(1, form.equations().size());
        double[] smallest = new double[form.inequalities().size()];
        java.util.Arrays.fill(smallest, Double.POSITIVE_INFINITY);
        for (double th = -h; th <= h + 1e-12; th += h / 250) {
            for (double[] vy : new double[][] {{0.3, -0.7}, {-1.2, 0.4}}) {
                Map<Variable, Double> at = Map.of(TH, th, V, vy[0], Y, vy[1], lift.get(0), Math.sin(th),
                        lift.get(1), Math.cos(th) - 1);
                double[] expected = trueRate(th, vy[0], vy[1]);
                for (int j = 0; j < 3; j++) {
                    assertEquals(expected[j], form.field().get(j).evaluate(at), 1e-12);
                }
                for (int i = 0; i < smallest.length; i++) {
                    double g = form.inequalities().get(i).evaluate(at);
                    assertTrue(g >= -1e-12, "constraint " + i + " = " + g + " at th = " + th);
                    smallest[i] = Math.min(smallest[i], g);
                }
                assertEquals(0.0, form.equations().get(0).evaluate(at), 1e-12);
            }
        }
        // the box and the chords are tight: each reaches zero at th = +-h (the box, the sine's lower chord and the
        // cosine's upper one) or at th = 0 (q s and the cosine's lower bound)
        for (double m : smallest) {
            assertEquals(0.0, m, 1e-12);
        }
        Map<Variable, Double> end = Map.of(TH, h, V, 0.0, Y, 0.0, lift.get(0), Math.sin(h), lift.get(1),
                Math.cos(h) - 1);
        assertEquals(0.0, form.inequalities().get(1).evaluate(end), 1e-12);
        assertEquals(0.0, form.inequalities().get(4).evaluate(end), 1e-12);
        // off the curve the constraints cut: s = sin h, c = cos h - 1 at th = h / 2 breaks the sine's chord
        Map<Variable, Double> off = Map.of(TH, h / 2, V, 0.0, Y, 0.0, lift.get(0), Math.sin(h), lift.get(1),
                Math.cos(h) - 1);
        assertTrue(form.inequalities().get(1).evaluate(off) < 0 || form.inequalities().get(3).evaluate(off) < 0);
    }

    @Test
    void polynomialDynamicsAreKeptAsGivenWithoutConstraints() {
        LiftedDynamics plain = LiftedDynamics.of(parse("v", "-th - v + th^3", "-y"), STATE);
        assertTrue(!plain.lifted() && plain.liftVariables().isEmpty());
        LiftedDynamics.Form form = plain.form(new double[3]);
        assertTrue(form.inequalities().isEmpty() && form.equations().isEmpty());
        Polynomial th = Polynomial.of(TH);
        assertEquals(th.scale(-1).sub(Polynomial.of(V)).add(th.multiply(th).multiply(th)), form.field().get(1));
        assertEquals(-0.5 - 0.25 + 0.125, plain.rate(new double[] {0.5, 0.25, 2})[1], 1e-15);
    }

    @Test
    void boxesBeyondHalfATurnAndUnliftableDynamicsAreRefused() {
        LiftedDynamics lifted = LiftedDynamics.of(parse("v", "-sin(th)", "cos(th) - 1 - y"), STATE);
        IllegalArgumentException wide = assertThrows(IllegalArgumentException.class,
                () -> lifted.form(new double[] {3.2, 0, 0}));
        assertTrue(wide.getMessage().contains("outer[0] must be in (0, pi], got 3.2"), wide.getMessage());
        IllegalArgumentException square = assertThrows(IllegalArgumentException.class,
                () -> LiftedDynamics.of(parse("v", "-sin(th)^2", "-y"), STATE));
        assertTrue(square.getMessage().contains("not affine in each of sin and cos"), square.getMessage());
    }
}
