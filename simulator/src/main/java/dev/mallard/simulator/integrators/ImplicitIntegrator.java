package dev.mallard.simulator.integrators;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.ContextValues;
import dev.mallard.simulator.internal.DenseLu;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;

/**
 * The shared machinery of the implicit integrators: the Jacobian {@code J = df/dx} (automatic
 * differentiation by default, finite differences as an option), Newton-Raphson iterations on the iteration
 * matrix {@code I - h (A (x) J)} of a stage system, and the reuse policy:
 * <ul>
 *   <li>the Jacobian is kept across steps (it is recomputed only when Newton fails to converge with a stale
 *       one, or at every step if {@link #setReuseJacobian} is false);</li>
 *   <li>an iteration matrix is refactored only when the step size or the Jacobian changed;</li>
 *   <li>when Newton fails with a Jacobian computed at the step's start, the step is reported as a sub-step
 *       failure and the base halves the step size (counted in
 *       {@link #getNumStepShrinkagesFromSubstepFailures()}). Drake first retries with the same matrix
 *       factored again (its "trial 2", which a TODO in its MaybeFreshenMatrices calls redundant), so where
 *       its Reuse test counts 2 factorisations for such a failure Mallard counts 1.</li>
 * </ul>
 * Unlike Drake's, these integrators stay implicit for a step below the working minimum step size (Drake's
 * switch to an explicit scheme there, e.g. Bogacki-Shampine 3 for radau3): error control never proposes such
 * a step, and the implicit step is accurate there (its iteration matrix is nearly the identity).
 * In full-Newton mode ({@link #setUseFullNewton}, as Drake's {@code set_use_full_newton}) there is no reuse: a
 * Jacobian is computed at every Newton iterate and the iteration matrix refactored, and a Newton failure
 * shrinks the step at once.
 * <p>
 * Statistics follow Drake's: the totals include the error estimator's work, which is also counted apart
 * ({@code getNumErrorEstimator...}). The estimator's work is the embedded implicit trapezoid solve where there
 * is one (Radau, implicit Euler by default); under step doubling (velocity-implicit Euler, implicit Euler
 * without the trapezoid estimate), where the two half steps are propagated, it is everything but the half
 * steps, as in Drake. A finite-difference Jacobian costs {@code n + 1} derivative evaluations forward, as in
 * Drake, and {@code 2n} central, one fewer than Drake's {@code 2n + 1}: Drake also evaluates {@code f(t, x)},
 * which the central formula does not use. An automatic one costs one (AutoDiff) evaluation, as in Drake.
 * Newton is converged when the estimated remaining error {@code theta / (1 - theta) |dx|} (with
 * {@code theta} the observed contraction rate and {@code |dx|} the weighted infinity norm of the last
 * update, each entry relative to {@code max(1, |x0_i|)}) is at most {@code 0.01} times the accuracy in use;
 * it has failed if an update grows ({@code theta >= 1}), is not finite, or after {@value #MAX_ITERATIONS}
 * iterations. On the generic path the Jacobian and iteration matrices are built from the values (they are
 * only an approximation that Newton iterates away), while the residuals are computed in {@code T}, so the
 * converged solution carries, e.g., AutoDiff gradients.
 *
 * @param <T> the number type (numeric: Newton compares values)
 */
public abstract class ImplicitIntegrator<T> extends IntegratorBase<T> {

    /** The largest number of Newton iterations in one solve. */
    public static final int MAX_ITERATIONS = 10;

    private static final double NEWTON_KAPPA = 0.01;

    private static final int WORK_KINDS = 5;
    private static final int DERIVATIVES = 0;
    private static final int JACOBIAN_DERIVATIVES = 1;
    private static final int NEWTON = 2;
    private static final int JACOBIANS = 3;
    private static final int FACTORIZATIONS = 4;

    private JacobianScheme jacobianScheme = JacobianScheme.AUTOMATIC;
    private boolean reuseJacobian = true;
    private boolean useFullNewton;
    private String jacobianFallbackReason;

    private long numJacobianEvaluations;
    private long numFactorizations;
    private long numNewtonIterations;
    private long numJacobianDerivativeEvaluations;
    // work counted apart (see separatedWorkIsPropagated), in the order of work()
    private final long[] separatedWork = new long[WORK_KINDS];
    private final long[] sectionStart = new long[WORK_KINDS];

