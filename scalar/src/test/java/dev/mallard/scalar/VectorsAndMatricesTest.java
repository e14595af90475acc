package dev.mallard.scalar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

/**
 * Behaviour and argument errors of the four stores: {@link DoubleVector} and {@link GenericVector},
 * {@link DoubleMatrix} and {@link GenericMatrix}. The generic ones are run over a boxed test scalar.
 */
class VectorsAndMatricesTest {

    private static final Scalar<Double> BOXED = BoxedDoubleScalar.NUMERIC;

    private static List<ScalarVector<Double>> vectorsOfSize3() {
        return List.of(new DoubleVector(3), new GenericVector<>(BOXED, 3));
    }

    private static List<ScalarMatrix<Double>> matrices2x3() {
        return List.of(new DoubleMatrix(2, 3), new GenericMatrix<>(BOXED, 2, 3));
    }

    @Test
    void newVectorsHoldZerosAndTakeSetValues() {
        for (ScalarVector<Double> v : vectorsOfSize3()) {
            assertEquals(3, v.size());
            assertArrayEquals(new double[3], v.toValueArray(), 0.0);
            v.set(0, 1.5);
            v.setValue(2, -2.0);
            assertEquals(1.5, v.get(0));
            assertEquals(1.5, v.getValue(0));
            assertEquals(-2.0, v.get(2));
            assertArrayEquals(new double[] {1.5, 0, -2}, v.toValueArray(), 0.0);
        }
    }

