package dev.mallard.spark;

import dev.mallard.scalar.Checks;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import java.io.Serializable;
import java.util.Map;

/**
 * A system in the form that reaches Spark's executors: a serialisable recipe that builds it there (a
 * {@link FormulaSystem}'s text, or a {@link SerializableSupplier} of a Java system), and the way an input
 * row's named values go into its context. Each deserialised copy (one per task) builds its system once.
 * The factories check on the driver that the recipe can be shipped, and refuse it with a message naming
 * what cannot.
 */
public final class ShippedSystem implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Builds the system on the executor. */
    private final SerializableSupplier<? extends DynamicalSystem<Double>> recipe;
    /** Writes a row's values into a context. */
    private final ContextSetup setup;
    private transient DynamicalSystem<Double> system;

    private ShippedSystem(SerializableSupplier<? extends DynamicalSystem<Double>> recipe, ContextSetup setup) {
        this.recipe = recipe;
        this.setup = setup;
    }

    /**
     * A formula system; a row's columns name its states (initial values), its parameters, or {@code t} (the
     * initial time).
     *
     * @param formula the system's text, not null
     * @return the shippable system
     */
    public static ShippedSystem formula(FormulaSystem formula) {
        Checks.notNull(formula, "formula");
        return new ShippedSystem(formula::system, (c, values) -> assignByName(formula, c, values));
    }

    /**
     * A Java system built on each executor.
     *
     * @param recipe builds the system, not null; called once per task
     * @param setup writes a row's values into a fresh default context, not null
     * @return the shippable system
     * @throws IllegalArgumentException if the recipe or the setup cannot be serialised (naming the class)
     */
    public static ShippedSystem of(SerializableSupplier<? extends DynamicalSystem<Double>> recipe,
            ContextSetup setup) {
        Shipping.check(recipe, "the system's recipe (SerializableSupplier)");
        Shipping.check(setup, "the context setup");
        return new ShippedSystem(recipe, setup);
    }

    /** @return the system, built on first use in this JVM (this copy) */
    public DynamicalSystem<Double> system() {
        if (system == null) {
            system = recipe.get();
            if (system == null) {
                throw new IllegalStateException("the system's recipe returned null");
            }
        }
        return system;
    }

    /**
     * @param values named values, not modified
     * @return a fresh default context of {@link #system()} with the values written in
     * @throws IllegalArgumentException for a name the system does not have
     */
    public Context<Double> context(Map<String, Double> values) {
        Context<Double> c = system().createDefaultContext();
        setup.apply(c, values);
        return c;
    }

    private static void assignByName(FormulaSystem formula, Context<Double> c, Map<String, Double> values) {
        FormulaSystem.Parsed p = formula.parsed();
        for (Map.Entry<String, Double> e : values.entrySet()) {
            String name = e.getKey();
            double v = e.getValue();
            int state = p.states().indexOf(name);
            int parameter = p.parameters().indexOf(name);
            if (state >= 0) {
                c.getMutableContinuousState().backingVector().setValue(state, v);
            } else if (parameter >= 0) {
                c.getMutableNumericParameter(0).setValue(parameter, v);
            } else if (name.equals("t")) {
                c.setTime(v);
            } else {
                throw new IllegalArgumentException("column '" + name + "' names no state or parameter of the system "
                        + "(states " + p.states() + ", parameters " + p.parameters() + ", or t)");
            }
        }
    }

}
