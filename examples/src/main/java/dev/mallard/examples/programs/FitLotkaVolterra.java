package dev.mallard.examples.programs;

import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.estimation.ParameterEstimation;
import dev.mallard.simulator.estimation.SampleTable;
import dev.mallard.simulator.integrators.RungeKutta5Integrator;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Fitting a model to data: the Lotka-Volterra predator-prey system {@code x' = a x - b x y},
 * {@code y' = -c y + d x y}, its four rates and two initial populations estimated from 101 noisy samples of both
 * populations on [0, 10] ({@code data/fitting/lotka_volterra.csv}, made with rates (1.5, 1, 3, 1) from (1, 1)).
 * {@link ParameterEstimation} minimises the squared residuals by Levenberg-Marquardt on the sensitivities at the
 * sample times, which one forward-mode AutoDiff run gives per iteration, and reports standard errors from the
 * residuals' Jacobian.
 */
public final class FitLotkaVolterra {

    private FitLotkaVolterra() {
    }

    /**
     * Fits the rates within [0, 10] and the initial populations, starting from (1.4, 0.9, 2.8, 0.9) and (1, 1).
     *
     * @param csv the samples: a header {@code t,x,y}, then one line per sample
     * @return the fit
     * @throws IOException if the file cannot be read
     */
    public static ParameterEstimation.Result fit(Path csv) throws IOException {
        SymbolicVectorSystem<Double> lv = SymbolicVectorSystem.builder().name("lotka_volterra").state("x, y")
                .parameters("a = 1.4, b = 0.9, c = 2.8, d = 0.9").dynamics("a*x - b*x*y; -c*y + d*x*y")
                .initialState(1, 1).build(Scalar.DOUBLE);
        return new ParameterEstimation(lv, lv.createDefaultContext())
                .estimate("a", 0, 10).estimate("b", 0, 10).estimate("c", 0, 10).estimate("d", 0, 10)
                .estimate("x").estimate("y")
                .configure(sim -> sim.resetIntegrator(RungeKutta5Integrator::new).setTargetAccuracy(1e-12))
                .fit(SampleTable.read(csv));
    }

    /**
     * Prints the estimate with its standard errors.
     *
     * @param args the CSV file, by default {@code data/fitting/lotka_volterra.csv} (run from the repository's root)
     * @throws IOException if the file cannot be read
     */
    public static void main(String[] args) throws IOException {
        ParameterEstimation.Result fit = fit(Path.of(args.length > 0 ? args[0] : "data/fitting/lotka_volterra.csv"));
        for (int j = 0; j < fit.names().size(); j++) {
            System.out.printf("%-3s = %.6f +- %.6f%n", fit.names().get(j), fit.estimate()[j], fit.standardErrors()[j]);
        }
        System.out.printf("cost %.6f after %d iterations (%s)%n", fit.cost(), fit.iterations(), fit.termination());
    }
}
