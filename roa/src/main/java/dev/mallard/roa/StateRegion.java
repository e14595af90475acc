package dev.mallard.roa;

import dev.mallard.scalar.Checks;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;

import java.util.ArrayList;
import java.util.List;

/**
 * A region of the state space to which a region-of-attraction analysis is restricted: the semialgebraic set
 * {@code G = {x : g_i(x) >= 0 for every i}}, each g_i a polynomial in the state variables (a box is the set
 * {@code (x_k - lo_k)(hi_k - x_k) >= 0}). With a restriction the analysis certifies, by the S-procedure,
 * both that {@code Vdot < 0} on {@code {V <= rho} ∩ G} away from the equilibrium and that {@code {V <= rho}}
 * lies inside G, so that the certified set {@code {V <= rho}} equals its intersection with G and is invariant.
 * The usual S-procedure restriction certifies the first part alone, {@code Vdot < 0} on the intersection;
 * Mallard also certifies the containment, because an intersection that sticks out of G's boundary need not be
 * invariant, and so need not be a region of attraction. The level is then the smaller of the dynamics' level
 * and the largest level inside G. Immutable.
 */
public final class StateRegion {

    private final List<Expression> constraints;
    private final String description;

    private StateRegion(List<Expression> constraints, String description) {
        this.constraints = List.copyOf(constraints);
        this.description = description;
    }

    /**
     * @param constraints the polynomials g_i of {@code {g_i(x) >= 0}}, in the state variables; not empty
     * @return the set where all are non-negative
     * @throws IllegalArgumentException if the list is empty or holds null
     */
    public static StateRegion of(List<Expression> constraints) {
        Checks.notNull(constraints, "constraints");
        if (constraints.isEmpty()) {
            throw new IllegalArgumentException("a state region needs at least one constraint g(x) >= 0");
        }
        List<String> shown = new ArrayList<>();
        for (Expression g : constraints) {
            shown.add(Checks.notNull(g, "constraint") + " >= 0");
        }
        return new StateRegion(constraints, String.join(", ", shown));
    }

    /**
     * @param variables the state variables bounded (a subset of the state, each once); not empty
     * @param lower their lower bounds, finite
     * @param upper their upper bounds, finite and {@code > lower}
     * @return the box {@code lower_k <= x_k <= upper_k}, as {@code (x_k - lower_k)(upper_k - x_k) >= 0}
     * @throws IllegalArgumentException if the lengths differ, a variable repeats, or a bound is not finite or
     *     not ordered (naming the variable and its bounds)
     */
    public static StateRegion box(List<Variable> variables, double[] lower, double[] upper) {
        Checks.notNull(variables, "variables");
        Checks.notNull(lower, "lower");
        Checks.notNull(upper, "upper");
        if (variables.isEmpty() || lower.length != variables.size() || upper.length != variables.size()) {
            throw new IllegalArgumentException("a box needs one lower and one upper bound per variable, got "
                    + variables.size() + " variables, " + lower.length + " lower and " + upper.length + " upper bounds");
        }
        if (new java.util.HashSet<>(variables).size() != variables.size()) {
            throw new IllegalArgumentException("the box bounds a variable twice: " + variables);
        }
        List<Expression> g = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        for (int k = 0; k < variables.size(); k++) {
            Variable x = variables.get(k);
            if (!(Double.isFinite(lower[k]) && Double.isFinite(upper[k]) && lower[k] < upper[k])) {
                throw new IllegalArgumentException("the box's bounds of " + x + " must be finite with lower < upper, got ["
                        + lower[k] + ", " + upper[k] + "]");
            }
            Expression e = x.toExpression();
            g.add(e.minus(lower[k]).times(Expression.constant(upper[k]).minus(e)));
            shown.add(lower[k] + " <= " + x + " <= " + upper[k]);
        }
        return new StateRegion(g, String.join(", ", shown));
    }

    /**
     * @param other another region, not null
     * @return the intersection: every constraint of both
     */
    public StateRegion and(StateRegion other) {
        Checks.notNull(other, "other");
        List<Expression> all = new ArrayList<>(constraints);
        all.addAll(other.constraints);
        return new StateRegion(all, description + ", " + other.description);
    }

    /** @return the polynomials g_i, the region being {@code {g_i >= 0}}; unmodifiable */
    public List<Expression> constraints() {
        return constraints;
    }

    /** @return the region as given, as {@code -1.0 <= x1 <= 1.0, x1 + x2 >= 0} */
    @Override
    public String toString() {
        return description;
    }
}
