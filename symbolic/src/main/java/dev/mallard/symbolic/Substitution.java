package dev.mallard.symbolic;

import java.util.IdentityHashMap;
import java.util.Map;

/** Simultaneous replacement of variables, each shared node rebuilt once. */
final class Substitution {

    private final Map<Variable, Expression> replacements;
    private final Map<Expression, Expression> memo;

    private Substitution(Map<Variable, Expression> replacements, int sizeHint) {
        this.replacements = replacements;
        this.memo = new IdentityHashMap<>(sizeHint);
    }

    static Expression substitute(Expression e, Map<Variable, Expression> replacements) {
        for (Map.Entry<Variable, Expression> entry : replacements.entrySet()) {
            if (entry.getKey() == null || entry.getValue() == null) {
                throw new IllegalArgumentException("null in substitution " + entry.getKey() + " -> " + entry.getValue());
            }
        }
        if (replacements.isEmpty()) {
            return e;
        }
        Substitution s = new Substitution(replacements, e.sizeHint());
        // Children first: each rebuild() call finds its arguments memoised, so no deep recursion.
        Expression result = e;
        for (Expression node : e.topologicalOrder()) {
            result = s.rebuild(node);
        }
        return result;
    }

    private Expression rebuild(Expression e) {
        switch (e.operator()) {
            case CONSTANT: return e;
            case VARIABLE: return replacements.getOrDefault(e.variable(), e);
            default: break;
        }
        Expression done = memo.get(e);
        if (done != null) {
            return done;
        }
        Expression x = rebuild(e.argument(0));
        Expression result;
        if (e.operator().arity() == 1) {
            result = x == e.argument(0) ? e : Expression.apply(e.operator(), x);
        } else {
            Expression y = rebuild(e.argument(1));
            result = x == e.argument(0) && y == e.argument(1) ? e : Expression.apply(e.operator(), x, y);
        }
        memo.put(e, result);
        return result;
    }
}
