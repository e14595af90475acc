package dev.mallard.systems;

import dev.mallard.scalar.ScalarVector;

/**
 * The whole state {@code x = (xc, xd, xa)} of one leaf system: what an unrestricted-update handler
 * writes. The handler reads the pre-update values {@code x⁻} from its {@link Context} and writes the
 * post-update values {@code x⁺} here; the Simulator commits them only if every simultaneous unrestricted
 * update succeeded. Before the handlers run, this state holds a copy of {@code x⁻}.
 *
 * @param <T> the number type
 */
public final class State<T> {

    private final Context<T> owner;

    State(Context<T> owner) {
        this.owner = owner;
    }

    /** @return the continuous state, writable */
    public ContinuousState<T> getMutableContinuousState() {
        return owner.getMutableContinuousState();
    }

    /**
     * @param group index in [0, number of discrete groups)
     * @return the discrete state group, writable
     */
    public ScalarVector<T> getMutableDiscreteState(int group) {
        return owner.getMutableDiscreteState(group);
    }

    /**
     * @param index index in [0, number of abstract states)
     * @param type the expected class
     * @param <V> the value type
     * @return the abstract state value (a copy private to this update; it may be mutated in place)
     */
    public <V> V getAbstractState(int index, Class<V> type) {
        owner.noteStateChanged();
        return owner.getAbstractState(index, type);
    }

    /**
     * @param index index in [0, number of abstract states)
     * @param value the new value, of the declared value's class
     */
    public void setAbstractState(int index, Object value) {
        owner.setAbstractState(index, value);
    }
}
