package dev.mallard.simulator.internal;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.integrators.ButcherTableau;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.simulator.trajectories.PiecewisePolynomial;

/**
 * The package-private members that one simulator package lends another, so that they stay out of the public
 * classes' API: each owning class registers its bridge when it is initialised (the pattern of the JDK's
 * {@code SharedSecrets}). Nothing here is API: the package may change in any release.
 */
public final class PackageAccess {

    /** What the gradients package needs of the {@link Simulator}. */
    public interface SimulatorMembers {
        /**
         * Sets (or, with null, removes) the observer of dispatched updates and isolated event times.
         *
         * @param <T> the number type
         * @param simulator the simulator, modified
         * @param observer the observer, or null
         */
        <T> void setEventObserver(Simulator<T> simulator, EventObserver<T> observer);

        /**
         * Dispatches the unrestricted then the discrete updates of {@code events} at the context's time.
         *
         * @param <T> the number type
         * @param simulator the simulator whose context is modified
         * @param events the updates, per leaf index of the simulator's system
         */
        <T> void applyUpdates(Simulator<T> simulator, EventSet<T> events);
    }

    /** What the gradients package needs of an integrator and its tableau. */
    public interface IntegratorMembers {
        /**
         * @param integrator the integrator, not modified
         * @return the time its last accepted step was made to land on, or NaN if its size was chosen freely
         */
        double lastStepTarget(IntegratorBase<?> integrator);

        /**
         * @param integrator the integrator, not modified
         * @return its collocation scheme, or null if it does not advance by collocation steps
         */
        CollocationScheme implicitScheme(IntegratorBase<?> integrator);

        /**
         * @param integrator the integrator, not modified
         * @return its Butcher tableau if it is an explicit Runge-Kutta method, else null
         */
        ButcherTableau explicitTableau(IntegratorBase<?> integrator);

        /**
         * @param tableau the tableau
         * @param i the stage, 0-based
         * @return stage {@code i}'s row of the stage matrix with its zeros dropped
         */
        TableauRow stageRow(ButcherTableau tableau, int i);

        /**
         * @param tableau the tableau
         * @return the weights b with their zeros dropped
         */
        TableauRow weightRow(ButcherTableau tableau);

        /**
         * Lets (true) or stops (false) the integrator's steps leave the end state out of the context's continuous
         * state vector while its scheme holds it as arrays; stopping writes it in. For a simulation nothing
         * observes between steps.
         *
         * @param integrator the integrator, modified (and its context's state vector, when stopping)
         * @param defer whether to defer
         */
        void deferStateCommit(IntegratorBase<?> integrator, boolean defer);
    }

    /** What the integrators need to build a dense-output trajectory. */
    public interface TrajectoryMembers {
        /**
         * @param <T> the number type
         * @param scalar the number type's operations
         * @param rows the number of rows (state entries)
         * @return an empty trajectory to append segments to
         */
        <T> PiecewisePolynomial<T> create(Scalar<T> scalar, int rows);

        /**
         * Appends a segment interpolating {@code values} at the nodes of {@code degree}.
         *
         * @param <T> the number type
         * @param trajectory the trajectory, modified
         * @param t0 the segment's start time, seconds
         * @param t1 the segment's end time, seconds
         * @param degree the polynomial degree
         * @param values the values at the nodes, kept
         */
        <T> void appendSegment(PiecewisePolynomial<T> trajectory, double t0, double t1, int degree,
                ScalarVector<T>[] values);

        /**
         * @param degree the polynomial degree
         * @return the interpolation nodes of that degree on [0, 1]
         */
        double[] nodes(int degree);

        /**
         * Ends the last segment at {@code tEnd}.
         *
         * @param trajectory the trajectory, modified
         * @param tEnd the new end time, seconds
         */
        void truncateLastSegment(PiecewisePolynomial<?> trajectory, double tEnd);
    }

    private static volatile SimulatorMembers simulator;
    private static volatile IntegratorMembers integrators;
    private static volatile TrajectoryMembers trajectories;

    private PackageAccess() {
    }

    /** @param members the simulator's bridge, registered once by {@link Simulator}'s initialiser */
    public static void register(SimulatorMembers members) {
        simulator = members;
    }

    /** @param members the integrators' bridge, registered once by {@link IntegratorBase}'s initialiser */
    public static void register(IntegratorMembers members) {
        integrators = members;
    }

    /** @param members the trajectories' bridge, registered once by {@link PiecewisePolynomial}'s initialiser */
    public static void register(TrajectoryMembers members) {
        trajectories = members;
    }

    /** @return the simulator's bridge */
    public static SimulatorMembers simulator() {
        initialize(Simulator.class);
        return simulator;
    }

    /** @return the integrators' bridge */
    public static IntegratorMembers integrators() {
        initialize(IntegratorBase.class);
        return integrators;
    }

    /** @return the trajectories' bridge */
    public static TrajectoryMembers trajectories() {
        initialize(PiecewisePolynomial.class);
        return trajectories;
    }

    /** Runs the owner's static initialiser, which registers its bridge (a class literal alone does not). */
    private static void initialize(Class<?> owner) {
        try {
            Class.forName(owner.getName(), true, owner.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("cannot initialise " + owner.getName(), e);
        }
    }
}
