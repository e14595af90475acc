package dev.mallard.cli;

import dev.mallard.examples.DampedPendulum;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.gradients.Linearization;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.AffineSystem;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SystemSymbolicInspector;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Tour part 3: the same pendulum class, rebuilt over symbolic expressions, shows its equations; its
 * linearisation at the bottom equilibrium (by AutoDiff) is compared with the symbolic Jacobian.
 */
final class TourSymbolic {

    private TourSymbolic() {
    }

    static void run(TourReport report) {
        report.section("3. Symbolic inspection and linearisation");
        DampedPendulum<Double> pendulum = new DampedPendulum<>(Scalar.DOUBLE, TourSimulation.PENDULUM_LENGTH,
                TourSimulation.PENDULUM_DAMPING, TourSimulation.GRAVITY);
        SystemSymbolicInspector symbolic = SystemSymbolicInspector.of(pendulum);
        List<Expression> f = symbolic.getTimeDerivatives();
        List<Variable> x = symbolic.getContinuousStateVariables();
        report.line("The pendulum's dynamics traced with Expression numbers (the states named as the pendulum "
                + "declares them, %s and %s; its unnamed parameter group p0 = l, p1 = b, p2 = g):",
                x.get(0).name(), x.get(1).name());
        StringBuilder block = new StringBuilder("```\n");
        for (int i = 0; i < f.size(); i++) {
            String equation = String.format(Locale.ROOT, "d %s / dt = %s", x.get(i).name(), f.get(i));
            report.console("    %s", equation);
            block.append(equation).append('\n');
        }
        report.markdown(block.append("```").toString());
        report.markdown("In LaTeX: $\\dot{" + x.get(1).toExpression().toLatex() + "} = " + f.get(1).toLatex() + "$");
        report.line("Time invariant: %s; polynomial: %s (sin of the angle).", symbolic.isTimeInvariant(),
                symbolic.isPolynomial());

        Context<Double> bottom = pendulum.createDefaultContext();
        AffineSystem<Double> linear = Linearization.linearize(pendulum, bottom);
        double[][] a = linear.getA();
        report.line("Linearisation at the bottom (theta = 0, theta' = 0) by AutoDiff: A = %s; expected "
                + "[[0, 1], [-g/l, -b]] = [[0, 1], [%.2f, %.2f]].", Arrays.deepToString(a),
                -TourSimulation.GRAVITY / TourSimulation.PENDULUM_LENGTH, -TourSimulation.PENDULUM_DAMPING);
        double[][] eigenvalues = InspectCommand.eigenvalues(a);
        report.line("Eigenvalues %s: the bottom is locally stable, a damped oscillation of %.3f rad/s.",
                formatEigenvalues(eigenvalues), Math.abs(eigenvalues[0][1]));
    }

    private static String formatEigenvalues(double[][] eigenvalues) {
        StringBuilder text = new StringBuilder();
        for (double[] e : eigenvalues) {
            text.append(text.length() == 0 ? "" : " and ").append(String.format(Locale.ROOT, "%.4f%+.4fi", e[0], e[1]));
        }
        return text.toString();
    }
}
