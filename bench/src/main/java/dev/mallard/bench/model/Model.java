package dev.mallard.bench.model;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.LeafSystem;
import org.hipparchus.CalculusFieldElement;
import org.hipparchus.ode.FieldOrdinaryDifferentialEquation;

/** The benchmark's continuous models, each in every form a peer needs. */
public enum Model {
    /** {@link VanDerPol} with mu = 1: 2 states, 1 parameter. */
    VAN_DER_POL(VanDerPol.INITIAL_STATE, new double[] {VanDerPol.MU}),
    /** {@link MassSpringChain}: 20 states, 2 parameters. */
    CHAIN(MassSpringChain.INITIAL_STATE, new double[] {MassSpringChain.STIFFNESS, MassSpringChain.DAMPING});

    private final double[] initialState;
    private final double[] parameters;

    Model(double[] initialState, double[] parameters) {
        this.initialState = initialState;
        this.parameters = parameters;
    }

    /** @return a copy of the initial state */
    public double[] initialState() {
        return initialState.clone();
    }

    /** @return a copy of the default parameters */
    public double[] parameters() {
        return parameters.clone();
    }

    /** @return the number of states plus the number of parameters: the derivatives a full Jacobian needs */
    public int numVariables() {
        return initialState.length + parameters.length;
    }

    /**
     * The user's generic system (written once against {@link Scalar}).
     *
     * @param <T> the number type
     * @param scalar the number type
     * @return a new system with the default parameters
     */
    public <T> LeafSystem<T> generic(Scalar<T> scalar) {
        return this == VAN_DER_POL ? new VanDerPol<>(scalar, VanDerPol.MU) : new MassSpringChain<>(scalar);
    }

    /** @return the boxing-free double-only variant of the system */
    public LeafSystem<Double> specialised() {
        return this == VAN_DER_POL ? new VanDerPolDouble() : new MassSpringChainDouble();
    }

    /**
     * @param p the parameters, as {@link #parameters()}
     * @return the dynamics on primitive arrays
     */
    public PrimitiveOde primitive(double[] p) {
        return this == VAN_DER_POL ? new VanDerPolOde(p[0]) : new MassSpringChainOde(p[0], p[1]);
    }

    /**
     * @param p the parameters, as {@link #parameters()}
     * @return the dynamics followed by their variational equations for all {@link #numVariables()} directions,
     *     on primitive arrays (written by hand)
     */
    public PrimitiveOde variational(double[] p) {
        return this == VAN_DER_POL ? new VanDerPolVariationalOde(p[0]) : new MassSpringChainVariationalOde(p[0], p[1]);
    }

    /**
     * @param <T> the field element type
     * @param p the parameters as field elements
     * @return the dynamics over a Hipparchus field
     */
    public <T extends CalculusFieldElement<T>> FieldOrdinaryDifferentialEquation<T> field(T[] p) {
        return this == VAN_DER_POL ? new FieldVanDerPol<>(p[0]) : new FieldMassSpringChain<>(p[0], p[1]);
    }
}