    private double[] jac;
    private long jacobianVersion;
    private boolean jacobianFresh;
    // automatic differentiation
    private DynamicalSystem<AutoDiff> adSystem;
    private Context<AutoDiff> adContext;
    private ContinuousState<AutoDiff> adDerivatives;
    // finite differences
    private double[] fdX;
    private double[] fdF;
    private double[] fdF2;

    /**
     * @param system the system
     * @param context its root context, or null
     */
    protected ImplicitIntegrator(DynamicalSystem<T> system, Context<T> context) {
        super(system, context);
    }

    // ---- options -----------------------------------------------------------------------------------

    /**
     * @param scheme how the Jacobian is computed, not null; takes effect at the next Jacobian
     */
    public final void setJacobianScheme(JacobianScheme scheme) {
        this.jacobianScheme = Checks.notNull(scheme, "scheme");
        adSystem = null;
        jacobianFallbackReason = null;
    }

    /** @return the requested Jacobian scheme */
    public final JacobianScheme getJacobianScheme() {
        return jacobianScheme;
    }

    /**
     * @return why {@link JacobianScheme#AUTOMATIC} fell back to central differences (the system could not be
     *     converted to AutoDiff), or null if it did not
     */
    public final String getJacobianFallbackReason() {
        return jacobianFallbackReason;
    }

    /**
     * @param reuse true (the default) to keep the Jacobian across steps until Newton fails; false to
     *     recompute it at the start of every step. Has no effect in full-Newton mode.
     */
    public final void setReuseJacobian(boolean reuse) {
        this.reuseJacobian = reuse;
    }

    /** @return whether the Jacobian is reused across steps: always false in full-Newton mode, as in Drake */
    public final boolean getReuseJacobian() {
        return reuseJacobian && !useFullNewton;
    }

    /**
     * Full-Newton mode, as Drake's {@code set_use_full_newton}: when on, every Newton iteration computes the
     * Jacobian at the current iterate and refactors the iteration matrix (so Jacobian evaluations and
     * factorisations each equal the Newton iterations), overriding {@link #setReuseJacobian}; a Newton failure
     * is then a sub-step failure at once. Costly; useful to tell a bad Jacobian from a too-large step. Takes
     * effect at the next Newton solve.
     *
     * @param flag true for full Newton, false (the default) for the reuse policy
     */
    public final void setUseFullNewton(boolean flag) {
        this.useFullNewton = flag;
    }

    /** @return whether full-Newton mode is on */
    public final boolean getUseFullNewton() {
        return useFullNewton;
    }

    // ---- statistics --------------------------------------------------------------------------------

    /** @return Jacobian evaluations since initialize or resetStatistics */
    public final long getNumJacobianEvaluations() {
        return numJacobianEvaluations;
    }

    /** @return LU factorisations of iteration matrices */
    public final long getNumIterationMatrixFactorizations() {
        return numFactorizations;
    }

    /** @return Newton-Raphson iterations (each costs one derivative evaluation per stage) */
    public final long getNumNewtonRaphsonIterations() {
        return numNewtonIterations;
    }

    /** @return derivative evaluations spent on Jacobians (also counted in getNumDerivativeEvaluations) */
    public final long getNumDerivativeEvaluationsForJacobian() {
        return numJacobianDerivativeEvaluations;
    }

    /**
     * @return derivative evaluations of the error estimator (Jacobians included), part of
     *     {@link #getNumDerivativeEvaluations()}; see the class comment for what is the estimator's
     */
    public final long getNumErrorEstimatorDerivativeEvaluations() {
        return estimatorWork(DERIVATIVES);
    }

    /** @return derivative evaluations for the error estimator's Jacobians, part of the total for Jacobians */
    public final long getNumErrorEstimatorDerivativeEvaluationsForJacobian() {
        return estimatorWork(JACOBIAN_DERIVATIVES);
    }

    /** @return Newton-Raphson iterations of the error estimator, part of the total */
    public final long getNumErrorEstimatorNewtonRaphsonIterations() {
        return estimatorWork(NEWTON);
    }

