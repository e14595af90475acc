package dev.mallard.examples.programs;

import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.systems.Context;
import java.util.Arrays;

/**
 * Gradient descent through impacts: from which height must a ball be dropped so that at time
 * {@value #TIME} s, after its second bounce, it is at height {@value #TARGET_HEIGHT} m?
 *
 * <p>The ball is Mallard's {@link BouncingBall} (restitution {@value #RESTITUTION}, gravity
 * {@value #GRAVITY} m/s²). One {@link GradientSimulation} run gives the height {@code z(T)} and its
 * derivatives with respect to the initial state and every parameter, by forward-mode AutoDiff through the
 * whole simulation: at each impact the event time's own sensitivity flows into the reset, so the
 * derivative is the true derivative of the hybrid trajectory, not the derivative of the smooth flow
 * between impacts. The descent minimises {@code J(h) = (z(T; h) - target)² / 2} with a fixed step:
 * {@code h <- h - rate (z - target) dz/dh}.
 */
public final class BounceHeightDescent {

    /** Gravity, m/s². */
    public static final double GRAVITY = 9.81;
    /** Coefficient of restitution. */
    public static final double RESTITUTION = 0.8;
    /** The time T at which the height is measured, s. */
    public static final double TIME = 2.0;
    /** The height the ball should have at T, m. */
    public static final double TARGET_HEIGHT = 0.5;

    private BounceHeightDescent() {
    }

    /**
     * The height at {@link #TIME} and its derivatives.
     *
     * @param dropHeight the height the ball was dropped from, m
     * @param height z(T), m
     * @param dHeightDDropHeight dz(T)/dh
     * @param dHeightDRestitution dz(T)/de, m
     */
    public record Sensitivity(double dropHeight, double height, double dHeightDDropHeight, double dHeightDRestitution) {
    }

    /**
     * The result of a descent.
     *
     * @param dropHeight the final drop height, m
     * @param height z(T) from it, m
     * @param iterates the drop heights tried, first to last, m
     * @param converged whether {@code |z(T) - target|} fell below the tolerance
     */
    public record Descent(double dropHeight, double height, double[] iterates, boolean converged) {

        /** @return the number of gradient evaluations */
        public int evaluations() {
            return iterates.length;
        }
    }

    /**
     * Simulates the ball dropped from rest at {@code dropHeight} with AutoDiff to {@link #TIME}.
     *
     * @param dropHeight m, finite and {@code > 0}
     * @return z(T) and its derivatives with respect to the drop height and the restitution
     * @throws IllegalArgumentException if {@code dropHeight} is not positive and finite
     */
    public static Sensitivity sensitivity(double dropHeight) {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, dropHeight, RESTITUTION, GRAVITY);
        // The default context holds the initial state (z, v) = (dropHeight, 0) and the parameters [e, g].
        Context<Double> context = ball.createDefaultContext();
        GradientSimulation.Result r = GradientSimulation.run(ball, context, TIME,
                simulator -> simulator.getMutableIntegrator().setTargetAccuracy(1e-10));
        // Row 0 is z(T). Column 0 is d/dz(0), which is d/dh because the ball starts at rest at z(0) = h;
        // the parameter columns follow the initial state.
        double[] dz = r.stateJacobian()[0];
        return new Sensitivity(dropHeight, r.finalState()[0], dz[0], dz[r.parameterColumn(BouncingBall.RESTITUTION)]);
    }

    /**
     * Gradient descent on the drop height.
     *
     * @param start the first drop height, m, {@code > 0}
     * @param rate the step size, {@code > 0}
     * @param tolerance the accepted {@code |z(T) - target|}, m, {@code > 0}
     * @param maxEvaluations the most simulations to run, {@code >= 1}
     * @return the last iterate and the path to it
     * @throws IllegalArgumentException naming an argument out of range, or if an iterate leaves
     *     {@code h > 0}
     */
    public static Descent descend(double start, double rate, double tolerance, int maxEvaluations) {
        Checks.positive(rate, "rate");
        Checks.positive(tolerance, "tolerance");
        if (maxEvaluations < 1) {
            throw new IllegalArgumentException("maxEvaluations must be >= 1, got " + maxEvaluations);
        }
        double[] iterates = new double[maxEvaluations];
        double h = start;
        for (int n = 0; n < maxEvaluations; n++) {
            iterates[n] = h;
            Sensitivity s = sensitivity(h);
            double residual = s.height() - TARGET_HEIGHT;
            if (Math.abs(residual) <= tolerance) {
                return new Descent(h, s.height(), Arrays.copyOf(iterates, n + 1), true);
            }
            // dJ/dh = (z - target) dz/dh.
            h -= rate * residual * s.dHeightDDropHeight();
        }
        return new Descent(h, sensitivity(h).height(), iterates, false);
    }

    /**
     * Prints the gradient at the start and the descent's path.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        Sensitivity s = sensitivity(1.4);
        System.out.printf("dropped from %.2f m: z(%.1f s) = %.6f m, dz/dh = %.6f, dz/de = %.6f m%n",
                s.dropHeight(), TIME, s.height(), s.dHeightDDropHeight(), s.dHeightDRestitution());
        Descent d = descend(1.4, 0.4, 1e-9, 50);
        for (int n = 0; n < d.evaluations(); n++) {
            System.out.printf("iteration %2d: h = %.9f m%n", n, d.iterates()[n]);
        }
        System.out.printf("%s: drop from %.9f m to be at %.6f m at t = %.1f s%n",
                d.converged() ? "converged" : "not converged", d.dropHeight(), d.height(), TIME);
    }
}
