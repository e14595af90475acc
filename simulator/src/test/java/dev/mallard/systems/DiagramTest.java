package dev.mallard.systems;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import org.junit.jupiter.api.Test;

class DiagramTest {

    private static Diagram<Double> closedLoop() {
        DiagramBuilder<Double> b = new DiagramBuilder<>(Scalar.DOUBLE);
        DoubleIntegrator<Double> plant = b.addSystem(new DoubleIntegrator<>(Scalar.DOUBLE));
        PdController<Double> controller = b.addSystem(new PdController<>(Scalar.DOUBLE));
        b.connect(plant.getOutputPort("x"), controller.getInputPort("x"));
        b.connect(controller.getOutputPort("u"), plant.getInputPort("u"));
        b.exportOutput(plant.getOutputPort("x"), "state");
        return b.build("closed loop");
    }

    @Test
    void plantWithPdControllerFollowsTheCriticallyDampedSolution() {
        // q'' = -4 q - 4 v from (1, 0): q(t) = (1 + 2t) e^{-2t}, v(t) = -4t e^{-2t}.
        Diagram<Double> diagram = closedLoop();
        Simulator<Double> simulator = new Simulator<>(diagram);
        simulator.getMutableIntegrator().setTargetAccuracy(1e-9);
        simulator.initialize();
        for (double t : new double[] {0.5, 1.0, 2.0}) {
            simulator.advanceTo(t);
            var y = diagram.getOutputPort("state").eval(simulator.getContext());
            assertEquals((1 + 2 * t) * Math.exp(-2 * t), y.getValue(0), 1e-7, "q at " + t);
            assertEquals(-4 * t * Math.exp(-2 * t), y.getValue(1), 1e-7, "v at " + t);
        }
    }

    @Test
    void subsystemContextsAreFoundFromTheRoot() {
        Diagram<Double> diagram = closedLoop();
        Context<Double> root = diagram.createDefaultContext();
        DynamicalSystem<Double> plant = diagram.getSubsystemByName("plant");
        DynamicalSystem<Double> controller = diagram.getSubsystemByName("controller");
        Context<Double> plantContext = plant.getMyContextFromRoot(root);
        assertSame(plant, plantContext.getSystem());
        assertSame(root, diagram.getMyContextFromRoot(root));
        plantContext.getMutableContinuousState().setValue(0, 2.0);
        assertEquals(2.0, root.getContinuousState().getValue(0), 0.0, "the diagram state views the plant's");
        assertEquals(-8.0, controller.getOutputPort("u").eval(controller.getMyContextFromRoot(root)).getValue(0), 0.0);
        assertThrows(IllegalArgumentException.class, () -> plant.getMyContextFromRoot(plantContext));
        assertEquals(2, root.getLeafContexts().size());
        assertEquals("closed loop/plant", plant.getPathName());
        Context<Double> other = diagram.createDefaultContext();
        plant.getMyContextFromRoot(other).setStateFrom(plantContext);
        assertEquals(2.0, other.getContinuousState().getValue(0), 0.0);
    }

    @Test
    void diagramStateIsLaidOutAsAllPositionsThenAllVelocities() {
        DiagramBuilder<Double> b = new DiagramBuilder<>(Scalar.DOUBLE);
        DoubleIntegrator<Double> p1 = b.addSystem(new DoubleIntegrator<>(Scalar.DOUBLE));
        DoubleIntegrator<Double> p2 = new DoubleIntegrator<>(Scalar.DOUBLE);
        assertThrows(IllegalArgumentException.class, () -> b.addSystem(p2), "names must be unique");
        Diagram<Double> d = b.build();
        assertEquals(1, d.getNumQ());
        Context<Double> c = d.createDefaultContext();
        Context<Double> pc = p1.getMyContextFromRoot(c);
        pc.getMutableContinuousState().setValue(1, 5.0);
        assertEquals(5.0, c.getContinuousState().getV(0), 0.0);
        assertThrows(IllegalStateException.class, () -> d.getMyContextFromRoot(c).getSystem().calcTimeDerivatives(
                c, d.allocateTimeDerivatives()), "the plant's input is not connected");
        p1.getInputPort("u").fixValue(pc, 3.0);
        ContinuousState<Double> xdot = d.allocateTimeDerivatives();
        d.calcTimeDerivatives(c, xdot);
        assertEquals(5.0, xdot.getValue(0), 0.0);
        assertEquals(3.0, xdot.getValue(1), 0.0);
    }

