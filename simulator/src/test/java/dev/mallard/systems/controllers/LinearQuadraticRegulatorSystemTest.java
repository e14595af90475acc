package dev.mallard.systems.controllers;

import static dev.mallard.systems.controllers.LinearQuadraticRegulatorScipyTest.assertClose;
import static dev.mallard.systems.controllers.LinearQuadraticRegulatorScipyTest.diag;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.Simulator;
import dev.mallard.symbolic.Expression;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.controllers.LinearQuadraticRegulator.Result;
import org.junit.jupiter.api.Test;

/** LQR designed from a system: linearisation, port selection, the controller in a Diagram, other number types. */
class LinearQuadraticRegulatorSystemTest {

    /** scipy's K and S for the upright cart-pole with Q = diag(10, 10, 1, 1), R = 1 (see the scipy test). */
    private static final double[][] K = {{-3.162277660168394, 254.3924715399316, -9.769235943453108, 55.177394064307705}};
    private static final double[][] S = {{30.893036580894883, -174.4862405958656, 47.218985459425625, -39.42088103055478}, {-174.4862405958656, 6975.07223991707, -499.62010032854204, 1521.772407863929}, {47.218985459425625, -499.62010032854204, 128.0872156429986, -112.88978753876482}, {-39.42088103055478, 1521.772407863929, -112.88978753876482, 332.33186409092093}};

    private static <T> Context<T> upright(CartPole<T> plant, double x) {
        Context<T> c = plant.createDefaultContext();
        c.setContinuousStateValues(x, Math.PI, 0, 0);
        c.fixInputPort(0, ScalarVector.ofValues(plant.scalar(), 0.0));
        c.fixInputPort(1, ScalarVector.ofValues(plant.scalar(), 0.0));
        return c;
    }

    @Test
    void theUprightCartPoleDesignMatchesScipy() {
        CartPole<Double> plant = new CartPole<>(Scalar.DOUBLE);
        Result lqr = LinearQuadraticRegulator.design(plant, upright(plant, 0), diag(10, 10, 1, 1), diag(1), null, 1);
        assertClose(K, lqr.k(), 1e-10, "K");
        assertClose(S, lqr.s(), 1e-10, "S");
    }

    @Test
    void theChosenPortsColumnsAreUsed() {
        // The wind enters with gain 0.5, so its design is the force design with R scaled: R_w = 0.25 R_f gives the
        // same S and K_w = 2 K_f.
        CartPole<Double> plant = new CartPole<>(Scalar.DOUBLE);
        Result wind = LinearQuadraticRegulator.design(plant, upright(plant, 0), diag(10, 10, 1, 1), diag(0.25), null, 0);
        double[][] twiceK = {{2 * K[0][0], 2 * K[0][1], 2 * K[0][2], 2 * K[0][3]}};
        assertClose(twiceK, wind.k(), 1e-10, "K");
        assertClose(S, wind.s(), 1e-10, "S");
    }