    @Test
    void vectorIndexErrorsNameTheIndexAndTheRange() {
        for (ScalarVector<Double> v : vectorsOfSize3()) {
            IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> v.get(3));
            assertEquals("index = 3 is outside [0, 3)", e.getMessage());
            assertThrows(IndexOutOfBoundsException.class, () -> v.set(-1, 0.0));
            assertThrows(IndexOutOfBoundsException.class, () -> v.getValue(5));
            assertThrows(IndexOutOfBoundsException.class, () -> v.setValue(3, 1.0));
            NullPointerException n = assertThrows(NullPointerException.class, () -> v.set(0, null));
            assertEquals("value must not be null", n.getMessage());
        }
    }

    @Test
    void negativeSizesAndNullScalarsAreReported() {
        assertEquals("size must be >= 0, got -1",
                assertThrows(IllegalArgumentException.class, () -> new DoubleVector(-1)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new GenericVector<>(BOXED, -1));
        assertEquals("scalar must not be null",
                assertThrows(NullPointerException.class, () -> new GenericVector<Double>(null, 1)).getMessage());
        assertEquals("rows must be >= 0, got -2",
                assertThrows(IllegalArgumentException.class, () -> new DoubleMatrix(-2, 1)).getMessage());
        assertEquals("cols must be >= 0, got -3",
                assertThrows(IllegalArgumentException.class, () -> new GenericMatrix<>(BOXED, 1, -3)).getMessage());
        assertEquals("data must not be null",
                assertThrows(NullPointerException.class, () -> DoubleVector.wrap(null)).getMessage());
    }

    @Test
    void copiesAreIndependentAndEqualUntilChanged() {
        for (ScalarVector<Double> v : vectorsOfSize3()) {
            v.setValue(1, 4.0);
            ScalarVector<Double> c = v.copy();
            assertNotSame(v, c);
            assertEquals(v, c);
            assertEquals(v.hashCode(), c.hashCode());
            c.setValue(1, 5.0);
            assertEquals(4.0, v.getValue(1));
            assertNotEquals(v, c);
        }
    }

    @Test
    void setFromCopiesEveryEntryAndChecksTheSize() {
        DoubleVector target = new DoubleVector(3);
        target.setFrom(ScalarVector.ofValues(Scalar.DOUBLE, 1, 2, 3));
        assertArrayEquals(new double[] {1, 2, 3}, target.data(), 0.0);
        target.setFrom(new GenericVector<>(BOXED, 3));
        assertArrayEquals(new double[3], target.data(), 0.0);
        GenericVector<Double> generic = new GenericVector<>(BOXED, 3);
        generic.setFrom(DoubleVector.wrap(new double[] {7, 8, 9}));
        assertArrayEquals(new double[] {7, 8, 9}, generic.toValueArray(), 0.0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> target.setFrom(new DoubleVector(2)));
        assertEquals("source has size 2, expected 3", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> generic.setFrom(new DoubleVector(4)));
        GenericVector<Double> copy = new GenericVector<>(BOXED, 3);
        copy.setFrom(generic);
        generic.set(0, -1.0);
        assertArrayEquals(new double[] {7, 8, 9}, copy.toValueArray(), 0.0);
        assertThrows(IllegalArgumentException.class, () -> copy.setFrom(new GenericVector<>(BOXED, 2)));
    }

    @Test
    void wrappedDoubleVectorSharesItsArrayAndValueArraysAreCopies() {
        double[] data = {1, 2};
        DoubleVector v = DoubleVector.wrap(data);
        assertSame(data, v.data());
        data[0] = 10;
        assertEquals(10.0, v.getValue(0));
        v.toValueArray()[1] = 99;
        assertEquals(2.0, v.getValue(1));
        assertEquals("[10.0, 2.0]", v.toString());
        assertNotEquals(v, DoubleVector.wrap(new double[] {10, 3}));
    }

    @Test
    void vectorFactoriesCheckTheirEntries() {
        ScalarVector<Double> v = ScalarVector.of(BOXED, 1.0, 2.0);
        assertEquals(GenericVector.class, v.getClass());
        assertArrayEquals(new double[] {1, 2}, v.toValueArray(), 0.0);
        assertEquals(DoubleVector.class, ScalarVector.of(Scalar.DOUBLE, 1.0).getClass());
        NullPointerException e = assertThrows(NullPointerException.class, () -> ScalarVector.of(BOXED, 1.0, null));
        assertEquals("entries[1] must not be null", e.getMessage());
        assertThrows(NullPointerException.class, () -> ScalarVector.ofValues(null, 1.0));
        assertThrows(NullPointerException.class, () -> ScalarVector.ofValues(BOXED, (double[]) null));
    }

    @Test
    void newMatricesHoldZerosAndTakeSetValues() {
        for (ScalarMatrix<Double> m : matrices2x3()) {
            assertEquals(2, m.rows());
            assertEquals(3, m.cols());
            assertArrayEquals(new double[2][3], m.toValueArray());
            m.set(1, 2, 5.0);
            m.setValue(0, 1, -1.0);
            assertEquals(5.0, m.get(1, 2));
            assertEquals(-1.0, m.getValue(0, 1));
            assertArrayEquals(new double[][] {{0, -1, 0}, {0, 0, 5}}, m.toValueArray());
            assertEquals("[[0.0, -1.0, 0.0], [0.0, 0.0, 5.0]]", m.toString());
        }
    }

    @Test
    void matrixIndexErrorsNameRowOrColumn() {
        for (ScalarMatrix<Double> m : matrices2x3()) {
            assertEquals("row = 2 is outside [0, 2)",
                    assertThrows(IndexOutOfBoundsException.class, () -> m.get(2, 0)).getMessage());
            assertEquals("col = 3 is outside [0, 3)",
                    assertThrows(IndexOutOfBoundsException.class, () -> m.setValue(0, 3, 1.0)).getMessage());
            assertThrows(IndexOutOfBoundsException.class, () -> m.getValue(-1, 0));
            assertThrows(NullPointerException.class, () -> m.set(0, 0, null));
        }
    }

    @Test
    void matrixCopiesAreIndependentAndEqualityIsByShapeAndEntries() {
        for (ScalarMatrix<Double> m : matrices2x3()) {
            m.setValue(0, 0, 3.0);
            ScalarMatrix<Double> c = m.copy();
            assertEquals(m, c);
            assertEquals(m.hashCode(), c.hashCode());
            c.setValue(0, 0, 4.0);
            assertEquals(3.0, m.getValue(0, 0));
            assertNotEquals(m, c);
        }
        assertNotEquals(new DoubleMatrix(2, 3), new DoubleMatrix(3, 2));
        assertNotEquals(new GenericMatrix<>(BOXED, 2, 3), new GenericMatrix<>(BOXED, 3, 2));
    }

    @Test
    void doubleMatrixSharesStorageWithEjmlRowMajor() {
        DMatrixRMaj e = new DMatrixRMaj(new double[][] {{1, 2}, {3, 4}});
        DoubleMatrix m = DoubleMatrix.wrap(e);
        assertSame(e, m.toEjml());
        assertEquals(3.0, m.getValue(1, 0));
        m.setValue(0, 1, 20.0);
        assertEquals(20.0, e.get(0, 1));
        assertArrayEquals(new double[] {1, 20, 3, 4}, m.data(), 0.0);
    }

    @Test
    void matrixFromValuesRejectsRaggedRows() {
        ScalarMatrix<Double> m = ScalarMatrix.ofValues(BOXED, new double[][] {{1, 2}, {3, 4}});
        assertEquals(GenericMatrix.class, m.getClass());
        assertEquals(4.0, m.getValue(1, 1));
        assertEquals(DoubleMatrix.class, ScalarMatrix.ofValues(Scalar.DOUBLE, new double[][] {{1}}).getClass());
        assertEquals(0, ScalarMatrix.ofValues(Scalar.DOUBLE, new double[0][]).rows());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ScalarMatrix.ofValues(Scalar.DOUBLE, new double[][] {{1, 2, 3}, {4, 5}}));
        assertEquals("values[1] has size 2, expected 3", e.getMessage());
        assertEquals("values[1] must not be null", assertThrows(NullPointerException.class,
                () -> ScalarMatrix.ofValues(Scalar.DOUBLE, new double[][] {{1}, null})).getMessage());
    }
}
