package dev.mallard.spark;

import dev.mallard.simulator.studies.ReplayableRandom;
import java.io.Serializable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A distribution of one random initial state or parameter of a formula study, written
 * {@code uniform(a, b)} (each value in [a, b) equally likely: {@code a + (b - a) * nextDouble()}),
 * {@code normal(mean, sd)} ({@code mean + sd * nextGaussian()}) or a plain number (a constant, no draw).
 *
 * @param kind uniform, normal or constant
 * @param a the lower bound, the mean or the constant
 * @param b the upper bound or the standard deviation (0 for a constant)
 */
record Distribution(Kind kind, double a, double b) implements Serializable {

    private static final Pattern CALL = Pattern.compile("\\s*(uniform|normal)\\s*\\(([^,]*),([^,]*)\\)\\s*");

    /** The families. */
    public enum Kind {
        /** Uniform on [a, b). */
        UNIFORM,
        /** Normal with mean a and standard deviation b. */
        NORMAL,
        /** The constant a. */
        CONSTANT
    }

    /**
     * @param kind the family, not null
     * @param a see the record
     * @param b see the record
     * @throws IllegalArgumentException if a bound is not finite, {@code b < a} for a uniform distribution or
     *     the standard deviation is negative
     */
    public Distribution {
        if (kind == null) {
            throw new IllegalArgumentException("kind must not be null");
        }
        if (!Double.isFinite(a) || !Double.isFinite(b)) {
            throw new IllegalArgumentException("the arguments of " + kind + " must be finite, got " + a + ", " + b);
        }
        if (kind == Kind.UNIFORM && b < a) {
            throw new IllegalArgumentException("uniform(" + a + ", " + b + "): the upper bound is below the lower");
        }
        if (kind == Kind.NORMAL && b < 0) {
            throw new IllegalArgumentException("normal(" + a + ", " + b + "): the standard deviation is negative");
        }
    }

    /**
     * @param text {@code uniform(a, b)}, {@code normal(mean, sd)} or a number
     * @param what what it is for, for the message
     * @return the distribution
     * @throws IllegalArgumentException naming {@code what} if the text is none of these
     */
    public static Distribution parse(String text, String what) {
        Matcher m = CALL.matcher(text);
        if (m.matches()) {
            Kind kind = m.group(1).equals("uniform") ? Kind.UNIFORM : Kind.NORMAL;
            return new Distribution(kind, FormulaSystem.number(m.group(2).trim(), what),
                    FormulaSystem.number(m.group(3).trim(), what));
        }
        try {
            return new Distribution(Kind.CONSTANT, FormulaSystem.number(text.trim(), what), 0);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": expected uniform(a, b), normal(mean, sd) or a number, got '"
                    + text.trim() + "'", e);
        }
    }

    /**
     * @param generator advanced by one draw (none for a constant)
     * @return a value of the distribution
     */
    public double draw(ReplayableRandom generator) {
        return switch (kind) {
            case UNIFORM -> a + (b - a) * generator.nextDouble();
            case NORMAL -> a + b * generator.nextGaussian();
            case CONSTANT -> a;
        };
    }
}