    @Test
    void algebraicLoopIsRefusedNamingTheSystems() {
        DiagramBuilder<Double> b = new DiagramBuilder<>(Scalar.DOUBLE);
        Gain<Double> a = b.addSystem(new Gain<>(Scalar.DOUBLE, 2, "amplifier"));
        Gain<Double> f = b.addSystem(new Gain<>(Scalar.DOUBLE, 0.5, "feedback"));
        b.connect(a.getOutputPort("y"), f.getInputPort("u"));
        b.connect(f.getOutputPort("y"), a.getInputPort("u"));
        IllegalStateException e = assertThrows(IllegalStateException.class, b::build);
        assertTrue(e.getMessage().contains("algebraic loop") && e.getMessage().contains("amplifier")
                && e.getMessage().contains("feedback"), e.getMessage());
    }

    @Test
    void loopThroughStateIsNotAnAlgebraicLoopAndFeedthroughIsReported() {
        Diagram<Double> d = closedLoop();
        assertFalse(d.getSubsystemByName("plant").hasDirectFeedthrough(0, 0));
        assertTrue(d.getSubsystemByName("controller").hasDirectFeedthrough(0, 0));

        DiagramBuilder<Double> b = new DiagramBuilder<>(Scalar.DOUBLE);
        Gain<Double> g1 = b.addSystem(new Gain<>(Scalar.DOUBLE, 2, "g1"));
        Gain<Double> g2 = b.addSystem(new Gain<>(Scalar.DOUBLE, 3, "g2"));
        b.connect(g1.getOutputPort("y"), g2.getInputPort("u"));
        b.exportInput(g1.getInputPort("u"), "in");
        b.exportOutput(g2.getOutputPort("y"), "out");
        Diagram<Double> chain = b.build("chain");
        assertTrue(chain.hasDirectFeedthrough(0, 0));
        Context<Double> c = chain.createDefaultContext();
        chain.getInputPort("in").fixValue(c, 1.5);
        assertEquals(9.0, chain.getOutputPort("out").eval(c).getValue(0), 0.0);
        Context<Double> unfed = chain.createDefaultContext();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> chain.getOutputPort("out").eval(unfed));
        assertTrue(e.getMessage().contains("'in'") && e.getMessage().contains("chain"), e.getMessage());
    }

    @Test
    void nestedDiagramsAndCachedOutputsRecomputeAfterChanges() {
        DiagramBuilder<Double> inner = new DiagramBuilder<>(Scalar.DOUBLE);
        Gain<Double> g = inner.addSystem(new Gain<>(Scalar.DOUBLE, 2, "g"));
        inner.exportInput(g.getInputPort("u"), "u");
        inner.exportOutput(g.getOutputPort("y"), "y");
        Diagram<Double> innerDiagram = inner.build("inner");
        DiagramBuilder<Double> outer = new DiagramBuilder<>(Scalar.DOUBLE);
        outer.addSystem(innerDiagram);
        Gain<Double> h = outer.addSystem(new Gain<>(Scalar.DOUBLE, 10, "h"));
        outer.connect(innerDiagram.getOutputPort("y"), h.getInputPort("u"));
        outer.exportInput(innerDiagram.getInputPort("u"), "u");
        outer.exportOutput(h.getOutputPort("y"), "y");
        Diagram<Double> d = outer.build("outer");
        Context<Double> c = d.createDefaultContext();
        d.getInputPort(0).fixValue(c, 1.0);
        assertEquals(20.0, d.getOutputPort(0).eval(c).getValue(0), 0.0);
        d.getInputPort(0).fixValue(c, 2.0);
        assertEquals(40.0, d.getOutputPort(0).eval(c).getValue(0), 0.0);
        assertEquals("outer/inner/g", g.getPathName());
        assertSame(g, g.getMyContextFromRoot(c).getSystem());
    }
}
