package dev.mallard.systems.controllers;

import dev.mallard.simulator.gradients.Linearization;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.InputPort;
import dev.mallard.systems.analysis.ContinuousAlgebraicRiccatiEquation;
import dev.mallard.systems.analysis.DiscreteAlgebraicRiccatiEquation;
import java.util.Arrays;
import org.ejml.UtilEjml;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.NormOps_DDRM;
import org.ejml.dense.row.SingularOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
import java.util.Objects;

/**
 * The linear quadratic regulator, as Drake's {@code LinearQuadraticRegulator} and
 * {@code DiscreteTimeLinearQuadraticRegulator}.
 *
 * <p>Continuous time: for {@code xdot = Ax + Bu} and the cost {@code integral of x'Qx + u'Ru + 2x'Nu}, the optimal
 * feedback is {@code u = -Kx} with {@code K = R^-1 (B'S + N')} and S the stabilising solution of
 * {@code A'S + SA - (SB + N) R^-1 (B'S + N') + Q = 0}; {@code x'Sx} is the optimal cost-to-go. Discrete time:
 * for {@code x[n+1] = Ax[n] + Bu[n]} and the cost {@code sum of x'Qx + u'Ru + 2x'Nu},
 * {@code K = (R + B'SB)^-1 (B'SA + N')} with S the stabilising solution of
 * {@code A'SA - S - (A'SB + N)(R + B'SB)^-1 (B'SA + N') + Q = 0}. The Riccati equations are solved by
 * {@link ContinuousAlgebraicRiccatiEquation} and {@link DiscreteAlgebraicRiccatiEquation}.
 *
 * <p>For a system, the design linearises it with {@link Linearization} at the equilibrium held in a context
 * (time, state, parameters and the values of every input port) and uses the B columns of one chosen input
 * port; the other ports stay at their values in the context. A continuous-state system gives a continuous
 * design, a difference-equation system (one discrete state group with one periodic update) a discrete design
 * with its period. The design is double-only: the linearisation and the Riccati solution are numbers, whatever
 * the system's number type; the controller returned by {@link #controller} is an {@link AffineSystem} in the
 * system's own number type, so it can sit in a Diagram of AutoDiff or Expression systems.
 */
public final class LinearQuadraticRegulator {

    private LinearQuadraticRegulator() {
    }

    /**
     * The gain and the cost-to-go matrix of an LQR design.
     *
     * @param k the m x n gain K (the control is {@code u = -Kx})
     * @param s the n x n symmetric cost-to-go matrix S
     */
    public record Result(double[][] k, double[][] s) {

        /**
         * @param k the m x n gain, copied
         * @param s the n x n cost-to-go matrix, copied
         * @throws NullPointerException if either is null
         */
        public Result {
            k = copy(Objects.requireNonNull(k, "k must not be null"));
            s = copy(Objects.requireNonNull(s, "s must not be null"));
        }

        /** @return the gain K, a copy */
        @Override
        public double[][] k() {
            return copy(k);
        }

        /** @return the cost-to-go matrix S, a copy */
        @Override
        public double[][] s() {
            return copy(s);
        }

        /** @return whether the other is a Result with entrywise equal K and S */
        @Override
        public boolean equals(Object other) {
            return other instanceof Result r && Arrays.deepEquals(k, r.k) && Arrays.deepEquals(s, r.s);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.deepHashCode(k) + Arrays.deepHashCode(s);
        }

        /** @return K and S row by row, each with its shape */
        @Override
        public String toString() {
            return "LQR result\n" + matrix("K", k) + matrix("S", s);
        }

        private static String matrix(String name, double[][] m) {
            StringBuilder out = new StringBuilder(name).append(" (").append(m.length).append(" x ")
                    .append(m.length == 0 ? 0 : m[0].length).append("):\n");
            for (double[] row : m) {
                out.append("  ").append(Arrays.toString(row)).append('\n');
            }
            return out.toString();
        }

