package dev.mallard.systems;

/**
 * What every port of a system has: its owner, its index among that system's ports of its direction, its name,
 * and its kind (a vector of fixed size, or an abstract Java value).
 *
 * @param <T> the number type
 */
public abstract sealed class PortBase<T> permits InputPort, OutputPort {

    // Package-private: the two port classes read them directly on hot paths.

    final DynamicalSystem<T> system;
    final int index;
    final String name;
    final int size;
    final boolean isAbstract;

    PortBase(DynamicalSystem<T> system, int index, String name, int size, boolean isAbstract) {
        this.system = system;
        this.index = index;
        this.name = name;
        this.size = size;
        this.isAbstract = isAbstract;
    }

    /** @return the owning system */
    public DynamicalSystem<T> getSystem() {
        return system;
    }

    /** @return the port's index among its system's ports of the same direction (input or output) */
    public int getIndex() {
        return index;
    }

    /** @return the port's name, unique within its system */
    public String getName() {
        return name;
    }

    /** @return the vector size; 0 for an abstract-valued port */
    public int size() {
        return size;
    }

    /** @return whether the port carries arbitrary Java objects rather than vectors */
    public boolean isAbstract() {
        return isAbstract;
    }
}
