package dev.mallard.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.gradients.Linearization;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.DynamicalSystem;
import dev.mallard.systems.symbolic.ModelFile;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The acrobot and the planar quadrotor, written once as generic Java ({@link Acrobot}, {@link PlanarQuadrotor})
 * and once as formulas with definitions (as on the command line): the two agree with each other with double,
 * AutoDiff and Expression numbers, with the NumPy models of docs/models at a point, and the acrobot's
 * linearisation at the upright with the NumPy model's complex-step derivatives (docs/models/acrobot.py).
 */
class ModelExamplesTest {

    /** The acrobot as a --f formula with definitions (the same text README and docs/PERFORMANCE.md show). */
    static final String ACROBOT_FORMULA = "I1 = Ic1 + m1*lc1^2; I2 = Ic2 + m2*lc2^2; k = m2*l1*lc2;"
            + " m11 = I1 + I2 + m2*l1^2 + 2*k*cos(q2); m12 = I2 + k*cos(q2);"
            + " r1 = 2*k*sin(q2)*v2*v1 + k*sin(q2)*v2^2 - g*(m1*lc1*sin(q1) + m2*(l1*sin(q1) + lc2*sin(q1 + q2))) - b1*v1;"
            + " r2 = u - k*sin(q2)*v1^2 - g*m2*lc2*sin(q1 + q2) - b2*v2; det = m11*I2 - m12^2;"
            + " v1; v2; (I2*r1 - m12*r2)/det; (m11*r2 - m12*r1)/det";
    static final String ACROBOT_PARAMETERS = "m1=1, m2=1, l1=1, lc1=0.5, lc2=1, Ic1=0.083, Ic2=0.33, b1=0.1, b2=0.1, g=9.81";

    /** The planar quadrotor as a --f formula with a definition. */
    static final String QUADROTOR_FORMULA = "F = (u0 + u1)/m; xd; yd; thd; -sin(th)*F; cos(th)*F - g; r*(u0 - u1)/I";
    static final String QUADROTOR_PARAMETERS = "m=0.486, I=0.00383, r=0.25, g=9.81";

    /** docs/models/acrobot.py: A and B at x = (pi, 0, 0, 0), u = 0, by complex-step differentiation. */
    private static final double[][] ACROBOT_A = {
        {0, 0, 1, 0},
        {0, 0, 0, 1},
        {12.629158094942365, -12.6926212009471, -0.17208140873863045, 0.30146592658722476},
        {-14.748825835500538, 29.611885261809583, 0.3014659265872247, -0.6033200067279952}};
    private static final double[] ACROBOT_B = {0, 0, -3.014659265872247, 6.033200067279952};

    /** A SymbolicVectorSystem from --vars, --inputs, --params and --f as the command line reads them. */
    private static SymbolicVectorSystem<Double> formulaSystem(String vars, String inputs, String params, String f) {
        SymbolicVectorSystem.Builder b = SymbolicVectorSystem.builder().dynamics(f).state(vars).input(inputs)
                .parameters(params);
        return b.build(Scalar.DOUBLE);
    }

    private static <T> double[] derivatives(DynamicalSystem<T> system, double[] x, double[] u) {
        Context<T> c = system.createDefaultContext();
        c.setContinuousStateValues(x);
        c.fixInputPort(0, ScalarVector.ofValues(system.scalar(), u));
        ContinuousState<T> d = system.allocateTimeDerivatives();
        system.calcTimeDerivatives(c, d);
        return d.toValueArray();
    }

