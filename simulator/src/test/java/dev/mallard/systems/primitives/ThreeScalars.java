package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Event;
import dev.mallard.systems.InputPort;
import dev.mallard.systems.LeafSystem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Runs one computation of a system with double, AutoDiff (toScalar) and Expression (toScalar) at the same
 * point and checks that they agree: the AutoDiff value equals the double result, the Expression evaluated at
 * the point equals the double result, and the AutoDiff gradient equals central finite differences of the
 * double computation. The point's free numbers are, in order: time, every vector input port's entries,
 * the continuous state, every discrete state group.
 */
final class ThreeScalars {

    /** One computation on a context; a generic method, so it runs with every number type. */
    abstract static class Probe {
        abstract <T> ScalarVector<T> eval(LeafSystem<T> system, Context<T> context);

        static Probe output(int port) {
            return new Probe() {
                @Override
                <T> ScalarVector<T> eval(LeafSystem<T> system, Context<T> context) {
                    return system.getOutputPort(port).eval(context).copy();
                }
            };
        }

        static Probe derivatives() {
            return new Probe() {
                @Override
                <T> ScalarVector<T> eval(LeafSystem<T> system, Context<T> context) {
                    ContinuousState<T> d = system.allocateTimeDerivatives();
                    system.calcTimeDerivatives(context, d);
                    return d;
                }
            };
        }

        /** The periodic discrete updates' result for group 0. */
        static Probe discreteUpdate() {
            return new Probe() {
                @Override
                <T> ScalarVector<T> eval(LeafSystem<T> system, Context<T> context) {
                    Context<T> next = context.cloneContext();
                    List<Event<T>> events = system.getEvents(Event.Trigger.PERIODIC).stream()
                            .filter(e -> e.getKind() == Event.Kind.DISCRETE_UPDATE).toList();
                    system.calcDiscreteVariableUpdate(context, events, next.getDiscreteValues());
                    return next.getDiscreteState(0).copy();
                }
            };
        }
    }

    /** What the three runs gave: the double result and the AutoDiff gradient {@code [output][free number]}. */
    record Result(double[] value, double[][] gradient) {
    }

    private ThreeScalars() {
    }

    /**
     * Checks the three scalars at {@code point} and returns the double result and the AutoDiff gradient.
     *
     * @param symbolicTime whether the Expression run's time is a free variable (else the constant)
     */
    static Result check(LeafSystem<Double> system, double[] point, Probe probe, boolean symbolicTime) {
        double[] value = probe.eval(system, contextAt(system, point, i -> Scalar.DOUBLE.of(point[i]), true))
                .toValueArray();
        @SuppressWarnings("unchecked")
        LeafSystem<AutoDiff> ad = (LeafSystem<AutoDiff>) system.toScalar(AutoDiff.SCALAR);
        ScalarVector<AutoDiff> y = probe.eval(ad,
                contextAt(ad, point, i -> AutoDiff.variable(point[i], point.length, i), true));
        double[][] gradient = new double[value.length][];
        for (int r = 0; r < value.length; r++) {
            assertEquals(value[r], y.get(r).value(), 1e-14 * (1 + Math.abs(value[r])), "AutoDiff value of entry " + r);
            gradient[r] = y.get(r).isConstant() ? new double[point.length] : y.get(r).gradient();
        }
        checkAgainstFiniteDifferences(system, point, probe, gradient);
        checkExpression(system, point, probe, symbolicTime, value);
        return new Result(value, gradient);
    }

    private static void checkAgainstFiniteDifferences(LeafSystem<Double> system, double[] point, Probe probe,
            double[][] gradient) {
        for (int j = 0; j < point.length; j++) {
            double h = 1e-6 * (1 + Math.abs(point[j]));
            double[] plus = point.clone();
            double[] minus = point.clone();
            plus[j] += h;
            minus[j] -= h;
            double[] yp = probe.eval(system, contextAt(system, plus, i -> plus[i], true)).toValueArray();
            double[] ym = probe.eval(system, contextAt(system, minus, i -> minus[i], true)).toValueArray();
            for (int r = 0; r < yp.length; r++) {
                double fd = (yp[r] - ym[r]) / (2 * h);
                double g = gradient[r].length == 0 ? 0 : gradient[r][j];
                assertEquals(fd, g, 1e-6 * (1 + Math.abs(fd)), "d entry " + r + " / d free number " + j);
            }
        }
    }

    private static void checkExpression(LeafSystem<Double> system, double[] point, Probe probe, boolean symbolicTime,
            double[] value) {
        @SuppressWarnings("unchecked")
        LeafSystem<Expression> ex = (LeafSystem<Expression>) system.toScalar(Expression.SCALAR);
        Map<Variable, Double> env = new HashMap<>();
        List<Variable> vars = new ArrayList<>();
        for (int i = 0; i < point.length; i++) {
            Variable v = new Variable("p" + i);
            vars.add(v);
            env.put(v, point[i]);
        }
        ScalarVector<Expression> y = probe.eval(ex, contextAt(ex, point, i -> Expression.of(vars.get(i)), symbolicTime));
        for (int r = 0; r < value.length; r++) {
            assertEquals(value[r], y.get(r).evaluate(env), 1e-12 * (1 + Math.abs(value[r])),
                    "Expression " + y.get(r) + " at the point");
        }
    }

    /** A default context with the point's numbers in time, inputs and state, made by {@code entry(i)}. */
    static <T> Context<T> contextAt(LeafSystem<T> system, double[] point, IntFunction<T> entry, boolean freeTime) {
        Scalar<T> s = system.scalar();
        Context<T> c = system.createDefaultContext();
        if (freeTime) {
            c.setTime(entry.apply(0));
        } else {
            c.setTime(point[0]);
        }
        int k = 1;
        for (int p = 0; p < system.numInputPorts(); p++) {
            InputPort<T> port = system.getInputPort(p);
            ScalarVector<T> u = s.newVector(port.size());
            for (int i = 0; i < u.size(); i++) {
                u.set(i, entry.apply(k++));
            }
            port.fixValue(c, u);
        }
        for (int i = 0; i < c.getNumContinuousStates(); i++) {
            c.getMutableContinuousState().set(i, entry.apply(k++));
        }
        for (int g = 0; g < c.getNumDiscreteStateGroups(); g++) {
            ScalarVector<T> xd = c.getMutableDiscreteState(g);
            for (int i = 0; i < xd.size(); i++) {
                xd.set(i, entry.apply(k++));
            }
        }
        if (k != point.length) {
            throw new IllegalArgumentException("the point has " + point.length + " numbers, the system takes " + k);
        }
        return c;
    }
}
