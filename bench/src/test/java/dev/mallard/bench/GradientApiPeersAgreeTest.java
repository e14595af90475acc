package dev.mallard.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.bench.model.MallardRun;
import dev.mallard.bench.model.Model;
import dev.mallard.bench.model.Setup;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.GradientSimulation;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link GradientApiBenchmark} compares like with like: the API's call ends on the double run's state, and its
 * Jacobian's columns for x(0) and p are the ones {@link GradientBenchmark}'s hand-seeded AutoDiff run computes,
 * bit for bit (each gradient component is computed by the same operations whatever the gradient's size; the API's
 * extra column, the final time's, changes no other).
 */
class GradientApiPeersAgreeTest {

    @ParameterizedTest
    @EnumSource(Setup.class)
    void theApiComputesTheHandSeededJacobianOnTheDoubleRunsState(Setup setup) {
        for (Model model : Model.values()) {
            GradientApiBenchmark bench = new GradientApiBenchmark();
            bench.model = model;
            bench.setup = setup;
            bench.prepare();
            GradientSimulation.Result api = bench.gradientSimulation();
            MallardRun<Double> doubles = new MallardRun<>(model.generic(Scalar.DOUBLE), setup);
            double[] state = doubles.run(model.initialState(), model.parameters()).toValueArray();
            assertArrayEquals(state, api.finalState(), 0.0, model + " final state");
            MallardRun<AutoDiff> seeded = new MallardRun<>(model.generic(Scalar.DOUBLE).toScalar(AutoDiff.SCALAR),
                    setup);
            double[][] expected = MallardRun.jacobian(seeded, model);
            double[][] actual = api.stateJacobian();
            int n = model.numVariables();
            assertEquals(n, api.finalTimeColumn(), model + " final time's column");
            for (int i = 0; i < expected.length; i++) {
                assertArrayEquals(expected[i], Arrays.copyOf(actual[i], n), 0.0, model + " row " + i);
            }
        }
    }
}