    /** Java (double, AutoDiff), the inspector's Expression and the formula system agree at random points. */
    private static void assertAllAgree(DynamicalSystem<Double> java, SymbolicVectorSystem<Double> formula, int inputs) {
        SystemSymbolicInspector in = SystemSymbolicInspector.of(java);
        Random r = new Random(32);
        int n = java.createDefaultContext().getNumContinuousStates();
        for (int k = 0; k < 50; k++) {
            double[] x = r.doubles(n, -3, 3).toArray();
            double[] u = r.doubles(inputs, -2, 2).toArray();
            double[] expected = derivatives(java, x, u);
            double[] fromFormula = derivatives(formula, x, u);
            double[] fromAutoDiff = derivatives(java.toScalar(AutoDiff.SCALAR), x, u);
            Environment at = new Environment();
            for (int i = 0; i < n; i++) {
                at.put(in.getContinuousStateVariables().get(i), x[i]);
            }
            for (int i = 0; i < inputs; i++) {
                at.put(in.getInputVariables().get(i), u[i]);
            }
            double[] p = java.createDefaultContext().getLeafContexts().stream()
                    .flatMapToDouble(c -> IntStream.range(0, c.getNumNumericParameterGroups())
                            .mapToObj(g -> c.getNumericParameter(g).toValueArray())
                            .flatMapToDouble(Arrays::stream)).toArray();
            for (int i = 0; i < p.length; i++) {
                at.put(in.getParameterVariables().get(i), p[i]);
            }
            List<Expression> f = in.getTimeDerivatives();
            for (int i = 0; i < n; i++) {
                double tolerance = 1e-12 * (1 + Math.abs(expected[i]));
                assertEquals(expected[i], fromFormula[i], tolerance, "formula, entry " + i);
                assertEquals(expected[i], fromAutoDiff[i], 0.0, "AutoDiff, entry " + i);
                assertEquals(expected[i], f.get(i).evaluate(at), tolerance, "Expression, entry " + i);
            }
        }
    }

    @Test
    void acrobotInJavaAndAsAFormulaAgreeWithEveryNumberType() {
        assertAllAgree(new Acrobot<>(Scalar.DOUBLE), formulaSystem("q1,q2,v1,v2", "u", ACROBOT_PARAMETERS,
                ACROBOT_FORMULA), 1);
    }

    @Test
    void theEquationModelsAgreeWithTheJavaModelsWithEveryNumberType() {
        assertAllAgree(new Acrobot<>(Scalar.DOUBLE), EquationModels.acrobot(Scalar.DOUBLE), 1);
        assertAllAgree(new PlanarQuadrotor<>(Scalar.DOUBLE), EquationModels.planarQuadrotor(Scalar.DOUBLE), 2);
        double[] x = {0.3, -0.4, 0.5, -0.6};
        double[] u = {0.7};
        assertArrayEquals(derivatives(EquationModels.acrobot(Scalar.DOUBLE), x, u),
                derivatives(EquationModels.acrobot(AutoDiff.SCALAR), x, u), 1e-13);
    }

    @Test
    void quadrotorInJavaAndAsAFormulaAgreeWithEveryNumberType() {
        assertAllAgree(new PlanarQuadrotor<>(Scalar.DOUBLE), formulaSystem("x,y,th,xd,yd,thd", "u0,u1",
                QUADROTOR_PARAMETERS, QUADROTOR_FORMULA), 2);
    }

    @Test
    void theModelFilesAgreeWithTheJavaModels() throws IOException {
        assertAllAgree(new Acrobot<>(Scalar.DOUBLE), modelFile("acrobot.yaml").toSystem(Scalar.DOUBLE), 1);
        assertAllAgree(new Acrobot<>(Scalar.DOUBLE), modelFile("acrobot_mass_matrix.yaml").toSystem(Scalar.DOUBLE), 1);
        assertAllAgree(new PlanarQuadrotor<>(Scalar.DOUBLE), modelFile("planar_quadrotor.yaml")
                .toSystem(Scalar.DOUBLE), 2);
        assertArrayEquals(new double[] {Math.PI, 0, 0, 0}, modelFile("acrobot.yaml").equilibrium().orElseThrow());
    }

