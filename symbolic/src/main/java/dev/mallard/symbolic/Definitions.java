package dev.mallard.symbolic;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Named intermediate formulas, {@code d = 10 + sin(th)^2; M = m1 + m2}, that later formulas use by name
 * ({@link Formula#parse(String, Map, Definitions)}, {@link Formula#parseList(String, Map, Definitions)}). Each
 * name stands for its expression, with the definitions it uses already replaced; the expression is one shared
 * graph node however often it is used. Definitions may be written in any order; cycles, unknown names and
 * names that clash with a variable, a reserved word or another definition are refused with their column.
 *
 * <p>Immutable and thread-safe.
 */
public final class Definitions {

    /** No definitions. */
    public static final Definitions NONE = new Definitions(Map.of(), Map.of());

    private final Map<String, Expression> expressions;
    /** Each definition's nesting depth, in parser levels, so that uses of it keep under {@link Formula#MAX_DEPTH}. */
    private final Map<String, Integer> depths;

    private Definitions(Map<String, Expression> expressions, Map<String, Integer> depths) {
        this.expressions = expressions;
        this.depths = depths;
    }

    /**
     * Parses definitions separated by {@code ;}: {@code "M = m1 + m2; d = M*l^2"}.
     *
     * @param text the definitions, not null; blank gives {@link #NONE}'s content
     * @param variables name to variable, not modified: the names a definition may use besides other definitions
     * @return the definitions
     * @throws FormulaParseException naming the column in {@code text}: an entry that is not {@code name =
     *     formula}, a name reserved, a variable's or defined twice, an unknown name, a cycle, a formula error
     */
    public static Definitions parse(String text, Map<String, Variable> variables) {
        return Formula.parseDefinitions(text, variables, NONE);
    }

    /**
     * Parses definitions that may also use the given ones.
     *
     * @param text the definitions, not null
     * @param variables name to variable, not modified
     * @param outer definitions the new ones may use, not null; their names may not be defined again
     * @return the outer definitions and the new ones
     * @throws FormulaParseException as {@link #parse(String, Map)}
     */
    public static Definitions parse(String text, Map<String, Variable> variables, Definitions outer) {
        return Formula.parseDefinitions(text, variables, outer);
    }

    /**
     * @return the defined names, in the order defined (unmodifiable)
     */
    public Set<String> names() {
        return Collections.unmodifiableSet(expressions.keySet());
    }

    /**
     * @param name a name, not null
     * @return the expression the name stands for, or empty if it is not defined
     */
    public Optional<Expression> get(String name) {
        return Optional.ofNullable(expression(Objects.requireNonNull(name, "name")));
    }

    /**
     * @return whether there is no definition
     */
    public boolean isEmpty() {
        return expressions.isEmpty();
    }

    Expression expression(String name) {
        return expressions.get(name);
    }

    int depth(String name) {
        return depths.get(name);
    }

    /** These definitions followed by more (whose names are new). */
    Definitions with(Map<String, Expression> more, Map<String, Integer> moreDepths) {
        if (more.isEmpty()) {
            return this;
        }
        Map<String, Expression> e = new LinkedHashMap<>(expressions);
        e.putAll(more);
        Map<String, Integer> d = new LinkedHashMap<>(depths);
        d.putAll(moreDepths);
        return new Definitions(Collections.unmodifiableMap(e), Collections.unmodifiableMap(d));
    }

    /**
     * @return the definitions as {@code name = formula; ...}
     */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        expressions.forEach((n, e) -> s.append(s.length() == 0 ? "" : "; ").append(n).append(" = ").append(e));
        return s.toString();
    }
}
