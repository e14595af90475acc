package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Property-based test of the command line's contract on generated command lines, valid and not: exit 0 with
 * an answer free of NaN, Infinity and null and nothing on stderr; exit 1 with one line on stderr saying why;
 * exit 2 with one line on stderr and nothing on stdout; never a stack trace, never a hang.
 */
class CliContractPropertiesTest {

    /** Systems that make sense: vars, f, a start, parameters (or null), a guard and a reset (or null). */
    private static final String[][] SYSTEMS = {
        {"x", "-x", "1", null, null, null},
        {"x,v", "v; -x", "1,0", null, null, null},
        {"x,v", "v; -k*x - c*v", "1,0", "k=2, c=0.5", null, null},
        {"h", "-h", "1", null, "-h + 0.5", "1"},
        {"x", "-k*x", "2", "k=2", null, null},
        {"x,v", "v; -sin(x)", "0.5,0", null, null, null},
        {"x,v", "v; -9.81", "1,0", null, "x", "x; -0.8*v"},
        {"x", "-x + x^3", "0.5", null, null, null},
        {"x1,x2", "x2; -x1 - x2 + 5", "0,0", null, null, null},
        {"x", "1/x", "1", null, null, null},
        {"x", "sqrt(x)", "-1", null, null, null},
        {"w", "abs(w)^0.5", "0", null, null, null},
        {"x,v", "-x2; x1 + (x1^2 - 1)*x2", "1,0", null, null, null},
        {"x1,x2", "-x2; x1 + (x1^2 - 1)*x2", "0.1,0", null, null, null},
    };

    private static final String HUGE = "q".repeat(100_000);
    private static final String[] BAD_VARS = {"x,x", "", "1x", "sin", "t", "x,\r", HUGE};
    private static final String[] BAD_F = {"x +* 2", "(((x", "1e400*x", "v;", ";", "v; -x; 1", "x\u2028+1", "x #", HUGE,
        "(".repeat(300) + "x" + ")".repeat(300), "1e308*1e308*x", "-h", "-V", "--x0"};
    private static final String[] BAD_NUMBERS = {"nan", "1e400", "", "a", "1,,0", "Infinity", "0x10", "1,2,3"};
    private static final String[] TIMES = {"1", "0", "0.5", "2"};
    private static final String[] BAD_TIMES = {"-1", "nan", "1e400", "abc", ""};
    private static final String[] STEPS = {"0.1", "0.01", "0.05"};
    private static final String[] BAD_STEPS = {"1e-20", "0", "-1", "abc", "1e300", "1e-12"};
    private static final String[] SCHEMES = {"runge_kutta3", "explicit_euler", "semi_explicit_euler", "runge_kutta2",
        "runge_kutta5", "implicit_euler", "radau3"};
    private static final String[] BAD_SCHEMES = {"bogus", "", "RK45"};
    private static final String[] BAD_PARAMS = {"k", "k=abc", "k=1e400", "x=1", "pi=3", "k=1,k=2", "=1"};
    private static final String[] BAD_WRT = {"bogus", "-h", "", "x,x", "t,t"};
    private static final String[] BAD_GUARDS = {"x +", "zz", "-h"};
    private static final String[] BAD_RESETS = {"x,", ";", "1; 2; 3"};

    /** A command line built from a seed: a command, then options, each present or not, in any order. */
    @Provide
    Arbitrary<List<String>> commandLines() {
        return Arbitraries.longs().map(CliContractPropertiesTest::commandLine);
    }

