package dev.mallard.bench.model;

import dev.mallard.examples.Acrobot;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;

/**
 * {@link Acrobot} hand-specialised to double with {@code getValue}/{@code setValue}: nothing boxes. The limit the
 * generic forms are measured against.
 */
public final class AcrobotDouble extends LeafSystem<Double> {

    /** The acrobot with Drake's parameters. */
    public AcrobotDouble() {
        super(Scalar.DOUBLE, "acrobot (double)");
        declareContinuousState(2, 2, 0);
        for (int k = 0; k < Acrobot.PARAMETERS.size(); k++) {
            declareNumericParameter(Acrobot.PARAMETERS.get(k), Acrobot.DRAKE_PARAMETERS[k]);
        }
        declareVectorInputPort("elbow_torque", 1);
    }

    @Override
    protected void doCalcTimeDerivatives(Context<Double> c, ContinuousState<Double> d) {
        ContinuousState<Double> x = c.getContinuousState();
        double q1 = x.getValue(0);
        double q2 = x.getValue(1);
        double v1 = x.getValue(2);
        double v2 = x.getValue(3);
        double tau = getInputPort(0).eval(c).getValue(0);
        double m1 = p(c, 0);
        double m2 = p(c, 1);
        double l1 = p(c, 2);
        double lc1 = p(c, 4);
        double lc2 = p(c, 5);
        double g = p(c, 10);
        double i1 = p(c, 6) + m1 * (lc1 * lc1);
        double i2 = p(c, 7) + m2 * (lc2 * lc2);
        double k = m2 * l1 * lc2;
        double s2 = Math.sin(q2);
        double s1 = Math.sin(q1);
        double s12 = Math.sin(q1 + q2);
        double kc2 = k * Math.cos(q2);
        double m11 = i1 + i2 + m2 * (l1 * l1) + kc2 * 2;
        double m12 = i2 + kc2;
        double bias1 = -(k * s2 * v2 * (v1 * 2 + v2)) + g * (m1 * lc1 * s1 + m2 * (l1 * s1 + lc2 * s12)) + p(c, 8) * v1;
        double bias2 = k * s2 * (v1 * v1) + g * m2 * lc2 * s12 + p(c, 9) * v2;
        double r1 = -bias1;
        double r2 = tau - bias2;
        double det = m11 * i2 - m12 * m12;
        d.setValue(0, v1);
        d.setValue(1, v2);
        d.setValue(2, (i2 * r1 - m12 * r2) / det);
        d.setValue(3, (m11 * r2 - m12 * r1) / det);
    }

    private static double p(Context<Double> c, int k) {
        return c.getNumericParameter(k).getValue(0);
    }
}