    /** @return Jacobian evaluations of the error estimator, part of the total */
    public final long getNumErrorEstimatorJacobianEvaluations() {
        return estimatorWork(JACOBIANS);
    }

    /** @return iteration-matrix factorisations of the error estimator, part of the total */
    public final long getNumErrorEstimatorIterationMatrixFactorizations() {
        return estimatorWork(FACTORIZATIONS);
    }

    private long estimatorWork(int kind) {
        return separatedWorkIsPropagated() ? work(kind) - separatedWork[kind] : separatedWork[kind];
    }

    private long work(int kind) {
        return switch (kind) {
            case DERIVATIVES -> getNumDerivativeEvaluations();
            case JACOBIAN_DERIVATIVES -> numJacobianDerivativeEvaluations;
            case NEWTON -> numNewtonIterations;
            case JACOBIANS -> numJacobianEvaluations;
            default -> numFactorizations;
        };
    }

    /**
     * Whether the work a scheme counts apart ({@link #beginSeparatedWork()} to {@link #endSeparatedWork()}) is
     * the propagated solution's (step doubling: the estimator's work is the rest) rather than the error
     * estimator's.
     *
     * @return false unless overridden
     */
    boolean separatedWorkIsPropagated() {
        return false;
    }

    /** Starts counting work apart (the error estimator's, or see {@link #separatedWorkIsPropagated()}). */
    final void beginSeparatedWork() {
        for (int k = 0; k < WORK_KINDS; k++) {
            sectionStart[k] = work(k);
        }
    }

    /** Ends the work counted apart since {@link #beginSeparatedWork()}, success or not. */
    final void endSeparatedWork() {
        for (int k = 0; k < WORK_KINDS; k++) {
            separatedWork[k] += work(k) - sectionStart[k];
        }
    }

    /** {@inheritDoc} Here the Jacobian, factorisation and Newton counts, totals and the estimator's. */
    @Override
    protected final void resetSchemeStatistics() {
        numJacobianEvaluations = 0;
        numFactorizations = 0;
        numNewtonIterations = 0;
        numJacobianDerivativeEvaluations = 0;
        java.util.Arrays.fill(separatedWork, 0);
    }

    @Override
    public final boolean supportsErrorEstimation() {
        return true;
    }

    /**
     * {@inheritDoc} Also refuses non-numeric number types (Newton compares values) and forgets the Jacobian.
     */
    @Override
    public void initialize() {
        if (!scalar().isNumeric()) {
            throw new IllegalStateException(getSchemeName() + " needs numeric values for its Newton iterations, "
                    + "but " + getSystem().getName() + " computes with " + scalar().name());
        }
        super.initialize();
    }

    @Override
    protected final void allocateSchemeWorkspaces(int size) {
        jac = new double[size * size];
        fdX = new double[size];
        fdF = new double[size];
        fdF2 = new double[size];
        jacobianVersion = 0;
        jacobianFresh = false;
        allocateImplicitWorkspaces(size);
    }

    /**
     * Allocates the scheme's stage solvers and workspaces, once, at initialize.
     *
     * @param size the number of continuous states
     */
    protected abstract void allocateImplicitWorkspaces(int size);

    // ---- Jacobian ----------------------------------------------------------------------------------

    /** @return the current Jacobian, row-major {@code J[i*n + j] = df_i/dx_j} (valid once computed) */
    final double[] jacobian() {
        return jac;
    }

    /** @return a counter that changes whenever the Jacobian is recomputed (0: none yet) */
    final long jacobianVersion() {
        return jacobianVersion;
    }

    /**
     * Makes a Jacobian available for a step from {@code (t0, x0)}: computes it if there is none or reuse is
     * off; otherwise keeps the old one (marked stale). Nothing in full-Newton mode, where each iteration
     * computes its own.
     */
    final void prepareJacobian(double t0, double[] x0) {
        if (useFullNewton) {
            return;
        }
        if (jacobianVersion == 0 || !reuseJacobian) {
            computeJacobian(t0, x0);
        } else {
            jacobianFresh = false;
        }
    }

