package dev.mallard.cli;

import dev.mallard.simulator.gradients.Linearization;
import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mallard inspect}: the dynamics as expressions, whether they are polynomial and of which degree, the
 * symbolic Jacobian, and the linearisation at a point with its eigenvalues.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Symbolic inspection of the dynamics and their linearisation.",
            "Prints the expressions, whether they are polynomial and of which degree, the",
            "symbolic Jacobian, and at a point (--at, default the origin) the matrix A and",
            "its eigenvalues; at an equilibrium (|f| <= 1e-6) also local stability (every",
            "eigenvalue with a negative real part).",
            "Example: mallard inspect --vars x1,x2 --f \"x2; -x1 - mu*x2\" --params mu=0.5"})
final class InspectCommand implements Callable<Integer> {

    @Mixin
    SystemOptions system;

    @Option(names = "--at", paramLabel = "a,b", description = "The point of the linearisation (default: the origin).")
    String at;

    @Option(names = "--json", description = "Print one JSON object on stdout instead of text.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        SystemOptions.Parsed parsed = system.parse(true);
        parsed.requireNoEvents("inspect");
        int n = parsed.states().size();
        double[] point = at == null ? new double[n] : SystemOptions.numbers(at, "--at", n);
        List<Expression> f = parsed.dynamics();
        Expression[][] jacobian = Expression.jacobian(f, parsed.states());
        Environment env = parsed.environment(point);
        double residual = 0;
        for (int i = 0; i < n; i++) {
            double value = finite(f.get(i).evaluate(env), "d" + parsed.stateNames().get(i) + "/dt", f.get(i), parsed, point);
            residual = Math.max(residual, Math.abs(value));
        }
        double[][] a = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = finite(jacobian[i][j].evaluate(env), "d(d" + parsed.stateNames().get(i) + "/dt)/d"
                        + parsed.stateNames().get(j), jacobian[i][j], parsed, point);
            }
        }
        List<Expression> numeric = parsed.numericDynamics();
        boolean polynomial = numeric.stream().allMatch(e -> e.isPolynomial(parsed.states()));
        int degree = polynomial ? numeric.stream().mapToInt(e -> e.toPolynomial(parsed.states()).totalDegree()).max().orElse(0) : -1;
        double[][] eigenvalues = eigenvalues(a);
        // A stability verdict belongs to an equilibrium only; elsewhere A is just the linearisation.
        boolean equilibrium = residual <= Linearization.DEFAULT_EQUILIBRIUM_TOLERANCE;
        boolean stable = eigenvalues.length > 0;
        for (double[] ev : eigenvalues) {
            stable &= ev[0] < 0;
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("f", f.stream().map(Expression::toString).toList());
            fields.put("polynomial", polynomial);
            if (polynomial) {
                fields.put("degree", degree);
            }
            fields.put("jacobian", strings(jacobian));
            fields.put("at", point);
            fields.put("equilibrium", equilibrium);
            fields.put("residual", residual);
            fields.put("A", a);
            fields.put("eigenvalues", eigenvalues);
            if (equilibrium) {
                fields.put("locally_stable", stable);
            }
            out.println(Json.write(fields));
        } else {
            printText(out, parsed, f, polynomial, degree, jacobian, point, a, eigenvalues);
            out.println(equilibrium ? stable ? "  locally stable (every eigenvalue has a negative real part)"
                    : "  not shown locally stable (an eigenvalue has a non-negative real part)"
                    : "  not an equilibrium: |f| = " + Messages.number(residual) + " (the largest |d/dt| there, above "
                    + Linearization.DEFAULT_EQUILIBRIUM_TOLERANCE + "), so A is only the linearisation");
        }
        return Main.OK;
    }

    /** A value of the dynamics or the Jacobian at the point; a non-finite one is an error naming the entry. */
    private static double finite(double value, String entry, Expression e, SystemOptions.Parsed parsed, double[] point) {
        if (!Double.isFinite(value)) {
            throw new ComputationException(entry + " = " + e + " is " + value + " at " + parsed.describe(point));
        }
        return value;
    }

    private static List<List<String>> strings(Expression[][] m) {
        List<List<String>> rows = new ArrayList<>();
        for (Expression[] row : m) {
            rows.add(java.util.Arrays.stream(row).map(Expression::toString).toList());
        }
        return rows;
    }

    /** Eigenvalues as {re, im} pairs, sorted by real then imaginary part. */
    static double[][] eigenvalues(double[][] a) {
        int n = a.length;
        if (n == 0) {
            return new double[0][];
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, false);
        if (!eig.decompose(new DMatrixRMaj(a))) {
            throw new IllegalStateException("the eigenvalue decomposition of A did not converge");
        }
        double[][] out = new double[n][];
        for (int i = 0; i < n; i++) {
            Complex_F64 ev = eig.getEigenvalue(i);
            out[i] = new double[] {ev.real, ev.imaginary};
        }
        java.util.Arrays.sort(out, java.util.Comparator.<double[]>comparingDouble(e -> e[0]).thenComparingDouble(e -> e[1]));
        return out;
    }

    private static void printText(PrintWriter out, SystemOptions.Parsed parsed, List<Expression> f, boolean polynomial,
            int degree, Expression[][] jacobian, double[] point, double[][] a, double[][] eigenvalues) {
        List<String> names = parsed.stateNames();
        out.println("Dynamics:");
        for (int i = 0; i < f.size(); i++) {
            out.println("  d" + names.get(i) + "/dt = " + f.get(i));
        }
        out.println(polynomial ? "Polynomial in the state, degree " + degree + "." : "Not polynomial in the state.");
        out.println("Jacobian df/dx:");
        for (int i = 0; i < jacobian.length; i++) {
            for (int j = 0; j < jacobian[i].length; j++) {
                out.println("  d(d" + names.get(i) + "/dt)/d" + names.get(j) + " = " + jacobian[i][j]);
            }
        }
        out.println("At " + java.util.Arrays.toString(point) + ":");
        out.println("  A = " + java.util.Arrays.deepToString(a));
        StringBuilder ev = new StringBuilder("  eigenvalues:");
        for (double[] e : eigenvalues) {
            ev.append(String.format(Locale.ROOT, " %.6g%+.6gi", e[0], e[1]));
        }
        out.println(ev);
    }
}
