package dev.mallard.examples.programs;

import dev.mallard.examples.CartPole;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.controllers.LinearQuadraticRegulator;
import dev.mallard.systems.primitives.VectorLog;
import dev.mallard.systems.primitives.VectorLogSink;

/**
 * Drake's cart-pole balanced upright by an LQR controller, as a Diagram of the plant, the controller that
 * {@link LinearQuadraticRegulator#controller} designs from the plant's linearisation, and a
 * {@link VectorLogSink} that logs the plant's state every {@value #LOG_PERIOD} s.
 *
 * <pre>
 *   +-----+  force   +-----------+  state  +-----------------+
 *   | LQR | -------> | cart-pole | ---+--> | VectorLogSink   |
 *   +-----+          +-----------+    |    +-----------------+
 *      ^------------------------------+
 * </pre>
 *
 * Run it with {@code java -cp ... dev.mallard.examples.programs.CartPoleLqr}.
 */
public final class CartPoleLqr {

    /** The state cost Q = diag(10, 10, 1, 1) on (x, theta, xdot, thetadot). */
    public static final double[][] Q = {{10, 0, 0, 0}, {0, 10, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
    /** The input cost R = 1. */
    public static final double[][] R = {{1}};
    /** The upright equilibrium (x, theta, xdot, thetadot). */
    public static final double[] UPRIGHT = {0, Math.PI, 0, 0};
    /** The logger's period, seconds. */
    public static final double LOG_PERIOD = 0.02;

    private CartPoleLqr() {
    }

    /**
     * A balancing run: the gain and the log.
     *
     * @param gain the LQR gain K and cost-to-go S
     * @param log the plant's state at 0, 0.02, 0.04, ... s
     */
    public record Run(LinearQuadraticRegulator.Result gain, VectorLog<Double> log) {
    }

    /**
     * The plant at the upright equilibrium with zero force: the operating point of the design.
     *
     * @param plant the cart-pole
     * @return a context of the plant at {@link #UPRIGHT}
     */
    public static Context<Double> upright(CartPole<Double> plant) {
        Context<Double> c = plant.createDefaultContext();
        c.setContinuousStateValues(UPRIGHT);
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.0));
        return c;
    }

    /**
     * Releases the pole tilted from upright, with the cart at rest, and simulates the closed loop.
     *
     * @param tilt the initial angle from upright, rad
     * @param finalTime seconds, {@code > 0}
     * @return the gain and the log
     * @throws IllegalArgumentException if the tilt is not finite or the final time is not positive
     */
    public static Run balance(double tilt, double finalTime) {
        if (!Double.isFinite(tilt) || !(finalTime > 0) || !Double.isFinite(finalTime)) {
            throw new IllegalArgumentException("tilt must be finite and finalTime finite and > 0, got tilt = " + tilt
                    + ", finalTime = " + finalTime);
        }
        DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
        CartPole<Double> plant = builder.addSystem(new CartPole<>(Scalar.DOUBLE));
        AffineSystem<Double> lqr = builder.addSystem(LinearQuadraticRegulator.controller(plant, upright(plant), Q, R));
        builder.connect(plant.getOutputPort(0), lqr.getInputPort(0));
        builder.connect(lqr.getOutputPort(0), plant.getInputPort(0));
        VectorLogSink<Double> logger = VectorLogSink.logVectorOutput(plant.getOutputPort(0), builder, LOG_PERIOD);
        Diagram<Double> diagram = builder.build("balanced cart-pole");

        Simulator<Double> simulator = new Simulator<>(diagram);
        simulator.getMutableIntegrator().setTargetAccuracy(1e-9);
        plant.getMyContextFromRoot(simulator.getMutableContext())
                .setContinuousStateValues(UPRIGHT[0], UPRIGHT[1] + tilt, UPRIGHT[2], UPRIGHT[3]);
        simulator.advanceTo(finalTime);
        return new Run(LinearQuadraticRegulator.design(plant, upright(plant), Q, R), logger.findLog(simulator.getContext()));
    }

    /**
     * Prints the gain and the response to a 0.2 rad tilt.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        Run run = balance(0.2, 5.0);
        System.out.println("LQR gain K = " + java.util.Arrays.toString(run.gain().k()[0]));
        double[] t = run.log().sampleTimes();
        double[][] x = run.log().data();
        System.out.println("   t [s]     x [m]   theta [rad]");
        for (int k = 0; k < t.length; k += 25) {
            System.out.printf("%8.2f %9.4f %12.5f%n", t[k], x[0][k], x[1][k]);
        }
    }
}
