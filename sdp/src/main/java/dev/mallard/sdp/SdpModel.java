package dev.mallard.sdp;

import dev.mallard.scalar.Checks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A small modelling layer over {@link SdpSolver}: scalar variables (free or non-negative), symmetric
 * PSD matrix variables, linear equalities and inequalities, and a linear objective to minimise or
 * maximise. {@link #toProblem()} compiles the model to the (D) side of an {@link SdpProblem}: one dense
 * block per matrix variable, one diagonal block holding the non-negative variables and a slack per
 * inequality, and the free variables as free variables of (D) (not split). Constraints are stored in
 * compressed rows, so models with many thousands of equality constraints (coefficient matching in
 * sum-of-squares programs) are built and compiled in time linear in their size.
 *
 * <p>Not thread-safe. A variable may only be used in the model that created it.
 */
public final class SdpModel {

    private static final byte FREE = 0;
    private static final byte NON_NEGATIVE = 1;
    private static final byte MATRIX_ENTRY = 2;
    private static final byte EQUAL = 0;
    private static final byte LESS = 1;
    private static final byte GREATER = 2;

    private byte[] kind = new byte[16];
    /** FREE: free index; NON_NEGATIVE: index among them; MATRIX_ENTRY: row * n + col, row <= col. */
    private int[] slot = new int[16];
    /** MATRIX_ENTRY: the matrix number; else -1. */
    private int[] matrixOf = new int[16];
    private int variableCount;
    private int freeCount;
    private int nonNegativeCount;
    private final List<PsdMatrixVariable> matrices = new ArrayList<>();

    private int[] rowStart = {0};
    private int[] terms = new int[64];
    private double[] termCoefficients = new double[64];
    private double[] rhs = new double[16];
    private byte[] sense = new byte[16];
    private int constraintCount;
    private int inequalityCount;

    private LinearExpression objective = new LinearExpression();
    private boolean maximize;

    /**
     * @param name a name for messages and {@link ScalarVariable#name()}
     * @return a new free (unbounded) scalar variable
     */
    public ScalarVariable addFreeVariable(String name) {
        return newVariable(name, FREE, freeCount++, -1);
    }

    /**
     * @param name a name for messages and {@link ScalarVariable#name()}
     * @return a new scalar variable constrained to be {@code >= 0}
     */
    public ScalarVariable addNonNegativeVariable(String name) {
        return newVariable(name, NON_NEGATIVE, nonNegativeCount++, -1);
    }

    /**
     * @param name a name; entries are named {@code name[row,col]}
     * @param size the dimension n {@code >= 1}
     * @return a new symmetric n x n matrix variable constrained to be positive semidefinite
     * @throws IllegalArgumentException if size is {@code < 1}
     */
    public PsdMatrixVariable addPsdMatrix(String name, int size) {
        Checks.notNull(name, "name");
        if (size < 1) {
            throw new IllegalArgumentException("size of PSD matrix " + name + " must be >= 1, got " + size);
        }
        ScalarVariable[] upper = new ScalarVariable[size * (size + 1) / 2];
        int number = matrices.size();
        for (int r = 0; r < size; r++) {
            for (int c = r; c < size; c++) {
                upper[PsdMatrixVariable.upperIndex(r, c, size)] =
                        newVariable(name + "[" + r + "," + c + "]", MATRIX_ENTRY, r * size + c, number);
            }
        }
        PsdMatrixVariable matrix = new PsdMatrixVariable(name, size, number, upper);
        matrices.add(matrix);
        return matrix;
    }

    private ScalarVariable newVariable(String name, byte k, int s, int matrix) {
        Checks.notNull(name, "name");
        if (variableCount == kind.length) {
            int capacity = 2 * variableCount;
            kind = Arrays.copyOf(kind, capacity);
            slot = Arrays.copyOf(slot, capacity);
            matrixOf = Arrays.copyOf(matrixOf, capacity);
        }
        kind[variableCount] = k;
        slot[variableCount] = s;
        matrixOf[variableCount] = matrix;
        return new ScalarVariable(this, variableCount++, name);
    }

    /**
     * Adds {@code lhs == rhs}. The expression is copied; it may be reused afterwards.
     *
     * @param lhs an expression over this model's variables
     * @param value the right-hand side, finite
     * @return the constraint's number (0-based, in order of addition over all constraint kinds)
     * @throws IllegalArgumentException if a variable belongs to another model
     */
    public int addEquality(LinearExpression lhs, double value) {
        return addConstraint(lhs, value, EQUAL);
    }

    /**
     * Adds {@code lhs <= rhs}.
     *
     * @param lhs an expression over this model's variables; copied
     * @param value the right-hand side, finite
     * @return the constraint's number
     */
    public int addLessOrEqual(LinearExpression lhs, double value) {
        return addConstraint(lhs, value, LESS);
    }

    /**
     * Adds {@code lhs >= rhs}.
     *
     * @param lhs an expression over this model's variables; copied
     * @param value the right-hand side, finite
     * @return the constraint's number
     */
    public int addGreaterOrEqual(LinearExpression lhs, double value) {
        return addConstraint(lhs, value, GREATER);
    }

    private int addConstraint(LinearExpression lhs, double value, byte s) {
        Checks.notNull(lhs, "lhs");
        Checks.finite(value, "rhs");
        checkOwnership(lhs);
        if (constraintCount + 1 >= rowStart.length) {
            rowStart = Arrays.copyOf(rowStart, 2 * rowStart.length + 1);
            rhs = Arrays.copyOf(rhs, 2 * rhs.length);
            sense = Arrays.copyOf(sense, 2 * sense.length);
        }
        int start = rowStart[constraintCount];
        if (start + lhs.size > terms.length) {
            int capacity = Math.max(2 * terms.length, start + lhs.size);
            terms = Arrays.copyOf(terms, capacity);
            termCoefficients = Arrays.copyOf(termCoefficients, capacity);
        }
        for (int k = 0; k < lhs.size; k++) {
            terms[start + k] = lhs.variables[k].id;
            termCoefficients[start + k] = lhs.coefficients[k];
        }
        rhs[constraintCount] = value - lhs.constant;
        sense[constraintCount] = s;
        rowStart[constraintCount + 1] = start + lhs.size;
        inequalityCount += s == EQUAL ? 0 : 1;
        return constraintCount++;
    }

    private void checkOwnership(LinearExpression e) {
        for (int k = 0; k < e.size; k++) {
            if (e.variables[k].model != this) {
                throw new IllegalArgumentException("variable " + e.variables[k].name() + " belongs to another model");
            }
        }
    }

    /**
     * Sets the objective to minimise (replacing any earlier objective).
     *
     * @param expression the objective; copied
     */
    public void minimize(LinearExpression expression) {
        setObjective(expression, false);
    }

    /**
     * Sets the objective to maximise (replacing any earlier objective).
     *
     * @param expression the objective; copied
     */
    public void maximize(LinearExpression expression) {
        setObjective(expression, true);
    }

    private void setObjective(LinearExpression expression, boolean max) {
        Checks.notNull(expression, "expression");
        checkOwnership(expression);
        objective = new LinearExpression().add(1, expression);
        maximize = max;
    }

    /** @return the number of scalar variables, matrix entries included (upper triangle) */
    public int variableCount() {
        return variableCount;
    }

    /** @return the number of constraints added */
    public int constraintCount() {
        return constraintCount;
    }

    /**
     * Compiles the model. (D) maximises the objective (negated for a minimisation), its constraints
     * {@code A_i . Y + a_i'w = c_i} being the model's constraints with a slack in the diagonal block for
     * each inequality. The objective's constant is not part of the problem.
     *
     * @return the problem
     * @throws IllegalStateException if the model has no constraint or no PSD or non-negative variable
     */
    public SdpProblem toProblem() {
        if (constraintCount == 0) {
            throw new IllegalStateException("the model has no constraints");
        }
        int diagonalSize = nonNegativeCount + inequalityCount;
        if (matrices.isEmpty() && diagonalSize == 0) {
            throw new IllegalStateException("the model has no PSD matrix or non-negative variable (a pure linear "
                    + "system is not an SDP)");
        }
        int[] sizes = blockSizes(diagonalSize);
        int diagonalBlock = matrices.size();
        SdpProblem.Builder builder = SdpProblem.builder(constraintCount, sizes, freeCount);
        int slack = nonNegativeCount;
        for (int i = 0; i < constraintCount; i++) {
            builder.cost(i, rhs[i]);
            for (int t = rowStart[i]; t < rowStart[i + 1]; t++) {
                addTerm(builder, i, terms[t], termCoefficients[t], diagonalBlock);
            }
            if (sense[i] != EQUAL) {
                builder.constraintEntry(i, diagonalBlock, slack, slack, sense[i] == LESS ? 1 : -1);
                slack++;
            }
        }
        double sign = maximize ? 1 : -1;
        for (int k = 0; k < objective.size; k++) {
            addTerm(builder, -1, objective.variables[k].id, sign * objective.coefficients[k], diagonalBlock);
        }
        return builder.build();
    }

    private int[] blockSizes(int diagonalSize) {
        int[] sizes = new int[matrices.size() + (diagonalSize > 0 ? 1 : 0)];
        for (int b = 0; b < matrices.size(); b++) {
            sizes[b] = matrices.get(b).size();
        }
        if (diagonalSize > 0) {
            sizes[matrices.size()] = -diagonalSize;
        }
        return sizes;
    }

    /** Adds coefficient * variable to constraint i (or to the objective for i = -1). */
    private void addTerm(SdpProblem.Builder builder, int i, int variable, double coefficient, int diagonalBlock) {
        int s = slot[variable];
        switch (kind[variable]) {
            case FREE -> {
                if (i < 0) {
                    builder.freeObjective(s, coefficient);
                } else {
                    builder.freeEntry(i, s, coefficient);
                }
            }
            case NON_NEGATIVE -> addMatrixEntry(builder, i, diagonalBlock, s, s, coefficient);
            default -> {
                int matrix = matrixOf[variable];
                int n = matrices.get(matrix).size();
                int row = s / n;
                int col = s % n;
                // A . Y counts an off-diagonal entry twice.
                addMatrixEntry(builder, i, matrix, row, col, row == col ? coefficient : coefficient / 2);
            }
        }
    }

    private static void addMatrixEntry(SdpProblem.Builder builder, int i, int block, int row, int col, double v) {
        if (i < 0) {
            builder.constantEntry(block, row, col, v);
        } else {
            builder.constraintEntry(i, block, row, col, v);
        }
    }

    /**
     * Compiles and solves the model with default options.
     *
     * @return the solution
     */
    public ModelSolution solve() {
        return solve(SdpOptions.defaults());
    }

    /**
     * Compiles and solves the model.
     *
     * @param options solver settings
     * @return the solution (check its status)
     */
    public ModelSolution solve(SdpOptions options) {
        return solve(toProblem(), options);
    }

    /**
     * Solves a problem compiled from this model (saves compiling it twice when the caller also needs it).
     *
     * @param problem what {@link #toProblem()} returned, with no variable or constraint added since
     * @param options solver settings
     * @return the solution (check its status)
     * @throws IllegalArgumentException if the problem's size does not match the model's
     */
    public ModelSolution solve(SdpProblem problem, SdpOptions options) {
        Checks.notNull(problem, "problem");
        if (problem.constraintCount() != constraintCount) {
            throw new IllegalArgumentException("the problem has " + problem.constraintCount()
                    + " constraints, the model " + constraintCount + ": it was not compiled from this model");
        }
        SdpResult result = new SdpSolver(options).solve(problem);
        return new ModelSolution(this, result, variableCount, maximize, objective);
    }

    /** The value of a variable in a solver result of {@link #toProblem()}. */
    double valueOf(ScalarVariable v, SdpResult result, double[] free) {
        int id = v.id;
        int s = slot[id];
        switch (kind[id]) {
            case FREE:
                return free[s];
            case NON_NEGATIVE:
                return result.dualMatrix().get(matrices.size(), s, s);
            default:
                int n = matrices.get(matrixOf[id]).size();
                return result.dualMatrix().get(matrixOf[id], s / n, s % n);
        }
    }
}
