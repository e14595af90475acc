package dev.mallard.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.systems.Event;
import dev.mallard.systems.EventStatus;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Simulator's event log: what it records, in which order, how it overflows, and its exports. */
class EventLogTest {

    private static final double G = 9.81;

    @Test
    void theDefaultLogKeepsTheFirstHundredThousandRecords() {
        EventLog log = new EventLog();
        assertEquals(100_000, log.capacity());
        assertEquals(EventLog.OverflowPolicy.KEEP_FIRST, log.policy());
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, G);
        Simulator<Double> sim = new Simulator<>(ball);
        sim.setEventLog(log);
        sim.advanceTo(1.0);
        assertTrue(log.records().stream().anyMatch(r -> r.trigger() == Event.Trigger.WITNESS));
        assertEquals(0, log.droppedCount());
    }

    @Test
    void impactsAreRecordedAtTheirClosedFormTimesWithTheWitnessName() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, G);
        Simulator<Double> sim = new Simulator<>(ball);
        sim.getMutableContext().setAccuracy(1e-8);
        EventLog log = new EventLog(100, EventLog.OverflowPolicy.KEEP_FIRST);
        sim.setEventLog(log);
        sim.initialize();
        sim.advanceTo(2.0);

        List<EventRecord> impacts = log.records().stream().filter(r -> r.trigger() == Event.Trigger.WITNESS).toList();
        int expected = 0;
        while (BouncingBall.impactTime(expected, 1.0, 0.8, G) <= 2.0) {
            expected++;
        }
        assertEquals(expected, impacts.size());
        assertEquals(sim.getNumUnrestrictedUpdates(), impacts.size());
        for (int k = 0; k < impacts.size(); k++) {
            EventRecord r = impacts.get(k);
            assertEquals(BouncingBall.impactTime(k, 1.0, 0.8, G), r.time(), 1e-7, "impact " + k);
            assertEquals("bouncing ball", r.systemPath());
            assertEquals(Event.Kind.UNRESTRICTED_UPDATE, r.kind());
            assertEquals("ground contact", r.witness());
            assertEquals(EventStatus.Severity.SUCCEEDED, r.severity());
        }
    }

    @Test
    void periodicUpdatesAreRecordedAtEverySampleAndRecordingChangesNoResult() {
        ExampleDiscreteSystem<Double> example = new ExampleDiscreteSystem<>(Scalar.DOUBLE);
        Simulator<Double> plain = new Simulator<>(example);
        plain.initialize();
        plain.advanceTo(0.1);

        Simulator<Double> logged = new Simulator<>(example);
        EventLog log = new EventLog(100, EventLog.OverflowPolicy.KEEP_FIRST);
        logged.setEventLog(log);
        logged.initialize();
        logged.advanceTo(0.1);

        assertEquals(plain.getContext().getDiscreteState(0).getValue(0),
                logged.getContext().getDiscreteState(0).getValue(0), 0.0);
        assertEquals(plain.getNumStepsTaken(), logged.getNumStepsTaken());
        assertEquals(plain.getNumDiscreteUpdates(), logged.getNumDiscreteUpdates());
        List<EventRecord> records = log.records();
        assertEquals(logged.getNumDiscreteUpdates(), records.size());
        for (int k = 0; k < records.size(); k++) {
            assertEquals(k * ExampleDiscreteSystem.PERIOD, records.get(k).time(), 0.0);
            assertEquals(Event.Trigger.PERIODIC, records.get(k).trigger());
            assertEquals(Event.Kind.DISCRETE_UPDATE, records.get(k).kind());
            assertEquals("", records.get(k).witness());
        }
    }

    @Test
    void initializeClearsTheLogAndSwitchingItOffStopsRecording() {
        ExampleDiscreteSystem<Double> example = new ExampleDiscreteSystem<>(Scalar.DOUBLE);
        Simulator<Double> sim = new Simulator<>(example);
        EventLog log = new EventLog(100, EventLog.OverflowPolicy.KEEP_FIRST);
        sim.setEventLog(log);
        sim.initialize();
        sim.advanceTo(0.05);
        int first = log.records().size();
        sim.initialize();
        assertTrue(log.records().isEmpty(), "initialize clears the log");
        sim.setEventLog(null);
        sim.advanceTo(0.05);
        assertTrue(log.records().isEmpty());
        assertTrue(sim.getEventLog().isEmpty());
        assertEquals(3, first); // updates at 0, 0.02 and 0.04
    }

    @Test
    void aFullLogKeepsTheFirstOrTheLastRecordsAndCountsTheDropped() {
        EventLog first = new EventLog(2, EventLog.OverflowPolicy.KEEP_FIRST);
        EventLog last = new EventLog(2, EventLog.OverflowPolicy.KEEP_LAST);
        for (int k = 0; k < 5; k++) {
            EventRecord r = record(k);
            first.add(r);
            last.add(r);
        }
        assertEquals(List.of(record(0), record(1)), first.records());
        assertEquals(List.of(record(3), record(4)), last.records());
        assertEquals(3, first.droppedCount());
        assertEquals(3, last.droppedCount());
        assertEquals("EventLog[2 events, capacity 2, KEEP_LAST, 3 dropped]", last.toString());
        assertThrows(IllegalArgumentException.class, () -> new EventLog(0, EventLog.OverflowPolicy.KEEP_LAST));
    }

    @Test
    void theLogExportsAsCsvAndJson() throws Exception {
        EventLog log = new EventLog(10, EventLog.OverflowPolicy.KEEP_FIRST);
        log.add(record(0));
        log.add(new EventRecord(0.5, "d/ball", Event.Kind.UNRESTRICTED_UPDATE, Event.Trigger.WITNESS,
                "ground \"contact\"", EventStatus.Severity.FAILED, "negative, height"));
        StringWriter csv = new StringWriter();
        log.writeCsv(csv);
        String[] lines = csv.toString().split("\n");
        assertEquals("time,system,kind,trigger,witness,severity,message", lines[0]);
        assertEquals("0.50000000000000000,\"d/ball\",UNRESTRICTED_UPDATE,WITNESS,\"ground \"\"contact\"\"\",FAILED,"
                + "\"negative, height\"", lines[2]);

        StringWriter json = new StringWriter();
        log.writeJson(json);
        JsonNode root = new ObjectMapper().readTree(json.toString());
        assertEquals(10, root.get("capacity").asInt());
        assertEquals(0, root.get("dropped").asInt());
        JsonNode second = root.get("events").get(1);
        assertEquals(0.5, second.get("time").asDouble(), 0.0);
        assertEquals("WITNESS", second.get("trigger").asText());
        assertEquals("ground \"contact\"", second.get("witness").asText());
        assertEquals("t = 0.5 s: d/ball UNRESTRICTED_UPDATE by WITNESS 'ground \"contact\"' (FAILED: negative, height)",
                log.records().get(1).toString());
    }

    private static EventRecord record(int k) {
        return new EventRecord(k * 0.1, "sys", Event.Kind.PUBLISH, Event.Trigger.PER_STEP, "",
                EventStatus.Severity.SUCCEEDED, "");
    }
}