    /** Generic-path counterpart of {@link #prepareJacobian(double, double[])}. */
    final void prepareJacobian(T t0, ScalarVector<T> x0) {
        if (useFullNewton) {
            return;
        }
        if (jacobianVersion == 0 || !reuseJacobian) {
            computeJacobian(t0, x0);
        } else {
            jacobianFresh = false;
        }
    }

    /**
     * After a Newton failure: recomputes a stale Jacobian at the step's start and returns true (retry), or
     * returns false if it was already fresh (the step must shrink).
     */
    final boolean refreshJacobianAfterFailure(double t0, double[] x0) {
        if (jacobianFresh || useFullNewton) {
            return false;
        }
        computeJacobian(t0, x0);
        return true;
    }

    /** Generic-path counterpart of {@link #refreshJacobianAfterFailure(double, double[])}. */
    final boolean refreshJacobianAfterFailure(T t0, ScalarVector<T> x0) {
        if (jacobianFresh || useFullNewton) {
            return false;
        }
        computeJacobian(t0, x0);
        return true;
    }

    /**
     * Full-Newton mode: computes the Jacobian at a Newton iterate {@code (t, x)} (not the step's start, so it
     * is not marked fresh). Does nothing otherwise.
     */
    final void jacobianAtIterate(double t, double[] x) {
        if (useFullNewton) {
            computeJacobian(t, x);
            jacobianFresh = false;
        }
    }

    /** Generic-path counterpart of {@link #jacobianAtIterate(double, double[])}. */
    final void jacobianAtIterate(T t, ScalarVector<T> x) {
        if (useFullNewton) {
            computeJacobian(t, x);
            jacobianFresh = false;
        }
    }

    private void computeJacobian(double t, double[] x) {
        if (useAutomatic()) {
            automaticJacobian(t, x);
        } else {
            differenceJacobian(t, x, effectiveDifferenceScheme() == JacobianScheme.CENTRAL_DIFFERENCE);
        }
        noteJacobianComputed();
    }

    private void computeJacobian(T t, ScalarVector<T> x) {
        if (useAutomatic()) {
            automaticJacobian(scalar().value(t), x.toValueArray());
        } else {
            differenceJacobianGeneric(t, x, effectiveDifferenceScheme() == JacobianScheme.CENTRAL_DIFFERENCE);
        }
        noteJacobianComputed();
    }

    private void noteJacobianComputed() {
        numJacobianEvaluations++;
        jacobianVersion++;
        jacobianFresh = true;
    }

    private JacobianScheme effectiveDifferenceScheme() {
        return jacobianScheme == JacobianScheme.AUTOMATIC ? JacobianScheme.CENTRAL_DIFFERENCE : jacobianScheme;
    }

    /** Converts the system once; on failure records why and falls back to differences. */
    private boolean useAutomatic() {
        if (jacobianScheme != JacobianScheme.AUTOMATIC || jacobianFallbackReason != null) {
            return false;
        }
        if (adSystem == null) {
            try {
                adSystem = getSystem().toScalar(AutoDiff.SCALAR);
                adContext = adSystem.createDefaultContext();
                adDerivatives = adSystem.allocateTimeDerivatives();
            } catch (RuntimeException e) {
                adSystem = null;
                jacobianFallbackReason = getSystem().getName() + " cannot be converted to AutoDiff ("
                        + e.getMessage() + "): Jacobians by central differences";
                return false;
            }
        }
        return true;
    }

    private void automaticJacobian(double t, double[] x) {
        int n = x.length;
        ContextValues.copy(getContext(), adContext);
        adContext.setTime(t);
        ScalarVector<AutoDiff> xs = adContext.getMutableContinuousState().backingVector();
        for (int j = 0; j < n; j++) {
            xs.set(j, AutoDiff.variable(x[j], n, j));
        }
        adContext.noteStateChanged();
        adSystem.calcTimeDerivatives(adContext, adDerivatives);
        ScalarVector<AutoDiff> f = adDerivatives.backingVector();
        for (int i = 0; i < n; i++) {
            AutoDiff fi = f.get(i);
            for (int j = 0; j < n; j++) {
                jac[i * n + j] = fi.gradientSize() == 0 ? 0 : fi.derivative(j);
            }
        }
        addDerivativeEvaluations(1);
        numJacobianDerivativeEvaluations++;
    }

