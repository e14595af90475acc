package dev.mallard.symbolic;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Values of variables, for {@link Expression#evaluate(Environment)} and
 * {@link Polynomial#evaluate(Environment)}. A mutable, fluent map: {@code new Environment().put(x,
 * 1.0).put(y, 2.0)}. Not thread-safe; share it between threads only after it is filled.
 */
public final class Environment {

    private final Map<Variable, Double> values = new HashMap<>();

    /** An empty environment. */
    public Environment() {
    }

    /**
     * An environment holding a copy of the given values.
     *
     * @param values variable to value, not null, no null keys or values; not modified
     * @return the new environment
     * @throws IllegalArgumentException naming the variable whose value is null
     */
    public static Environment of(Map<Variable, Double> values) {
        Environment env = new Environment();
        for (Map.Entry<Variable, Double> entry : values.entrySet()) {
            if (entry.getValue() == null) {
                throw new IllegalArgumentException("variable '" + entry.getKey() + "' has a null value");
            }
            env.put(entry.getKey(), entry.getValue());
        }
        return env;
    }

    /**
     * Sets (or replaces) the value of a variable.
     *
     * @param v the variable, not null
     * @param value its value, any double
     * @return this environment (modified)
     */
    public Environment put(Variable v, double value) {
        values.put(Objects.requireNonNull(v, "variable"), value);
        return this;
    }

    /**
     * @param v a variable
     * @return whether it has a value here
     */
    public boolean contains(Variable v) {
        return values.containsKey(v);
    }

    /**
     * The value of a variable.
     *
     * @param v the variable
     * @return its value
     * @throws IllegalArgumentException naming the variable if it has no value here
     */
    public double get(Variable v) {
        Double value = values.get(v);
        if (value == null) {
            throw new IllegalArgumentException("no value for variable '" + v.name() + "' (id " + v.id()
                    + ") in the environment, which has values for " + variables());
        }
        return value;
    }

    /**
     * @return the variables with values, in creation order (a new, unmodifiable set)
     */
    public Set<Variable> variables() {
        return Collections.unmodifiableSet(new TreeSet<>(values.keySet()));
    }

    @Override
    public String toString() {
        return "Environment" + values;
    }
}
