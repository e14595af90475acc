package dev.mallard.examples.programs;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.primitives.VectorLog;
import dev.mallard.systems.primitives.VectorLogSink;

/**
 * A diagram of three systems: a cart with viscous friction (continuous), a PD controller sampled every
 * {@value #PERIOD} s (discrete, with a zero-order-hold output) and a {@link VectorLogSink} logging the cart's
 * state at the same period (Drake's {@code LogVectorOutput}).
 *
 * <pre>
 *   +-----------+  force   +------+  (q, v)  +--------+
 *   | sampled PD| -------> | cart | ----+--> | logger |
 *   +-----------+          +------+     |    +--------+
 *         ^-----------------------------+
 * </pre>
 *
 * <p>Drake's semantics for the sampled controller: at each sample time {@code t_k = k h} a discrete
 * update reads the cart's state {@code x(t_k)} and computes {@code u_k = -kp (q_k - r) - kd v_k} into the
 * controller's discrete state; the output port returns that state, so the force is held constant over
 * {@code [t_k, t_(k+1))} while the integrator moves the cart. Run it with
 * {@code java -cp ... dev.mallard.examples.programs.SampledPdControl}.
 */
public final class SampledPdControl {

    /** Cart mass, kg. */
    public static final double MASS = 1.0;
    /** Viscous friction coefficient, N s / m. */
    public static final double FRICTION = 0.5;
    /** Proportional gain, N / m. */
    public static final double KP = 20.0;
    /** Derivative gain, N s / m. */
    public static final double KD = 6.0;
    /** Target position r, m. */
    public static final double TARGET = 1.0;
    /** Sample period h of the controller and the logger, s. */
    public static final double PERIOD = 0.1;

    private SampledPdControl() {
    }

    /**
     * A cart on a line: {@code q' = v, m v' = u - b v} with force u on input port "force" and output port
     * "state" = {@code (q, v)}. Numeric parameter group 0 is {@code [m, b]}.
     *
     * @param <T> the number type
     */
    public static final class Cart<T> extends LeafSystem<T> {

        private final double mass;
        private final double friction;

        /**
         * @param scalar the number type
         * @param mass m, kg
         * @param friction b, N s / m
         */
        public Cart(Scalar<T> scalar, double mass, double friction) {
            super(scalar, "cart");
            this.mass = mass;
            this.friction = friction;
            declareContinuousState(1, 1, 0);
            declareNumericParameter(mass, friction);
            declareVectorInputPort("force", 1);
            // The output depends on the state only (no direct feedthrough): that is what lets the diagram
            // close the loop without an algebraic loop.
            declareVectorOutputPort("state", 2, (c, y) -> {
                y.set(0, c.getContinuousState().get(0));
                y.set(1, c.getContinuousState().get(1));
            }, Feedthrough.none());
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, ContinuousState<T> derivatives) {
            Scalar<T> s = scalar();
            T v = context.getContinuousState().get(1);
            T m = context.getNumericParameter(0).get(0);
            T b = context.getNumericParameter(0).get(1);
            T u = getInputPort(0).eval(context, 0);
            derivatives.set(0, v);
            derivatives.set(1, s.div(s.sub(u, s.mul(b, v)), m));
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new Cart<>(target, mass, friction);
        }
    }

    /**
     * A PD controller sampled with period h: input "state" = {@code (q, v)}, output "force" = the held
     * {@code u_k}. Numeric parameter group 0 is {@code [kp, kd, r]}; discrete state group 0 is {@code [u]},
     * zero until the first sample.
     *
     * @param <T> the number type
     */
    public static final class SampledPdController<T> extends LeafSystem<T> {

        private final double kp;
        private final double kd;
        private final double target;
        private final double period;

