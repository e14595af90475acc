package dev.mallard.sdp;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Format;

/**
 * The solution of an {@link SdpModel}: status, objective, and the values of the variables.
 *
 * <p>Immutable. Reading values from several threads at once is safe while nobody changes the model.
 */
public final class ModelSolution {

    private final SdpModel model;
    private final SdpResult result;
    private final int variableCount;
    private final boolean maximize;
    private final double objectiveValue;
    private final double[] free;

    ModelSolution(SdpModel model, SdpResult result, int variableCount, boolean maximize, LinearExpression objective) {
        this.model = model;
        this.result = result;
        this.variableCount = variableCount;
        this.maximize = maximize;
        this.free = result.freeVariables();
        this.objectiveValue = evaluate(objective);
    }

    /**
     * @return how the solver ended; the values are meaningful for OPTIMAL and NEAR_OPTIMAL. The model is
     *     the (D) side of the compiled problem, so an infeasible model is reported as
     *     {@link SdpStatus#DUAL_INFEASIBLE} and an unbounded one as {@link SdpStatus#PRIMAL_INFEASIBLE};
     *     {@link #isInfeasible()} and {@link #isUnbounded()} say it in the model's terms
     */
    public SdpStatus status() {
        return result.status();
    }

    /** @return whether the solver proved the model's constraints infeasible (a Farkas certificate) */
    public boolean isInfeasible() {
        return result.status() == SdpStatus.DUAL_INFEASIBLE;
    }

    /** @return whether the solver proved the model's objective unbounded (an improving ray exists) */
    public boolean isUnbounded() {
        return result.status() == SdpStatus.PRIMAL_INFEASIBLE;
    }

    /** @return the objective at the returned point, constant included */
    public double objectiveValue() {
        return objectiveValue;
    }

    /**
     * @param variable a variable of the solved model that existed when it was solved
     * @return its value
     * @throws IllegalArgumentException if it belongs to another model or was created after solving
     */
    public double value(ScalarVariable variable) {
        Checks.notNull(variable, "variable");
        if (variable.model != model || variable.id >= variableCount) {
            throw new IllegalArgumentException("variable " + variable.name() + " is not part of the solved model");
        }
        return model.valueOf(variable, result, free);
    }

    /**
     * @param expression an expression over the solved model's variables; not modified
     * @return its value
     */
    public double value(LinearExpression expression) {
        return evaluate(Checks.notNull(expression, "expression"));
    }

    private double evaluate(LinearExpression e) {
        double s = e.constant;
        for (int k = 0; k < e.size; k++) {
            s += e.coefficients[k] * value(e.variables[k]);
        }
        return s;
    }

    /**
     * @param matrix a matrix variable of the solved model
     * @return its value as a fresh n x n array
     */
    public double[][] value(PsdMatrixVariable matrix) {
        Checks.notNull(matrix, "matrix");
        int n = matrix.size();
        double[][] out = new double[n][n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                out[r][c] = value(matrix.entry(r, c));
            }
        }
        return out;
    }

    /**
     * The sensitivity of the optimal objective to a constraint's right-hand side (the Lagrange
     * multiplier), from the (P) solution x.
     *
     * @param constraint the number returned when the constraint was added
     * @return d(optimal objective) / d(rhs)
     */
    public double multiplier(int constraint) {
        double[] x = result.x();
        Checks.index(constraint, x.length, "constraint");
        return maximize ? x[constraint] : -x[constraint];
    }

    /** @return the underlying solver result (its objectives are those of the compiled problem) */
    public SdpResult solverResult() {
        return result;
    }

    /**
     * @return the status, the model's objective and size, then the solver's result, as
     *     {@code ModelSolution[OPTIMAL, maximized objective 1.5, 3 variables; SdpResult[...]]}
     */
    @Override
    public String toString() {
        return "ModelSolution[" + status() + ", " + (maximize ? "maximized" : "minimized") + " objective "
                + objectiveValue + ", " + Format.count(variableCount, "variable") + "; " + result + "]";
    }
}
