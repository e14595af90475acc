package dev.mallard.roa;

import java.util.ArrayList;
import java.util.List;

/**
 * A handle on a constraint "p is a sum of squares" of an {@link SosProgram}: its Gram matrix, basis and
 * certificate are read from a {@link SosSolution}. Immutable but for the free multiples declared on it.
 */
public final class SosConstraint {

    final SosProgram program;
    private final int index;
    private final String name;
    private final PolynomialExpression polynomial;
    /** The free multiples declared with {@link SosProgram#declareFreeMultiple}, in declaration order. */
    final List<FreeMultipleReduction.Multiple> freeMultiples = new ArrayList<>();
    /** The multipliers of {@link #freeMultiples}, to check at solve time that nothing else uses them. */
    final List<PolynomialExpression> freeMultipliers = new ArrayList<>();

    SosConstraint(SosProgram program, int index, String name, PolynomialExpression polynomial) {
        this.program = program;
        this.index = index;
        this.name = name;
        this.polynomial = polynomial;
    }

    /** @return the 0-based number of this constraint among its program's SOS constraints */
    public int index() {
        return index;
    }

    /** @return the name given when it was added */
    public String name() {
        return name;
    }

    /** @return the polynomial constrained to be a sum of squares */
    public PolynomialExpression polynomial() {
        return polynomial;
    }

    @Override
    public String toString() {
        return "SOS constraint '" + name + "'";
    }
}