    private static List<String> commandLine(long seed) {
        Random r = new Random(seed);
        String command = pick(r, new String[] {"simulate", "simulate", "gradient", "gradient", "inspect", "inspect", "roa"});
        String[] system = pick(r, SYSTEMS);
        List<List<String>> options = new ArrayList<>();
        option(options, r, 0.97, "--vars", system[0], BAD_VARS);
        option(options, r, 0.97, "--f", system[1], BAD_F);
        option(options, r, system[3] != null ? 0.97 : 0.1, "--params", system[3] != null ? system[3] : "k=1", BAD_PARAMS);
        if (command.equals("simulate") || command.equals("gradient")) {
            option(options, r, 0.97, "--x0", system[2], BAD_NUMBERS);
            option(options, r, 0.7, "--t-final", pick(r, TIMES), BAD_TIMES);
            option(options, r, 0.3, "--max-step", pick(r, STEPS), BAD_STEPS);
            option(options, r, 0.3, "--integrator", pick(r, SCHEMES), BAD_SCHEMES);
            option(options, r, 0.2, "--accuracy", pick(r, new String[] {"1e-6", "1e-3", "0", "2"}), BAD_NUMBERS);
            flag(options, r, 0.3, "--fixed-step");
            if (system[4] != null) {
                option(options, r, 0.9, "--guard", system[4], BAD_GUARDS);
                option(options, r, 0.9, "--reset", system[5], BAD_RESETS);
            }
        }
        if (command.equals("gradient")) {
            option(options, r, 0.3, "--wrt", system[0].split(",")[0] + (r.nextBoolean() ? ",t" : ""), BAD_WRT);
        }
        if (command.equals("inspect")) {
            option(options, r, 0.3, "--at", system[2], BAD_NUMBERS);
        }
        if (command.equals("roa")) {
            option(options, r, 0.2, "--x-star", system[2], BAD_NUMBERS);
        }
        flag(options, r, 0.4, "--json");
        flag(options, r, 0.03, "--bogus");
        option(options, r, 0.03, "--plot", "no-extension", BAD_NUMBERS);
        Collections.shuffle(options, r);
        List<String> args = new ArrayList<>(List.of(command));
        options.forEach(args::addAll);
        // Now and then a value goes missing: the option at the end of the line has none.
        if (r.nextInt(20) == 0 && args.size() > 1) {
            args.remove(args.size() - 1);
        }
        return args;
    }

    /** Adds the option with probability p: its good value, or one time in sixteen a bad one. */
    private static void option(List<List<String>> options, Random r, double p, String name, String good, String[] bad) {
        if (r.nextDouble() < p) {
            options.add(List.of(name, r.nextInt(16) == 0 ? pick(r, bad) : good));
        }
    }

    private static void flag(List<List<String>> options, Random r, double p, String name) {
        if (r.nextDouble() < p) {
            options.add(List.of(name));
        }
    }

    private static <T> T pick(Random r, T[] values) {
        return values[r.nextInt(values.length)];
    }

    @Property(seed = "271828", tries = 150)
    void everyCommandLineIsAnsweredOrRefusedOnOneLine(@ForAll("commandLines") List<String> args) {
        String shown = String.join(" ", args.stream().map(a -> a.length() > 40 ? a.substring(0, 40) + "..." : a).toList());
        CliRun run = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> CliRun.of(args.toArray(new String[0])),
                shown);
        Statistics.label("command and exit code").collect(args.get(0), run.code());
        String context = shown + " -> " + run.code() + "\nstdout: " + run.out() + "\nstderr: " + run.err();
        assertTrue(run.code() >= 0 && run.code() <= 2, context);
        assertFalse(run.err().contains("\tat ") || run.err().contains("java.lang."), context);
        if (run.code() == Main.OK) {
            assertEquals("", run.err(), context);
            assertFalse(run.out().isBlank(), context);
            assertFalse(run.out().contains("NaN") || run.out().contains("Infinity") || run.out().contains("null"),
                    context);
        } else {
            assertTrue(run.err().startsWith("mallard: "), context);
            assertEquals(1, run.err().lines().count(), context);
            assertTrue(run.err().length() <= Messages.MAX_LENGTH + "mallard: ".length() + 2, context);
            if (run.code() == Main.BAD_INPUT) {
                assertEquals("", run.out(), context);
            }
        }
    }
}
