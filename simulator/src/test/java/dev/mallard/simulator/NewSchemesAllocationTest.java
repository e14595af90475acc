package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import dev.mallard.simulator.integrators.IntegratorBase;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.LeafSystem;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The new schemes allocate nothing per step on the double path (implicit ones once their Jacobian is
 * reused: a linear system never needs a fresh one). The system is boxing-free, kinematic map included.
 */
class NewSchemesAllocationTest {

    private static final class Linear extends LeafSystem<Double> {
        Linear() {
            this("linear");
        }

        Linear(String name) {
            super(Scalar.DOUBLE, name);
            declareContinuousState(1, 1, 0);
            setDefaultContinuousState(1, 0);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<Double> context, ContinuousState<Double> d) {
            ContinuousState<Double> x = context.getContinuousState();
            d.setValue(0, x.getValue(1));
            d.setValue(1, -x.getValue(0) - 0.1 * x.getValue(1));
        }

        @Override
        protected void doMapVelocityToQDot(Context<Double> context, ScalarVector<Double> v,
                ScalarVector<Double> qdot) {
            qdot.setValue(0, v.getValue(0));
        }
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    @ParameterizedTest(name = "{0} allocates nothing per step")
    @ValueSource(strings = {"semi_explicit_euler", "bogacki_shampine3", "runge_kutta5", "implicit_euler", "radau1",
        "radau3", "velocity_implicit_euler"})
    void steppingAllocatesNothingPerStep(String scheme) {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        Linear sys = new Linear();
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = IntegrationSchemes.create(scheme, sys, 0.001, c);
        in.setFixedStepMode(true);
        in.initialize();
        in.integrateWithMultipleStepsToTime(1.0); // warm up: Jacobian, JIT
        long steps0 = in.getNumStepsTaken();
        long before = allocatedBytes();
        in.integrateWithMultipleStepsToTime(3.0);
        long after = allocatedBytes();
        long steps = in.getNumStepsTaken() - steps0;
        assertTrue(steps >= 1900, "steps " + steps);
        double perStep = (double) (after - before) / steps;
        assertTrue(perStep < 4, scheme + ": " + perStep + " bytes per step");
    }

    @Test
    void semiExplicitEulerOnANestedDiagramAllocatesNothingPerStep() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        // the kinematic map of a diagram hands each subsystem its segments of v and qdot: views made once
        DiagramBuilder<Double> innerBuilder = new DiagramBuilder<>(Scalar.DOUBLE);
        innerBuilder.addSystem(new Linear("a"));
        innerBuilder.addSystem(new Linear("b"));
        DiagramBuilder<Double> outerBuilder = new DiagramBuilder<>(Scalar.DOUBLE);
        outerBuilder.addSystem(innerBuilder.build("inner"));
        outerBuilder.addSystem(new Linear("c"));
        Diagram<Double> sys = outerBuilder.build("outer");
        Context<Double> c = sys.createDefaultContext();
        IntegratorBase<Double> in = IntegrationSchemes.create("semi_explicit_euler", sys, 0.001, c);
        in.initialize();
        in.integrateWithMultipleStepsToTime(1.0); // warm up: JIT
        long steps0 = in.getNumStepsTaken();
        long before = allocatedBytes();
        in.integrateWithMultipleStepsToTime(3.0);
        long after = allocatedBytes();
        long steps = in.getNumStepsTaken() - steps0;
        assertTrue(steps >= 1900, "steps " + steps);
        double perStep = (double) (after - before) / steps;
        assertTrue(perStep < 4, perStep + " bytes per step");
        // and the map is right: each oscillator q'' = -q - 0.1 q' from q = 1, v = 0 stays in step with the others
        double[] x = c.getContinuousState().toValueArray();
        assertEquals(x[0], x[1], 0.0);
        assertEquals(x[0], x[2], 0.0);
        assertEquals(x[3], x[5], 0.0);
    }
}
