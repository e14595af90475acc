package dev.mallard.examples.programs;

import dev.mallard.roa.RegionOfAttraction;
import dev.mallard.roa.RegionOfAttractionOptions;
import dev.mallard.roa.RegionOfAttractionResult;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.util.Map;

/**
 * The region of attraction of your own polynomial system, certified by sum-of-squares programming.
 *
 * <p>The system here is a damped oscillator with a softening spring,
 * <pre>
 *   x1' = x2
 *   x2' = -x1 - x2 + x1³ / 3
 * </pre>
 * stable at the origin, with saddle points at {@code x1 = ±sqrt(3)}. It is written from formulas with
 * {@link SymbolicVectorSystem#builder()}; a {@code LeafSystem} written against {@code Scalar<T>} works the
 * same way, since the analysis converts the system to symbolic form. With no candidate given, the Lyapunov
 * function is {@code V = x'Px} with {@code A'P + PA = -I} for the linearisation A, and the analysis
 * certifies the largest level {@code rho} it can such that {@code V < rho} lies in the region of attraction
 * ({@code dV/dt < 0} there except at the origin); the certificate is checked independently, and
 * simulations from inside and on the boundary of the estimate cross-check it.
 */
public final class OwnSystemRegionOfAttraction {

    private OwnSystemRegionOfAttraction() {
    }

    /** @return the system, in state variables named x1 and x2, at rest at the origin by default */
    public static SymbolicVectorSystem<Double> softeningOscillator() {
        Variable x1 = new Variable("x1");
        Variable x2 = new Variable("x2");
        Map<String, Variable> names = Map.of("x1", x1, "x2", x2);
        return SymbolicVectorSystem.builder()
                .name("softening oscillator")
                .state(x1, x2)
                .dynamics(Formula.parse("x2", names), Formula.parse("-x1 - x2 + x1^3/3", names))
                .initialState(0.0, 0.0)
                .build(Scalar.DOUBLE);
    }

    /**
     * Certifies a region of attraction of the origin.
     *
     * @return the analysis: {@code candidate()} is V in x1, x2, {@code rho()} its certified level,
     *     {@code lyapunovFunction()} is {@code V / rho} (the estimate is {@code V / rho <= 1})
     * @throws dev.mallard.roa.RegionOfAttractionException if the SDP fails
     */
    public static RegionOfAttractionResult analyze() {
        SymbolicVectorSystem<Double> system = softeningOscillator();
        // The context holds the fixed point to analyse as its continuous state: here the default, (0, 0).
        Context<Double> context = system.createDefaultContext();
        // Naming the state variables makes V come back in x1, x2 rather than in fresh variables x0, x1.
        RegionOfAttractionOptions options = RegionOfAttractionOptions.defaults()
                .withStateVariables(system.getStateVariables());
        return RegionOfAttraction.analyzeDetailed(system, context, options);
    }

    /**
     * Prints V, its certified level and the simulation cross-check.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        RegionOfAttractionResult r = analyze();
        Expression v = r.candidate();
        System.out.println("system: x1' = x2, x2' = -x1 - x2 + x1^3/3");
        System.out.println("V = " + v);
        System.out.printf("certified: V < %.6f (certificate verified)%n", r.rho());
        System.out.println("simulation cross-check: " + r.simulation());
        System.out.printf("%d SDPs, %.3f s%n", r.sdpSolves(), r.totalSeconds());
    }
}