    private void differenceJacobian(double t, double[] x, boolean central) {
        int n = x.length;
        double eps = central ? Math.cbrt(Math.ulp(1.0)) : Math.sqrt(Math.ulp(1.0));
        System.arraycopy(x, 0, fdX, 0, n);
        if (!central) {
            evalDerivatives(t, fdX, fdF2);
            numJacobianDerivativeEvaluations++;
        }
        for (int j = 0; j < n; j++) {
            double dx = eps * Math.max(1, Math.abs(x[j]));
            fdX[j] = x[j] + dx;
            evalDerivatives(t, fdX, fdF);
            if (central) {
                fdX[j] = x[j] - dx;
                evalDerivatives(t, fdX, fdF2);
                numJacobianDerivativeEvaluations++;
                for (int i = 0; i < n; i++) {
                    jac[i * n + j] = (fdF[i] - fdF2[i]) / (2 * dx);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    jac[i * n + j] = (fdF[i] - fdF2[i]) / dx;
                }
            }
            numJacobianDerivativeEvaluations++;
            fdX[j] = x[j];
        }
    }

    private void differenceJacobianGeneric(T t, ScalarVector<T> x, boolean central) {
        int n = x.size();
        Scalar<T> s = scalar();
        double eps = central ? Math.cbrt(Math.ulp(1.0)) : Math.sqrt(Math.ulp(1.0));
        ScalarVector<T> xp = scalar().newVector(n);
        ScalarVector<T> fp = scalar().newVector(n);
        ScalarVector<T> fm = scalar().newVector(n);
        xp.setFrom(x);
        if (!central) {
            evalDerivatives(t, xp, fm);
            numJacobianDerivativeEvaluations++;
        }
        for (int j = 0; j < n; j++) {
            double dx = eps * Math.max(1, Math.abs(x.getValue(j)));
            xp.set(j, s.of(x.getValue(j) + dx));
            evalDerivatives(t, xp, fp);
            numJacobianDerivativeEvaluations++;
            if (central) {
                xp.set(j, s.of(x.getValue(j) - dx));
                evalDerivatives(t, xp, fm);
                numJacobianDerivativeEvaluations++;
            }
            double width = central ? 2 * dx : dx;
            for (int i = 0; i < n; i++) {
                jac[i * n + j] = (fp.getValue(i) - fm.getValue(i)) / width;
            }
            xp.set(j, x.get(j));
        }
    }

    /**
     * Solves a stage system, recomputing a stale Jacobian once if Newton fails (double path).
     *
     * @param guess the first iterate of the end state {@code x0 + Z} of a one-stage system, or null for
     *     {@code x0} (every stage starts at {@code Z = 0})
     * @return false if Newton failed with a fresh Jacobian (or in full-Newton mode): the step must shrink
     */
    final boolean solveWithRetry(StageSolver solver, double t0, double h, double[] x0, double[] d, double[] guess) {
        while (!solver.solve(t0, h, x0, d, guess)) {
            if (!refreshJacobianAfterFailure(t0, x0)) {
                return false;
            }
        }
        return true;
    }

    /** Generic-path counterpart of the double-path {@code solveWithRetry}. */
    final boolean solveWithRetry(StageSolver solver, T t0, T h, ScalarVector<T> x0, ScalarVector<T> d,
            ScalarVector<T> guess) {
        while (!solver.solve(t0, h, x0, d, guess)) {
            if (!refreshJacobianAfterFailure(t0, x0)) {
                return false;
            }
        }
        return true;
    }

    // ---- Newton on stage systems -----------------------------------------------------------------

    /**
     * The weighted infinity norm used by Newton: {@code max_i |d_i| / max(1, |x0_{i mod n}|)}.
     */
    static double weightedNorm(double[] d, double[] x0) {
        int n = x0.length;
        double norm = 0;
        for (int i = 0; i < d.length; i++) {
            double r = Math.abs(d[i]) / Math.max(1, Math.abs(x0[i % n]));
            if (!(r <= norm)) {
                norm = r;
                if (Double.isNaN(r)) {
                    return Double.POSITIVE_INFINITY;
                }
            }
        }
        return norm;
    }

