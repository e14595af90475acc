package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.VanDerPol;
import dev.mallard.scalar.Scalar;
import dev.mallard.sdp.SdpOptions;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.Diagram;
import dev.mallard.systems.DiagramBuilder;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.primitives.ConstantVectorSource;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Drake's region-of-attraction tests and the Underactuated notes' numbers, plus the checks Mallard adds. */
class RegionOfAttractionTest {

    private static final RegionOfAttractionOptions NO_SIMULATION = RegionOfAttractionOptions.defaults()
            .withSimulationCheck(0, 1.0, 1e-3, 1);

    private static void assertPolynomial(String expected, Map<String, Variable> names, Expression actual,
            double tolerance) {
        List<Variable> vars = List.copyOf(names.values());
        Polynomial want = Formula.parse(expected, names).toPolynomial(vars);
        Polynomial got = actual.toPolynomial(vars);
        assertTrue(got.equalsWithin(want, tolerance), () -> "expected " + want + ", got " + got);
    }

    private static Expression analyzeCubic(double center, RegionOfAttractionOptions options) {
        CubicSystem<Double> system = new CubicSystem<>(Scalar.DOUBLE, center, false, false);
        Context<Double> context = system.createDefaultContext();
        context.setContinuousStateValues(center);
        return RegionOfAttraction.analyze(system, context, options);
    }

    @Test
    void cubicFromTheLinearisationIsXSquared() {
        Variable x = new Variable("x");
        Expression v = analyzeCubic(0.0, NO_SIMULATION.withStateVariables(List.of(x)));
        assertPolynomial("x^2", Map.of("x", x), v, 1e-4);
    }

    @Test
    void cubicShiftedToTwoIsXMinusTwoSquared() {
        Variable x = new Variable("x");
        Expression v = analyzeCubic(2.0, NO_SIMULATION.withStateVariables(List.of(x)));
        assertPolynomial("(x - 2)^2", Map.of("x", x), v, 1e-4);
    }

