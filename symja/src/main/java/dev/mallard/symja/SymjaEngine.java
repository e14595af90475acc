package dev.mallard.symja;

import java.util.concurrent.atomic.AtomicBoolean;
import org.matheclipse.core.eval.ExprEvaluator;
import org.matheclipse.core.interfaces.IExpr;

/**
 * The lazily started Symja engine: one evaluator per thread (Symja's engine is not thread-safe), created
 * on that thread's first evaluation. Only this class and {@link SymjaConverter} touch Symja's classes.
 */
final class SymjaEngine {

    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private static final ThreadLocal<ExprEvaluator> EVALUATOR = ThreadLocal.withInitial(() -> {
        STARTED.set(true);
        return new ExprEvaluator();
    });

    private SymjaEngine() {
    }

    static boolean isStarted() {
        return STARTED.get();
    }

    /** Evaluates with this thread's evaluator; no global symbol is assigned (variables are dummies). */
    static IExpr evaluate(IExpr expr) {
        return EVALUATOR.get().eval(expr);
    }
}
