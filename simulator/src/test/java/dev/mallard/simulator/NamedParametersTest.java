package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.GradientSimulation;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.LeafSystem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Parameters and states addressed by name: in contexts and in gradient results. */
class NamedParametersTest {

    /** m x'' = -k x - c x' with named states and parameters; one unnamed two-entry group for the naming rule. */
    static final class SpringDamper<T> extends LeafSystem<T> {

        SpringDamper(Scalar<T> scalar) {
            super(scalar, "spring");
            declareContinuousState(1, 1, 0);
            setContinuousStateNames("position", "velocity");
            setDefaultContinuousState(1.0, 0.0);
            declareNumericParameter("stiffness", 4.0);
            declareNumericParameter("damping", 0.5);
            declareNumericParameter(1.0, 0.0); // mass, unused offset: unnamed
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> c, ContinuousState<T> d) {
            Scalar<T> s = scalar();
            T x = c.getContinuousState().get(0);
            T v = c.getContinuousState().get(1);
            T force = s.add(s.mul(c.getNumericParameter("stiffness").get(0), x),
                    s.mul(c.getNumericParameter("damping").get(0), v));
            d.set(0, v);
            d.set(1, s.neg(s.div(force, c.getNumericParameter(2).get(0))));
        }
    }

    @Test
    void gradientColumnsCarryTheNamesAndMatchFiniteDifferences() {
        SpringDamper<Double> spring = new SpringDamper<>(Scalar.DOUBLE);
        GradientSimulation.Result g = GradientSimulation.run(spring, spring.createDefaultContext(), 2.0,
                sim -> sim.getMutableIntegrator().setTargetAccuracy(1e-10));
        assertEquals(List.of("spring/position", "spring/velocity", "spring/stiffness", "spring/damping", "spring/p2[0]",
                "spring/p2[1]", "t"), g.columnNames());
        assertEquals(g.parameterColumn(1), g.column(spring, "damping"));
        assertEquals(1, g.column(spring, "velocity"));

        double h = 1e-5;
        double central = (finalPosition(spring, 0.5 + h) - finalPosition(spring, 0.5 - h)) / (2 * h);
        assertEquals(central, g.stateJacobian()[0][g.column(spring, "damping")], 1e-6);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> g.column(spring, "dampin"));
        assertTrue(e.getMessage().contains("no column 'dampin' of spring; its columns are [position, velocity, "
                + "stiffness, damping, p2[0], p2[1]]"), e.getMessage());
    }

    @Test
    void contextsReadAndWriteParametersByName() {
        SpringDamper<Double> spring = new SpringDamper<>(Scalar.DOUBLE);
        Context<Double> c = spring.createDefaultContext();
        c.getMutableNumericParameter("damping").setValue(0, 0.75);
        assertEquals(0.75, c.getNumericParameter(1).getValue(0), 0.0);
        assertEquals(1, spring.getNumericParameterIndex("damping"));
        assertEquals("stiffness", spring.getNumericParameterName(0).orElseThrow());
        assertTrue(spring.getNumericParameterName(2).isEmpty());
        assertEquals("velocity", spring.getContinuousStateName(1).orElseThrow());

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> c.getMutableNumericParameter("mass"));
        assertEquals("spring has no numeric parameter named 'mass'; its named parameters are [stiffness, damping]",
                e.getMessage());
    }

    @Test
    void namesMustBeDistinctAndMatchTheState() {
        assertThrows(IllegalArgumentException.class, () -> new LeafSystem<Double>(Scalar.DOUBLE, "twice") {
            {
                declareNumericParameter("k", 1.0);
                declareNumericParameter("k", 2.0);
            }
        });
        IllegalArgumentException wrongCount = assertThrows(IllegalArgumentException.class,
                () -> new LeafSystem<Double>(Scalar.DOUBLE, "short") {
                    {
                        declareContinuousState(2);
                        setContinuousStateNames("x");
                    }
                });
        assertTrue(wrongCount.getMessage().contains("continuous state names of short"), wrongCount.getMessage());
    }

    private static double finalPosition(SpringDamper<Double> spring, double damping) {
        Simulator<Double> sim = new Simulator<>(spring);
        sim.getMutableIntegrator().setTargetAccuracy(1e-12);
        sim.getMutableContext().getMutableNumericParameter("damping").setValue(0, damping);
        sim.initialize();
        sim.advanceTo(2.0);
        return sim.getContext().getContinuousState().getValue(0);
    }
    @Test
    void aSymbolicSystemsStatesAreNamedByItsVariables() {
        dev.mallard.symbolic.Variable x = new dev.mallard.symbolic.Variable("angle");
        dev.mallard.symbolic.Variable v = new dev.mallard.symbolic.Variable("rate");
        dev.mallard.systems.symbolic.SymbolicVectorSystem<Double> sys = dev.mallard.systems.symbolic.SymbolicVectorSystem
                .builder().name("pendulum").state(x, v)
                .dynamics(v.toExpression(), dev.mallard.symbolic.Expression.SCALAR.neg(x.toExpression()))
                .initialState(1, 0).build(Scalar.DOUBLE);
        GradientSimulation.Result g = GradientSimulation.run(sys, sys.createDefaultContext(), 1.0, null);
        assertEquals(List.of("pendulum/angle", "pendulum/rate", "t"), g.columnNames());
        // d angle(1) / d angle(0) = cos(1) for angle'' = -angle.
        assertEquals(Math.cos(1.0), g.stateJacobian()[0][g.column(sys, "angle")], 1e-4);
    }
}
