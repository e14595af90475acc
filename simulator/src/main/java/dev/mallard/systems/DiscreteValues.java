package dev.mallard.systems;

import dev.mallard.scalar.ScalarVector;

/**
 * The discrete state groups {@code xd} of one leaf system: what a discrete-update handler writes. The
 * handler reads {@code xd⁻} from its {@link Context} and writes {@code xd⁺} here (which starts as a copy of
 * {@code xd⁻}); the Simulator commits it after all simultaneous discrete updates ran.
 *
 * @param <T> the number type
 */
public final class DiscreteValues<T> {

    private final Context<T> owner;

    DiscreteValues(Context<T> owner) {
        this.owner = owner;
    }

    /** @return the number of groups */
    public int numGroups() {
        return owner.getNumDiscreteStateGroups();
    }

    /**
     * @param group index in [0, numGroups)
     * @return the group's vector, writable
     * @throws IndexOutOfBoundsException naming the group if out of range
     */
    public ScalarVector<T> get(int group) {
        return owner.getMutableDiscreteState(group);
    }

    /**
     * The single group of a system with one discrete state group.
     *
     * @return group 0, writable
     * @throws IllegalStateException if the system does not have exactly one group
     */
    public ScalarVector<T> get() {
        if (numGroups() != 1) {
            throw new IllegalStateException(owner.getSystem().getName() + " has " + numGroups()
                    + " discrete state groups; name the group");
        }
        return get(0);
    }
}
