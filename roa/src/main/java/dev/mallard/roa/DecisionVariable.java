package dev.mallard.roa;

/**
 * A scalar decision variable of one {@link SosProgram}: a real number the solver chooses (a coefficient of
 * a multiplier polynomial, a level such as rho). A handle only; its value is read from a
 * {@link SosSolution}. Immutable.
 */
public final class DecisionVariable {

    final SosProgram program;
    private final int index;
    private final String name;

    DecisionVariable(SosProgram program, int index, String name) {
        this.program = program;
        this.index = index;
        this.name = name;
    }

    /** @return the 0-based number of this variable in its program, in order of creation */
    public int index() {
        return index;
    }

    /** @return the name given at creation */
    public String name() {
        return name;
    }

    /** @return this variable as an affine form, {@code 1 * this} */
    public AffineForm toAffineForm() {
        return AffineForm.of(this);
    }

    @Override
    public String toString() {
        return name;
    }
}