    @Test
    void userCandidateThreeXToTheFourthBecomesXToTheFourth() {
        // Written in a variable named x0, as Drake's documentation asks when no state variables are given.
        Variable x0 = new Variable("x0");
        Expression v = analyzeCubic(0.0, NO_SIMULATION.withLyapunovCandidate(x0.toExpression().pow(4).times(3)));
        assertPolynomial("x0^4", Map.of("x0", x0), v, 1e-4);
        // Vdot = -12 x^4 + 12 x^6 has a zero Hessian at 0: the multiplier must be SOS, and is certified too.
        CubicSystem<Double> system = new CubicSystem<>(Scalar.DOUBLE, 0.0, false, false);
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(),
                NO_SIMULATION.withLyapunovCandidate(x0.toExpression().pow(4).times(3)));
        assertEquals(false, r.multiplierFree());
        assertEquals(2, r.certificates().size());
        assertTrue(r.isVerified(), r::toString);
        assertEquals(3.0, r.optimalRho(), 1e-5);
    }

    @Test
    void implicitRationalDynamicsGiveXSquared() {
        Variable x = new Variable("x");
        CubicSystem<Double> system = new CubicSystem<>(Scalar.DOUBLE, 0.0, false, true);
        Context<Double> context = system.createDefaultContext();
        Expression v = RegionOfAttraction.analyze(system, context,
                NO_SIMULATION.withStateVariables(List.of(x)).withUseImplicitDynamics(true));
        assertPolynomial("x^2", Map.of("x", x), v, 1e-4);
    }

    @Test
    void cubicAsASubsystemOfADiagramIsXSquared() {
        DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
        builder.addSystem(new CubicSystem<>(Scalar.DOUBLE, 0.0, false, false));
        Diagram<Double> diagram = builder.build();
        Variable x = new Variable("x");
        Expression v = RegionOfAttraction.analyze(diagram, diagram.createDefaultContext(),
                NO_SIMULATION.withStateVariables(List.of(x)));
        assertPolynomial("x^2", Map.of("x", x), v, 1e-4);
    }

    /** Drake's SubSystem case: the system's own context inside a diagram, its input fed by a constant 0. */
    @Test
    void cubicAnalysedOnItsSubsystemContextInADiagramIsXSquared() {
        DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
        CubicSystem<Double> system = builder.addSystem(new CubicSystem<>(Scalar.DOUBLE, 0.0, true, false));
        ConstantVectorSource<Double> zero = builder.addSystem(new ConstantVectorSource<>(Scalar.DOUBLE, "zero", 0.0));
        builder.connect(zero.getOutputPort(0), system.getInputPort(0));
        Diagram<Double> diagram = builder.build();
        Context<Double> diagramContext = diagram.createDefaultContext();
        Context<Double> systemContext = system.getMyContextFromRoot(diagramContext);
        Variable x = new Variable("x");
        Expression v = RegionOfAttraction.analyze(system, systemContext, NO_SIMULATION.withStateVariables(List.of(x)));
        assertPolynomial("x^2", Map.of("x", x), v, 1e-4);
    }

    @Test
    void cubicWithAnInputFixedToZeroIsXSquared() {
        CubicSystem<Double> system = new CubicSystem<>(Scalar.DOUBLE, 0.0, true, false);
        Context<Double> context = system.createDefaultContext();
        system.getInputPort(0).fixValue(context, 0.0);
        Variable x = new Variable("x");
        Expression v = RegionOfAttraction.analyze(system, context, NO_SIMULATION.withStateVariables(List.of(x)));
        assertPolynomial("x^2", Map.of("x", x), v, 1e-4);
    }

    /**
     * Drake's ParriloExample (Parrilo's thesis, section 7.2): V = x^2 + y^2 is certified at the thesis's level
     * 2.66673^2, to Drake's 1e-5; and again, to Drake's 1e-6, with the candidate scaled by 1e8 (which Drake
     * checks with Mosek only, after balancing; Mallard's level search works in rescaled units).
     */
    @Test
    void parriloExampleReachesTheThesisLevel() {
        Map<String, Variable> names = new HashMap<>();
        List<Expression> f = List.of(Formula.parseCreating("-x + y", names),
                Formula.parseCreating("0.1*x - 2*y - x^2 - 0.1*x^3", names));
        Variable x = names.get("x");
        Variable y = names.get("y");
        SymbolicVectorSystem<Double> system = SymbolicVectorSystem.builder().state(x, y).dynamics(f)
                .build(Scalar.DOUBLE);
        Expression candidate = Formula.parse("x^2 + y^2", names);
        RegionOfAttractionOptions options = NO_SIMULATION.withStateVariables(List.of(x, y));
        Expression v = RegionOfAttraction.analyze(system, system.createDefaultContext(),
                options.withLyapunovCandidate(candidate));
        assertPolynomial("(x^2 + y^2) / 2.66673^2", names, v, 1e-5);
        Expression scaled = RegionOfAttraction.analyze(system, system.createDefaultContext(),
                options.withLyapunovCandidate(candidate.times(1e8)));
        assertPolynomial("(x^2 + y^2) / 2.66673^2", names, scaled, 1e-6);
    }

    @Test
    void timeReversedVanDerPolReachesDrakesRho() {
        VanDerPol<Double> system = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        Context<Double> context = system.createDefaultContext();
        context.setContinuousStateValues(0.0, 0.0);
        Variable x1 = new Variable("x1");
        Variable x2 = new Variable("x2");
        Map<String, Variable> names = Map.of("x1", x1, "x2", x2);
        Expression candidate = Formula.parse("1.5*x1^2 - x1*x2 + x2^2", names);
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(system, context,
                RegionOfAttractionOptions.defaults().withStateVariables(List.of(x1, x2)).withLyapunovCandidate(candidate));
        assertTrue(r.isVerified(), r::toString);
        assertEquals(2.3045, r.rho(), 1e-4);
        assertEquals(2.3045, r.optimalRho(), 1e-4);
        assertTrue(r.multiplierFree());
        assertPolynomial("(1.5*x1^2 - x1*x2 + x2^2) / 2.3045", names, r.lyapunovFunction(), 1e-4);
        // The simulation cross-check: every sample inside or on the boundary converges.
        SimulationCheck sim = r.simulation();
        assertEquals(8, sim.insideSamples());
        assertEquals(8, sim.boundarySamples());
        assertTrue(sim.allConverged(), sim::toString);
    }

    @Test
    void vanDerPolWithoutCandidateSolvesTheLyapunovEquationForTheSameV() {
        VanDerPol<Double> system = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        Variable x1 = new Variable("x1");
        Variable x2 = new Variable("x2");
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(),
                NO_SIMULATION.withStateVariables(List.of(x1, x2)));
        assertPolynomial("1.5*x1^2 - x1*x2 + x2^2", Map.of("x1", x1, "x2", x2), r.candidate(), 1e-12);
        assertEquals(2.3045, r.rho(), 1e-4);
        assertEquals(2, r.sdpSolves());
        // Independently: the exact largest level is min V over {Vdot = 0, y != 0}. Along the ray r (cos t, sin t),
        // V = r^2 V(u) and Vdot = r^2 q2(u) + r^4 q4(u) with q2 = -|u|^2, q4 = 2 a^2 b^2 - a^3 b.
        double exact = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 200000; k++) {
            double a = Math.cos(Math.PI * k / 200000);
            double b = Math.sin(Math.PI * k / 200000);
            double q4 = 2 * a * a * b * b - a * a * a * b;
            if (q4 > 0) {
                exact = Math.min(exact, (a * a + b * b) / q4 * (1.5 * a * a - a * b + b * b));
            }
        }
        assertEquals(exact, r.optimalRho(), 1e-6);
    }

    @Test
    void vIterationEnlargesTheVanDerPolEstimate() {
        VanDerPol<Double> system = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(),
                RegionOfAttractionOptions.defaults().withEnlargement(3, 20000));
        assertTrue(r.isVerified(), r::toString);
        EnlargementReport e = r.enlargement();
        assertTrue(e.iterations() >= 1, e::toString);
        assertTrue(e.gain() > 1.0, e::toString);
        // The enlarged estimate is still an inner approximation: simulations from it converge.
        assertTrue(r.simulation().allConverged(), r.simulation()::toString);
    }

    @Test
    void dampedPendulumIsRecastInSinAndCosAndExcludesTheUpright() {
        DynamicalSystem<Double> pendulum = new dev.mallard.examples.DampedPendulum<>(Scalar.DOUBLE, 1.0, 0.1, 9.81);
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(pendulum, pendulum.createDefaultContext(),
                NO_SIMULATION);
        assertTrue(r.isVerified(), r::toString);
        Variable th = r.stateVariables().get(0);
        Variable w = r.stateVariables().get(1);
        Expression v = r.lyapunovFunction();
        assertTrue(v.toString().contains("sin(") && v.toString().contains("cos("), v::toString);
        // The upright (pi, 0) is an equilibrium, so it lies outside {V < 1}; the hanging one is V's minimum.
        assertTrue(v.evaluate(new dev.mallard.symbolic.Environment().put(th, Math.PI).put(w, 0.0)) >= 1.0, v::toString);
        assertEquals(0.0, v.evaluate(new dev.mallard.symbolic.Environment().put(th, 0.0).put(w, 0.0)), 1e-12);
    }

    @Test
    void exponentialDynamicsAreRefusedNamingTheCulprit() {
        Variable x = new Variable("x");
        DynamicalSystem<Double> system = dev.mallard.systems.symbolic.SymbolicVectorSystem.builder()
                .state(x).dynamics(Formula.parse("1 - exp(x)", Map.of("x", x))).build(Scalar.DOUBLE);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RegionOfAttraction.analyze(system, system.createDefaultContext(), NO_SIMULATION));
        assertTrue(e.getMessage().contains("not polynomial") && e.getMessage().contains("exp"), e.getMessage());
    }

    @Test
    void aStateThatIsNotAFixedPointIsRefusedWithTheDerivative() {
        CubicSystem<Double> system = new CubicSystem<>(Scalar.DOUBLE, 0.0, false, false);
        Context<Double> context = system.createDefaultContext();
        context.setContinuousStateValues(0.5);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RegionOfAttraction.analyze(system, context, NO_SIMULATION));
        // -0.5 + 0.125
        assertTrue(e.getMessage().contains("not a fixed point") && e.getMessage().contains("0.375"), e.getMessage());
    }

    @Test
    void anUnstableLinearisationIsRefusedWithItsEigenvalue() {
        // The fixed point x = 1 of the cubic: f'(1) = -1 + 3 = 2.
        CubicSystem<Double> system = new CubicSystem<>(Scalar.DOUBLE, 0.0, false, false);
        Context<Double> context = system.createDefaultContext();
        context.setContinuousStateValues(1.0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RegionOfAttraction.analyze(system, context, NO_SIMULATION));
        assertTrue(e.getMessage().contains("unstable") && e.getMessage().contains("2.0"), e.getMessage());
    }

    @Test
    void candidatesThatAreNotPositiveDefiniteAreRefused() {
        Variable x0 = new Variable("x0");
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> analyzeCubic(0.0, NO_SIMULATION.withLyapunovCandidate(x0.toExpression().pow(2).negate())));
        assertTrue(negative.getMessage().contains("not positive definite"), negative.getMessage());
        IllegalArgumentException offset = assertThrows(IllegalArgumentException.class,
                () -> analyzeCubic(0.0, NO_SIMULATION.withLyapunovCandidate(x0.toExpression().pow(2).plus(1))));
        assertTrue(offset.getMessage().contains("1.0 at the fixed point"), offset.getMessage());
        VanDerPol<Double> vdp = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        Variable a = new Variable("x0");
        IllegalArgumentException flat = assertThrows(IllegalArgumentException.class,
                () -> RegionOfAttraction.analyze(vdp, vdp.createDefaultContext(),
                        NO_SIMULATION.withLyapunovCandidate(a.toExpression().pow(2))));
        assertTrue(flat.getMessage().contains("does not grow along"), flat.getMessage());
    }

    @Test
    void aSolverFailureIsReportedWithItsStatus() {
        VanDerPol<Double> system = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        RegionOfAttractionOptions starved = NO_SIMULATION.withSosOptions(SosOptions.defaults()
                .withSdpOptions(dev.mallard.sdp.SdpOptions.defaults().withMaxIterations(2)));
        RegionOfAttractionException e = assertThrows(RegionOfAttractionException.class,
                () -> RegionOfAttraction.analyze(system, system.createDefaultContext(), starved));
        assertTrue(e.getMessage().contains("ITERATION_LIMIT"), e.getMessage());
    }

    /** Drake's solver_options: the SDP settings reach every solve, and the other SOS settings are kept. */
    @Test
    void solverOptionsReachTheSolverAndKeepTheOtherSosSettings() {
        SdpOptions twoIterations = SdpOptions.defaults().withMaxIterations(2);
        RegionOfAttractionOptions starved = NO_SIMULATION
                .withSosOptions(SosOptions.defaults().withCone(SosOptions.Cone.DSOS))
                .withSolverOptions(twoIterations);
        assertEquals(twoIterations, starved.solverOptions());
        assertEquals(SosOptions.Cone.DSOS, starved.sosOptions().cone());
        assertEquals(SdpOptions.defaults().maxIterations(), NO_SIMULATION.solverOptions().maxIterations());
        VanDerPol<Double> system = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        RegionOfAttractionException e = assertThrows(RegionOfAttractionException.class,
                () -> RegionOfAttraction.analyze(system, system.createDefaultContext(), starved));
        assertTrue(e.getMessage().contains("ITERATION_LIMIT"), e.getMessage());
        assertThrows(NullPointerException.class, () -> NO_SIMULATION.withSolverOptions(null));
    }

    @Test
    void aCertificateThatFailsItsCheckIsNeverReportedAsSuccess() {
        // Without the Newton-polytope reduction the Gram basis holds the monomial 1, whose diagonal entry must
        // be 0 (p has no constant term): no Gram matrix is positive definite, so no margin can be verified.
        VanDerPol<Double> system = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        RegionOfAttractionOptions full = NO_SIMULATION.withSosOptions(SosOptions.defaults().withNewtonReduction(false));
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(), full);
        assertEquals(false, r.isVerified(), r::toString);
        assertEquals(10, r.certificates().get(0).basis().size());
        RegionOfAttractionException e = assertThrows(RegionOfAttractionException.class,
                () -> RegionOfAttraction.analyze(system, system.createDefaultContext(), full));
        assertTrue(e.getMessage().contains("did not pass its independent check"), e.getMessage());
    }

    @Test
    void dsosCertifiesASmallerVanDerPolLevelAsALinearProgram() {
        VanDerPol<Double> system = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(),
                NO_SIMULATION.withSosOptions(SosOptions.defaults().withCone(SosOptions.Cone.DSOS)));
        assertTrue(r.isVerified(), r::toString);
        assertTrue(r.rho() > 1.5 && r.rho() < 2.3045, r::toString);
    }

    @Test
    void implicitFormUsesAFreeMultiplierWhenVdotIsNegativeDefiniteOnTheTangentSpace() {
        CubicSystem<Double> system = new CubicSystem<>(Scalar.DOUBLE, 0.0, false, true);
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(system, system.createDefaultContext(),
                NO_SIMULATION.withUseImplicitDynamics(true));
        assertTrue(r.isVerified(), r::toString);
        assertTrue(r.multiplierFree());
        // The region is (-1, 1) for V = x^2 / 2 (from A = -1): rho = 1/2.
        assertEquals(0.5, r.optimalRho(), 1e-5);
    }

    /** {@code xdot = -x + t x^3}: time-varying. */
    private static final class TimeVarying<T> extends dev.mallard.systems.LeafSystem<T> {
        TimeVarying(Scalar<T> scalar) {
            super(scalar, "time-varying cubic");
            declareContinuousState(1);
        }

        @Override
        protected void doCalcTimeDerivatives(Context<T> context, dev.mallard.systems.ContinuousState<T> derivatives) {
            Scalar<T> s = scalar();
            T x = context.getContinuousState().get(0);
            derivatives.set(0, s.add(s.neg(x), s.mul(context.getTime(), s.pow(x, 3))));
        }

        @Override
        protected <U> dev.mallard.systems.LeafSystem<U> convertTo(Scalar<U> target) {
            return new TimeVarying<>(target);
        }
    }

    @Test
    void timeVaryingDynamicsAreRefused() {
        TimeVarying<Double> system = new TimeVarying<>(Scalar.DOUBLE);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RegionOfAttraction.analyze(system, system.createDefaultContext(), NO_SIMULATION));
        assertTrue(e.getMessage().contains("not time-invariant"), e.getMessage());
    }

    @Test
    void threeCubicsInADiagramGiveTheUnitBall() {
        // x_i' = -x_i + x_i^3 for i = 0, 1, 2: the region is the open cube (-1, 1)^3, and the largest sphere
        // {|x|^2 < 1} inside it is the best level set of V = |x|^2 / 2 (from A = -I).
        DiagramBuilder<Double> builder = new DiagramBuilder<>(Scalar.DOUBLE);
        for (int i = 0; i < 3; i++) {
            builder.addSystem(new CubicSystem<>(Scalar.DOUBLE, "cubic" + i, 0.0, false, false));
        }
        Diagram<Double> diagram = builder.build();
        Variable a = new Variable("a");
        Variable b = new Variable("b");
        Variable c = new Variable("c");
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(diagram, diagram.createDefaultContext(),
                RegionOfAttractionOptions.defaults().withStateVariables(List.of(a, b, c)));
        assertTrue(r.isVerified(), r::toString);
        assertEquals(0.5, r.optimalRho(), 1e-5);
        assertPolynomial("a^2 + b^2 + c^2", Map.of("a", a, "b", b, "c", c), r.lyapunovFunction(), 1e-4);
        assertTrue(r.simulation().allConverged(), r.simulation()::toString);
    }
}
