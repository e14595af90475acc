package dev.mallard.roa;

import dev.mallard.scalar.Scalar;
import dev.mallard.sdp.SdpaFormat;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Formula;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Published polynomial systems whose region-of-attraction SOS programs form the SDP module's family of test
 * problems; {@link #main} exports every SDP the analysis of each solves as an SDPA file.
 */
final class SosFamily {

    /** A system: state names, dynamics, equilibrium, and an optional Lyapunov candidate (empty: from A'P + PA = -I). */
    record Member(String name, String states, String dynamics, String equilibrium, String candidate) {

        List<Variable> variables() {
            List<Variable> vars = new ArrayList<>();
            for (String s : states.split(",")) {
                vars.add(new Variable(s.trim()));
            }
            return vars;
        }

        Map<String, Variable> names(List<Variable> vars) {
            Map<String, Variable> names = new LinkedHashMap<>();
            vars.forEach(v -> names.put(v.name(), v));
            return names;
        }

        /** Runs the analysis, handing every SDP it solves to {@code options}' observer. */
        RegionOfAttractionResult analyze(RegionOfAttractionOptions options) {
            List<Variable> vars = variables();
            Map<String, Variable> names = names(vars);
            List<Expression> f = new ArrayList<>();
            for (String e : dynamics.split(";")) {
                f.add(Formula.parse(e.trim(), names));
            }
            SymbolicVectorSystem<Double> system = SymbolicVectorSystem.builder().state(vars).dynamics(f)
                    .build(Scalar.DOUBLE);
            Context<Double> context = system.createDefaultContext();
            double[] x0 = new double[vars.size()];
            if (!equilibrium.isEmpty()) {
                String[] parts = equilibrium.split(",");
                for (int i = 0; i < x0.length; i++) {
                    x0[i] = Double.parseDouble(parts[i].trim());
                }
            }
            context.setContinuousStateValues(x0);
            RegionOfAttractionOptions o = options.withStateVariables(vars);
            if (!candidate.isEmpty()) {
                o = o.withLyapunovCandidate(Formula.parse(candidate, names));
            }
            return RegionOfAttraction.analyzeDetailed(system, context, o);
        }
    }

    static final List<Member> MEMBERS = List.of(
            new Member("vannelli-vidyasagar3", "x1,x2,x3", "-x2; -x3; -0.915*x1 + (1 - 0.915*x1^2)*x2 - x3", "", ""),
            new Member("vanderpol", "x1,x2", "-x2; x1 + (x1^2 - 1)*x2", "", ""),
            new Member("vanderpol-mu0.5", "x1,x2", "-x2; x1 + 0.5*(x1^2 - 1)*x2", "", ""),
            new Member("vanderpol-mu2", "x1,x2", "-x2; x1 + 2*(x1^2 - 1)*x2", "", ""),
            new Member("vanderpol-quartic", "x1,x2", "-x2; x1 + (x1^2 - 1)*x2", "",
                    "1.5*x1^2 - x1*x2 + x2^2 + 0.1*x1^4 + 0.05*x2^4"),
            new Member("hahn", "x1,x2", "-x1 + 2*x1^2*x2; -x2", "", ""),
            new Member("chesi-quadratic", "x1,x2", "-x1 + x2; 0.1*x1 - 2*x2 - x1^2 - 0.1*x1^3", "", ""),
            new Member("chesi-cubic", "x1,x2", "x2; -2*x1 - 3*x2 + x1^2*x2", "", ""),
            new Member("hachicho-tibken", "x1,x2", "-x1 + x2; 0.1*x1 - 2*x2 - x1^2 - 0.1*x1^3", "", "x1^2 + x2^2"),
            new Member("moore-greitzer", "x1,x2", "-x2 - 1.5*x1^2 - 0.5*x1^3; 3*x1 - x2", "", ""),
            new Member("brusselator", "x1,x2", "1 - 2.5*x1 + x1^2*x2; 1.5*x1 - x1^2*x2", "1,1.5", ""),
            new Member("quadratic-2", "x1,x2", "-x1 + x1*x2; -x2", "", ""),
            new Member("duffing-damped", "x1,x2", "x2; -x1 - 0.5*x2 + x1^3", "", ""),
            new Member("duffing-quartic", "x1,x2", "x2; -x1 - 0.5*x2 + x1^3", "",
                    "1.25*x1^2 + 0.5*x1*x2 + x2^2 - 0.1*x1^4"),
            new Member("genesio-tesi", "x1,x2,x3", "x2; x3; -0.915*x1 - x2 - x3 + x1^2", "", ""),
            new Member("lorenz-stable", "x1,x2,x3", "10*(x2 - x1); x1*(0.5 - x3) - x2; x1*x2 - 2.6667*x3", "", ""),
            new Member("coupled-oscillators4", "x1,x2,x3,x4",
                    "x2; -x1 - x2 + x1^3 + 0.2*(x3 - x1); x4; -x3 - x4 + x3^3 + 0.2*(x1 - x3)", "", ""),
            new Member("chain5", "x1,x2,x3,x4,x5",
                    "-x1 + x2; -x2 + x3; -x3 + x4; -x4 + x5; -x5 + x1^2", "", ""),
            new Member("cubic6", "x1,x2,x3,x4,x5,x6",
                    "-x1 + x2^3; -x2 + x3; -x3 + x1^2; -x4 + x5; -x5 + x6^2; -x6 + x4*x1", "", ""));

    private SosFamily() {
    }

    /**
     * Exports the SDPs: {@code args[0]} the output directory, optional further arguments the member names.
     *
     * @param args output directory, then member names (all when none)
     * @throws IOException if a file cannot be written
     */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        List<String> only = List.of(args).subList(1, args.length);
        for (Member m : MEMBERS) {
            if (!only.isEmpty() && !only.contains(m.name())) {
                continue;
            }
            int[] count = {0};
            SosOptions sos = SosOptions.defaults().withProblemObserver(problem -> {
                try {
                    SdpaFormat.write(problem, dir.resolve(m.name() + "-" + (++count[0]) + ".dat-s"));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            RegionOfAttractionOptions options = RegionOfAttractionOptions.defaults().withSosOptions(sos)
                    .withSimulationCheck(0, 1.0, 1e-3, 1);
            if (System.getProperty("backoff") != null) {
                options = options.withCertificateBackoff(Double.parseDouble(System.getProperty("backoff")));
            }
            try {
                RegionOfAttractionResult r = m.analyze(options);
                System.out.println(m.name() + ": optimal rho " + r.optimalRho() + ", certified " + r.rho()
                        + ", verified " + r.isVerified() + ", SDPs " + count[0] + " " + r.certificates());
            } catch (RuntimeException e) {
                System.out.println(m.name() + ": " + e.getMessage() + " (SDPs " + count[0] + ")");
            }
        }
    }
}
