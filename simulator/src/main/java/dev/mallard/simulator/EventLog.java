package dev.mallard.simulator;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mallard.scalar.Checks;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;

/**
 * The events a {@link Simulator} dispatched, in dispatch order, switched on by
 * {@link Simulator#setEventLog(EventLog)}. Drake's Simulator only counts events; Mallard can also say which ran,
 * when and why, for debugging hybrid systems and for reports.
 *
 * <p>The log holds at most {@link #capacity()} records. When it is full, its {@link OverflowPolicy} decides:
 * {@link OverflowPolicy#KEEP_FIRST} drops every later record, {@link OverflowPolicy#KEEP_LAST} drops the
 * oldest; either way {@link #droppedCount()} says how many were dropped, so a truncated log is never mistaken
 * for a complete one.
 *
 * <p>Not thread-safe: one log belongs to one simulator.
 */
public final class EventLog {

    /** What a full log does with a new record. */
    public enum OverflowPolicy {
        /** Keep the first {@code capacity} records and drop the rest (the start of a run matters most). */
        KEEP_FIRST,
        /** Keep the last {@code capacity} records, dropping the oldest (the end of a run matters most). */
        KEEP_LAST
    }

    private static final ObjectMapper JSON = new ObjectMapper().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private final int capacity;
    private final OverflowPolicy policy;
    private final ArrayDeque<EventRecord> records = new ArrayDeque<>();
    private long dropped;

    /** The capacity of {@link #EventLog()}, in records. */
    public static final int DEFAULT_CAPACITY = 100_000;

    /**
     * An empty log of {@link #DEFAULT_CAPACITY} records keeping the first ones
     * ({@link OverflowPolicy#KEEP_FIRST}; {@link #droppedCount()} tells whether later ones were dropped).
     */
    public EventLog() {
        this(DEFAULT_CAPACITY, OverflowPolicy.KEEP_FIRST);
    }

    /**
     * An empty log.
     *
     * @param capacity the most records kept, {@code >= 1}
     * @param policy what a full log drops, not null
     * @throws IllegalArgumentException if the capacity is below 1
     */
    public EventLog(int capacity, OverflowPolicy policy) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1, got " + capacity);
        }
        this.capacity = capacity;
        this.policy = Checks.notNull(policy, "policy");
    }

    /**
     * Records one dispatched event, applying the overflow policy when full.
     *
     * @param record the event, not null
     */
    public void add(EventRecord record) {
        Checks.notNull(record, "record");
        if (records.size() == capacity) {
            dropped++;
            if (policy == OverflowPolicy.KEEP_FIRST) {
                return;
            }
            records.removeFirst();
        }
        records.addLast(record);
    }

    /** Empties the log and its dropped count (the simulator does this at initialize). */
    public void clear() {
        records.clear();
        dropped = 0;
    }

    /** @return the records kept, in dispatch order, as an unmodifiable copy */
    public List<EventRecord> records() {
        return List.copyOf(records);
    }

    /** @return the most records kept */
    public int capacity() {
        return capacity;
    }

    /** @return what a full log drops */
    public OverflowPolicy policy() {
        return policy;
    }

    /** @return how many records were dropped because the log was full */
    public long droppedCount() {
        return dropped;
    }

    /**
     * Writes the records as CSV with a header line: {@code time,system,kind,trigger,witness,severity,message}.
     * Text fields are quoted, with quotes doubled; times are written with 17 significant digits.
     *
     * @param out the destination; written, flushed, not closed
     * @throws UncheckedIOException if writing fails
     */
    public void writeCsv(Writer out) {
        try {
            out.write("time,system,kind,trigger,witness,severity,message\n");
            for (EventRecord r : records) {
                out.write(String.format(Locale.ROOT, "%.17g,%s,%s,%s,%s,%s,%s%n", r.time(), quoted(r.systemPath()),
                        r.kind(), r.trigger(), quoted(r.witness()), r.severity(), quoted(r.message())));
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the event log: " + e.getMessage(), e);
        }
    }

    /**
     * Writes the log as one JSON object: {@code {"capacity":..,"policy":..,"dropped":..,"events":[{..},..]}},
     * each event with the fields of {@link EventRecord}.
     *
     * @param out the destination; written, flushed, not closed
     * @throws UncheckedIOException if writing fails
     */
    public void writeJson(Writer out) {
        try {
            JSON.writeValue(out, new Json(capacity, policy, dropped, records()));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the event log: " + e.getMessage(), e);
        }
    }

    /** The JSON form: Jackson writes a record's components as fields. */
    private record Json(int capacity, OverflowPolicy policy, long dropped, List<EventRecord> events) {
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\"", "\"\"") + "\"";
    }

    /** @return e.g. {@code "EventLog[12 events, capacity 1000, KEEP_FIRST, 0 dropped]"} */
    @Override
    public String toString() {
        return "EventLog[" + records.size() + " events, capacity " + capacity + ", " + policy + ", " + dropped
                + " dropped]";
    }
}