    /** Generic-path counterpart of {@link #weightedNorm(double[], double[])}. */
    static <T> double weightedNorm(ScalarVector<T> d, ScalarVector<T> x0) {
        int n = x0.size();
        double norm = 0;
        for (int i = 0; i < d.size(); i++) {
            double r = Math.abs(d.getValue(i)) / Math.max(1, Math.abs(x0.getValue(i % n)));
            if (!(r <= norm)) {
                norm = r;
                if (Double.isNaN(r)) {
                    return Double.POSITIVE_INFINITY;
                }
            }
        }
        return norm;
    }

    /** Outcome of one Newton iteration's convergence test. */
    enum Convergence { CONVERGED, CONTINUE, FAILED }

    /**
     * The convergence test after an update of weighted norm {@code norm} (the previous one
     * {@code previous}, NaN on the first iteration).
     */
    final Convergence convergence(double norm, double previous, int iteration) {
        numNewtonIterations++;
        if (!Double.isFinite(norm)) {
            return Convergence.FAILED;
        }
        double tolerance = NEWTON_KAPPA * getAccuracyInUse();
        if (norm <= 1e-3 * tolerance) {
            return Convergence.CONVERGED;
        }
        if (!Double.isNaN(previous)) {
            double theta = norm / previous;
            if (theta >= 1) {
                return Convergence.FAILED;
            }
            if (theta / (1 - theta) * norm <= tolerance) {
                return Convergence.CONVERGED;
            }
        }
        return iteration + 1 >= MAX_ITERATIONS ? Convergence.FAILED : Convergence.CONTINUE;
    }

    /** Counts a factorisation of an iteration matrix. */
    final void noteFactorization() {
        numFactorizations++;
    }

    /**
     * Solves a stage system {@code Z_i = d_i + h sum_j a_ij f(t0 + c_j h, x0 + Z_j)} for {@code s} stages
     * by Newton with the iteration matrix {@code I - h (A (x) J)}, kept factored for its step size and
     * Jacobian. One instance per stage system (so that each keeps its factorisation).
     */
    final class StageSolver {

        private final int s;
        private final double[][] a;
        private final double[] c;
        private final int n;
        private final DenseLu lu;
        private double factoredH = Double.NaN;
        private long factoredVersion = -1;
        private boolean factoredOk;
        // double workspaces
        private double[] z;
        private double[] rhs;
        private double[] stage;
        private double[][] f;
        // generic workspaces
        private ScalarVector<T> zg;
        private ScalarVector<T> rhsg;
        private ScalarVector<T> stageg;
        private ScalarVector<T>[] fg;

        @SuppressWarnings({"unchecked", "rawtypes"})
        StageSolver(double[][] a, double[] c, int n) {
            this.s = c.length;
            this.a = a;
            this.c = c;
            this.n = n;
            this.lu = new DenseLu(s * n);
            if (isDoublePath()) {
                z = new double[s * n];
                rhs = new double[s * n];
                stage = new double[n];
                f = new double[s][n];
            } else {
                zg = scalar().newVector(s * n);
                rhsg = scalar().newVector(s * n);
                stageg = scalar().newVector(n);
                fg = new ScalarVector[s];
                for (int j = 0; j < s; j++) {
                    fg[j] = scalar().newVector(n);
                }
            }
        }

        /** @return the solution of stage {@code j}, entry {@code i} (double path) */
        double z(int j, int i) {
            return z[j * n + i];
        }

        /** @return the solution of stage {@code j}, entry {@code i} (generic path) */
        T zg(int j, int i) {
            return zg.get(j * n + i);
        }

        private boolean factor(double h) {
            if (h == factoredH && factoredVersion == jacobianVersion) {
                return factoredOk;
            }
            double[] m = lu.matrix();
            int size = s * n;
            for (int bi = 0; bi < s; bi++) {
                for (int bj = 0; bj < s; bj++) {
                    double w = -h * a[bi][bj];
                    for (int i = 0; i < n; i++) {
                        int row = (bi * n + i) * size + bj * n;
                        for (int j = 0; j < n; j++) {
                            m[row + j] = w * jac[i * n + j];
                        }
                    }
                }
            }
            for (int i = 0; i < size; i++) {
                m[i * size + i] += 1;
            }
            factoredOk = lu.factor();
            factoredH = h;
            factoredVersion = jacobianVersion;
            noteFactorization();
            return factoredOk;
        }

