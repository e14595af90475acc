package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.Event;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.InputPort;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.OutputPort;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * Records its input, Drake's {@code VectorLogSink}: input port {@code "data"} of size {@code size}; no output,
 * no state. The samples go into a {@link VectorLog} that lives in the sink's context (a record, see
 * {@code LeafSystem.declareRecord}): the system stays constant, one sink serves many contexts, and a cloned
 * context carries a copy of its log. Read it with {@link #findLog} (from the root context) or {@link #getLog}.
 *
 * <p>When it records, as in Drake:
 * <ul>
 *   <li>{@code publishPeriod == 0} (the default): a per-step publish, so at the end of initialization and of
 *       every Simulator step;</li>
 *   <li>{@code publishPeriod > 0}: a periodic publish at {@code k publishPeriod}, k = 0, 1, ...;</li>
 *   <li>either way also on a forced publish ({@code forcedPublish}, or the Simulator's
 *       {@code setPublishEveryTimeStep}/{@code setPublishAtInitialization}).</li>
 * </ul>
 * Drake's publish triggers choose among these: {@link #VectorLogSink(Scalar, String, int, Set, double)} with
 * any non-empty subset of {@code FORCED}, {@code PERIODIC} (with a period {@code > 0}) and {@code PER_STEP}.
 * A publish at time {@code t} sees the pre-update values {@code x⁻(t)} of discrete systems, so a system updated
 * at the same period is logged at the value it held over the preceding interval: logging Drake's
 * {@code x[n+1] = x[n] + 1}, {@code y = 10 x} at 1/50 s from 0 to 3/50 s gives (0, 0), (0.02, 10), (0.04, 20),
 * (0.06, 30).
 *
 * @param <T> the number type
 */
public final class VectorLogSink<T> extends LeafSystem<T> {

    private final int size;
    private final double publishPeriod;
    private final Set<Event.Trigger> publishTriggers;
    private final int logIndex;

    /**
     * A sink that records at every step.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param size the size of the logged vector, {@code >= 1}
     * @throws IllegalArgumentException if size {@code < 1}
     */
    public VectorLogSink(Scalar<T> scalar, String name, int size) {
        this(scalar, name, size, 0.0);
    }

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param size the size of the logged vector, {@code >= 1}
     * @param publishPeriod 0 to record at every step, else the recording period in seconds (finite, {@code > 0})
     * @throws IllegalArgumentException if size {@code < 1} or the period is negative, NaN or infinite
     */
    public VectorLogSink(Scalar<T> scalar, String name, int size, double publishPeriod) {
        this(scalar, name, size, triggersOf(publishPeriod), publishPeriod);
    }

    /** The triggers of a period: forced and periodic for a period, forced and per-step for 0. */
    private static Set<Event.Trigger> triggersOf(double publishPeriod) {
        if (!(publishPeriod >= 0) || !Double.isFinite(publishPeriod)) {
            throw new IllegalArgumentException("publishPeriod must be 0 (every step) or finite and > 0 seconds, got "
                    + publishPeriod);
        }
        return publishPeriod > 0 ? EnumSet.of(Event.Trigger.FORCED, Event.Trigger.PERIODIC)
                : EnumSet.of(Event.Trigger.FORCED, Event.Trigger.PER_STEP);
    }

    /**
     * Drake's {@code VectorLogSink(input_size, publish_triggers, publish_period)}: records on the chosen
     * triggers only.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param size the size of the logged vector, {@code >= 1}
     * @param publishTriggers a non-empty subset of {@code FORCED}, {@code PERIODIC} and {@code PER_STEP}; copied
     * @param publishPeriod the recording period in seconds, finite and {@code > 0} exactly when the triggers
     *     include {@code PERIODIC}, else 0
     * @throws IllegalArgumentException naming the argument if size {@code < 1}, the triggers are empty or hold
     *     another trigger, or the period does not match them
     */
    public VectorLogSink(Scalar<T> scalar, String name, int size, Set<Event.Trigger> publishTriggers,
            double publishPeriod) {
        super(scalar, name);
        this.size = Arguments.positiveSize(size, "size");
        Objects.requireNonNull(publishTriggers, "publishTriggers must not be null");
        Set<Event.Trigger> allowed = EnumSet.of(Event.Trigger.FORCED, Event.Trigger.PERIODIC, Event.Trigger.PER_STEP);
        if (publishTriggers.isEmpty() || !allowed.containsAll(publishTriggers)) {
            throw new IllegalArgumentException("publishTriggers must be a non-empty subset of " + allowed + ", got "
                    + publishTriggers);
        }
        boolean periodic = publishTriggers.contains(Event.Trigger.PERIODIC);
        if (periodic ? !(publishPeriod > 0) || !Double.isFinite(publishPeriod) : publishPeriod != 0) {
            throw new IllegalArgumentException("publishPeriod must be " + (periodic
                    ? "finite and > 0 seconds with the PERIODIC trigger" : "0 without the PERIODIC trigger")
                    + ", got " + publishPeriod);
        }
        this.publishPeriod = publishPeriod;
        this.publishTriggers = Collections.unmodifiableSet(EnumSet.copyOf(publishTriggers));
        this.logIndex = declareRecord(() -> new VectorLog<>(scalar(), this.size), VectorLog::copy);
        declareVectorInputPort("data", size);
        if (periodic) {
            declarePeriodicPublishEvent(publishPeriod, 0.0, this::record);
        }
        if (publishTriggers.contains(Event.Trigger.PER_STEP)) {
            declarePerStepPublishEvent(this::record);
        }
        if (publishTriggers.contains(Event.Trigger.FORCED)) {
            declareForcedPublishEvent(this::record);
        }
    }

    private EventStatus record(Context<T> context) {
        getLog(context).addData(context.getTimeValue(), getInputPort(0).eval(context));
        return EventStatus.succeeded();
    }

    /**
     * Adds a sink to {@code builder} and connects {@code port} to it (Drake's {@code LogVectorOutput}),
     * recording at every step. The sink is named after the port ({@code "<system>.<port> log"}, with a number
     * appended if that name is taken).
     *
     * @param port a vector output port of a system already added to {@code builder}
     * @param builder the builder; modified
     * @param <T> the number type
     * @return the new sink
     * @throws IllegalArgumentException if the port is abstract-valued or its system was not added
     */
    public static <T> VectorLogSink<T> logVectorOutput(OutputPort<T> port, DiagramBuilder<T> builder) {
        return logVectorOutput(port, builder, 0.0);
    }

    /**
     * Adds a sink recording at {@code publishPeriod} to {@code builder} and connects {@code port} to it.
     *
     * @param port a vector output port of a system already added to {@code builder}
     * @param builder the builder; modified
     * @param publishPeriod 0 for every step, else seconds (finite, {@code > 0})
     * @param <T> the number type
     * @return the new sink
     * @throws IllegalArgumentException if the port is abstract-valued, its system was not added, or the
     *     period is bad
     */
    public static <T> VectorLogSink<T> logVectorOutput(OutputPort<T> port, DiagramBuilder<T> builder,
            double publishPeriod) {
        return logVectorOutput(port, builder, triggersOf(publishPeriod), publishPeriod);
    }

    /**
     * Adds a sink recording on the given triggers to {@code builder} and connects {@code port} to it (Drake's
     * {@code LogVectorOutput} with publish triggers).
     *
     * @param port a vector output port of a system already added to {@code builder}
     * @param builder the builder; modified
     * @param publishTriggers the triggers (see {@link #VectorLogSink(Scalar, String, int, Set, double)})
     * @param publishPeriod the period with {@code PERIODIC}, else 0
     * @param <T> the number type
     * @return the new sink
     * @throws IllegalArgumentException if the port is abstract-valued, its system was not added, or the
     *     triggers and period are bad
     */
    public static <T> VectorLogSink<T> logVectorOutput(OutputPort<T> port, DiagramBuilder<T> builder,
            Set<Event.Trigger> publishTriggers, double publishPeriod) {
        Objects.requireNonNull(port, "port must not be null");
        Objects.requireNonNull(builder, "builder must not be null");
        if (port.isAbstract()) {
            throw new IllegalArgumentException(port + " is abstract-valued; a VectorLogSink logs vectors");
        }
        String base = port.getSystem().getName() + "." + port.getName() + " log";
        String name = base;
        for (int k = 2; builder.getSystemNames().contains(name); k++) {
            name = base + " " + k;
        }
        VectorLogSink<T> sink = builder.addSystem(new VectorLogSink<>(port.getSystem().scalar(), name, port.size(),
                publishTriggers, publishPeriod));
        builder.connect(port, sink.getInputPort(0));
        return sink;
    }

    /** @return the triggers this sink records on (unmodifiable) */
    public Set<Event.Trigger> getPublishTriggers() {
        return publishTriggers;
    }

    /** @return the input port {@code "data"} */
    public InputPort<T> getDataPort() {
        return getInputPort(0);
    }

    /** @return 0 when recording every step, else the recording period in seconds */
    public double getPublishPeriod() {
        return publishPeriod;
    }

    /**
     * The log in this sink's own context.
     *
     * @param context a context of this system
     * @return the log itself (not a copy): later publishes keep appending to it
     * @throws IllegalArgumentException if the context is not this system's
     */
    public VectorLog<T> getLog(Context<T> context) {
        if (Objects.requireNonNull(context, "context must not be null").getSystem() != this) {
            throw new IllegalArgumentException("the context is of " + context.getSystem().getName() + ", not of "
                    + getName() + " (use findLog with the root context)");
        }
        @SuppressWarnings("unchecked")
        VectorLog<T> log = context.getRecord(logIndex, VectorLog.class);
        return log;
    }

    /**
     * The log in the context tree of the diagram this sink belongs to (Drake's {@code FindLog}).
     *
     * @param rootContext the root context of the outermost diagram (or this sink's context if it stands alone)
     * @return the log itself (not a copy)
     * @throws IllegalArgumentException if the context is not a root context containing this sink
     */
    public VectorLog<T> findLog(Context<T> rootContext) {
        return getLog(getMyContextFromRoot(rootContext));
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new VectorLogSink<>(target, getName(), size, publishTriggers, publishPeriod);
    }
}
