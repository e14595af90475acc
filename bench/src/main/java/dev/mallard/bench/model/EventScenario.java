package dev.mallard.bench.model;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.systems.Context;
import dev.mallard.systems.LeafSystem;

/**
 * The event-heavy runs (benchmark 3), each with and without its events. Both use {@link Setup#RK3_1E6}. The
 * periodic run's event-free twin caps the step at the update period, so both take the same number of steps
 * and the difference is the event machinery; the ball's twin takes the ball's maximum step throughout.
 */
public enum EventScenario {
    /** {@link BouncingBall} through 100 impacts. */
    BOUNCING_BALL(BouncingBall.timeFor(100)),
    /** {@link SampledPlant} for 10 s: 10 000 updates. */
    PERIODIC_1KHZ(10.0);

    private final double finalTime;

    EventScenario(double finalTime) {
        this.finalTime = finalTime;
    }

    /** @return the simulated time, seconds */
    public double finalTime() {
        return finalTime;
    }

    /**
     * @param events whether the system declares its events
     * @return a reusable run
     */
    public Run run(boolean events) {
        LeafSystem<Double> system = this == BOUNCING_BALL ? new BouncingBall<>(Scalar.DOUBLE, events)
                : new SampledPlant<>(Scalar.DOUBLE, events);
        Simulator<Double> simulator = new Simulator<>(system);
        IntegratorBase<Double> integrator = Setup.RK3_1E6.configure(simulator);
        if (this == PERIODIC_1KHZ && !events) {
            integrator.setMaximumStepSize(1 / SampledPlant.RATE);
        }
        return new Run(simulator, finalTime);
    }

    /** A simulator that restarts from the system's default context at every {@link #simulate()}. */
    public static final class Run {
        private final Simulator<Double> simulator;
        private final Context<Double> defaults;
        private final double finalTime;

        Run(Simulator<Double> simulator, double finalTime) {
            this.simulator = simulator;
            this.defaults = simulator.getContext().cloneContext();
            this.finalTime = finalTime;
        }

        /** @return the simulator (for statistics) */
        public Simulator<Double> simulator() {
            return simulator;
        }

        /** @return the final first state entry, after simulating from the default context to the final time */
        public double simulate() {
            simulator.getMutableContext().setTimeStateAndParametersFrom(defaults);
            simulator.initialize();
            simulator.advanceTo(finalTime);
            return simulator.getContext().getContinuousState().getValue(0);
        }
    }
}