        private static double[][] copy(double[][] m) {
            double[][] out = new double[m.length][];
            for (int i = 0; i < m.length; i++) {
                out[i] = m[i].clone();
            }
            return out;
        }
    }

    /**
     * The continuous-time LQR without cross term.
     *
     * @param a the n x n matrix A
     * @param b the n x m matrix B
     * @param q the n x n state cost Q, symmetric positive semidefinite
     * @param r the m x m input cost R, symmetric positive definite
     * @return K and S
     * @throws IllegalArgumentException as {@link #continuous(double[][], double[][], double[][], double[][], double[][])}
     */
    public static Result continuous(double[][] a, double[][] b, double[][] q, double[][] r) {
        return continuous(a, b, q, r, null);
    }

    /**
     * The continuous-time LQR: {@code K = R^-1 (B'S + N')}.
     *
     * @param a the n x n matrix A, finite; not modified
     * @param b the n x m matrix B, {@code m >= 1}, finite; not modified
     * @param q the n x n state cost Q, symmetric positive semidefinite; not modified
     * @param r the m x m input cost R, symmetric positive definite; not modified
     * @param n the n x m cross cost N, or null for none; not modified
     * @return K and S
     * @throws IllegalArgumentException naming the argument with a wrong shape or value, or when (A, B) is not
     *     stabilisable or no stabilising solution exists (see {@link ContinuousAlgebraicRiccatiEquation})
     */
    public static Result continuous(double[][] a, double[][] b, double[][] q, double[][] r, double[][] n) {
        double[][] s = ContinuousAlgebraicRiccatiEquation.solve(a, b, q, r, n);
        int states = a.length;
        int inputs = b[0].length;
        // K = R^-1 (B'S + N'), solved as R K = B'S + N'.
        double[][] rhs = new double[inputs][states];
        for (int i = 0; i < inputs; i++) {
            for (int j = 0; j < states; j++) {
                double sum = n == null ? 0.0 : n[j][i];
                for (int k = 0; k < states; k++) {
                    sum += b[k][i] * s[k][j];
                }
                rhs[i][j] = sum;
            }
        }
        return new Result(Solve.spd(r, rhs), s);
    }