        /**
         * @param scalar the number type
         * @param kp proportional gain
         * @param kd derivative gain
         * @param target the position r to reach
         * @param period h, seconds, {@code > 0}
         */
        public SampledPdController(Scalar<T> scalar, double kp, double kd, double target, double period) {
            super(scalar, "sampled PD");
            this.kp = kp;
            this.kd = kd;
            this.target = target;
            this.period = period;
            declareNumericParameter(kp, kd, target);
            declareDiscreteState(0.0);
            declareVectorInputPort("state", 2);
            // The periodic update computes u_k from x(t_k); nothing else changes the discrete state.
            declarePeriodicDiscreteUpdateEvent(period, 0.0, (context, xd) -> {
                xd.get(0).set(0, law(context));
                return EventStatus.succeeded();
            });
            // Zero-order hold: the output is the stored u_k, not the law evaluated now, and it does not
            // depend on the input directly.
            declareVectorOutputPort("force", 1, (c, y) -> y.set(0, c.getDiscreteState(0).get(0)),
                    Feedthrough.none());
        }

        /** u = -kp (q - r) - kd v on the current input. */
        private T law(Context<T> context) {
            Scalar<T> s = scalar();
            T q = getInputPort(0).eval(context, 0);
            T v = getInputPort(0).eval(context, 1);
            T gainP = context.getNumericParameter(0).get(0);
            T gainD = context.getNumericParameter(0).get(1);
            T r = context.getNumericParameter(0).get(2);
            return s.neg(s.add(s.mul(gainP, s.sub(q, r)), s.mul(gainD, v)));
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new SampledPdController<>(target, kp, kd, this.target, period);
        }
    }

    /**
     * Builds the diagram, starts the cart at rest at {@code q = 0} and simulates.
     *
     * @param finalTime seconds, {@code >= 0}
     * @return the log of the cart's states {@code (q, v)} at {@code 0, h, 2h, ...} up to {@code finalTime}
     * @throws IllegalArgumentException if {@code finalTime} is negative or not finite
     */
    public static VectorLog<Double> simulate(double finalTime) {
        if (!(finalTime >= 0) || !Double.isFinite(finalTime)) {
            throw new IllegalArgumentException("finalTime must be finite and >= 0, got " + finalTime);
        }
        DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
        Cart<Double> cart = builder.addSystem(new Cart<>(Scalar.DOUBLE, MASS, FRICTION));
        SampledPdController<Double> pd = builder.addSystem(
                new SampledPdController<>(Scalar.DOUBLE, KP, KD, TARGET, PERIOD));
        builder.connect(cart.getOutputPort("state"), pd.getInputPort("state"));
        builder.connect(pd.getOutputPort("force"), cart.getInputPort("force"));
        VectorLogSink<Double> logger = VectorLogSink.logVectorOutput(cart.getOutputPort("state"), builder, PERIOD);
        Diagram<Double> diagram = builder.build("sampled PD loop");

        // The default context starts the cart at rest at q = 0 with u = 0 held until the first sample.
        Simulator<Double> simulator = new Simulator<>(diagram);
        // Tight error control: the continuous part is then accurate to about 1e-9 between samples.
        simulator.getMutableIntegrator().setTargetAccuracy(1e-10);
        // Sample k is due at exactly k h, and k h can round just above a decimal final time (30 x 0.1 is
        // 3.0000000000000004): run to the last sample at or within rounding of finalTime, so that it is logged.
        long lastSample = (long) Math.floor(finalTime / PERIOD * (1 + 1e-12));
        simulator.advanceTo(Math.max(finalTime, lastSample * PERIOD));
        return logger.findLog(simulator.getContext());
    }

    /**
     * Prints the logged response over three seconds.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        VectorLog<Double> log = simulate(3.0);
        double[] t = log.sampleTimes();
        double[][] x = log.data();
        System.out.printf("cart with a PD controller sampled every %.2f s, target q = %.1f m%n", PERIOD, TARGET);
        System.out.println("   t [s]    q [m]     v [m/s]");
        for (int k = 0; k < t.length; k++) {
            System.out.printf("%8.2f %8.4f %10.4f%n", t[k], x[0][k], x[1][k]);
        }
    }
}
