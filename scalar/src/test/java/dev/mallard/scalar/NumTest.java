package dev.mallard.scalar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** Num gives bit for bit what the type class gives, on the double specialisation and the generic path alike. */
class NumTest {

    /** Each case: the Num form and the Scalar form of one operation on a and b. */
    private static <T> List<BiFunction<Num<T>, Num<T>, Num<T>>> numForms() {
        return List.of(Num::add, (a, b) -> a.add(0.7), Num::sub, (a, b) -> a.sub(0.7), (a, b) -> a.subFrom(0.7),
                Num::mul, (a, b) -> a.mul(-1.3), Num::div, (a, b) -> a.div(3.0), (a, b) -> a.neg(), (a, b) -> a.sq(),
                (a, b) -> a.pow(3), (a, b) -> a.pow(-2), (a, b) -> a.pow(40), (a, b) -> a.abs().pow(0.5),
                (a, b) -> a.abs().sqrt(), (a, b) -> a.sin(), (a, b) -> a.cos(), (a, b) -> a.tan(), Num::atan2,
                (a, b) -> a.exp(), (a, b) -> a.abs().log(), (a, b) -> a.tanh(), (a, b) -> a.abs());
    }

    private static <T> List<BiFunction<T, T, T>> scalarForms(Scalar<T> s) {
        return List.of(s::add, (a, b) -> s.add(a, 0.7), s::sub, (a, b) -> s.sub(a, 0.7), (a, b) -> s.sub(0.7, a),
                s::mul, (a, b) -> s.mul(a, -1.3), s::div, (a, b) -> s.div(a, 3.0), (a, b) -> s.neg(a),
                (a, b) -> s.square(a), (a, b) -> s.pow(a, 3), (a, b) -> s.pow(a, -2), (a, b) -> s.pow(a, 40),
                (a, b) -> s.pow(s.abs(a), 0.5), (a, b) -> s.sqrt(s.abs(a)), (a, b) -> s.sin(a), (a, b) -> s.cos(a), (a, b) -> s.tan(a),
                (a, b) -> s.atan2(a, b), (a, b) -> s.exp(a), (a, b) -> s.log(s.abs(a)), (a, b) -> s.tanh(a),
                (a, b) -> s.abs(a));
    }

    private static void assertSameAsTheTypeClass(Scalar<Double> s) {
        Random r = new Random(7);
        List<BiFunction<Num<Double>, Num<Double>, Num<Double>>> nums = numForms();
        List<BiFunction<Double, Double, Double>> scalars = scalarForms(s);
        assertEquals(scalars.size(), nums.size());
        for (int k = 0; k < 200; k++) {
            double a = r.nextGaussian() * 3;
            double b = k == 0 ? 0.0 : r.nextGaussian();
            for (int op = 0; op < nums.size(); op++) {
                double expected = scalars.get(op).apply(a, b);
                Num<Double> actual = nums.get(op).apply(Num.of(s, a), Num.constant(s, b));
                assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(actual.get()),
                        s.name() + " operation " + op + " at " + a + ", " + b);
                assertEquals(s, actual.scalar());
            }
        }
    }

    @Test
    void theDoubleSpecialisationComputesWhatScalarDoubleComputes() {
        assertSameAsTheTypeClass(Scalar.DOUBLE);
    }

    @Test
    void theGenericPathComputesWhatItsTypeClassComputes() {
        assertSameAsTheTypeClass(BoxedDoubleScalar.NUMERIC);
    }

    @Test
    void vectorsEntriesAndMistakesAreHandled() {
        ScalarVector<Double> v = ScalarVector.ofValues(Scalar.DOUBLE, 1.5, -2);
        assertEquals(-2.0, Num.of(v, 1).get());
        assertEquals(-2.0, Num.of(ScalarVector.ofValues(BoxedDoubleScalar.NUMERIC, 1.5, -2), 1).get());
        assertEquals("3.0", Num.of(v, 0).mul(2).toString());
        assertThrows(NullPointerException.class, () -> Num.of(Scalar.DOUBLE, null));
        assertThrows(ClassCastException.class,
                () -> Num.of(Scalar.DOUBLE, 1.0).add(Num.of(BoxedDoubleScalar.NUMERIC, 2.0)));
    }
}
