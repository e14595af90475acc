package dev.mallard.symbolic.compile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class CompiledFunctionTest {

    private final Variable x = new Variable("x");
    private final Variable y = new Variable("y");
    private final Map<String, Variable> names = Map.of("x", x, "y", y);

    /** A symbolic Euler simulation of a damped pendulum: a deep graph with heavy sharing. */
    private List<Expression> pendulumSteps(int steps) {
        Expression q = x.toExpression();
        Expression v = y.toExpression();
        for (int k = 0; k < steps; k++) {
            Expression a = Expression.sin(q).times(-9.81).minus(v.times(0.1));
            Expression qNext = q.plus(v.times(0.01));
            v = v.plus(a.times(0.01));
            q = qNext;
        }
        return List.of(q, v);
    }

    private static double[] pendulumByHand(double q, double v, int steps) {
        for (int k = 0; k < steps; k++) {
            double a = Math.sin(q) * -9.81 - v * 0.1;
            double qNext = q + v * 0.01;
            v = v + a * 0.01;
            q = qNext;
        }
        return new double[] {q, v};
    }

    @Test
    void largeFunctionsSplitIntoChunksAgreeWithHandWrittenCodeBitForBit() {
        List<Expression> f = pendulumSteps(400);
        CompiledFunction generated = CompiledFunction.compile(f, List.of(x, y));
        CompiledFunction interpreted = CompiledFunction.interpreted(f, List.of(x, y), false);
        double[] in = {0.8, -0.3};
        double[] expected = pendulumByHand(0.8, -0.3, 400);
        assertArrayEquals(expected, generated.evaluate(in), 0.0);
        assertArrayEquals(expected, interpreted.evaluate(in), 0.0);
        Environment env = new Environment().put(x, 0.8).put(y, -0.3);
        assertEquals(expected[0], f.get(0).evaluate(env), 0.0);
    }

    @Test
    void functionsLargerThanOneGeneratedClassAgreeWithHandWrittenCodeBitForBit() {
        List<Expression> f = pendulumSteps(4000);
        int nodes = Tape.build(f, null, List.of(x, y)).size();
        assertTrue(nodes > BytecodeGenerator.CHUNK * BytecodeGenerator.CHUNKS_PER_CLASS, "nodes " + nodes);
        double[] in = {0.8, -0.3};
        assertArrayEquals(pendulumByHand(0.8, -0.3, 4000), CompiledFunction.compile(f, List.of(x, y)).evaluate(in),
                0.0);
    }

    @Test
    void jacobianOfTheSimulationMatchesFiniteDifferencesInBothBackends() {
        List<Expression> f = pendulumSteps(50);
        CompiledFunction generated = CompiledFunction.compileWithJacobian(f, List.of(x, y));
        CompiledFunction interpreted = CompiledFunction.interpreted(f, List.of(x, y), true);
        double[] in = {0.5, 0.2};
        double[] out = new double[2];
        double[] jac = new double[4];
        double[] out2 = new double[2];
        double[] jac2 = new double[4];
        generated.evaluate(in, out, jac);
        interpreted.evaluate(in, out2, jac2);
        assertArrayEquals(out, out2, 0.0);
        assertArrayEquals(jac, jac2, 0.0);
        double h = 1e-6;
        for (int j = 0; j < 2; j++) {
            double[] plus = in.clone();
            double[] minus = in.clone();
            plus[j] += h;
            minus[j] -= h;
            double[] fp = pendulumByHand(plus[0], plus[1], 50);
            double[] fm = pendulumByHand(minus[0], minus[1], 50);
            for (int i = 0; i < 2; i++) {
                assertEquals((fp[i] - fm[i]) / (2 * h), jac[i * 2 + j], 1e-7, "J[" + i + "][" + j + "]");
            }
        }
    }

    @Test
    void constantAndInputOutputsAndSharedSubexpressionsAreFilled() {
        Expression s = Expression.sin(x.toExpression());
        List<Expression> f = List.of(Expression.constant(2.5), x.toExpression(), s.plus(s.pow(2)), s.plus(s.pow(2)),
                Expression.pow(y.toExpression(), 7), Expression.min(x.toExpression(), y.toExpression()));
        CompiledFunction c = CompiledFunction.compile(f, List.of(x, y));
        double[] out = c.evaluate(new double[] {0.3, -1.1});
        double s3 = Math.sin(0.3);
        assertArrayEquals(new double[] {2.5, 0.3, s3 + s3 * s3, s3 + s3 * s3, Math.pow(-1.1, 7), -1.1}, out, 1e-15);
        assertEquals(1, CompiledFunction.compile(List.of(Expression.ONE), List.of()).evaluate(new double[0]).length);
    }

    @Test
    void concurrentCallsOnOneFunctionDoNotInterfere() throws Exception {
        List<Expression> f = pendulumSteps(300);
        CompiledFunction c = CompiledFunction.compileWithJacobian(f, List.of(x, y));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                long seed = t;
                results.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    double[] out = new double[2];
                    double[] jac = new double[4];
                    for (int k = 0; k < 200; k++) {
                        double q = random.nextDouble();
                        double v = random.nextDouble();
                        c.evaluate(new double[] {q, v}, out, jac);
                        double[] expected = pendulumByHand(q, v, 300);
                        if (out[0] != expected[0] || out[1] != expected[1]) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> r : results) {
                assertTrue(r.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void deepSymbolicSimulationsAreTraversedWithoutDeepRecursion() throws Exception {
        // 5000 Euler steps give a graph tens of thousands of nodes deep; a 512 KiB stack would overflow
        // on a recursive walk.
        double[] result = new double[4];
        Throwable[] failure = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                List<Expression> f = pendulumSteps(5000);
                Environment env = new Environment().put(x, 0.1).put(y, 0.0);
                result[0] = f.get(0).evaluate(env);
                result[1] = f.get(0).differentiate(x).evaluate(env);
                result[2] = CompiledFunction.compile(f, List.of(x, y)).evaluate(new double[] {0.1, 0.0})[0];
                result[3] = f.get(0).substitute(y, 0.0).evaluate(env);
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "small-stack", 512 * 1024);
        t.start();
        t.join();
        if (failure[0] != null) {
            throw new AssertionError("deep graph failed", failure[0]);
        }
        double expected = pendulumByHand(0.1, 0.0, 5000)[0];
        assertEquals(expected, result[0], 0.0);
        assertEquals(expected, result[2], 0.0);
        assertEquals(expected, result[3], 0.0);
        double h = 1e-6;
        double fd = (pendulumByHand(0.1 + h, 0.0, 5000)[0] - pendulumByHand(0.1 - h, 0.0, 5000)[0]) / (2 * h);
        assertEquals(fd, result[1], 1e-6);
    }

    @Test
    void badInputsAreRejectedWithTheirNames() {
        Expression e = Formula.parse("x*y", names);
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> CompiledFunction.compile(List.of(Expression.ONE, e), List.of(x)));
        assertTrue(missing.getMessage().contains("output 1 (x*y) depends on variable 'y'"), missing.getMessage());
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> CompiledFunction.compile(List.of(e), List.of(x, y, x)));
        assertTrue(twice.getMessage().contains("'x' is listed twice"), twice.getMessage());
        CompiledFunction c = CompiledFunction.compile(List.of(e), List.of(x, y));
        IllegalArgumentException length = assertThrows(IllegalArgumentException.class, () -> c.evaluate(new double[3]));
        assertTrue(length.getMessage().contains("in must have length 2, got 3"), length.getMessage());
        assertThrows(IllegalStateException.class, () -> c.evaluate(new double[2], new double[1], new double[2]));
        CompiledFunction j = CompiledFunction.compileWithJacobian(List.of(e), List.of(x, y));
        IllegalArgumentException jac = assertThrows(IllegalArgumentException.class,
                () -> j.evaluate(new double[2], new double[1], new double[3]));
        assertTrue(jac.getMessage().contains("jacobian must have length 2, got 3"), jac.getMessage());
    }

    @Test
    void twoArraysShareSubexpressionsAndMatchTheJacobianEntries() {
        // the pendulum's value and its tangent along (1, 2): the second list is J (1, 2)^T written by hand
        List<Expression> f = pendulumSteps(30);
        Expression[][] j = Expression.jacobian(f, List.of(x, y));
        List<Expression> tangent = List.of(j[0][0].plus(j[0][1].times(2.0)), j[1][0].plus(j[1][1].times(2.0)));
        CompiledFunction two = CompiledFunction.compileTwoArrays(f, tangent, List.of(x, y));
        CompiledFunction withJacobian = CompiledFunction.compileWithJacobian(f, List.of(x, y));
        double[] in = {0.4, -0.3};
        double[] out = new double[2];
        double[] second = new double[2];
        two.evaluate(in, out, second);
        double[] jac = new double[4];
        double[] values = new double[2];
        withJacobian.evaluate(in, values, jac);
        assertArrayEquals(pendulumByHand(0.4, -0.3, 30), out, 0.0);
        assertArrayEquals(values, out, 0.0);
        assertEquals(jac[0] + 2.0 * jac[1], second[0], 0.0);
        assertEquals(jac[2] + 2.0 * jac[3], second[1], 0.0);
        double h = 1e-6;
        double[] plus = pendulumByHand(0.4 + h, -0.3 + 2 * h, 30);
        double[] minus = pendulumByHand(0.4 - h, -0.3 - 2 * h, 30);
        assertEquals((plus[0] - minus[0]) / (2 * h), second[0], 1e-7);
        assertTrue(!two.hasJacobian());
        IllegalArgumentException length = assertThrows(IllegalArgumentException.class,
                () -> two.evaluate(in, out, new double[4]));
        assertTrue(length.getMessage().contains("must have length 2, got 4"), length.getMessage());
    }
}
