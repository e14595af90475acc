package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * Property-based test, through the public API only, of a simulation invariant: a guard is never left
 * violated at the end of a step. A ball bounces (guard: the height z, reset: v to -e v) from random heights,
 * speeds and restitutions, under several integrators and accuracies; at the end of every step the height is
 * at least minus what the ball falls within the event isolation window (or one step, without isolation).
 *
 * <p>The first property stays below 80 % of the time at which the bounces accumulate (a Zeno point); the
 * second runs to 150 % of it, where the simulator must either keep the invariant or stop with its Zeno
 * exception: never fall through the floor in silence.
 */
class GuardInvariantPropertiesTest {

    private static final double G = 9.81;
    private static final String[] SCHEMES = {"runge_kutta3", "runge_kutta5", "bogacki_shampine3", "radau3",
        "implicit_euler", "explicit_euler"};

    @Property(seed = "161803", tries = 60)
    void aGuardIsNeverLeftViolatedAtTheEndOfAStep(@ForAll @DoubleRange(min = 0.2, max = 5) double height,
            @ForAll @DoubleRange(min = -3, max = 3) double speed, @ForAll @DoubleRange(min = 0.3, max = 0.8) double e,
            @ForAll @IntRange(min = 0, max = 5) int scheme, @ForAll @IntRange(min = 3, max = 8) int digits) {
        Variable z = new Variable("z");
        Variable v = new Variable("v");
        SymbolicVectorSystem<Double> ball = SymbolicVectorSystem.builder().name("ball").state(z, v)
                .dynamics(v.toExpression(), Expression.constant(-G))
                .guardAndReset(z.toExpression(), List.of(z.toExpression(), Expression.mul(v.toExpression(), Expression.constant(-e))))
                .initialState(height, speed).build(Scalar.DOUBLE);
        double finalTime = 0.8 * accumulationTime(height, speed, e);
        double maxStep = 0.05;
        Simulator<Double> simulator = new Simulator<>(ball);
        var integrator = SimulatorConfigFunctions.resetIntegratorFromFlags(simulator, SCHEMES[scheme], maxStep);
        if (integrator.supportsErrorEstimation()) {
            integrator.setTargetAccuracy(Math.pow(10, -digits));
        } else {
            integrator.setFixedStepMode(true);
        }
        double fastest = Math.sqrt(speed * speed + 2 * G * height);
        double[] worst = {Double.POSITIVE_INFINITY};
        simulator.setMonitor(c -> {
            worst[0] = Math.min(worst[0], c.getContinuousState().getValue(0));
            return EventStatus.succeeded();
        });
        simulator.initialize();
        double window = simulator.getCurrentWitnessTimeIsolation().orElse(maxStep);
        simulator.advanceTo(finalTime);
        double tolerance = 2 * fastest * window + 1e-12;
        assertTrue(worst[0] >= -tolerance, "the height reached " + worst[0] + " at the end of a step, below -"
                + tolerance + " (" + SCHEMES[scheme] + ", accuracy 1e-" + digits + ")");
        assertTrue(simulator.getNumUnrestrictedUpdates() >= 1, "no bounce before " + finalTime);
    }

    @Property(seed = "271828", tries = 30)
    void pastTheAccumulationPointTheSimulatorStopsClearlyOrKeepsTheGuard(
            @ForAll @DoubleRange(min = 0.2, max = 5) double height, @ForAll @DoubleRange(min = 0.3, max = 0.8) double e,
            @ForAll @IntRange(min = 0, max = 3) int scheme, @ForAll @IntRange(min = 4, max = 8) int digits) {
        Variable z = new Variable("z");
        Variable v = new Variable("v");
        SymbolicVectorSystem<Double> ball = SymbolicVectorSystem.builder().name("ball").state(z, v)
                .dynamics(v.toExpression(), Expression.constant(-G))
                .guardAndReset(z.toExpression(), List.of(z.toExpression(), Expression.mul(v.toExpression(), Expression.constant(-e))))
                .initialState(height, 0.0).build(Scalar.DOUBLE);
        double accumulation = accumulationTime(height, 0.0, e);
        Simulator<Double> simulator = new Simulator<>(ball);
        SimulatorConfigFunctions.resetIntegratorFromFlags(simulator, SCHEMES[scheme], 0.05)
                .setTargetAccuracy(Math.pow(10, -digits));
        double[] worst = {Double.POSITIVE_INFINITY};
        simulator.setMonitor(c -> {
            worst[0] = Math.min(worst[0], c.getContinuousState().getValue(0));
            return EventStatus.succeeded();
        });
        simulator.initialize();
        double window = simulator.getCurrentWitnessTimeIsolation().orElse(0.05);
        try {
            simulator.advanceTo(1.5 * accumulation);
        } catch (SimulationException stopped) {
            assertTrue(stopped.getMessage().contains("Zeno"), stopped.getMessage());
            // It stops at the end of the step that found the guard left violated: at most one maximum step late.
            assertTrue(stopped.getTime() <= accumulation + 0.05 + 1e-6, "stopped at " + stopped.getTime()
                    + ", after the accumulation at " + accumulation);
        }
        double tolerance = 2 * Math.sqrt(2 * G * height) * window + 1e-12;
        assertTrue(worst[0] >= -tolerance, "the height reached " + worst[0] + " at the end of a step ("
                + SCHEMES[scheme] + ", accuracy 1e-" + digits + ")");
    }

    /** When the bounces accumulate: the first impact, then flights of 2 e^k v1 / g, summing to a limit. */
    private static double accumulationTime(double height, double speed, double e) {
        double impactSpeed = Math.sqrt(speed * speed + 2 * G * height);
        double firstImpact = (speed + impactSpeed) / G;
        return firstImpact + 2 * e * impactSpeed / (G * (1 - e));
    }
}
