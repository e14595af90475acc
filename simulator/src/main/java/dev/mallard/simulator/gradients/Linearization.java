package dev.mallard.simulator.gradients;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.NonNumericValueException;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.ContextValues;
import dev.mallard.simulator.studies.BatchEvaluation;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.Event;
import dev.mallard.systems.InputPort;
import dev.mallard.systems.LeafSystem;
import dev.mallard.systems.OutputPort;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Linearisation of a system about the operating point held in a context, computed exactly (to rounding) by
 * forward-mode AutoDiff: the system is converted to {@link AutoDiff}, its state and inputs seeded as
 * independent variables, and the Jacobians read from the gradients.
 *
 * <p>The state is the continuous state (a continuous-time linearisation) or, for a difference-equation system
 * (no continuous or abstract state, one discrete state group, one unique periodic discrete update), the discrete
 * state (a discrete-time linearisation with that period). The inputs are all vector input ports of the system,
 * flattened in port order, at their values in the context (fixed or connected); the outputs all vector output
 * ports, flattened. This differs from Drake's {@code Linearize} without port indices, which takes the first
 * input and output port only (the same for a system of one port each): flattening keeps every input of a
 * multi-port plant, which an LQR of one port then selects. Drake's form, one chosen input port and one chosen
 * output port, is {@link #linearize(DynamicalSystem, Context, int, int, double)}.
 */
public final class Linearization {

    /** The equilibrium tolerance of {@link #linearize(DynamicalSystem, Context)}, as Drake's default. */
    public static final double DEFAULT_EQUILIBRIUM_TOLERANCE = 1e-6;

    /** The value of a port index meaning "no port" for {@link #linearize(DynamicalSystem, Context, int, int, double)}. */
    public static final int NO_PORT = -1;

    private Linearization() {
    }

    /**
     * The linearisation in deviation coordinates about an equilibrium: {@code d(dx)/dt = A dx + B du},
     * {@code dy = C dx + D du} with {@code dx = x - x0}, {@code du = u - u0}, {@code dy = y - y0}
     * (for a discrete system {@code dx[n+1] = A dx[n] + B du[n]}).
     *
     * @param system the system, convertible to AutoDiff
     * @param context a root context of the system with the operating point (time, state, parameters, inputs);
     *     not modified
     * @param <T> the system's number type (numeric)
     * @return an affine system with {@code f0 = 0}, {@code y0 = 0}
     * @throws IllegalArgumentException if the point is not an equilibrium within
     *     {@link #DEFAULT_EQUILIBRIUM_TOLERANCE} (naming the state index and the residual), or see
     *     {@link #firstOrderTaylorApproximation}
     */
    public static <T> AffineSystem<T> linearize(DynamicalSystem<T> system, Context<T> context) {
        return linearize(system, context, DEFAULT_EQUILIBRIUM_TOLERANCE);
    }

    /**
     * As {@link #linearize(DynamicalSystem, Context)} with a given equilibrium tolerance on {@code |xdot_i|}
     * (continuous) or {@code |x[n+1]_i - x[n]_i|} (discrete); {@code Double.POSITIVE_INFINITY} skips the check.
     *
     * @param system the system
     * @param context the operating point, not modified
     * @param equilibriumTolerance {@code >= 0}
     * @param <T> the number type
     * @return the linearisation in deviation coordinates
     * @throws IllegalArgumentException if the point is not an equilibrium within the tolerance
     */
    public static <T> AffineSystem<T> linearize(DynamicalSystem<T> system, Context<T> context, double equilibriumTolerance) {
        if (!(equilibriumTolerance >= 0)) {
            throw new IllegalArgumentException("equilibriumTolerance must be >= 0, got " + equilibriumTolerance);
        }
        Point p = Point.of(system, context);
        for (int i = 0; i < p.f.length; i++) {
            double residual = p.discrete ? p.f[i] - p.x[i] : p.f[i];
            if (!(Math.abs(residual) <= equilibriumTolerance)) {
                throw new IllegalArgumentException("the context of " + system.getName() + " is not an equilibrium: "
                        + (p.discrete ? "x[n+1] - x[n]" : "xdot") + " index " + i + " is " + residual
                        + " (tolerance " + equilibriumTolerance + ")");
            }
        }
        return new AffineSystem<>(system.scalar(), system.getName() + " linearised", p.a, p.b,
                new double[p.x.length], p.c, p.d, new double[p.y.length], p.period);
    }

    /**
     * Drake's {@code Linearize(system, context, input_port_index, output_port_index, tolerance)}: the
     * linearisation with respect to one input port and of one output port. The other input ports stay at their
     * values in the context (they are part of the operating point, not inputs of the result); the result has
     * input port {@code "u"} of the chosen port's size (none for {@link #NO_PORT}) and output port {@code "y"} of
     * the chosen output's size (none for {@link #NO_PORT}).
     *
     * @param system the system, convertible to AutoDiff
     * @param context a root context with the operating point; not modified
     * @param inputPortIndex the index of a vector input port, or {@link #NO_PORT} for a result without input
     * @param outputPortIndex the index of a vector output port, or {@link #NO_PORT} for a result without output
     * @param equilibriumTolerance {@code >= 0} (see {@link #linearize(DynamicalSystem, Context, double)})
     * @param <T> the number type
     * @return the linearisation in deviation coordinates
     * @throws IllegalArgumentException if a port index is out of range or names an abstract port (naming it), or
     *     as {@link #linearize(DynamicalSystem, Context, double)}
     */
    public static <T> AffineSystem<T> linearize(DynamicalSystem<T> system, Context<T> context, int inputPortIndex,
            int outputPortIndex, double equilibriumTolerance) {
        Objects.requireNonNull(system, "system must not be null");
        int[] in = portRange(inputPortIndex, system.numInputPorts(), "inputPortIndex", system, true);
        int[] out = portRange(outputPortIndex, system.numOutputPorts(), "outputPortIndex", system, false);
        AffineSystem<T> full = linearize(system, context, equilibriumTolerance);
        double[][] b = columns(full.getB(), in);
        double[][] c = rows(full.getC(), out);
        double[][] d = columns(rows(full.getD(), out), in);
        return new AffineSystem<>(system.scalar(), full.getName(), full.getA(), b, full.getF0(), c, d,
                new double[c.length], full.getTimePeriod());
    }

    /** The {@code [start, end)} entries of a port among the flattened vector ports. */
    private static int[] portRange(int index, int count, String what, DynamicalSystem<?> system, boolean input) {
        if (index == NO_PORT) {
            return new int[] {0, 0};
        }
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException(what + " must be in [0, " + count + ") or NO_PORT for "
                    + system.getName() + ", got " + index);
        }
        int start = 0;
        for (int i = 0; i < index; i++) {
            boolean isAbstract = input ? system.getInputPort(i).isAbstract() : system.getOutputPort(i).isAbstract();
            start += isAbstract ? 0 : input ? system.getInputPort(i).size() : system.getOutputPort(i).size();
        }
        boolean isAbstract = input ? system.getInputPort(index).isAbstract() : system.getOutputPort(index).isAbstract();
        if (isAbstract) {
            throw new IllegalArgumentException(what + " " + index + " of " + system.getName()
                    + " is abstract-valued; a linearisation needs a vector port");
        }
        return new int[] {start, start + (input ? system.getInputPort(index).size() : system.getOutputPort(index).size())};
    }

    private static double[][] columns(double[][] m, int[] range) {
        double[][] out = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            out[i] = Arrays.copyOfRange(m[i], range[0], range[1]);
        }
        return out;
    }

    private static double[][] rows(double[][] m, int[] range) {
        return Arrays.copyOfRange(m, range[0], range[1]);
    }

    /**
     * The first-order Taylor approximation about any point (not necessarily an equilibrium), in the original
     * coordinates: {@code xdot = A x + B u + f0} with {@code f0 = f(x0, u0) - A x0 - B u0}, and
     * {@code y = C x + D u + y0} with {@code y0 = g(x0, u0) - C x0 - D u0}.
     *
     * @param system the system, convertible to AutoDiff
     * @param context the expansion point, not modified
     * @param <T> the number type (numeric)
     * @return the affine approximation, continuous or discrete like the system
     * @throws IllegalArgumentException if the system has both continuous and discrete state, or discrete state
     *     without a unique periodic update, or an input port has no value, or the number type is symbolic
     * @throws UnsupportedOperationException if the system cannot be converted to AutoDiff (naming it)
     */
    public static <T> AffineSystem<T> firstOrderTaylorApproximation(DynamicalSystem<T> system, Context<T> context) {
        Point p = Point.of(system, context);
        double[] f0 = p.f.clone();
        for (int i = 0; i < f0.length; i++) {
            f0[i] -= dot(p.a[i], p.x) + dot(p.b[i], p.u);
        }
        double[] y0 = p.y.clone();
        for (int i = 0; i < y0.length; i++) {
            y0[i] -= dot(p.c[i], p.x) + dot(p.d[i], p.u);
        }
        return new AffineSystem<>(system.scalar(), system.getName() + " Taylor approximation", p.a, p.b, f0, p.c,
                p.d, y0, p.period);
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /** The values and Jacobians of the dynamics and outputs at the operating point. */
    private record Point(boolean discrete, double period, double[] x, double[] u, double[] f, double[] y,
            double[][] a, double[][] b, double[][] c, double[][] d) {

        static <T> Point of(DynamicalSystem<T> system, Context<T> context) {
            Objects.requireNonNull(system, "system must not be null");
            Objects.requireNonNull(context, "context must not be null");
            if (context.getSystem() != system || !context.isRootContext()) {
                throw new IllegalArgumentException("the context must be a root context of " + system.getName());
            }
            try {
                return compute(system, context);
            } catch (NonNumericValueException e) {
                throw new IllegalArgumentException("linearisation of " + system.getName() + " needs numeric values: "
                        + e.getMessage(), e);
            }
        }

        private static <T> Point compute(DynamicalSystem<T> system, Context<T> context) {
            OptionalDouble step = BatchEvaluation.differenceEquationTimeStep(system);
            boolean discrete = system.getNumContinuousStates() == 0 && step.isPresent();
            if (!discrete && hasDiscreteState(context)) {
                throw new IllegalArgumentException("cannot linearise " + system.getName() + ": it has "
                        + (system.getNumContinuousStates() > 0 ? "both continuous and discrete state"
                        : "discrete state without a unique periodic discrete update"));
            }
            double[] x = discrete ? discreteStateValues(context) : context.getContinuousState().toValueArray();
            double[] u = inputValues(system, context);
            int nx = x.length;
            int n = nx + u.length;
            DynamicalSystem<AutoDiff> ad = system.toScalar(AutoDiff.SCALAR);
            Context<AutoDiff> c = ad.createDefaultContext();
            copyTimeParametersAndOtherState(context, c);
            ScalarVector<AutoDiff> xs = stateVector(c, discrete);
            for (int i = 0; i < nx; i++) {
                xs.set(i, AutoDiff.variable(x[i], n, i));
            }
            c.noteStateChanged();
            int k = nx;
            for (int p = 0; p < ad.numInputPorts(); p++) {
                InputPort<AutoDiff> port = ad.getInputPort(p);
                if (port.isAbstract()) {
                    continue;
                }
                ScalarVector<AutoDiff> value = AutoDiff.SCALAR.newVector(port.size());
                for (int i = 0; i < port.size(); i++, k++) {
                    value.set(i, AutoDiff.variable(u[k - nx], n, k));
                }
                c.fixInputPort(p, value);
            }
            List<AutoDiff> f = discrete ? discreteUpdate(ad, c) : derivatives(ad, c);
            List<AutoDiff> y = outputs(ad, c);
            double[][] jf = jacobian(f, n);
            double[][] jy = jacobian(y, n);
            return new Point(discrete, discrete ? step.getAsDouble() : 0.0, x, u, values(f), values(y),
                    columns(jf, 0, nx), columns(jf, nx, n), columns(jy, 0, nx), columns(jy, nx, n));
        }

        private static <T> boolean hasDiscreteState(Context<T> context) {
            for (Context<T> leaf : context.getLeafContexts()) {
                if (leaf.getNumDiscreteStateGroups() > 0) {
                    return true;
                }
            }
            return false;
        }

        private static <T> double[] discreteStateValues(Context<T> context) {
            for (Context<T> leaf : context.getLeafContexts()) {
                if (leaf.getNumDiscreteStateGroups() > 0) {
                    return leaf.getDiscreteState(0).toValueArray();
                }
            }
            return new double[0];
        }

        private static ScalarVector<AutoDiff> stateVector(Context<AutoDiff> c, boolean discrete) {
            if (!discrete) {
                return c.getMutableContinuousState();
            }
            for (Context<AutoDiff> leaf : c.getLeafContexts()) {
                if (leaf.getNumDiscreteStateGroups() > 0) {
                    return leaf.getMutableDiscreteState(0);
                }
            }
            return AutoDiff.SCALAR.newVector(0);
        }

        private static <T> double[] inputValues(DynamicalSystem<T> system, Context<T> context) {
            List<Double> u = new ArrayList<>();
            for (int p = 0; p < system.numInputPorts(); p++) {
                InputPort<T> port = system.getInputPort(p);
                if (port.isAbstract()) {
                    continue;
                }
                if (!port.hasValue(context)) {
                    throw new IllegalArgumentException("input port '" + port.getName() + "' of " + system.getName()
                            + " has no value: fix it to the operating point's input before linearising");
                }
                for (double v : port.eval(context).toValueArray()) {
                    u.add(v);
                }
            }
            return u.stream().mapToDouble(Double::doubleValue).toArray();
        }

        private static <T> void copyTimeParametersAndOtherState(Context<T> from, Context<AutoDiff> to) {
            to.setTime(from.getTimeValue());
            // inputs fixed inside the tree are constants of the linearisation; the root's become variables later
            ContextValues.copyFixedInputs(from, to);
            List<Context<T>> a = from.getLeafContexts();
            List<Context<AutoDiff>> b = to.getLeafContexts();
            for (int k = 0; k < a.size(); k++) {
                for (int g = 0; g < a.get(k).getNumNumericParameterGroups(); g++) {
                    double[] v = a.get(k).getNumericParameter(g).toValueArray();
                    ScalarVector<AutoDiff> p = b.get(k).getMutableNumericParameter(g);
                    for (int i = 0; i < v.length; i++) {
                        p.setValue(i, v[i]);
                    }
                }
                for (int i = 0; i < a.get(k).getNumAbstractStates(); i++) {
                    b.get(k).setAbstractState(i, a.get(k).getAbstractState(i, Object.class));
                }
                if (from.getNumContinuousStates() == 0) {
                    for (int g = 0; g < a.get(k).getNumDiscreteStateGroups(); g++) {
                        double[] v = a.get(k).getDiscreteState(g).toValueArray();
                        ScalarVector<AutoDiff> xd = b.get(k).getMutableDiscreteState(g);
                        for (int i = 0; i < v.length; i++) {
                            xd.setValue(i, v[i]);
                        }
                    }
                }
            }
        }

        private static List<AutoDiff> derivatives(DynamicalSystem<AutoDiff> system, Context<AutoDiff> c) {
            ContinuousState<AutoDiff> d = system.allocateTimeDerivatives();
            if (d.size() > 0) {
                system.calcTimeDerivatives(c, d);
            }
            List<AutoDiff> out = new ArrayList<>();
            for (int i = 0; i < d.size(); i++) {
                out.add(d.get(i));
            }
            return out;
        }

        private static List<AutoDiff> discreteUpdate(DynamicalSystem<AutoDiff> system, Context<AutoDiff> c) {
            Context<AutoDiff> next = c.cloneContext();
            List<LeafSystem<AutoDiff>> leaves = system.getLeafSystems();
            List<Context<AutoDiff>> now = c.getLeafContexts();
            List<Context<AutoDiff>> after = next.getLeafContexts();
            List<AutoDiff> out = new ArrayList<>();
            for (int k = 0; k < leaves.size(); k++) {
                List<Event<AutoDiff>> events = leaves.get(k).getEvents(Event.Trigger.PERIODIC).stream()
                        .filter(e -> e.getKind() == Event.Kind.DISCRETE_UPDATE).toList();
                if (events.isEmpty()) {
                    continue;
                }
                leaves.get(k).calcDiscreteVariableUpdate(now.get(k), events, after.get(k).getDiscreteValues());
                ScalarVector<AutoDiff> xd = after.get(k).getDiscreteState(0);
                for (int i = 0; i < xd.size(); i++) {
                    out.add(xd.get(i));
                }
            }
            return out;
        }

        private static List<AutoDiff> outputs(DynamicalSystem<AutoDiff> system, Context<AutoDiff> c) {
            List<AutoDiff> out = new ArrayList<>();
            for (int p = 0; p < system.numOutputPorts(); p++) {
                OutputPort<AutoDiff> port = system.getOutputPort(p);
                if (port.isAbstract()) {
                    continue;
                }
                ScalarVector<AutoDiff> y = port.eval(c);
                for (int i = 0; i < y.size(); i++) {
                    out.add(y.get(i));
                }
            }
            return out;
        }

        private static double[][] jacobian(List<AutoDiff> f, int n) {
            double[][] j = new double[f.size()][n];
            for (int i = 0; i < f.size(); i++) {
                for (int k = 0; k < n; k++) {
                    j[i][k] = f.get(i).derivative(k);
                }
            }
            return j;
        }

        private static double[] values(List<AutoDiff> f) {
            double[] v = new double[f.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = f.get(i).value();
            }
            return v;
        }

        private static double[][] columns(double[][] m, int from, int to) {
            double[][] out = new double[m.length][];
            for (int i = 0; i < m.length; i++) {
                out[i] = java.util.Arrays.copyOfRange(m[i], from, to);
            }
            return out;
        }
    }
}