    @Test
    void theControllerIsUZeroMinusKTimesTheDeviation() {
        CartPole<Double> plant = new CartPole<>(Scalar.DOUBLE);
        Context<Double> point = upright(plant, 2.0);
        point.fixInputPort(1, ScalarVector.ofValues(Scalar.DOUBLE, 0.0));
        AffineSystem<Double> controller = LinearQuadraticRegulator.controller(plant, point, diag(10, 10, 1, 1), diag(1),
                null, 1);
        Context<Double> c = controller.createDefaultContext();
        double[] x = {2.5, Math.PI + 0.1, -0.2, 0.3};
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, x));
        double[] x0 = {2.0, Math.PI, 0, 0};
        double expected = 0;
        for (int j = 0; j < 4; j++) {
            expected -= K[0][j] * (x[j] - x0[j]);
        }
        assertEquals(expected, controller.getOutputPort(0).eval(c).getValue(0), 1e-9 * Math.abs(expected));
        assertEquals(0, controller.getNumContinuousStates());
    }

    @Test
    void theControllerInADiagramBalancesThePoleFromANearbyState() {
        // Designed on a stand-alone copy of the plant: the linearisation needs a root context of it.
        CartPole<Double> model = new CartPole<>(Scalar.DOUBLE);
        AffineSystem<Double> lqr = LinearQuadraticRegulator.controller(model, upright(model, 0), diag(10, 10, 1, 1),
                diag(1), null, 1);
        DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
        CartPole<Double> plant = builder.addSystem(new CartPole<>(Scalar.DOUBLE));
        AffineSystem<Double> controller = builder.addSystem(lqr);
        builder.connect(plant.getOutputPort("state"), controller.getInputPort("u"));
        builder.connect(controller.getOutputPort("y"), plant.getInputPort("force"));
        builder.exportInput(plant.getInputPort("wind"), "wind");
        Diagram<Double> diagram = builder.build("balanced cart-pole");
        Simulator<Double> simulator = new Simulator<>(diagram);
        Context<Double> context = simulator.getMutableContext();
        context.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.0));
        context.setContinuousStateValues(0.3, Math.PI - 0.2, 0.1, -0.2);
        simulator.getMutableIntegrator().setTargetAccuracy(1e-8);
        simulator.initialize();
        simulator.advanceTo(1.0);
        double[] midway = context.getContinuousState().toValueArray();
        assertTrue(Math.abs(midway[1] - Math.PI) < 0.2, "the pole has not fallen: theta = " + midway[1]);
        // The slowest closed-loop pair, -0.382 +- 0.376i (from scipy), leaves e^(-0.382 * 30) ~ 1e-5 of the start.
        simulator.advanceTo(30.0);
        double[] end = context.getContinuousState().toValueArray();
        double[] target = {0, Math.PI, 0, 0};
        for (int i = 0; i < 4; i++) {
            assertEquals(target[i], end[i], 1e-3, "state " + i + " at t = 30");
        }
    }

    @Test
    void autoDiffAndExpressionPlantsGiveTheSameDesignAndControllersOfTheirType() {
        CartPole<AutoDiff> ad = new CartPole<>(AutoDiff.SCALAR);
        assertClose(K, LinearQuadraticRegulator.design(ad, upright(ad, 0), diag(10, 10, 1, 1), diag(1), null, 1).k(),
                1e-10, "K from AutoDiff");
        AffineSystem<AutoDiff> adController = LinearQuadraticRegulator.controller(ad, upright(ad, 0),
                diag(10, 10, 1, 1), diag(1), null, 1);
        assertEquals(AutoDiff.SCALAR, adController.scalar());
        CartPole<Expression> ex = new CartPole<>(Expression.SCALAR);
        assertClose(K, LinearQuadraticRegulator.design(ex, upright(ex, 0), diag(10, 10, 1, 1), diag(1), null, 1).k(),
                1e-10, "K from Expression");
        AffineSystem<Expression> exController = LinearQuadraticRegulator.controller(ex, upright(ex, 0),
                diag(10, 10, 1, 1), diag(1), null, 1);
        Context<Expression> c = exController.createDefaultContext();
        c.fixInputPort(0, ScalarVector.ofValues(Expression.SCALAR, 0, Math.PI + 0.1, 0, 0));
        assertEquals(-K[0][1] * 0.1, exController.getOutputPort(0).eval(c).getValue(0), 1e-9);
    }

    @Test
    void badPortsAndPointsAreRefusedWithTheirNames() {
        CartPole<Double> plant = new CartPole<>(Scalar.DOUBLE);
        IllegalArgumentException port = assertThrows(IllegalArgumentException.class,
                () -> LinearQuadraticRegulator.design(plant, upright(plant, 0), diag(10, 10, 1, 1), diag(1), null, 2));
        assertTrue(port.getMessage().contains("inputPortIndex") && port.getMessage().contains("2"), port.getMessage());
        Context<Double> tilted = upright(plant, 0);
        tilted.setContinuousStateValues(0, Math.PI - 0.3, 0, 0);
        IllegalArgumentException point = assertThrows(IllegalArgumentException.class,
                () -> LinearQuadraticRegulator.design(plant, tilted, diag(10, 10, 1, 1), diag(1), null, 1));
        assertTrue(point.getMessage().contains("not an equilibrium"), point.getMessage());
        IllegalArgumentException r = assertThrows(IllegalArgumentException.class,
                () -> LinearQuadraticRegulator.design(plant, upright(plant, 0), diag(10, 10, 1, 1), diag(1, 1), null, 1));
        assertTrue(r.getMessage().contains("R must be 1 x 1"), r.getMessage());
    }
}
