package dev.mallard.systems.primitives;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The samples a {@link VectorLogSink} recorded, Drake's {@code VectorLog}: sample times (seconds, in the
 * order recorded) and, per sample, a copy of the logged vector in the number type. Lives in the sink's
 * context ({@link VectorLogSink#findLog}); not thread-safe.
 *
 * <p>Export: {@link #writeCsv} writes a header {@code time,y0,y1,...} and one line per sample;
 * {@link #writeJson} writes {@code {"size": n, "times": [...], "data": [[entry 0 samples], ...]}}. Both
 * write numeric values (for AutoDiff, the value part) and throw
 * {@link dev.mallard.scalar.NonNumericValueException} for symbolic samples with free variables.
 *
 * @param <T> the number type
 */
public final class VectorLog<T> {

    private static final JsonFactory JSON = new JsonFactory();

    private final Scalar<T> scalar;
    private final int size;
    private double[] times = new double[16];
    private final List<ScalarVector<T>> samples = new ArrayList<>();

    /**
     * An empty log.
     *
     * @param scalar the number type of the samples
     * @param size the size of each sample, {@code >= 1}
     * @throws IllegalArgumentException if size {@code < 1}
     */
    public VectorLog(Scalar<T> scalar, int size) {
        this.scalar = Objects.requireNonNull(scalar, "scalar must not be null");
        this.size = Arguments.positiveSize(size, "size");
    }

    /** @return a deep copy (used when the owning context is cloned) */
    public VectorLog<T> copy() {
        VectorLog<T> c = new VectorLog<>(scalar, size);
        c.times = Arrays.copyOf(times, Math.max(16, samples.size()));
        for (ScalarVector<T> v : samples) {
            c.samples.add(v.copy());
        }
        return c;
    }

    /**
     * Appends a sample.
     *
     * @param time seconds
     * @param value the logged vector, of this log's size; copied
     * @throws IllegalArgumentException if the size differs
     */
    public void addData(double time, ScalarVector<T> value) {
        Checks.size(Objects.requireNonNull(value, "value must not be null").size(), size, "logged value");
        int n = samples.size();
        if (n == times.length) {
            times = Arrays.copyOf(times, 2 * n);
        }
        times[n] = time;
        samples.add(value.copy());
    }

    /** Removes every sample. */
    public void clear() {
        samples.clear();
    }

    /** @return the number of samples */
    public int numSamples() {
        return samples.size();
    }

    /** @return the size of each sample */
    public int size() {
        return size;
    }

    /** @return the number type of the samples */
    public Scalar<T> scalar() {
        return scalar;
    }

    /** @return the sample times, seconds, in recording order (a copy) */
    public double[] sampleTimes() {
        return Arrays.copyOf(times, samples.size());
    }

    /**
     * The numeric values, laid out as Drake's {@code data()}: {@code data()[i][k]} is entry {@code i} of
     * sample {@code k}.
     *
     * @return a new {@code size x numSamples} array
     * @throws dev.mallard.scalar.NonNumericValueException if a sample has no numeric value
     */
    public double[][] data() {
        double[][] out = new double[size][samples.size()];
        for (int k = 0; k < samples.size(); k++) {
            ScalarVector<T> v = samples.get(k);
            for (int i = 0; i < size; i++) {
                out[i][k] = v.getValue(i);
            }
        }
        return out;
    }

    /**
     * A sample in the number type (for AutoDiff with its gradient, for symbolic numbers the expression).
     *
     * @param k the sample, in [0, numSamples)
     * @return a copy of the logged vector
     */
    public ScalarVector<T> sample(int k) {
        return samples.get(Checks.index(k, samples.size(), "sample")).copy();
    }

    /**
     * Writes the log as CSV: header {@code time,y0,...,y<n-1>}, then one line per sample, numbers in Java's
     * shortest round-trip form. Does not close the writer.
     *
     * @param out the destination
     * @throws IOException if writing fails
     */
    public void writeCsv(Writer out) throws IOException {
        StringBuilder line = new StringBuilder("time");
        for (int i = 0; i < size; i++) {
            line.append(",y").append(i);
        }
        out.write(line.append('\n').toString());
        for (int k = 0; k < samples.size(); k++) {
            line.setLength(0);
            line.append(times[k]);
            ScalarVector<T> v = samples.get(k);
            for (int i = 0; i < size; i++) {
                line.append(',').append(v.getValue(i));
            }
            out.write(line.append('\n').toString());
        }
        out.flush();
    }

    /**
     * Writes the log as CSV (see {@link #writeCsv(Writer)}) to a UTF-8 file, replacing it.
     *
     * @param file the file
     * @throws UncheckedIOException naming the file if writing fails
     */
    public void writeCsv(Path file) {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writeCsv(w);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the log to " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes the log as JSON: {@code {"size": n, "times": [...], "data": [[entry 0 samples], ...]}}
     * (Jackson writes NaN and infinities as the strings {@code "NaN"}, {@code "Infinity"}). Does not close
     * the writer.
     *
     * @param out the destination
     * @throws IOException if writing fails
     */
    public void writeJson(Writer out) throws IOException {
        JsonGenerator g = JSON.createGenerator(out);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        writeJson(g);
    }

    /**
     * Writes the log as JSON (see {@link #writeJson(Writer)}) to a UTF-8 file, replacing it.
     *
     * @param file the file
     * @throws UncheckedIOException naming the file if writing fails
     */
    public void writeJson(Path file) {
        try (OutputStream os = Files.newOutputStream(file);
                JsonGenerator g = JSON.createGenerator(os, JsonEncoding.UTF8)) {
            writeJson(g);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the log to " + file + ": " + e.getMessage(), e);
        }
    }

    private void writeJson(JsonGenerator g) throws IOException {
        double[][] data = data();
        g.writeStartObject();
        g.writeNumberField("size", size);
        g.writeFieldName("times");
        g.writeArray(sampleTimes(), 0, samples.size());
        g.writeFieldName("data");
        g.writeStartArray();
        for (double[] row : data) {
            g.writeArray(row, 0, row.length);
        }
        g.writeEndArray();
        g.writeEndObject();
        g.flush();
    }

    @Override
    public String toString() {
        return "VectorLog of " + samples.size() + " samples of size " + size;
    }
}
