package dev.mallard.systems.primitives;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.studies.ReplayableRandom;
import dev.mallard.systems.Context;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.State;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Random numbers sampled periodically and held, Drake's {@code RandomSource}: output port {@code "output"}
 * of size {@code size}, each entry an independent draw from the distribution, redrawn by a periodic
 * unrestricted update at {@code k samplingInterval} (k = 0, 1, ...) and held in between. No input.
 *
 * <p>State: discrete group 0 holds the current samples; abstract state 0 holds this source's
 * {@link ReplayableRandom} (copied with the context, so a cloned context replays the same draws). A default
 * context starts from {@code new ReplayableRandom(seed)} with its first {@code size} draws as the samples.
 * Following Drake's timing, the update at time 0 already replaces them: a publish at 0 sees the first draws,
 * the signal integrated after 0 is the second.
 *
 * <p><b>Monte Carlo.</b> {@link #setRandomContext(Context, RandomGenerator)} seeds every RandomSource of a
 * diagram's context from a generator (Drake's {@code SetRandomContext}); call it with the generator a
 * {@link dev.mallard.simulator.studies.MonteCarlo} study hands to {@code makeSimulator}, so each sample draws its own
 * noise and a {@link dev.mallard.simulator.studies.RandomSimulationResult}'s generator snapshot replays it exactly.
 *
 * <p>The samples are constants for every number type (no gradient, no free symbol). Units: those the
 * distribution gives (dimensionless).
 *
 * @param <T> the number type
 */
public final class RandomSource<T> extends LeafSystem<T> {

    /** The distribution of each entry. */
    public enum Distribution {
        /** Uniform on {@code [0, 1)}. */
        UNIFORM,
        /** Gaussian with mean 0 and variance 1. */
        GAUSSIAN,
        /** Exponential with rate 1 (mean 1). */
        EXPONENTIAL;

        double draw(RandomGenerator g) {
            return switch (this) {
                case UNIFORM -> g.nextDouble();
                case GAUSSIAN -> g.nextGaussian();
                case EXPONENTIAL -> g.nextExponential();
            };
        }
    }

    private final Distribution distribution;
    private final int size;
    private final double samplingInterval;
    private final long seed;

    /**
     * A source with the default seed {@link ReplayableRandom#DEFAULT_SEED}.
     *
     * @param scalar the number type
     * @param name the system's name
     * @param distribution the distribution of each entry, not null
     * @param size the number of entries, {@code >= 1}
     * @param samplingInterval seconds between draws, finite and {@code > 0}
     * @throws IllegalArgumentException for a bad size or interval
     */
    public RandomSource(Scalar<T> scalar, String name, Distribution distribution, int size, double samplingInterval) {
        this(scalar, name, distribution, size, samplingInterval, ReplayableRandom.DEFAULT_SEED);
    }

    /**
     * @param scalar the number type
     * @param name the system's name
     * @param distribution the distribution of each entry, not null
     * @param size the number of entries, {@code >= 1}
     * @param samplingInterval seconds between draws, finite and {@code > 0}
     * @param seed the seed of a default context's generator (give sources in one diagram different seeds, or
     *     use {@link #setRandomContext})
     * @throws IllegalArgumentException for a bad size or interval
     */
    public RandomSource(Scalar<T> scalar, String name, Distribution distribution, int size, double samplingInterval,
            long seed) {
        super(scalar, name);
        this.distribution = Objects.requireNonNull(distribution, "distribution must not be null");
        this.size = Arguments.positiveSize(size, "size");
        this.samplingInterval = Arguments.period(samplingInterval, "samplingInterval");
        this.seed = seed;
        ReplayableRandom generator = new ReplayableRandom(seed);
        declareDiscreteState(draw(generator));
        declareAbstractState(generator, ReplayableRandom::snapshot);
        declareVectorOutputPort("output", size, (c, y) -> y.setFrom(c.getDiscreteState(0)), Feedthrough.none());
        declarePeriodicUnrestrictedUpdateEvent(samplingInterval, 0.0, this::redraw);
    }

    private double[] draw(RandomGenerator generator) {
        double[] samples = new double[size];
        for (int i = 0; i < size; i++) {
            samples[i] = distribution.draw(generator);
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
    public Distribution getDistribution() {
        return distribution;
    }

    /** @return the seconds between draws */
    public double getSamplingInterval() {
        return samplingInterval;
    }

    /**
     * Gives this source a generator seeded from {@code generator} (one {@code nextLong()} drawn from it) and
     * draws new current samples from it.
     *
     * @param context a context of this system; its discrete and abstract state are replaced
     * @param generator the source of the seed, advanced by one draw
     * @throws IllegalArgumentException if the context is not this system's
     */
    public void setRandomState(Context<T> context, RandomGenerator generator) {
        Objects.requireNonNull(generator, "generator must not be null");
        if (Objects.requireNonNull(context, "context must not be null").getSystem() != this) {
            throw new IllegalArgumentException("the context is of " + context.getSystem().getName() + ", not of "
                    + getName());
        }
        ReplayableRandom own = new ReplayableRandom(generator.nextLong());
        context.getMutableDiscreteState(0).setValuesFrom(draw(own), 0);
        context.setAbstractState(0, own);
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

    @Override
    protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
        return new RandomSource<>(target, getName(), distribution, size, samplingInterval, seed);
    }
}
