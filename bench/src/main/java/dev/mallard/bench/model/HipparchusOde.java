package dev.mallard.bench.model;

import org.hipparchus.ode.OrdinaryDifferentialEquation;

/**
 * A {@link PrimitiveOde} seen by Hipparchus. Hipparchus's interface returns a new array per evaluation; that
 * allocation is part of what a Hipparchus user pays, so it is kept.
 */
public final class HipparchusOde implements OrdinaryDifferentialEquation {

    private final PrimitiveOde ode;

    /** @param ode the dynamics */
    public HipparchusOde(PrimitiveOde ode) {
        this.ode = ode;
    }

    @Override
    public int getDimension() {
        return ode.dimension();
    }

    @Override
    public double[] computeDerivatives(double t, double[] y) {
        double[] yDot = new double[y.length];
        ode.derivatives(t, y, yDot);
        return yDot;
    }
}
