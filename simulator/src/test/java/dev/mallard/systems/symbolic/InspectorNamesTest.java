package dev.mallard.systems.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.examples.CartPole;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.LeafSystem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The inspector names its variables as the system declared them, falling back to numbers where it cannot. */
class InspectorNamesTest {

    /** A spring with named states, two named parameters (one of two entries), an unnamed one and a clumsy name. */
    static final class Spring<T> extends LeafSystem<T> {
        Spring(Scalar<T> scalar) {
            this(scalar, "spring");
        }

        Spring(Scalar<T> scalar, String name) {
            super(scalar, name);
            declareContinuousState(1, 1, 0);
            setContinuousStateNames("q1", "v1");
            declareNumericParameter("k", 4.0);
            declareNumericParameter("damping", 0.5, 0.1);
            declareNumericParameter(1.0);
            declareNumericParameter("spring rate", 2.0);
        }

        @Override
        protected <U> LeafSystem<U> convertTo(Scalar<U> target) {
            return new Spring<>(target, getName());
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> c, ContinuousState<T> d) {
            Scalar<T> s = scalar();
            T x = c.getContinuousState().get(0);
            T v = c.getContinuousState().get(1);
            T force = s.add(s.mul(c.getNumericParameter(0).get(0), x), s.mul(c.getNumericParameter(1).get(0), v));
            d.set(0, v);
            d.set(1, s.neg(s.div(s.add(force, c.getNumericParameter(1).get(1)), c.getNumericParameter(2).get(0))));
        }
    }

    private static List<String> names(List<Variable> vs) {
        return vs.stream().map(Variable::name).toList();
    }

    @Test
    void declaredStateAndParameterNamesNameTheVariables() {
        SystemSymbolicInspector in = SystemSymbolicInspector.of(new CartPole<>(Scalar.DOUBLE));
        assertEquals(List.of("x", "theta", "xdot", "thetadot"), names(in.getContinuousStateVariables()));
        assertEquals(List.of("cart_mass", "pole_mass", "pole_length", "gravity"), names(in.getParameterVariables()));
        String xddot = in.getTimeDerivatives().get(2).toString();
        assertEquals(true, xddot.contains("cart_mass") && xddot.contains("thetadot"), xddot);
        String latex = in.getTimeDerivatives().get(2).toLatex();
        assertEquals(true, latex.contains("\\mathit{cart}_{\\mathit{mass}}") && latex.contains("\\theta"), latex);
    }

    @Test
    void groupsOfSeveralEntriesAreIndexedAndUnusableNamesFallBackToNumbers() {
        Spring<Double> spring = new Spring<>(Scalar.DOUBLE);
        SystemSymbolicInspector in = SystemSymbolicInspector.of(spring);
        assertEquals(List.of("q1", "v1"), names(in.getContinuousStateVariables()));
        assertEquals(List.of("k", "damping_0", "damping_1", "p3", "p4"), names(in.getParameterVariables()));
        // The names read back: the derivative printed and parsed in them is the same expression.
        Map<String, Variable> byName = new LinkedHashMap<>();
        in.getContinuousStateVariables().forEach(v -> byName.put(v.name(), v));
        in.getParameterVariables().forEach(v -> byName.put(v.name(), v));
        Expression vdot = in.getTimeDerivatives().get(1);
        assertEquals(vdot, Formula.parse(vdot.toString(), byName));
        assertEquals("-\\frac{k q_{1} + \\mathit{damping}_{0} v_{1} + \\mathit{damping}_{1}}{p_{3}}", vdot.toLatex());
    }

    @Test
    void namesTwoLeavesShareFallBackToNumbers() {
        DiagramBuilder<Double> b = new DiagramBuilder<>(Scalar.DOUBLE);
        b.addSystem(new Spring<>(Scalar.DOUBLE, "left"));
        b.addSystem(new Spring<>(Scalar.DOUBLE, "right"));
        Diagram<Double> two = b.build("two springs");
        SystemSymbolicInspector in = SystemSymbolicInspector.of(two);
        assertEquals(List.of("x0", "x1", "x2", "x3"), names(in.getContinuousStateVariables()));
        assertEquals(List.of("p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9"),
                names(in.getParameterVariables()));
    }
}