    /**
     * Drake's {@code LinearQuadraticRegulator(A, B, Q, R, N, F)}: the continuous-time LQR of a system whose state
     * is constrained to {@code F x = 0}. With {@code P} an orthonormal basis of the null space of {@code F} (as
     * rows, {@code P P' = I}, {@code P F' = 0}) and {@code y = P x}, the Riccati equation is solved for
     * {@code (P A P', P B, P Q P', R, P N)}, giving {@code S_y}; then {@code S = P' S_y P} and
     * {@code K = R^-1 (B'S + N' P'P)}.
     *
     * @param a the n x n matrix A, finite; not modified
     * @param b the n x m matrix B, {@code m >= 1}, finite; not modified
     * @param q the n x n state cost Q, symmetric positive semidefinite; not modified
     * @param r the m x m input cost R, symmetric positive definite; not modified
     * @param n the n x m cross cost N, or null for none; not modified
     * @param f the k x n constraint matrix F with {@code rank F < n}, finite, or null (or with no rows) for an
     *     unconstrained design; not modified
     * @return K (m x n) and S (n x n)
     * @throws IllegalArgumentException naming the argument with a wrong shape or value, if F leaves no state
     *     free, or as {@link #continuous(double[][], double[][], double[][], double[][], double[][])} for the
     *     projected problem
     */
    public static Result continuous(double[][] a, double[][] b, double[][] q, double[][] r, double[][] n,
            double[][] f) {
        if (f == null || f.length == 0) {
            return continuous(a, b, q, r, n);
        }
        Objects.requireNonNull(a, "A must not be null");
        int states = a.length;
        for (int i = 0; i < f.length; i++) {
            if (Objects.requireNonNull(f[i], "F[" + i + "] must not be null").length != states) {
                throw new IllegalArgumentException("F row " + i + " has " + f[i].length + " columns, expected the "
                        + states + " states of A");
            }
            for (double v : f[i]) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("F must be finite, got " + v + " in row " + i);
                }
            }
        }
        double[][] p = nullSpaceRows(f, states);
        if (p.length == 0) {
            throw new IllegalArgumentException("F x = 0 leaves no state free: F has rank " + states + " = n");
        }
        double[][] pt = transpose(p);
        Result reduced = continuous(multiply(multiply(p, a), pt), multiply(p, b), multiply(multiply(p, q), pt), r,
                n == null ? null : multiply(p, n));
        return new Result(multiply(reduced.k(), p), multiply(multiply(pt, reduced.s()), p));
    }

    /** An orthonormal basis of the null space of F (k x n), as the rows of a matrix, by SVD. */
    private static double[][] nullSpaceRows(double[][] f, int states) {
        DMatrixRMaj fm = new DMatrixRMaj(Math.max(f.length, states), states);
        for (int i = 0; i < f.length; i++) {
            for (int j = 0; j < states; j++) {
                fm.set(i, j, f[i][j]);
            }
        }
        SingularValueDecomposition_F64<DMatrixRMaj> svd = DecompositionFactory_DDRM.svd(fm.numRows, states, false,
                true, false);
        if (!svd.decompose(fm)) {
            throw new IllegalArgumentException("the SVD of F failed");
        }
        DMatrixRMaj basis = SingularOps_DDRM.nullSpace(svd, null, UtilEjml.EPS * 100 * Math.max(1, NormOps_DDRM.normF(fm)));
        double[][] rows = new double[basis.numCols][states];
        for (int c = 0; c < basis.numCols; c++) {
            for (int j = 0; j < states; j++) {
                rows[c][j] = basis.get(j, c);
            }
        }
        return rows;
    }

    private static double[][] multiply(double[][] x, double[][] y) {
        int inner = y.length;
        int cols = inner == 0 ? 0 : y[0].length;
        double[][] out = new double[x.length][cols];
        for (int i = 0; i < x.length; i++) {
            for (int k = 0; k < inner; k++) {
                double xik = x[i][k];
                for (int j = 0; j < cols; j++) {
                    out[i][j] += xik * y[k][j];
                }
            }
        }
        return out;
    }

    private static double[][] transpose(double[][] x) {
        int cols = x.length == 0 ? 0 : x[0].length;
        double[][] out = new double[cols][x.length];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < cols; j++) {
                out[j][i] = x[i][j];
            }
        }
        return out;
    }

    /**
     * The discrete-time LQR without cross term.
     *
     * @param a the n x n matrix A
     * @param b the n x m matrix B
     * @param q the n x n state cost Q, symmetric positive semidefinite
     * @param r the m x m input cost R, symmetric positive definite
     * @return K and S
     * @throws IllegalArgumentException as {@link #discrete(double[][], double[][], double[][], double[][], double[][])}
     */
    public static Result discrete(double[][] a, double[][] b, double[][] q, double[][] r) {
        return discrete(a, b, q, r, null);
    }

    /**
     * The discrete-time LQR: {@code K = (R + B'SB)^-1 (B'SA + N')}.
     *
     * @param a the n x n matrix A, finite; not modified
     * @param b the n x m matrix B, {@code m >= 1}, finite; not modified
     * @param q the n x n state cost Q, symmetric positive semidefinite; not modified
     * @param r the m x m input cost R, symmetric positive definite; not modified
     * @param n the n x m cross cost N, or null for none; not modified
     * @return K and S
     * @throws IllegalArgumentException naming the argument with a wrong shape or value, or when (A, B) is not
     *     stabilisable or no stabilising solution exists (see {@link DiscreteAlgebraicRiccatiEquation})
     */
    public static Result discrete(double[][] a, double[][] b, double[][] q, double[][] r, double[][] n) {
        double[][] s = DiscreteAlgebraicRiccatiEquation.solve(a, b, q, r, n);
        int states = a.length;
        int inputs = b[0].length;
        double[][] sb = new double[states][inputs];
        double[][] sa = new double[states][states];
        for (int i = 0; i < states; i++) {
            for (int k = 0; k < states; k++) {
                for (int j = 0; j < inputs; j++) {
                    sb[i][j] += s[i][k] * b[k][j];
                }
                for (int j = 0; j < states; j++) {
                    sa[i][j] += s[i][k] * a[k][j];
                }
            }
        }
        double[][] lhs = new double[inputs][inputs];
        double[][] rhs = new double[inputs][states];
        for (int i = 0; i < inputs; i++) {
            for (int j = 0; j < inputs; j++) {
                double sum = r[i][j];
                for (int k = 0; k < states; k++) {
                    sum += b[k][i] * sb[k][j];
                }
                lhs[i][j] = sum;
            }
            for (int j = 0; j < states; j++) {
                double sum = n == null ? 0.0 : n[j][i];
                for (int k = 0; k < states; k++) {
                    sum += b[k][i] * sa[k][j];
                }
                rhs[i][j] = sum;
            }
        }
        return new Result(Solve.spd(lhs, rhs), s);
    }

    /**
     * The LQR design for a system at the equilibrium in the context, controlling through input port 0, without
     * cross term.
     *
     * @param system the plant
     * @param context the operating point
     * @param q the state cost
     * @param r the input cost
     * @param <T> the system's number type
     * @return K and S of the linearisation
     * @throws IllegalArgumentException as {@link #design(DynamicalSystem, Context, double[][], double[][],
     *     double[][], int)}
     */
    public static <T> Result design(DynamicalSystem<T> system, Context<T> context, double[][] q, double[][] r) {
        return design(system, context, q, r, null, 0);
    }

    /**
     * The LQR design for a system linearised at the equilibrium in the context: continuous-time for a system with
     * continuous state, discrete-time for a difference-equation system. The state is the system's continuous
     * state (or its discrete state), in the order of the context.
     *
     * @param system the plant, convertible to AutoDiff (see {@link Linearization})
     * @param context a root context of the system with the operating point; every vector input port must have
     *     a value (the chosen one its equilibrium input u0); not modified
     * @param q the n x n state cost, symmetric positive semidefinite
     * @param r the m x m input cost, symmetric positive definite, m the size of the chosen port
     * @param n the n x m cross cost, or null for none
     * @param inputPortIndex the index of the vector input port the controller drives
     * @param <T> the system's number type (values must be numeric)
     * @return K and S of the linearisation
     * @throws IllegalArgumentException if the port index is out of range or names an abstract port, the context
     *     is not an equilibrium (within {@link Linearization#DEFAULT_EQUILIBRIUM_TOLERANCE}), an input has no
     *     value, a cost has the wrong shape or value, or the linearisation is not stabilisable
     */
    public static <T> Result design(DynamicalSystem<T> system, Context<T> context, double[][] q, double[][] r,
            double[][] n, int inputPortIndex) {
        return plant(system, context, inputPortIndex).design(q, r, n);
    }

    /**
     * The LQR controller for a system at the equilibrium in the context, driving input port 0, without cross
     * term.
     *
     * @param system the plant
     * @param context the operating point
     * @param q the state cost
     * @param r the input cost
     * @param <T> the system's number type
     * @return the controller {@code u = u0 - K (x - x0)}
     * @throws IllegalArgumentException as {@link #controller(DynamicalSystem, Context, double[][], double[][],
     *     double[][], int)}
     */
    public static <T> AffineSystem<T> controller(DynamicalSystem<T> system, Context<T> context, double[][] q,
            double[][] r) {
        return controller(system, context, q, r, null, 0);
    }

    /**
     * The LQR controller for a system at the equilibrium {@code (x0, u0)} in the context, as Drake's
     * {@code LinearQuadraticRegulator(system, context, Q, R, N, input_port_index)}: a stateless
     * {@link AffineSystem} named {@code "LQR for <system>"} with input port {@code "u"} (the plant's full state
     * x, to be connected from an output port that gives it) and output port {@code "y"} (the control
     * {@code u0 - K (x - x0)}, to be connected to the chosen input port), with direct feedthrough. As in Drake,
     * its time period is the plant's: for a discrete plant the design is the discrete-time LQR of its
     * difference equation and the controller a discrete-time system of that period (stateless, so it declares
     * no update and is evaluated whenever the plant reads its input).
     *
     * @param system the plant, convertible to AutoDiff
     * @param context a root context with the operating point; not modified
     * @param q the n x n state cost
     * @param r the m x m input cost
     * @param n the n x m cross cost, or null for none
     * @param inputPortIndex the index of the vector input port the controller drives
     * @param <T> the system's number type
     * @return the controller, in the system's number type
     * @throws IllegalArgumentException as {@link #design(DynamicalSystem, Context, double[][], double[][],
     *     double[][], int)}
     */
    public static <T> AffineSystem<T> controller(DynamicalSystem<T> system, Context<T> context, double[][] q,
            double[][] r, double[][] n, int inputPortIndex) {
        Plant<T> plant = plant(system, context, inputPortIndex);
        double[][] k = plant.design(q, r, n).k();
        int inputs = k.length;
        int states = plant.x0.length;
        double[][] minusK = new double[inputs][states];
        double[] y0 = plant.u0.clone();
        for (int i = 0; i < inputs; i++) {
            for (int j = 0; j < states; j++) {
                minusK[i][j] = -k[i][j];
                y0[i] += k[i][j] * plant.x0[j];
            }
        }
        return new AffineSystem<>(system.scalar(), "LQR for " + system.getName(), new double[0][0],
                new double[0][], new double[0], new double[inputs][0], minusK, y0, plant.period);
    }

    private static <T> Plant<T> plant(DynamicalSystem<T> system, Context<T> context, int inputPortIndex) {
        Objects.requireNonNull(system, "system must not be null");
        Objects.requireNonNull(context, "context must not be null");
        if (inputPortIndex < 0 || inputPortIndex >= system.numInputPorts()) {
            throw new IllegalArgumentException("inputPortIndex must be in [0, " + system.numInputPorts() + ") for "
                    + system.getName() + ", got " + inputPortIndex);
        }
        InputPort<T> port = system.getInputPort(inputPortIndex);
        if (port.isAbstract()) {
            throw new IllegalArgumentException("input port " + inputPortIndex + " ('" + port.getName() + "') of "
                    + system.getName() + " is abstract; LQR needs a vector input port");
        }
        AffineSystem<T> linear = Linearization.linearize(system, context, inputPortIndex, Linearization.NO_PORT,
                Linearization.DEFAULT_EQUILIBRIUM_TOLERANCE);
        double[] u0 = port.eval(context).toValueArray();
        return new Plant<>(linear.getA(), linear.getB(), linear.getTimePeriod(),
                stateValues(context, linear.getTimePeriod() > 0), u0);
    }

    /** The state the linearisation used: the continuous state, or the (only) discrete state group. */
    private static <T> double[] stateValues(Context<T> context, boolean discrete) {
        if (!discrete) {
            return context.getContinuousState().toValueArray();
        }
        for (Context<T> leaf : context.getLeafContexts()) {
            if (leaf.getNumDiscreteStateGroups() > 0) {
                return leaf.getDiscreteState(0).toValueArray();
            }
        }
        return new double[0];
    }

    /** The linearised plant {@code (A, B)} for the chosen port, its period (0: continuous) and the point. */
    private record Plant<T>(double[][] a, double[][] b, double period, double[] x0, double[] u0) {

        Result design(double[][] q, double[][] r, double[][] n) {
            return period > 0 ? discrete(a, b, q, r, n) : continuous(a, b, q, r, n);
        }
    }
}
