package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.studies.ReplayableRandom;
import dev.mallard.systems.Context;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.InputPort;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.RandomDistribution;
import dev.mallard.systems.State;
import java.util.ArrayList;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * Random numbers sampled periodically and held, Drake's {@code RandomSource}: output port {@code "output"}
 * of size {@code size}, each entry an independent draw from the distribution, redrawn by a periodic
 * unrestricted update at {@code k samplingInterval} (k = 0, 1, ...) and held in between. No input.
 *
 * <p><b>Seeds</b>, as in Drake: each source built without a seed takes its own per-instance seed (the first
 * takes {@link ReplayableRandom#DEFAULT_SEED}, each later one the next integer, counted across the JVM), so two
 * sources in one diagram draw independent noise, and every default context of one source starts from the same
 * seed (its simulations repeat). A source built with a seed has that fixed seed (Drake's
 * {@code set_fixed_seed}; here it is given at construction, because a Mallard system never changes):
 * default contexts and {@link #setRandomState} both use it. {@link #getSeed(Context)} reads a context's seed.
 * Converting a source to another number type keeps its seed, so the converted system draws the same noise.
 *
 * <p>State: discrete group 0 holds the current samples; abstract state 0 holds this source's
 * {@link ReplayableRandom} (copied with the context, so a cloned context replays the same draws) and abstract
 * state 1 the seed it started from. A default context starts from {@code new ReplayableRandom(seed)} with its
 * first {@code size} draws as the samples. Following Drake's timing, the update at time 0 already replaces
 * them: a publish at 0 sees the first draws, the signal integrated after 0 is the second.
 *
 * <p><b>Monte Carlo.</b> {@link #setRandomContext(Context, RandomGenerator)} seeds every RandomSource of a
 * diagram's context from a generator (Drake's {@code SetRandomContext}); call it with the generator a
 * {@link dev.mallard.simulator.studies.MonteCarlo} study hands to {@code makeSimulator}, so each sample draws its
 * own noise and a {@link dev.mallard.simulator.studies.RandomSimulationResult}'s generator snapshot replays it
 * exactly. {@link #addRandomInputs} feeds the random input ports of a diagram's subsystems.
 *
 * <p>The samples are constants for every number type (no gradient, no free symbol). Units: those the
 * distribution gives (dimensionless).
 *
 * @param <T> the number type
 */
public final class RandomSource<T> extends LeafSystem<T> {

    /** The next per-instance seed (Drake's process-wide counter). */
    private static final AtomicLong NEXT_SEED = new AtomicLong(ReplayableRandom.DEFAULT_SEED);

    private final RandomDistribution distribution;
    private final int size;
    private final double samplingInterval;
    /** The seed of default contexts: the fixed seed, or the per-instance one. */
    private final long seed;
    private final boolean fixedSeed;

    /**
     * A source with its own per-instance seed (see the class comment).
     *
     * @param scalar the number type
     * @param name the system's name
     * @param distribution the distribution of each entry, not null
     * @param size the number of entries, {@code >= 1}
     * @param samplingInterval seconds between draws, finite and {@code > 0}
     * @throws IllegalArgumentException for a bad size or interval
     */
    public RandomSource(Scalar<T> scalar, String name, RandomDistribution distribution, int size,
            double samplingInterval) {
        this(scalar, name, distribution, size, samplingInterval, NEXT_SEED.getAndIncrement(), false);
    }

    /**
     * A source with a fixed seed (see the class comment).
     *
     * @param scalar the number type
     * @param name the system's name
     * @param distribution the distribution of each entry, not null
     * @param size the number of entries, {@code >= 1}
     * @param samplingInterval seconds between draws, finite and {@code > 0}
     * @param seed the fixed seed of every context of this source (default or random)
     * @throws IllegalArgumentException for a bad size or interval
     */
    public RandomSource(Scalar<T> scalar, String name, RandomDistribution distribution, int size,
            double samplingInterval, long seed) {
        this(scalar, name, distribution, size, samplingInterval, seed, true);
    }

    private RandomSource(Scalar<T> scalar, String name, RandomDistribution distribution, int size,
            double samplingInterval, long seed, boolean fixedSeed) {
        super(scalar, name);
        this.distribution = Objects.requireNonNull(distribution, "distribution must not be null");
        this.size = Arguments.positiveSize(size, "size");
        this.samplingInterval = Arguments.period(samplingInterval, "samplingInterval");
        this.seed = seed;
        this.fixedSeed = fixedSeed;
        ReplayableRandom generator = new ReplayableRandom(seed);
        declareDiscreteState(draw(generator));
        declareAbstractState(generator, ReplayableRandom::snapshot);
        declareAbstractState(seed);
        declareVectorOutputPort("output", size, (c, y) -> y.setFrom(c.getDiscreteState(0)), Feedthrough.none());
        declarePeriodicUnrestrictedUpdateEvent(samplingInterval, 0.0, this::redraw);
    }

    private double[] draw(RandomGenerator generator) {
        double[] samples = new double[size];
        for (int i = 0; i < size; i++) {
            samples[i] = distribution.sample(generator);
        }
        return samples;
    }

    private EventStatus redraw(Context<T> context, State<T> state) {
        // the state's generator is a copy private to this update: drawing from it leaves x⁻ untouched
        ReplayableRandom generator = state.getAbstractState(0, ReplayableRandom.class);
        state.getMutableDiscreteState(0).setValuesFrom(draw(generator), 0);
        return EventStatus.succeeded();
    }

    /** @return the distribution of each entry */
    public RandomDistribution getDistribution() {
        return distribution;
    }

    /** @return the seconds between draws */
    public double getSamplingInterval() {
        return samplingInterval;
    }

    /** @return the fixed seed given at construction, or empty for a per-instance seed (Drake's {@code get_fixed_seed}) */
    public OptionalLong getFixedSeed() {
        return fixedSeed ? OptionalLong.of(seed) : OptionalLong.empty();
    }

    /**
     * Drake's {@code get_seed}: the seed a context of this source started from.
     *
     * @param context a context of this system
     * @return the seed of its generator
     * @throws IllegalArgumentException if the context is not this system's
     */
    public long getSeed(Context<T> context) {
        checkContext(context);
        return context.getAbstractState(1, Long.class);
    }

    /**
     * Gives this source a new generator and draws new current samples from it: seeded with the fixed seed, if
     * this source has one, else with one {@code nextLong()} drawn from {@code generator} (Drake's
     * {@code SetRandomState}).
     *
     * @param context a context of this system; its discrete and abstract state are replaced
     * @param generator the source of the seed, advanced by one draw (also with a fixed seed, so that the
     *     other sources of a diagram see the same draws either way)
     * @throws IllegalArgumentException if the context is not this system's
     */
    public void setRandomState(Context<T> context, RandomGenerator generator) {
        Objects.requireNonNull(generator, "generator must not be null");
        checkContext(context);
        long fresh = generator.nextLong();
        long chosen = fixedSeed ? seed : fresh;
        ReplayableRandom own = new ReplayableRandom(chosen);
        context.getMutableDiscreteState(0).setValuesFrom(draw(own), 0);
        context.setAbstractState(0, own);
        context.setAbstractState(1, chosen);
    }

    /**
     * Seeds every RandomSource in a context tree from {@code generator}, in the order of
     * {@link Context#getLeafContexts()} (one draw each): Drake's {@code SetRandomContext} for the random
     * sources.
     *
     * @param root a root context (of a diagram or of a single system); modified
     * @param generator the source of the seeds, advanced by one draw per RandomSource
     * @param <T> the number type
     * @return the number of RandomSources seeded
     * @throws IllegalArgumentException if {@code root} is not a root context
     */
    public static <T> int setRandomContext(Context<T> root, RandomGenerator generator) {
        Objects.requireNonNull(root, "root must not be null");
        Objects.requireNonNull(generator, "generator must not be null");
        if (!root.isRootContext()) {
            throw new IllegalArgumentException("setRandomContext needs a root context, got the context of "
                    + root.getSystem().getName());
        }
        int count = 0;
        for (Context<T> leaf : root.getLeafContexts()) {
            if (leaf.getSystem() instanceof RandomSource<T> source) {
                source.setRandomState(leaf, generator);
                count++;
            }
        }
        return count;
    }

    /**
     * Drake's {@code AddRandomInputs}: for every input port of the builder's systems that was declared random
     * ({@link InputPort#getRandomType()}) and is neither connected nor exported, adds a RandomSource of that
     * distribution and size (named {@code "<system>_<port>_random"}, with its own per-instance seed) and
     * connects it.
     *
     * @param samplingInterval seconds between draws of the added sources, finite and {@code > 0}
     * @param builder the builder; modified
     * @param <T> the number type
     * @return the number of sources added
     * @throws IllegalArgumentException for a bad interval
     */
    public static <T> int addRandomInputs(double samplingInterval, DiagramBuilder<T> builder) {
        Arguments.period(samplingInterval, "samplingInterval");
        Objects.requireNonNull(builder, "builder must not be null");
        int count = 0;
        for (DynamicalSystem<T> system : new ArrayList<>(builder.getSystems())) {
            for (int i = 0; i < system.numInputPorts(); i++) {
                InputPort<T> port = system.getInputPort(i);
                if (port.getRandomType().isEmpty() || builder.isConnectedOrExported(port)) {
                    continue;
                }
                RandomSource<T> source = builder.addSystem(new RandomSource<>(system.scalar(),
                        uniqueName(builder, system.getName() + "_" + port.getName() + "_random"),
                        port.getRandomType().get(), port.size(), samplingInterval));
                builder.connect(source.getOutputPort(0), port);
                count++;
            }
        }
        return count;
    }

    private static String uniqueName(DiagramBuilder<?> builder, String base) {
        String name = base;
        for (int k = 2; builder.getSystemNames().contains(name); k++) {
            name = base + k;
        }
        return name;
    }

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new RandomSource<>(target, getName(), distribution, size, samplingInterval, seed, fixedSeed);
    }
}
