package dev.mallard.simulator;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.mallard.simulator.integrators.IntegrationSchemes;
import java.util.Objects;

/**
 * The configurable properties of a {@link Simulator} and its integrator, as one value: applied with
 * {@link SimulatorConfigFunctions#applySimulatorConfig}, read back with
 * {@link SimulatorConfigFunctions#extractSimulatorConfig}, and read from / written to YAML or JSON text with
 * snake_case keys ({@code integration_scheme}, {@code max_step_size}, {@code accuracy},
 * {@code use_error_control}, {@code start_time}, {@code target_realtime_rate},
 * {@code publish_every_time_step}). A key missing from the text keeps its default; an unknown key is
 * refused. Setters check their values. Mutable, not thread-safe.
 */
@JsonPropertyOrder({"integration_scheme", "max_step_size", "accuracy", "use_error_control", "start_time",
    "target_realtime_rate", "publish_every_time_step"})
public final class SimulatorConfig {

    /** The default scheme, {@value}. */
    public static final String DEFAULT_SCHEME = "runge_kutta3";

    private static final ObjectMapper JSON = configure(new ObjectMapper());
    private static final ObjectMapper YAML = configure(new ObjectMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).build()));

    private String integrationScheme = DEFAULT_SCHEME;
    private double maxStepSize = 0.1;
    private double accuracy = 1e-4;
    private boolean useErrorControl = true;
    private double startTime;
    private double targetRealtimeRate;
    private boolean publishEveryTimeStep;

    /**
     * The default configuration: runge_kutta3, maximum step 0.1 s, accuracy 1e-4, error control, start 0,
     * realtime rate 0, no publish every time step.
     */
    public SimulatorConfig() {
    }

    private static ObjectMapper configure(ObjectMapper mapper) {
        return mapper.setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(SerializationFeature.INDENT_OUTPUT);
    }

    /** @return the integration scheme name, one of {@link IntegrationSchemes#getIntegrationSchemes()} */
    public String getIntegrationScheme() {
        return integrationScheme;
    }

    /**
     * @param scheme one of {@link IntegrationSchemes#getIntegrationSchemes()}
     * @return this
     * @throws IllegalArgumentException "Unknown integration scheme: NAME" otherwise
     */
    public SimulatorConfig setIntegrationScheme(String scheme) {
        if (!IntegrationSchemes.getIntegrationSchemes().contains(scheme)) {
            throw new IllegalArgumentException("Unknown integration scheme: " + scheme);
        }
        this.integrationScheme = scheme;
        return this;
    }

    /** @return the maximum step size, seconds (the fixed step when error control is off) */
    public double getMaxStepSize() {
        return maxStepSize;
    }

    /**
     * @param h seconds, finite and {@code > 0}
     * @return this
     */
    public SimulatorConfig setMaxStepSize(double h) {
        if (!(h > 0) || !Double.isFinite(h)) {
            throw new IllegalArgumentException("max_step_size must be finite and > 0, got " + h);
        }
        this.maxStepSize = h;
        return this;
    }

    /** @return the target accuracy of error control */
    public double getAccuracy() {
        return accuracy;
    }

    /**
     * @param accuracy finite and {@code > 0}; above 1 is allowed, as in Drake (error control is absolute, so an
     *     accuracy of 10 suits states of size 1e6)
     * @return this
     */
    public SimulatorConfig setAccuracy(double accuracy) {
        if (!(accuracy > 0) || !Double.isFinite(accuracy)) {
            throw new IllegalArgumentException("accuracy must be finite and > 0, got " + accuracy);
        }
        this.accuracy = accuracy;
        return this;
    }

    /** @return whether error control is used (ignored by schemes without error estimate) */
    public boolean isUseErrorControl() {
        return useErrorControl;
    }

    /**
     * @param flag true for error control, false for fixed steps
     * @return this
     */
    public SimulatorConfig setUseErrorControl(boolean flag) {
        this.useErrorControl = flag;
        return this;
    }

    /** @return the time the context is set to when the config is applied, seconds */
    public double getStartTime() {
        return startTime;
    }

    /**
     * @param t seconds, finite
     * @return this
     */
    public SimulatorConfig setStartTime(double t) {
        if (!Double.isFinite(t)) {
            throw new IllegalArgumentException("start_time must be finite, got " + t);
        }
        this.startTime = t;
        return this;
    }

    /** @return the target realtime rate, 0 for as fast as possible */
    public double getTargetRealtimeRate() {
        return targetRealtimeRate;
    }

    /**
     * @param rate finite and {@code >= 0} (0: as fast as possible)
     * @return this
     */
    public SimulatorConfig setTargetRealtimeRate(double rate) {
        if (!(rate >= 0) || !Double.isFinite(rate)) {
            throw new IllegalArgumentException("target_realtime_rate must be finite and >= 0, got " + rate);
        }
        this.targetRealtimeRate = rate;
        return this;
    }

    /** @return whether applying this config turns on forced publishes at initialization and every step */
    public boolean isPublishEveryTimeStep() {
        return publishEveryTimeStep;
    }

    /**
     * When applied, sets both {@link Simulator#setPublishEveryTimeStep} and
     * {@link Simulator#setPublishAtInitialization} to {@code flag}.
     *
     * @param flag true for a forced publish at initialization and at the end of every step
     * @return this
     */
    public SimulatorConfig setPublishEveryTimeStep(boolean flag) {
        this.publishEveryTimeStep = flag;
        return this;
    }

    // ---- text ----------------------------------------------------------------------------------------

    /** @return this config as YAML text, one key per line */
    public String toYaml() {
        return write(YAML);
    }

    /** @return this config as indented JSON text */
    public String toJson() {
        return write(JSON);
    }

    /**
     * Reads a config from YAML text; missing keys keep their defaults.
     *
     * @param text the YAML mapping, not null
     * @return the config
     * @throws IllegalArgumentException naming an unknown key or a bad value, or for malformed text
     */
    public static SimulatorConfig fromYaml(String text) {
        return read(YAML, text, "YAML");
    }

    /**
     * Reads a config from JSON text; missing keys keep their defaults.
     *
     * @param text the JSON object, not null
     * @return the config
     * @throws IllegalArgumentException naming an unknown key or a bad value, or for malformed text
     */
    public static SimulatorConfig fromJson(String text) {
        return read(JSON, text, "JSON");
    }

    private String write(ObjectMapper mapper) {
        try {
            return mapper.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the simulator config: " + e.getOriginalMessage(), e);
        }
    }

    private static SimulatorConfig read(ObjectMapper mapper, String text, String format) {
        Objects.requireNonNull(text, "text");
        try {
            return mapper.readValue(text, SimulatorConfig.class);
        } catch (UnrecognizedPropertyException e) {
            throw new IllegalArgumentException("unknown field '" + e.getPropertyName() + "' in the simulator config ("
                    + format + "); known fields: integration_scheme, max_step_size, accuracy, use_error_control, "
                    + "start_time, target_realtime_rate, publish_every_time_step", e);
        } catch (JsonProcessingException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IllegalArgumentException bad) {
                throw new IllegalArgumentException(bad.getMessage(), e);
            }
            throw new IllegalArgumentException("malformed simulator config (" + format + "): "
                    + e.getOriginalMessage(), e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SimulatorConfig c && integrationScheme.equals(c.integrationScheme)
                && Double.compare(maxStepSize, c.maxStepSize) == 0 && Double.compare(accuracy, c.accuracy) == 0
                && useErrorControl == c.useErrorControl && Double.compare(startTime, c.startTime) == 0
                && Double.compare(targetRealtimeRate, c.targetRealtimeRate) == 0
                && publishEveryTimeStep == c.publishEveryTimeStep;
    }

    @Override
    public int hashCode() {
        return Objects.hash(integrationScheme, maxStepSize, accuracy, useErrorControl, startTime, targetRealtimeRate,
                publishEveryTimeStep);
    }

    @Override
    public String toString() {
        return "SimulatorConfig{integration_scheme=" + integrationScheme + ", max_step_size=" + maxStepSize
                + ", accuracy=" + accuracy + ", use_error_control=" + useErrorControl + ", start_time=" + startTime
                + ", target_realtime_rate=" + targetRealtimeRate + ", publish_every_time_step=" + publishEveryTimeStep
                + "}";
    }
}