    /** A file of the repository's data/models, found by walking up from the module's directory. */
    static ModelFile modelFile(String name) throws IOException {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("data").resolve("models").resolve(name);
            if (Files.isRegularFile(candidate)) {
                return ModelFile.read(candidate);
            }
        }
        throw new IllegalStateException("data/models/" + name + " not found above " + Path.of("").toAbsolutePath());
    }

    @Test
    void bothAgreeWithTheNumPyModelsAtAPoint() {
        // docs/models/acrobot.py and quadrotor.py print these.
        double[] acrobot = derivatives(new Acrobot<>(Scalar.DOUBLE), new double[] {0.3, -0.4, 0.5, -0.6},
                new double[] {0.7});
        double[] expected = {0.5, -0.6, -9.256336150390657, 17.04759222436525};
        for (int i = 0; i < 4; i++) {
            assertEquals(expected[i], acrobot[i], 1e-13 * (1 + Math.abs(expected[i])), "acrobot " + i);
        }
        double[] quadrotor = derivatives(new PlanarQuadrotor<>(Scalar.DOUBLE),
                new double[] {0.1, -0.2, 0.3, 0.4, -0.5, 0.6}, new double[] {2.0, 2.5});
        double[] expectedQ = {0.4, -0.5, 0.6, -2.7362982098272184, -0.9642917673554994, -32.637075718015666};
        for (int i = 0; i < 6; i++) {
            assertEquals(expectedQ[i], quadrotor[i], 1e-13 * (1 + Math.abs(expectedQ[i])), "quadrotor " + i);
        }
    }

    @Test
    void acrobotLinearisationAtTheUprightMatchesTheComplexStepReference() throws IOException {
        List<DynamicalSystem<Double>> forms = new ArrayList<>();
        forms.add(new Acrobot<>(Scalar.DOUBLE));
        forms.add(formulaSystem("q1,q2,v1,v2", "u", ACROBOT_PARAMETERS, ACROBOT_FORMULA));
        forms.add(modelFile("acrobot.yaml").toSystem(Scalar.DOUBLE));
        forms.add(modelFile("acrobot_mass_matrix.yaml").toSystem(Scalar.DOUBLE));
        for (DynamicalSystem<Double> system : forms) {
            Context<Double> upright = system.createDefaultContext();
            upright.setContinuousStateValues(Math.PI, 0, 0, 0);
            upright.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, 0.0));
            AffineSystem<Double> lin = Linearization.linearize(system, upright);
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 4; j++) {
                    assertEquals(ACROBOT_A[i][j], lin.getA()[i][j], 1e-12 * (1 + Math.abs(ACROBOT_A[i][j])),
                            system.getName() + " A" + i + j);
                }
                assertEquals(ACROBOT_B[i], lin.getB()[i][0], 1e-12 * (1 + Math.abs(ACROBOT_B[i])),
                        system.getName() + " B" + i);
            }
        }
    }

    @Test
    void quadrotorHoversAndItsLinearisationIsTheClosedForm() {
        PlanarQuadrotor<Double> q = new PlanarQuadrotor<>(Scalar.DOUBLE);
        double m = PlanarQuadrotor.DRAKE_MASS;
        double hover = m * PlanarQuadrotor.GRAVITY / 2;
        Context<Double> c = q.createDefaultContext();
        c.fixInputPort(0, ScalarVector.ofValues(Scalar.DOUBLE, hover, hover));
        AffineSystem<Double> lin = Linearization.linearize(q, c);
        // d xddot / d theta = -g; d ydot'/du_i = 1/m; d thetaddot/du = +-r/I.
        assertEquals(-PlanarQuadrotor.GRAVITY, lin.getA()[3][2], 1e-14);
        assertEquals(1 / m, lin.getB()[4][0], 1e-14);
        assertEquals(PlanarQuadrotor.DRAKE_ARM / PlanarQuadrotor.DRAKE_INERTIA, lin.getB()[5][0], 1e-12);
        assertEquals(-PlanarQuadrotor.DRAKE_ARM / PlanarQuadrotor.DRAKE_INERTIA, lin.getB()[5][1], 1e-12);
    }
}
