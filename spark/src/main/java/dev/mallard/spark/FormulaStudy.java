package dev.mallard.spark;

import dev.mallard.simulator.Simulator;
import dev.mallard.simulator.SimulatorConfig;
import dev.mallard.simulator.SimulatorConfigFunctions;
import dev.mallard.simulator.studies.ReplayableRandom;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Monte Carlo study of a {@link FormulaSystem}, all of it text: random initial states and parameters
 * ({@code "h=uniform(1, 2); e=normal(0.8, 0.05)"}, drawn in the order written), fixed initial states, and an
 * output expression in the system's names evaluated at the final time, or several ({@code "z; v"}: a vector
 * study, {@link MonteCarloStudy#ofVector}). It travels to the executors as text and is parsed once per JVM.
 */
public final class FormulaStudy implements StochasticSimulation<Double>, SampleOutput<Double>,
        SampleVectorOutput<Double> {

    private static final long serialVersionUID = 1L;

    /** The system, as text. */
    private final FormulaSystem system;
    /** The initial state before the draws, one value per state. */
    private final double[] initialState;
    /** The random states and parameters, in the order they are drawn. */
    private final List<String> randomNames;
    /** Their distributions, in the same order. */
    private final List<Distribution> distributions;
    /** The output expressions (and their definitions), as text. */
    private final String outputText;
    /** How many outputs the text holds. */
    private final int numOutputs;
    /** The integration scheme, or null for the Simulator's default integrator (then the two below are unused). */
    private final String scheme;
    /** The integrator's largest step, seconds. */
    private final double maxStep;
    /** The integrator's target accuracy. */
    private final double accuracy;
    private transient List<Expression> outputs;

    private FormulaStudy(FormulaSystem system, double[] initialState, Map<String, Distribution> random,
            String outputText, int numOutputs, SimulatorConfig integration) {
        this.system = system;
        this.initialState = initialState.clone();
        this.randomNames = List.copyOf(random.keySet());
        this.distributions = List.copyOf(random.values());
        this.outputText = outputText;
        this.numOutputs = numOutputs;
        this.scheme = integration == null ? null : integration.getIntegrationScheme();
        this.maxStep = integration == null ? 0 : integration.getMaxStepSize();
        this.accuracy = integration == null ? 0 : integration.getAccuracy();
    }

    /**
     * @param system the system, not null
     * @param initialState the initial state before the random draws, one value per state; null for zeros
     * @param random {@code name=distribution} pairs separated by {@code ;} naming states or parameters (see
     *     {@link Distribution#parse}); null or blank for none
     * @param output the output expression in {@code t}, the states and the parameters, not null; several
     *     separated by {@code ;} (definitions {@code name = EXPR} may stand among them) make a vector study
     * @param finalTime seconds, finite
     * @return the study (a {@linkplain MonteCarloStudy#isVector vector study} for several outputs)
     * @throws IllegalArgumentException naming the part of the text that is wrong
     */
    public static MonteCarloStudy<Double> of(FormulaSystem system, double[] initialState, String random,
            String output, double finalTime) {
        return create(system, initialState, random, output, null).study(finalTime);
    }

    /**
     * As {@link #of(FormulaSystem, double[], String, String, double)}, simulated with the integrator of a
     * configuration (its scheme, maximum step and accuracy; Drake's {@code ApplySimulatorConfig}).
     *
     * @param system the system, not null
     * @param initialState the initial state before the random draws; null for zeros
     * @param random the random states and parameters; null or blank for none
     * @param output the output expression, or several separated by {@code ;}, not null
     * @param finalTime seconds, finite
     * @param integration the integrator's configuration, not null (copied)
     * @return the study (a vector study for several outputs)
     * @throws IllegalArgumentException naming the part of the text that is wrong
     */
    public static MonteCarloStudy<Double> of(FormulaSystem system, double[] initialState, String random,
            String output, double finalTime, SimulatorConfig integration) {
        if (integration == null) {
            throw new IllegalArgumentException("integration must not be null");
        }
        return create(system, initialState, random, output, integration).study(finalTime);
    }

    /** The study of this simulation to {@code finalTime}: scalar for one output, vector for several. */
    MonteCarloStudy<Double> study(double finalTime) {
        return numOutputs == 1 ? MonteCarloStudy.of(this, this, finalTime) : MonteCarloStudy.ofVector(this, this,
                finalTime);
    }

    /** @return how many output expressions the study has */
    int numOutputs() {
        return numOutputs;
    }

    /** The study itself (for the command, which also reads back each sample's draws). */
    static FormulaStudy create(FormulaSystem system, double[] initialState, String random, String output,
            SimulatorConfig integration) {
        if (system == null || output == null) {
            throw new IllegalArgumentException(system == null ? "system must not be null" : "output must not be null");
        }
        FormulaSystem.Parsed p = system.parsed();
        double[] x0 = initialState == null ? new double[p.states().size()] : initialState;
        if (x0.length != p.states().size()) {
            throw new IllegalArgumentException("the initial state has " + x0.length + " values, expected "
                    + p.states().size() + " (one per state)");
        }
        Map<String, Distribution> draws = new LinkedHashMap<>();
        if (random != null && !random.isBlank()) {
            for (String pair : random.split(";", -1)) {
                int eq = pair.indexOf('=');
                String name = eq < 0 ? pair.trim() : pair.substring(0, eq).trim();
                if (eq < 0 || !(p.states().contains(name) || p.parameters().contains(name))) {
                    throw new IllegalArgumentException("random: expected name=distribution with a state or parameter "
                            + "name (states " + p.states() + ", parameters " + p.parameters() + "), got '" + pair.trim()
                            + "'");
                }
                if (draws.put(name, Distribution.parse(pair.substring(eq + 1), "random " + name)) != null) {
                    throw new IllegalArgumentException("random: '" + name + "' is given twice");
                }
            }
        }
        int numOutputs = system.expressions(output, "output").size();
        return new FormulaStudy(system, x0, draws, output, numOutputs, integration);
    }

    /** @return the random states and parameters, in the order they are drawn */
    List<String> randomNames() {
        return randomNames;
    }

    /**
     * The values a sample drew, replayed from the generator it started with (its {@code gen0..gen3}).
     *
     * @param generator a copy of the sample's generator before its draws; advanced
     * @return one value per {@link #randomNames()} entry
     */
    double[] draws(ReplayableRandom generator) {
        double[] values = new double[distributions.size()];
        for (int k = 0; k < values.length; k++) {
            values[k] = distributions.get(k).draw(generator);
        }
        return values;
    }

    @Override
    public Simulator<Double> apply(ReplayableRandom generator) {
        FormulaSystem.Parsed p = system.parsed();
        Simulator<Double> sim = new Simulator<>(p.system());
        if (scheme != null) {
            SimulatorConfigFunctions.applySimulatorConfig(new SimulatorConfig().setIntegrationScheme(scheme)
                    .setMaxStepSize(maxStep).setAccuracy(accuracy), sim);
        }
        Context<Double> c = sim.getMutableContext();
        c.setContinuousStateValues(initialState);
        double[] values = draws(generator);
        for (int k = 0; k < randomNames.size(); k++) {
            String name = randomNames.get(k);
            double value = values[k];
            int state = p.states().indexOf(name);
            if (state >= 0) {
                c.getMutableContinuousState().backingVector().setValue(state, value);
            } else {
                c.getMutableNumericParameter(0).setValue(p.parameters().indexOf(name), value);
            }
        }
        return sim;
    }

    /**
     * The first output (the only one of a scalar study).
     *
     * @param sys the system
     * @param c its context at the final time
     * @return the first output's value
     */
    @Override
    public double applyAsDouble(DynamicalSystem<Double> sys, Context<Double> c) {
        return values(c, 1)[0];
    }

    /**
     * Every output.
     *
     * @param sys the system
     * @param c its context at the final time
     * @return the outputs' values, in the order written
     */
    @Override
    public double[] evaluate(DynamicalSystem<Double> sys, Context<Double> c) {
        return values(c, numOutputs);
    }

    private double[] values(Context<Double> c, int count) {
        if (outputs == null) {
            outputs = system.expressions(outputText, "output");
        }
        FormulaSystem.Parsed p = system.parsed();
        Environment env = new Environment().put(p.names().get("t"), c.getTimeValue());
        for (int i = 0; i < p.states().size(); i++) {
            env.put(p.names().get(p.states().get(i)), c.getContinuousState().getValue(i));
        }
        for (int k = 0; k < p.parameters().size(); k++) {
            env.put(p.names().get(p.parameters().get(k)), c.getNumericParameter(0).getValue(k));
        }
        double[] y = new double[count];
        for (int i = 0; i < count; i++) {
            y[i] = outputs.get(i).evaluate(env);
        }
        return y;
    }
}
