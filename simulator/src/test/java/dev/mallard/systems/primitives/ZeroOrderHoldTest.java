package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.Event;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Drake's zero_order_hold_test.cc (the vector-valued hold), ported with its numbers. */
class ZeroOrderHoldTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;
    private static final double PERIOD = 0.1;
    private static final double MACHINE_TOL = 10 * Math.ulp(1.0);

    private final ZeroOrderHold<Double> hold = new ZeroOrderHold<>(D, "hold", PERIOD, 3);

    private Context<Double> context() {
        Context<Double> context = hold.createDefaultContext();
        hold.getInputPort(0).fixValue(context, 1.0, 1.0, 3.0);
        return context;
    }

    @Test
    void periodAndOffset() {
        ZeroOrderHold<Double> dut = new ZeroOrderHold<>(D, "dut", PERIOD, 0.02, 3);
        assertEquals(PERIOD, dut.getPeriod());
        assertEquals(0.02, dut.getOffset());
        List<Event<Double>> periodic = dut.getEvents(Event.Trigger.PERIODIC);
        assertEquals(1, periodic.size());
        assertEquals(PERIOD, periodic.get(0).getPeriod());
        assertEquals(0.02, periodic.get(0).getOffset());
        assertEquals(Event.Kind.DISCRETE_UPDATE, periodic.get(0).getKind());
    }

    @Test
    void topologyAndInitialState() {
        Context<Double> context = context();
        assertEquals(1, hold.numInputPorts());
        assertEquals(1, hold.numOutputPorts());
        assertFalse(hold.hasAnyDirectFeedthrough());
        assertArrayEquals(new double[3], context.getDiscreteState(0).toValueArray());
        hold.setHeldValue(context, 1.0, 2.0, 3.0);
        assertArrayEquals(new double[] {1, 2, 3}, context.getDiscreteState(0).toValueArray());
    }

    @Test
    void outputIsTheState() {
        Context<Double> context = context();
        context.getMutableDiscreteState(0).setValuesFrom(new double[] {1.0, 3.14, 2.18}, 0);
        assertArrayEquals(new double[] {1.0, 3.14, 2.18}, hold.getOutputPort(0).eval(context).toValueArray());
    }

    @Test
    void nextUpdateTimeIsNeverTheCurrentTime() {
        Context<Double> context = context();
        context.setTime(0.0);
        List<Event<Double>> events = new ArrayList<>();
        assertEquals(PERIOD, hold.calcNextEventTime(context, events), MACHINE_TOL);
        assertEquals(1, events.size());
        assertSame(Event.Trigger.PERIODIC, events.get(0).getTrigger());
        assertSame(Event.Kind.DISCRETE_UPDATE, events.get(0).getKind());
    }

    @Test
    void nextUpdateTimeIsTheNextSampleInTheFuture() {
        Context<Double> context = context();
        context.setTime(763.2 * PERIOD);
        List<Event<Double>> events = new ArrayList<>();
        assertEquals(764 * PERIOD, hold.calcNextEventTime(context, events), MACHINE_TOL);
        assertEquals(1, events.size());
    }

    @Test
    void latchCopiesTheInputIntoTheState() {
        Context<Double> context = context();
        hold.latchInputPortToState(context);
        assertArrayEquals(new double[] {1, 1, 3}, hold.getOutputPort(0).eval(context).toValueArray());
    }

    @Test
    void sineThroughAHoldInASimulatedDiagramIsSampledAtTheSampleTimes() {
        double amplitude = 10;
        double frequency = 2 * Math.PI;
        double phase = Math.PI / 4;
        DiagramBuilder<Double> builder = new DiagramBuilder<>(D);
        Sine<Double> sine = builder.addSystem(new Sine<>(D, "sine", amplitude, frequency, phase, 1));
        ZeroOrderHold<Double> zoh = builder.addSystem(new ZeroOrderHold<>(D, "zoh", PERIOD, 1));
        builder.connect(sine.getOutputPort(0), zoh.getInputPort(0));
        builder.exportOutput(zoh.getOutputPort(0), "zoh_output");
        Diagram<Double> diagram = builder.build();
        Simulator<Double> simulator = new Simulator<>(diagram);
        simulator.initialize();
        assertEquals(0.0, diagram.getOutputPort(0).eval(simulator.getContext()).getValue(0));
        simulator.advancePendingEvents();
        assertEquals(amplitude * Math.sin(phase), diagram.getOutputPort(0).eval(simulator.getContext()).getValue(0),
                MACHINE_TOL);
        simulator.advanceTo(1.5 * PERIOD);
        assertEquals(amplitude * Math.sin(frequency * PERIOD + phase),
                diagram.getOutputPort(0).eval(simulator.getContext()).getValue(0), MACHINE_TOL);
        simulator.advanceTo(9.1 * PERIOD);
        assertEquals(amplitude * Math.sin(frequency * 9 * PERIOD + phase),
                diagram.getOutputPort(0).eval(simulator.getContext()).getValue(0), 1e-13);
    }

    @Test
    void symbolicOutputIsTheStateAndLatchingGivesTheInput() {
        DynamicalSystem<Expression> symbolic = new ZeroOrderHold<>(D, "hold", 0.5, 1).toScalar(Expression.SCALAR);
        Context<Expression> context = symbolic.createDefaultContext();
        ScalarVector<Expression> u = ScalarVector.ofValues(Expression.SCALAR, new double[1]);
        u.set(0, new Variable("u0").toExpression());
        symbolic.getInputPort(0).fixValue(context, u);
        context.getMutableDiscreteState(0).set(0, new Variable("x0").toExpression());
        assertEquals("x0", symbolic.getOutputPort(0).eval(context).get(0).toString());
        ((ZeroOrderHold<Expression>) symbolic).latchInputPortToState(context);
        assertEquals("u0", symbolic.getOutputPort(0).eval(context).get(0).toString());
    }

    /** The documented trap: a step at a sample time reaches the hold's output one period later. */
    @Test
    void aStepAtASampleTimeIsHeldFromTheNextSample() {
        for (double stepTime : new double[] {0.0, 0.05, -1.0}) {
            DiagramBuilder<Double> builder = new DiagramBuilder<>(D);
            StepSource<Double> step = builder.addSystem(new StepSource<>(D, "step", stepTime, new double[] {0},
                    new double[] {1}));
            ZeroOrderHold<Double> zoh = builder.addSystem(new ZeroOrderHold<>(D, "zoh", PERIOD, 1));
            builder.connect(step.getOutputPort(0), zoh.getInputPort(0));
            builder.exportOutput(zoh.getOutputPort(0), "y");
            Diagram<Double> diagram = builder.build();
            Simulator<Double> simulator = new Simulator<>(diagram);
            simulator.advanceTo(0.05);
            double early = diagram.getOutputPort(0).eval(simulator.getContext()).getValue(0);
            simulator.advanceTo(0.15);
            double later = diagram.getOutputPort(0).eval(simulator.getContext()).getValue(0);
            assertEquals(stepTime < 0 ? 1.0 : 0.0, early, "held over [0, 0.1) for a step at " + stepTime);
            assertEquals(1.0, later, "held over [0.1, 0.2) for a step at " + stepTime);
        }
    }
}