        /**
         * Double path. In full-Newton mode each iteration first computes the Jacobian at the iterate's end
         * state {@code (t0 + c_s h, x0 + Z_s)} (Drake's choice) and refactors.
         *
         * @param d the constant offsets (length n, the same for every stage), or null for none
         * @param guess the first iterate of {@code x0 + Z_j} for every stage, or null for {@code x0}
         * @return whether Newton converged
         */
        boolean solve(double t0, double h, double[] x0, double[] d, double[] guess) {
            for (int j = 0; j < s; j++) {
                for (int i = 0; i < n; i++) {
                    z[j * n + i] = guess == null ? 0 : guess[i] - x0[i];
                }
            }
            double previous = Double.NaN;
            for (int it = 0; ; it++) {
                if (useFullNewton) {
                    for (int i = 0; i < n; i++) {
                        stage[i] = x0[i] + z[(s - 1) * n + i];
                    }
                    jacobianAtIterate(t0 + c[s - 1] * h, stage);
                }
                if (!factor(h)) {
                    return false;
                }
                for (int j = 0; j < s; j++) {
                    for (int i = 0; i < n; i++) {
                        stage[i] = x0[i] + z[j * n + i];
                    }
                    evalDerivatives(t0 + c[j] * h, stage, f[j]);
                }
                for (int bi = 0; bi < s; bi++) {
                    for (int i = 0; i < n; i++) {
                        double sum = 0;
                        for (int j = 0; j < s; j++) {
                            sum += a[bi][j] * f[j][i];
                        }
                        rhs[bi * n + i] = (d == null ? 0 : d[i]) + h * sum - z[bi * n + i];
                    }
                }
                lu.solve(rhs);
                for (int i = 0; i < z.length; i++) {
                    z[i] += rhs[i];
                }
                double norm = weightedNorm(rhs, x0);
                Convergence state = convergence(norm, previous, it);
                if (state != Convergence.CONTINUE) {
                    return state == Convergence.CONVERGED;
                }
                previous = norm;
            }
        }

        /** Generic path; {@code d} and {@code guess} may be null. */
        boolean solve(T t0, T h, ScalarVector<T> x0, ScalarVector<T> d, ScalarVector<T> guess) {
            Scalar<T> sc = scalar();
            for (int j = 0; j < s; j++) {
                for (int i = 0; i < n; i++) {
                    zg.set(j * n + i, guess == null ? sc.zero() : sc.sub(guess.get(i), x0.get(i)));
                }
            }
            double previous = Double.NaN;
            for (int it = 0; ; it++) {
                if (useFullNewton) {
                    for (int i = 0; i < n; i++) {
                        stageg.set(i, sc.add(x0.get(i), zg.get((s - 1) * n + i)));
                    }
                    jacobianAtIterate(sc.add(t0, sc.mul(h, c[s - 1])), stageg);
                }
                if (!factor(sc.value(h))) {
                    return false;
                }
                for (int j = 0; j < s; j++) {
                    for (int i = 0; i < n; i++) {
                        stageg.set(i, sc.add(x0.get(i), zg.get(j * n + i)));
                    }
                    evalDerivatives(sc.add(t0, sc.mul(h, c[j])), stageg, fg[j]);
                }
                for (int bi = 0; bi < s; bi++) {
                    for (int i = 0; i < n; i++) {
                        T sum = sc.zero();
                        for (int j = 0; j < s; j++) {
                            sum = sc.add(sum, sc.mul(fg[j].get(i), a[bi][j]));
                        }
                        T r = sc.sub(sc.mul(h, sum), zg.get(bi * n + i));
                        rhsg.set(bi * n + i, d == null ? r : sc.add(r, d.get(i)));
                    }
                }
                lu.solve(rhsg, sc);
                for (int i = 0; i < zg.size(); i++) {
                    zg.set(i, sc.add(zg.get(i), rhsg.get(i)));
                }
                double norm = weightedNorm(rhsg, x0);
                Convergence state = convergence(norm, previous, it);
                if (state != Convergence.CONTINUE) {
                    return state == Convergence.CONVERGED;
                }
                previous = norm;
            }
        }
    }
}
