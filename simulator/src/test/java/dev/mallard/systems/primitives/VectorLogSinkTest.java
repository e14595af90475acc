package dev.mallard.systems.primitives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.symbolic.Expression;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.Event;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.Feedthrough;
import dev.mallard.systems.LeafSystem;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VectorLogSinkTest {

    private static final Scalar<Double> D = Scalar.DOUBLE;
    private static final double PERIOD = 1 / 50.0;

    /** Drake's example discrete system: x[n+1] = x[n] + 1 at 50 Hz from t = 0, y = 10 x, x[0] = 0. */
    static final class ExampleDiscreteSystem<T> extends LeafSystem<T> {
        ExampleDiscreteSystem(Scalar<T> s) {
            super(s, "example");
            declareDiscreteState(1);
            declarePeriodicDiscreteUpdateEvent(PERIOD, 0.0, (c, xd) -> {
                xd.get(0).set(0, s.add(c.getDiscreteState(0).get(0), 1.0));
                return EventStatus.succeeded();
            });
            declareVectorOutputPort("Sn", 1, (c, y) -> y.set(0, s.mul(c.getDiscreteState(0).get(0), 10.0)),
                    Feedthrough.none());
        }
    }

    private static <T> VectorLogSink<T> drakeExample(Scalar<T> s, Simulator<T>[] out) {
        DiagramBuilder<T> builder = new DiagramBuilder<>(s);
        ExampleDiscreteSystem<T> example = builder.addSystem(new ExampleDiscreteSystem<>(s));
        VectorLogSink<T> logger = VectorLogSink.logVectorOutput(example.getOutputPort("Sn"), builder, PERIOD);
        Diagram<T> diagram = builder.build();
        out[0] = new Simulator<>(diagram);
        out[0].advanceTo(3 * PERIOD);
        return logger;
    }

    @Test
    @SuppressWarnings("unchecked")
    void drakesDiscreteExampleLogsExactlyItsFourSamples() {
        Simulator<Double>[] sim = new Simulator[1];
        VectorLogSink<Double> logger = drakeExample(D, sim);
        VectorLog<Double> log = logger.findLog(sim[0].getContext());
        assertArrayEquals(new double[] {0, PERIOD, 2 * PERIOD, 3 * PERIOD}, log.sampleTimes());
        assertArrayEquals(new double[] {0, 0.02, 0.04, 0.06}, log.sampleTimes(), 1e-17);
        assertArrayEquals(new double[][] {{0, 10, 20, 30}}, log.data());
        assertEquals("example.Sn log", logger.getName());

        // the same with AutoDiff: values equal, the samples carry (empty) gradients
        Simulator<AutoDiff>[] simAd = new Simulator[1];
        VectorLog<AutoDiff> adLog = drakeExample(AutoDiff.SCALAR, simAd).findLog(simAd[0].getContext());
        assertArrayEquals(log.sampleTimes(), adLog.sampleTimes());
        assertArrayEquals(log.data(), adLog.data());
        assertEquals(30.0, adLog.sample(3).get(0).value());
    }

    @Test
    void perStepLoggingRecordsInitializationAndEveryStepEnd() {
        DiagramBuilder<Double> b = new DiagramBuilder<>(D);
        Sine<Double> sine = b.addSystem(new Sine<>(D, "sine", 1, 2, 0, 1));
        VectorLogSink<Double> first = VectorLogSink.logVectorOutput(sine.getOutputPort("y0"), b);
        VectorLogSink<Double> second = VectorLogSink.logVectorOutput(sine.getOutputPort("y0"), b);
        assertEquals("sine.y0 log 2", second.getName());
        assertEquals(0.0, first.getPublishPeriod());
        Diagram<Double> diagram = b.build();
        Simulator<Double> sim = new Simulator<>(diagram);
        sim.advanceTo(1.0);
        VectorLog<Double> log = first.findLog(sim.getContext());
        double[] times = log.sampleTimes();
        assertEquals(sim.getNumStepsTaken() + 1, log.numSamples());
        assertEquals(0.0, times[0]);
        assertEquals(1.0, times[times.length - 1]);
        for (int k = 0; k < times.length; k++) {
            assertEquals(Math.sin(2 * times[k]), log.data()[0][k], 1e-15);
            assertTrue(k == 0 || times[k] > times[k - 1]);
        }
        assertEquals(log.numSamples(), second.findLog(sim.getContext()).numSamples());
    }

    @Test
    void theLogLivesInTheContextAndIsClonedWithIt() {
        VectorLogSink<Double> sink = new VectorLogSink<>(D, "sink", 2);
        Context<Double> a = sink.createDefaultContext();
        sink.getDataPort().fixValue(a, 1, 2);
        long changes = a.getChangeCount();
        sink.forcedPublish(a);
        assertEquals(changes, a.getChangeCount(), "recording is not a change of the context");
        Context<Double> b = a.cloneContext();
        a.setTime(0.5);
        sink.forcedPublish(a);
        assertEquals(2, sink.getLog(a).numSamples());
        assertEquals(1, sink.getLog(b).numSamples());
        assertEquals(0, sink.createDefaultContext().getRecord(0, VectorLog.class).numSamples());
        sink.getLog(a).clear();
        assertEquals(0, sink.getLog(a).numSamples());
        assertThrows(IllegalArgumentException.class, () -> sink.getLog(new PassThrough<>(D, "p", 1)
                .createDefaultContext()));
    }

    @Test
    void everyScalarRecordsTheSameValues() {
        VectorLogSink<Double> sink = new VectorLogSink<>(D, "sink", 2, 0.1);
        double[] u = {0.25, -3};
        for (Scalar<?> s : List.of(D, AutoDiff.SCALAR, Expression.SCALAR)) {
            assertArrayEquals(new double[][] {{0.25}, {-3}}, recordOnce(sink.toScalar(s), u), s.name());
        }
    }

    private static <T> double[][] recordOnce(dev.mallard.systems.DynamicalSystem<T> system, double[] u) {
        VectorLogSink<T> sink = (VectorLogSink<T>) system;
        Context<T> c = sink.createDefaultContext();
        sink.getDataPort().fixValue(c, u);
        sink.forcedPublish(c);
        return sink.getLog(c).data();
    }

    @Test
    void csvAndJsonExportRoundTrip(@TempDir Path dir) throws Exception {
        VectorLog<Double> log = new VectorLog<>(D, 2);
        log.addData(0.0, dev.mallard.scalar.ScalarVector.ofValues(D, 1.0, 0.1));
        log.addData(0.5, dev.mallard.scalar.ScalarVector.ofValues(D, -2.5, 1e-20));
        StringWriter csv = new StringWriter();
        log.writeCsv(csv);
        assertEquals("time,y0,y1\n0.0,1.0,0.1\n0.5,-2.5,1.0E-20\n", csv.toString());
        Path file = dir.resolve("log.json");
        log.writeJson(file);
        JsonNode json = new ObjectMapper().readTree(Files.readString(file));
        assertEquals(2, json.get("size").asInt());
        assertEquals(0.5, json.get("times").get(1).asDouble());
        assertEquals(-2.5, json.get("data").get(0).get(1).asDouble());
        assertEquals(1e-20, json.get("data").get(1).get(1).asDouble());
        Path csvFile = dir.resolve("log.csv");
        log.writeCsv(csvFile);
        assertEquals(csv.toString(), Files.readString(csvFile));
        assertThrows(IllegalArgumentException.class, () -> log.addData(1.0, dev.mallard.scalar.ScalarVector.ofValues(D, 1)));
    }

    @Test
    void badArgumentsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new VectorLogSink<>(D, "sink", 1, -0.5));
        assertTrue(e.getMessage().contains("-0.5"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new VectorLogSink<>(D, "sink", 0));
        assertThrows(IllegalArgumentException.class, () -> new VectorLogSink<>(D, "sink", 1, Double.NaN));
    }

    /** Drake's PeriodicPublish: a period of 0.125 s over [0, 1] gives 9 samples. */
    @Test
    void periodicPublishGivesNineSamplesOverOneSecond() {
        DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
        ConstantVectorSource<Double> source = builder.addSystem(new ConstantVectorSource<>(Scalar.DOUBLE, "c", 2.0));
        VectorLogSink<Double> logger = VectorLogSink.logVectorOutput(source.getOutputPort(0), builder, 0.125);
        Simulator<Double> simulator = new Simulator<>(builder.build());
        simulator.advanceTo(1);
        assertEquals(9, logger.findLog(simulator.getContext()).numSamples());
    }

    /** Drake's ForcedPublishOnly and NoForcedPublish, through the diagram's forced publish. */
    @Test
    void publishTriggersChooseWhetherAForcedPublishRecords() {
        for (boolean forcedOnly : new boolean[] {true, false}) {
            DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
            ConstantVectorSource<Double> source = builder.addSystem(new ConstantVectorSource<>(Scalar.DOUBLE, "c",
                    2.0));
            VectorLogSink<Double> logger = forcedOnly
                    ? VectorLogSink.logVectorOutput(source.getOutputPort(0), builder, Set.of(Event.Trigger.FORCED), 0.0)
                    : VectorLogSink.logVectorOutput(source.getOutputPort(0), builder, Set.of(Event.Trigger.PERIODIC),
                            0.125);
            Diagram<Double> diagram = builder.build();
            Context<Double> context = diagram.createDefaultContext();
            assertEquals(0, logger.findLog(context).numSamples());
            diagram.forcedPublish(context);
            assertEquals(forcedOnly ? 1 : 0, logger.findLog(context).numSamples());
            assertEquals(forcedOnly ? Set.of(Event.Trigger.FORCED) : Set.of(Event.Trigger.PERIODIC),
                    logger.getPublishTriggers());
        }
    }

    @Test
    void publishTriggersAndPeriodMustAgree() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new VectorLogSink<>(Scalar.DOUBLE, "log", 1, Set.of(Event.Trigger.PERIODIC), 0.0));
        assertEquals("publishPeriod must be finite and > 0 seconds with the PERIODIC trigger, got 0.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new VectorLogSink<>(Scalar.DOUBLE, "log", 1, Set.of(Event.Trigger.FORCED), 0.5));
        assertEquals("publishPeriod must be 0 without the PERIODIC trigger, got 0.5", e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new VectorLogSink<>(Scalar.DOUBLE, "log", 1, Set.of(Event.Trigger.WITNESS), 0.0));
        VectorLogSink<Double> forced = new VectorLogSink<>(Scalar.DOUBLE, "log", 2, Set.of(Event.Trigger.FORCED), 0.0);
        assertEquals(2, forced.toScalar(AutoDiff.SCALAR).getInputPort(0).size());
    }
}
