package dev.mallard.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.BouncingBall;
import dev.mallard.roa.RegionOfAttractionOptions;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SparkBatchTest {

    private static final double T = 0.7;
    /** x' = -k x / d: x(T) = x0 exp(-k T / d); d = 0 makes the derivative infinite, and the row fail. */
    private static final FormulaSystem DECAY = new FormulaSystem("x", "-k*x/d", "k=1, d=1", null, null);
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSessions.shared();
    }

    private static Dataset<Row> grid(String[] names, double[]... rows) {
        StructType schema = new StructType();
        for (String n : names) {
            schema = schema.add(n, DataTypes.DoubleType, false);
        }
        List<Row> list = new ArrayList<>();
        for (double[] r : rows) {
            Object[] values = new Object[r.length];
            for (int i = 0; i < r.length; i++) {
                values[i] = r[i];
            }
            list.add(RowFactory.create(values));
        }
        return spark.createDataFrame(list, schema).repartition(2);
    }

    private static List<Row> sorted(Dataset<Row> rows, String by) {
        List<Row> out = new ArrayList<>(rows.collectAsList());
        out.sort(Comparator.comparingDouble(r -> r.getDouble(r.fieldIndex(by))));
        return out;
    }

    @Test
    void aSweepMatchesTheClosedFormAndKeepsItsFailingRow() {
        Dataset<Row> in = grid(new String[] {"x", "k", "d"}, new double[] {1, 0.5, 1}, new double[] {2, 1, 2},
                new double[] {-1, 3, 1}, new double[] {1, 1, 0});
        List<Row> out = sorted(SparkBatch.simulate(spark, ShippedSystem.formula(DECAY), in, T,
                (s, c) -> c.getContinuousState().getValue(0)), "d");
        assertEquals(4, out.size());
        Row failed = out.get(0);
        assertTrue(failed.isNullAt(failed.fieldIndex("output")));
        assertTrue(failed.getString(failed.fieldIndex("failure")).contains("Exception"), failed.toString());
        for (Row r : out.subList(1, 4)) {
            double expected = r.getDouble(0) * Math.exp(-r.getDouble(1) * T / r.getDouble(2));
            assertNull(r.get(r.fieldIndex("failure")), r.toString());
            // the simulator's default accuracy: relative errors of about 1e-4
            assertEquals(expected, r.getDouble(r.fieldIndex("output")), 1e-3 * Math.abs(expected), r.toString());
            assertEquals(r.getDouble(r.fieldIndex("output")), r.getList(r.fieldIndex("final_state")).get(0));
        }
    }

    @Test
    void timeDerivativesAreTheFormulasValues() {
        Dataset<Row> in = grid(new String[] {"x", "k", "d"}, new double[] {1, 0.5, 1}, new double[] {2, 1, 4},
                new double[] {-3, 2, 1});
        for (Row r : SparkBatch.timeDerivatives(spark, ShippedSystem.formula(DECAY), in).collectAsList()) {
            assertEquals(-r.getDouble(1) * r.getDouble(0) / r.getDouble(2),
                    (double) r.getList(r.fieldIndex("xdot")).get(0), 1e-15, r.toString());
        }
    }

    @Test
    void gradientsPerRowMatchTheClosedForm() {
        Dataset<Row> in = grid(new String[] {"x", "k"}, new double[] {1, 0.5}, new double[] {2, 1.5});
        for (Row r : SparkBatch.gradients(spark, ShippedSystem.formula(DECAY), in, T).collectAsList()) {
            double x0 = r.getDouble(0);
            double k = r.getDouble(1);
            double decay = Math.exp(-k * T);
            List<String> columns = r.getList(r.fieldIndex("jacobian_columns"));
            List<Double> jacobian = firstJacobianRow(r);
            // columns: the initial state, the parameters k and d, the final time
            assertEquals(4, columns.size(), columns.toString());
            assertEquals("t", columns.get(3), columns.toString());
            // derivatives of the simulated solution: relative errors of about 1e-4, as the solution's
            double[] exact = {decay, -T * x0 * decay, k * T * x0 * decay, -k * x0 * decay};
            for (int j = 0; j < 4; j++) {
                assertEquals(exact[j], jacobian.get(j), 1e-3 * Math.abs(exact[j]), columns.get(j) + " in " + r);
            }
        }
    }

    private static List<Double> firstJacobianRow(Row r) {
        return scala.jdk.javaapi.CollectionConverters.asJava(
                r.<scala.collection.Seq<Double>>getList(r.fieldIndex("state_jacobian")).get(0));
    }

    @Test
    void regionsOfAttractionOverAParameterGridKeepTheUnstablePoint() {
        // x' = -a x + x^3: the equilibrium 0 attracts exactly |x| < sqrt(a) when a > 0, nothing when a < 0
        FormulaSystem cubic = new FormulaSystem("x", "-a*x + x^3", "a=1", null, null);
        Dataset<Row> in = grid(new String[] {"a"}, new double[] {0.5}, new double[] {2}, new double[] {-1});
        List<Row> out = sorted(SparkRegionOfAttraction.certify(spark, ShippedSystem.formula(cubic), in,
                RegionOfAttractionOptions::defaults), "a");
        assertTrue(out.get(0).getString(out.get(0).fieldIndex("failure")).startsWith(
                "java.lang.IllegalArgumentException"), out.get(0).toString());
        Variable x = new Variable("x");
        for (Row r : out.subList(1, 3)) {
            double edge = Math.sqrt(r.getDouble(0));
            assertTrue(r.getBoolean(r.fieldIndex("verified")), r.toString());
            Expression v = Formula.parse(r.getString(r.fieldIndex("lyapunov")), Map.of("x", x));
            // sound (nothing outside the true region) and nearly tight (a quadratic V fits an interval exactly)
            assertTrue(v.evaluate(Map.of(x, 1.001 * edge)) > 1, r.toString());
            assertTrue(v.evaluate(Map.of(x, 0.95 * edge)) <= 1, r.toString());
        }
    }

    @Test
    void aJavaSystemTravelsAsASupplier() {
        ShippedSystem ball = ShippedSystem.of(() -> new BouncingBall<>(Scalar.DOUBLE, 1, 0.8, 9.81),
                (c, values) -> {
                    double h = values.get("h");
                    if (!(h > 0)) {
                        throw new IllegalArgumentException("h must be > 0, got " + h);
                    }
                    c.getMutableContinuousState().backingVector().setValue(0, h);
                });
        Dataset<Row> in = grid(new String[] {"h"}, new double[] {1}, new double[] {2}, new double[] {-1});
        List<Row> out = sorted(SparkBatch.simulate(spark, ball, in, 0.3, (s, c) -> c.getContinuousState()
                .getValue(0)), "h");
        assertEquals(3, out.size());
        assertEquals("java.lang.IllegalArgumentException: h must be > 0, got -1.0",
                out.get(0).getString(out.get(0).fieldIndex("failure")));
        assertTrue(out.get(0).isNullAt(out.get(0).fieldIndex("output")));
        for (Row r : out.subList(1, 3)) {
            assertEquals(r.getDouble(0) - 9.81 * 0.3 * 0.3 / 2, r.getDouble(r.fieldIndex("output")), 1e-6);
        }
    }

    @Test
    void unshippableSystemsAndBadColumnsAreRefusedOnTheDriver() {
        BouncingBall<Double> built = new BouncingBall<>(Scalar.DOUBLE, 1, 0.8, 9.81);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShippedSystem.of(() -> built, (c, v) -> { }));
        assertTrue(e.getMessage().startsWith("the system's recipe (SerializableSupplier) cannot be shipped to Spark "
                + "executors: it is or captures an instance of dev.mallard.examples.BouncingBall"), e.getMessage());
        Dataset<Row> text = spark.createDataFrame(List.of(RowFactory.create("one")),
                new StructType().add("x", DataTypes.StringType));
        assertEquals("input column 'x' is string; every input column must be numeric (a state, a parameter or t)",
                assertThrows(IllegalArgumentException.class,
                        () -> SparkBatch.timeDerivatives(spark, ShippedSystem.formula(DECAY), text)).getMessage());
        assertEquals("f: unknown variable 'y' at column 4 of \"-k*y\"", assertThrows(IllegalArgumentException.class,
                () -> new FormulaSystem("x", "-k*y", "k=1", null, null)).getMessage());
    }
}
