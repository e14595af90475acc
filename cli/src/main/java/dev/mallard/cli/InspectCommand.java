package dev.mallard.cli;

import dev.mallard.symbolic.Environment;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
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
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code mallard inspect}: the dynamics as expressions, whether they are polynomial and of which degree, the
 * symbolic Jacobian, and the linearisation at a point with its eigenvalues.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Symbolic inspection of the dynamics: the expressions, polynomial or not and the degree, the",
            "symbolic Jacobian, and at a point (--at, default the origin) the matrix A, its eigenvalues and local",
            "stability (every eigenvalue with a negative real part).",
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
        int n = parsed.states().size();
        double[] point = at == null ? new double[n] : SystemOptions.numbers(at, "--at", n);
        List<Expression> f = parsed.dynamics();
        Expression[][] jacobian = Expression.jacobian(f, parsed.states());
        Environment env = environment(parsed, point);
        double[][] a = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = jacobian[i][j].evaluate(env);
            }
        }
        List<Expression> numeric = withParameterValues(f, parsed);
        boolean polynomial = numeric.stream().allMatch(e -> e.isPolynomial(parsed.states()));
        int degree = polynomial ? numeric.stream().mapToInt(e -> e.toPolynomial(parsed.states()).totalDegree()).max().orElse(0) : -1;
        double[][] eigenvalues = eigenvalues(a);
        boolean stable = eigenvalues.length > 0;
        for (double[] ev : eigenvalues) {
            stable &= ev[0] < 0;
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("f", f.stream().map(Expression::toString).toList());
            fields.put("polynomial", polynomial);
            fields.put("degree", polynomial ? degree : null);
            fields.put("jacobian", strings(jacobian));
            fields.put("at", point);
            fields.put("A", a);
            fields.put("eigenvalues", eigenvalues);
            fields.put("locally_stable", stable);
            out.println(Json.write(fields));
        } else {
            printText(out, parsed, f, polynomial, degree, jacobian, point, a, eigenvalues, stable);
        }
        return Main.OK;
    }

    private static Environment environment(SystemOptions.Parsed parsed, double[] point) {
        Environment env = new Environment().put(parsed.time(), 0.0);
        for (int i = 0; i < point.length; i++) {
            env.put(parsed.states().get(i), point[i]);
        }
        for (int k = 0; k < parsed.parameters().size(); k++) {
            env.put(parsed.parameters().get(k), parsed.parameterValues()[k]);
        }
        return env;
    }

    private static List<Expression> withParameterValues(List<Expression> f, SystemOptions.Parsed parsed) {
        Map<Variable, Expression> values = new LinkedHashMap<>();
        for (int k = 0; k < parsed.parameters().size(); k++) {
            values.put(parsed.parameters().get(k), Expression.constant(parsed.parameterValues()[k]));
        }
        return f.stream().map(e -> e.substitute(values)).toList();
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
            int degree, Expression[][] jacobian, double[] point, double[][] a, double[][] eigenvalues, boolean stable) {
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
        out.println(stable ? "  locally stable (every eigenvalue has a negative real part)"
                : "  not shown locally stable (an eigenvalue has a non-negative real part)");
    }
}
