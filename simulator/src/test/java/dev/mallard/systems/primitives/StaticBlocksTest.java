package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import org.junit.jupiter.api.Test;

class StaticBlocksTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;
    private static final ThreeScalars.Probe Y0 = ThreeScalars.Probe.output(0);

    @Test
    void constantVectorSourceOutputsItsParameterWithEveryScalar() {
        ConstantVectorSource<Double> source = new ConstantVectorSource<>(D, "c", 1.5, -2.0);
        ThreeScalars.Result r = ThreeScalars.check(source, new double[] {0.3}, Y0, true);
        assertArrayEquals(new double[] {1.5, -2.0}, r.value());
        assertArrayEquals(new double[] {0}, r.gradient()[0]);
        Context<Double> c = source.createDefaultContext();
        c.getMutableNumericParameter(0).setValue(1, 7.0);
        assertEquals(7.0, source.getOutputPort("y0").eval(c).getValue(1));
        assertThrows(IllegalArgumentException.class, () -> new ConstantVectorSource<>(D, "empty"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ConstantVectorSource<>(D, "nan", 1.0, Double.NaN));
        assertTrue(e.getMessage().contains("value[1]"), e.getMessage());
    }

    @Test
    void matrixGainIsDTimesUAndItsJacobianIsD() {
        double[][] d = {{1, 2, 0}, {-0.5, 0, 3}};
        Gain<Double> gain = new Gain<>(D, "k", d);
        double[] u = {0.7, -1.1, 2.5};
        ThreeScalars.Result r = ThreeScalars.check(gain, new double[] {0, u[0], u[1], u[2]}, Y0, true);
        assertArrayEquals(new double[] {0.7 - 2.2, -0.35 + 7.5}, r.value(), 1e-15);
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 3; j++) {
                assertEquals(d[i][j], r.gradient()[i][1 + j], 1e-15);
            }
        }
        Gain<Double> scalarGain = new Gain<>(D, "k2", -3.0, 2);
        assertArrayEquals(new double[] {-3, 6}, ThreeScalars.check(scalarGain, new double[] {0, 1, -2}, Y0, true).value());
        assertEquals("D row 1 has 1 columns, row 0 has 2",
                assertThrows(IllegalArgumentException.class, () -> new Gain<>(D, "ragged", new double[][] {{1, 2}, {3}}))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Gain<>(D, "none", 2.0, 0));
    }

    @Test
    void adderSumsItsInputs() {
        Adder<Double> adder = new Adder<>(D, "sum", 3, 2);
        assertEquals("u2", adder.getInputPort(2).getName());
        ThreeScalars.Result r = ThreeScalars.check(adder, new double[] {0, 1, 2, 10, 20, 100, 200}, Y0, true);
        assertArrayEquals(new double[] {111, 222}, r.value());
        assertArrayEquals(new double[] {0, 1, 0, 1, 0, 1, 0}, r.gradient()[0]);
        assertThrows(IllegalArgumentException.class, () -> new Adder<>(D, "bad", 0, 2));
    }

    @Test
    void multiplexerAndDemultiplexerAreInverseInADiagram() {
        DiagramBuilder<Double> b = new DiagramBuilder<>(D);
        ConstantVectorSource<Double> a = b.addSystem(new ConstantVectorSource<>(D, "a", 1.0));
        ConstantVectorSource<Double> c = b.addSystem(new ConstantVectorSource<>(D, "c", 2.0, 3.0));
        Multiplexer<Double> mux = b.addSystem(new Multiplexer<>(D, "mux", new int[] {1, 2}));
        Demultiplexer<Double> demux = b.addSystem(new Demultiplexer<>(D, "demux", new int[] {2, 1}));
        b.connect(a.getOutputPort(0), mux.getInputPort("u0"));
        b.connect(c.getOutputPort(0), mux.getInputPort("u1"));
        b.connect(mux.getOutputPort("y0"), demux.getInputPort("u0"));
        b.exportOutput(mux.getOutputPort(0), "stacked");
        b.exportOutput(demux.getOutputPort("y0"), "first");
        b.exportOutput(demux.getOutputPort("y1"), "second");
        Diagram<Double> diagram = b.build();
        Context<Double> ctx = diagram.createDefaultContext();
        assertArrayEquals(new double[] {1, 2, 3}, diagram.getOutputPort("stacked").eval(ctx).toValueArray());
        assertArrayEquals(new double[] {1, 2}, diagram.getOutputPort("first").eval(ctx).toValueArray());
        assertArrayEquals(new double[] {3}, diagram.getOutputPort("second").eval(ctx).toValueArray());

        assertArrayEquals(new double[] {4, 5, 6},
                ThreeScalars.check(new Multiplexer<>(D, "m", new int[] {2, 1}), new double[] {0, 4, 5, 6}, Y0, true).value());
        ThreeScalars.Result second = ThreeScalars.check(new Demultiplexer<>(D, "d", new int[] {1, 2}), new double[] {0, 4, 5, 6},
                ThreeScalars.Probe.output(1), true);
        assertArrayEquals(new double[] {5, 6}, second.value());
        assertArrayEquals(new double[] {0, 0, 1, 0}, second.gradient()[0]);
        assertThrows(IllegalArgumentException.class, () -> new Multiplexer<>(D, "none", new int[0]));
        assertThrows(IllegalArgumentException.class, () -> new Demultiplexer<>(D, "zero", new int[] {1, 0}));
    }

    @Test
    void passThroughIsTheIdentity() {
        ThreeScalars.Result r = ThreeScalars.check(new PassThrough<>(D, "p", 2), new double[] {0, -1.5, 4}, Y0, true);
        assertArrayEquals(new double[] {-1.5, 4}, r.value());
        assertArrayEquals(new double[] {0, 0, 1}, r.gradient()[1]);
        assertThrows(IllegalArgumentException.class, () -> new PassThrough<>(D, "p", 0));
    }

    @Test
    void saturationWithFixedLimitsClampsAndPassesTheGradientOnlyInside() {
        Saturation<Double> sat = new Saturation<>(D, "sat", new double[] {-1, 0, Double.NEGATIVE_INFINITY},
                new double[] {1, 2, 0.5});
        ThreeScalars.Result r = ThreeScalars.check(sat, new double[] {0, 0.3, -0.4, 7}, Y0, true);
        assertArrayEquals(new double[] {0.3, 0, 0.5}, r.value());
        assertArrayEquals(new double[] {0, 1, 0, 0}, r.gradient()[0]);
        assertArrayEquals(new double[] {0, 0, 0, 0}, r.gradient()[1]);
        assertArrayEquals(new double[] {0, 0, 0, 0}, r.gradient()[2]);
        assertFalse(sat.hasLimitPorts());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Saturation<>(D, "bad", new double[] {0, 3}, new double[] {1, 2}));
        assertTrue(e.getMessage().contains("entry 1") && e.getMessage().contains("lower 3.0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Saturation<>(D, "bad", new double[] {0}, new double[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> new Saturation<>(D, "bad", new double[] {Double.NaN},
                new double[] {1}));
    }

    @Test
    void saturationWithLimitPortsDifferentiatesThroughTheActiveLimit() {
        Saturation<Double> sat = new Saturation<>(D, "sat", 2);
        assertTrue(sat.hasLimitPorts());
        assertEquals("min", sat.getMinPort().getName());
        // point: t, u (2), min (2), max (2); entry 0 is above its max, entry 1 inside
        ThreeScalars.Result r = ThreeScalars.check(sat, new double[] {0, 5, 0.2, -1, -1, 2, 1}, Y0, true);
        assertArrayEquals(new double[] {2, 0.2}, r.value());
        assertArrayEquals(new double[] {0, 0, 0, 0, 0, 1, 0}, r.gradient()[0]);
        assertArrayEquals(new double[] {0, 0, 1, 0, 0, 0, 0}, r.gradient()[1]);
        Context<Double> c = sat.createDefaultContext();
        sat.getInputPort("u").fixValue(c, 0, 0);
        sat.getMinPort().fixValue(c, 0, 3);
        sat.getMaxPort().fixValue(c, 1, 2);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sat.getOutputPort(0).eval(c));
        assertTrue(e.getMessage().contains("entry 1") && e.getMessage().contains("min 3.0"), e.getMessage());
        Saturation<Double> fixed = new Saturation<>(D, "f", new double[] {0}, new double[] {1});
        assertThrows(IllegalStateException.class, fixed::getMinPort);
    }
}
