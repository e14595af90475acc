package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import org.junit.jupiter.api.Test;

class DynamicBlocksTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;
    private static final ThreeScalars.Probe DERIVATIVES = ThreeScalars.Probe.derivatives();

    @Test
    void integratorIntegratesItsInputExactlyForAConstant() {
        Integrator<Double> integrator = new Integrator<>(D, "int", 2);
        // point: t, u (2), x (2)
        ThreeScalars.Result xdot = ThreeScalars.check(integrator, new double[] {0, 3, -4, 1, 2}, DERIVATIVES, true);
        assertArrayEquals(new double[] {3, -4}, xdot.value());
        assertArrayEquals(new double[] {0, 1, 0, 0, 0}, xdot.gradient()[0]);
        ThreeScalars.Result y = ThreeScalars.check(integrator, new double[] {0, 3, -4, 1, 2},
                ThreeScalars.Probe.output(0), true);
        assertArrayEquals(new double[] {1, 2}, y.value());

        DiagramBuilder<Double> b = new DiagramBuilder<>(D);
        ConstantVectorSource<Double> rate = b.addSystem(new ConstantVectorSource<>(D, "rate", 0.5, -2));
        Integrator<Double> in = b.addSystem(new Integrator<>(D, "int", 2));
        b.connect(rate.getOutputPort(0), in.getInputPort("u"));
        Diagram<Double> diagram = b.build();
        Simulator<Double> sim = new Simulator<>(diagram);
        in.setIntegralValue(in.getMyContextFromRoot(sim.getMutableContext()), 1, 1);
        sim.advanceTo(2.0);
        assertArrayEquals(new double[] {2, -3}, in.getOutputPort(0).eval(in.getMyContextFromRoot(sim.getContext()))
                .toValueArray(), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> new Integrator<>(D, "int", 0));
    }

    @Test
    void continuousLinearSystemIsAnAffineSystemAndConvertsToItsOwnClass() {
        double[][] a = {{0, 1}, {-2, -3}};
        double[][] bm = {{0}, {1}};
        double[][] c = {{1, 0}};
        double[][] d = {{0.5}};
        LinearSystem<Double> sys = new LinearSystem<>(D, "lin", a, bm, c, d);
        assertInstanceOf(AffineSystem.class, sys);
        assertInstanceOf(LinearSystem.class, sys.toScalar(AutoDiff.SCALAR));
        // point: t, u, x (2)
        double u = 0.7;
        double x0 = 1.5;
        double x1 = -0.25;
        ThreeScalars.Result xdot = ThreeScalars.check(sys, new double[] {0, u, x0, x1}, DERIVATIVES, true);
        assertArrayEquals(new double[] {x1, -2 * x0 - 3 * x1 + u}, xdot.value(), 1e-15);
        assertArrayEquals(new double[] {0, 1, -2, -3}, xdot.gradient()[1], 1e-15);
        ThreeScalars.Result y = ThreeScalars.check(sys, new double[] {0, u, x0, x1}, ThreeScalars.Probe.output(0),
                true);
        assertArrayEquals(new double[] {x0 + 0.5 * u}, y.value(), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> new LinearSystem<>(D, "bad", a, new double[][] {{1}}, c, d));
        assertThrows(IllegalArgumentException.class, () -> new LinearSystem<>(D, "bad", a, bm, c, d, -0.1));
    }

    @Test
    void discreteLinearSystemUpdatesAtItsPeriod() {
        double[][] a = {{0.5, 0.1}, {0, 0.9}};
        LinearSystem<Double> sys = new LinearSystem<>(D, "dlin", a, new double[][] {{0}, {1}},
                new double[][] {{1, 1}}, new double[][] {{0}}, 0.1);
        assertEquals(0.1, sys.getTimePeriod());
        // point: t, u, xd (2)
        ThreeScalars.Result next = ThreeScalars.check(sys, new double[] {0, 2, 1, -1},
                ThreeScalars.Probe.discreteUpdate(), true);
        assertArrayEquals(new double[] {0.5 - 0.1, -0.9 + 2}, next.value(), 1e-15);
        assertArrayEquals(new double[] {0, 0, 0.5, 0.1}, next.gradient()[0], 1e-15);

        // x[n+1] = 0.5 x[n] (u fixed at 0) from x[0] = (1, 0): after updates at 0, 0.1, 0.2 (the one at 0.3 is
        // still pending at t = 0.3) x = 0.125
        Context<Double> ctx = sys.createDefaultContext();
        ctx.getMutableDiscreteState(0).setValue(0, 1.0);
        sys.getInputPort("u").fixValue(ctx, 0.0);
        Simulator<Double> sim = new Simulator<>(sys, ctx);
        sim.advanceTo(0.3);
        assertEquals(0.125, sim.getContext().getDiscreteState(0).getValue(0), 1e-15);
    }

    @Test
    void lowPassFilterFollowsItsClosedFormStepResponse() {
        FirstOrderLowPassFilter<Double> filter = new FirstOrderLowPassFilter<>(D, "lp", 0.5, 0.25);
        // point: t, u (2), x (2)
        ThreeScalars.Result xdot = ThreeScalars.check(filter, new double[] {0, 1, 2, 0.5, 1}, DERIVATIVES, true);
        assertArrayEquals(new double[] {(1 - 0.5) / 0.5, (2 - 1) / 0.25}, xdot.value(), 1e-15);
        assertArrayEquals(new double[] {0, 0, 4, 0, -4}, xdot.gradient()[1], 1e-15);

        FirstOrderLowPassFilter<Double> single = new FirstOrderLowPassFilter<>(D, "lp", 0.2, 1);
        Context<Double> ctx = single.createDefaultContext();
        single.getInputPort(0).fixValue(ctx, 3.0);
        ctx.setAccuracy(1e-8);
        Simulator<Double> sim = new Simulator<>(single, ctx);
        sim.advanceTo(0.3);
        assertEquals(3 * (1 - Math.exp(-0.3 / 0.2)), single.getOutputPort(0).eval(sim.getContext()).getValue(0), 1e-7);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new FirstOrderLowPassFilter<>(D, "bad", 1.0, -1.0));
        assertTrue(e.getMessage().contains("timeConstants[1]"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new FirstOrderLowPassFilter<>(D, "bad", 0.0, 2));
    }

    @Test
    void pidControllerComputesTheThreeTermsWithAndWithoutFilter() {
        double[] kp = {2, 3};
        double[] ki = {0.5, 0.25};
        double[] kd = {0.1, 0.2};
        PidController<Double> pid = new PidController<>(D, "pid", kp, ki, kd);
        assertEquals(4, pid.getInputPortEstimatedState().size());
        // point: t, estimated (q0 q1 v0 v1), desired (qd0 qd1 vd0 vd1), integral (2)
        double[] point = {0, 1, 2, 0.5, -0.5, 1.5, 1, 0, 0, 0.4, -0.8};
        ThreeScalars.Result u = ThreeScalars.check(pid, point, ThreeScalars.Probe.output(0), true);
        double e0 = 0.5;
        double e1 = -1;
        assertEquals(2 * e0 + 0.5 * 0.4 + 0.1 * (0 - 0.5), u.value()[0], 1e-15);
        assertEquals(3 * e1 + 0.25 * -0.8 + 0.2 * (0 + 0.5), u.value()[1], 1e-15);
        // du0/dq0 = -kp0, du0/dv0 = -kd0, du0/dintegral0 = ki0
        assertEquals(-2, u.gradient()[0][1], 1e-15);
        assertEquals(-0.1, u.gradient()[0][3], 1e-15);
        assertEquals(0.5, u.gradient()[0][9], 1e-15);
        ThreeScalars.Result z = ThreeScalars.check(pid, point, DERIVATIVES, true);
        assertArrayEquals(new double[] {e0, e1}, z.value(), 1e-15);

        PidController<Double> filtered = new PidController<>(D, "pidf", kp, ki, kd, 0.05);
        assertTrue(filtered.hasDerivativeFilter());
        // two more states: the filter's w = (0.3, -1)
        double[] pf = {0, 1, 2, 0.5, -0.5, 1.5, 1, 0, 0, 0.4, -0.8, 0.3, -1};
        ThreeScalars.Result uf = ThreeScalars.check(filtered, pf, ThreeScalars.Probe.output(0), true);
        assertEquals(2 * e0 + 0.5 * 0.4 + 0.1 * (e0 - 0.3) / 0.05, uf.value()[0], 1e-14);
        assertEquals(3 * e1 + 0.25 * -0.8 + 0.2 * (e1 + 1) / 0.05, uf.value()[1], 1e-14);
        assertEquals(0, uf.gradient()[0][3], 0.0); // the velocities are unused
        ThreeScalars.Result zf = ThreeScalars.check(filtered, pf, DERIVATIVES, true);
        assertArrayEquals(new double[] {e0, e1, (e0 - 0.3) / 0.05, 0}, zf.value(), 1e-14);

        assertThrows(IllegalArgumentException.class, () -> new PidController<>(D, "bad", kp, ki, new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> new PidController<>(D, "bad", kp, ki, kd, -1));
        assertThrows(IllegalStateException.class, () -> pid.setDerivativeFilterState(pid.createDefaultContext(), 0, 0));
    }

    @Test
    void pidClosesALoopAroundADoubleIntegratorToTheSetPoint() {
        // plant: qdd = u as an affine system with state (q, v) and output (q, v)
        DiagramBuilder<Double> b = new DiagramBuilder<>(D);
        LinearSystem<Double> plant = b.addSystem(new LinearSystem<>(D, "plant", new double[][] {{0, 1}, {0, 0}},
                new double[][] {{0}, {1}}, new double[][] {{1, 0}, {0, 1}}, new double[][] {{0}, {0}}));
        ConstantVectorSource<Double> target = b.addSystem(new ConstantVectorSource<>(D, "target", 1.0, 0.0));
        PidController<Double> pid = b.addSystem(new PidController<>(D, "pid", new double[] {4}, new double[] {1},
                new double[] {3}));
        b.connect(plant.getOutputPort(0), pid.getInputPortEstimatedState());
        b.connect(target.getOutputPort(0), pid.getInputPortDesiredState());
        b.connect(pid.getOutputPortControl(), plant.getInputPort(0));
        Diagram<Double> diagram = b.build();
        Context<Double> ctx = diagram.createDefaultContext();
        ctx.setAccuracy(1e-8);
        Simulator<Double> sim = new Simulator<>(diagram, ctx);
        sim.advanceTo(60.0);
        // closed loop s^3 + 3 s^2 + 4 s + 1, slowest pole about -0.28: the integral action removes the error
        // (what is left at 60 s is about exp(-17))
        assertEquals(1.0, plant.getOutputPort(0).eval(plant.getMyContextFromRoot(sim.getContext())).getValue(0), 1e-6);
    }

    @Test
    void zeroOrderHoldLatchesTheInputWithDrakesTiming() {
        ZeroOrderHold<Double> zoh = new ZeroOrderHold<>(D, "zoh", 0.1, 2);
        // point: t, u (2), held (2): the update latches u, the output is the held value
        ThreeScalars.Result next = ThreeScalars.check(zoh, new double[] {0, 3, 4, 1, 2},
                ThreeScalars.Probe.discreteUpdate(), true);
        assertArrayEquals(new double[] {3, 4}, next.value());
        assertArrayEquals(new double[] {0, 1, 0, 0, 0}, next.gradient()[0]);
        assertArrayEquals(new double[] {1, 2},
                ThreeScalars.check(zoh, new double[] {0, 3, 4, 1, 2}, ThreeScalars.Probe.output(0), true).value());

        // ramp u = t through the hold into an integrator: the hold outputs u(k h) on (k h, (k+1) h], so the
        // integral at 0.3 is h (0 + 0.1 + 0.2) = 0.03; a logger at the hold's period sees the value held
        // before each sample: 0 (default), 0, 0.1, then 0.2 at 3 x 0.1 = 0.30000000000000004 (after 0.3)
        DiagramBuilder<Double> b = new DiagramBuilder<>(D);
        RampSource<Double> ramp = b.addSystem(new RampSource<>(D, "ramp", 0.0, new double[] {1}, new double[] {0}));
        ZeroOrderHold<Double> hold = b.addSystem(new ZeroOrderHold<>(D, "hold", 0.1, 1));
        Integrator<Double> integral = b.addSystem(new Integrator<>(D, "integral", 1));
        b.connect(ramp.getOutputPort(0), hold.getInputPort("u"));
        b.connect(hold.getOutputPort("y"), integral.getInputPort("u"));
        VectorLogSink<Double> log = VectorLogSink.logVectorOutput(hold.getOutputPort("y"), b, 0.1);
        Diagram<Double> diagram = b.build();
        Simulator<Double> sim = new Simulator<>(diagram);
        sim.advanceTo(0.3);
        assertEquals(0.03, integral.getOutputPort(0).eval(integral.getMyContextFromRoot(sim.getContext())).getValue(0),
                1e-14);
        VectorLog<Double> samples = log.findLog(sim.getContext());
        assertArrayEquals(new double[] {0, 0.1, 0.2}, samples.sampleTimes());
        assertArrayEquals(new double[] {0, 0, 0.1}, samples.data()[0], 1e-15);
        sim.advanceTo(0.35);
        assertArrayEquals(new double[] {0, 0.1, 0.2, 3 * 0.1}, samples.sampleTimes());
        assertArrayEquals(new double[] {0, 0, 0.1, 0.2}, samples.data()[0], 1e-15);

        assertThrows(IllegalArgumentException.class, () -> new ZeroOrderHold<>(D, "bad", -0.1, 1));
        assertThrows(IllegalArgumentException.class, () -> new ZeroOrderHold<>(D, "bad", 0.1, -1.0, 1));
        assertThrows(IllegalArgumentException.class, () -> new ZeroOrderHold<>(D, "bad", Double.NaN, 1));
    }
}
