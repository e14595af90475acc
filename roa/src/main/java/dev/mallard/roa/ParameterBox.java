package dev.mallard.roa;

import dev.mallard.scalar.Checks;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.List;

/**
 * Uncertain numeric parameters for robust region-of-attraction analysis: each named entry of the system's
 * numeric parameters ranges over an interval, and the analysis certifies one level of one Lyapunov function
 * valid for every parameter vector in the box. The parameters become extra indeterminates p of the SOS
 * program, bounded by S-procedure multipliers of {@code (p_k - lo_k)(hi_k - p_k) >= 0}. Immutable; start from
 * {@link #empty()}.
 */
public final class ParameterBox {

    /**
     * One uncertain parameter.
     *
     * @param group the numeric parameter group of the system's context
     * @param index the entry within the group
     * @param variable the variable standing for it in the SOS program and in messages
     * @param lower the lower end, finite
     * @param upper the upper end, finite and {@code > lower}
     */
    public record Entry(int group, int index, Variable variable, double lower, double upper) {
    }

    private final List<Entry> entries;

    private ParameterBox(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** @return the box with no uncertain parameter */
    public static ParameterBox empty() {
        return new ParameterBox(List.of());
    }

    /**
     * @param group the numeric parameter group, {@code >= 0}
     * @param index the entry in the group, {@code >= 0}
     * @param name the parameter's name, for the program's variable and messages; not blank
     * @param lower the lower end, finite
     * @param upper the upper end, finite and {@code > lower}
     * @return a copy with this parameter added
     * @throws IllegalArgumentException if the bounds are not finite and ordered, or the entry or name is
     *     already in the box
     */
    public ParameterBox with(int group, int index, String name, double lower, double upper) {
        Checks.nonNegative(group, "group");
        Checks.nonNegative(index, "index");
        if (Checks.notNull(name, "name").isBlank()) {
            throw new IllegalArgumentException("an uncertain parameter needs a name, got a blank one");
        }
        if (!(Double.isFinite(lower) && Double.isFinite(upper) && lower < upper)) {
            throw new IllegalArgumentException("the interval of parameter " + name + " must be finite with lower < upper, "
                    + "got [" + lower + ", " + upper + "]");
        }
        for (Entry e : entries) {
            if ((e.group() == group && e.index() == index) || e.variable().name().equals(name)) {
                throw new IllegalArgumentException("parameter " + name + " (group " + group + ", entry " + index
                        + ") is already uncertain in this box as " + e.variable().name());
            }
        }
        List<Entry> out = new ArrayList<>(entries);
        out.add(new Entry(group, index, new Variable(name), lower, upper));
        return new ParameterBox(out);
    }

    /** @return the uncertain parameters, in order of addition; unmodifiable */
    public List<Entry> entries() {
        return entries;
    }

    /** @return whether no parameter is uncertain */
    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** @return the box as {@code a in [0.5, 1.5], b in [1.0, 2.0]} */
    @Override
    public String toString() {
        List<String> shown = new ArrayList<>();
        for (Entry e : entries) {
            shown.add(e.variable().name() + " in [" + e.lower() + ", " + e.upper() + "]");
        }
        return String.join(", ", shown);
    }
}
