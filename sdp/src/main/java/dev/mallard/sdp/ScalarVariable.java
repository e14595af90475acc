package dev.mallard.sdp;

/**
 * A scalar decision variable of an {@link SdpModel}: free, non-negative, or an entry of a
 * {@link PsdMatrixVariable}. A handle only: its value is read from a {@link ModelSolution}.
 */
public final class ScalarVariable {

    final SdpModel model;
    final int id;
    private final String name;

    ScalarVariable(SdpModel model, int id, String name) {
        this.model = model;
        this.id = id;
        this.name = name;
    }

    /** @return the name given at creation (for a matrix entry, {@code name[row,col]}) */
    public String name() {
        return name;
    }

    /** @return the variable's 0-based number in its model, in order of creation */
    public int index() {
        return id;
    }

    @Override
    public String toString() {
        return name;
    }
}
