package dev.mallard.simulator.internal;

import dev.mallard.simulator.gradients.AdjointGradient;
import dev.mallard.systems.WitnessFunction;

/**
 * What {@link AdjointGradient} needs to know of a double run beyond its steps: which updates were dispatched
 * and which witness set an event time (the forward path gives that time its implicit-function-theorem
 * sensitivity; the double path does not, so it reports the witness instead). Called from the simulating
 * thread; implementations must not modify the simulation.
 *
 * @param <T> the number type
 */
public interface EventObserver<T> {

    /**
     * Called just before a set of updates is dispatched at the context's current time.
     *
     * @param events the due events (only their unrestricted and discrete updates are dispatched); not to be
     *     kept or modified
     */
    void updating(EventSet<T> events);

    /**
     * Called on the double path where the generic path gives the event time its sensitivity: after the
     * earliest crossing was isolated and the context moved there.
     *
     * @param witness the witness whose crossing set the event time
     * @param owner the index of the leaf owning it among the root's leaves
     */
    void eventTimeSetBy(WitnessFunction<T> witness, int owner);
}
