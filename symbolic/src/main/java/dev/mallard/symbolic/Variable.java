package dev.mallard.symbolic;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A symbolic variable. Identity, not the name, makes two variables equal: two variables created with
 * the same name are different variables (as two local variables named {@code x} in different scopes
 * are). The name is only for printing. Variables are ordered by creation (their {@link #id()}), which
 * gives polynomials and variable sets a deterministic order.
 *
 * <p>Immutable and thread-safe.
 */
public final class Variable implements Comparable<Variable> {

    private static final AtomicLong NEXT_ID = new AtomicLong();

    private final String name;
    private final long id;
    private final Expression expression;

    /**
     * Creates a new variable, distinct from every other.
     *
     * @param name the printed name, not null, not empty
     * @throws IllegalArgumentException if {@code name} is empty
     * @throws NullPointerException if {@code name} is null
     */
    public Variable(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("variable name must not be empty");
        }
        this.name = name;
        this.id = NEXT_ID.getAndIncrement();
        this.expression = Expression.ofVariable(this);
    }

    /**
     * @return the printed name
     */
    public String name() {
        return name;
    }

    /**
     * @return the unique id, increasing with creation order
     */
    public long id() {
        return id;
    }

    /**
     * The expression consisting of this variable alone; the same instance on every call.
     *
     * @return the expression, never null
     */
    public Expression toExpression() {
        return expression;
    }

    @Override
    public int compareTo(Variable other) {
        return Long.compare(id, other.id);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(id);
    }

    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    /**
     * @return the name
     */
    @Override
    public String toString() {
        return name;
    }
}
