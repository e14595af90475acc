package dev.mallard.roa;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Monomial;
import dev.mallard.symbolic.NotPolynomialException;
import dev.mallard.symbolic.Polynomial;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.DynamicalSystem;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a level-set certificate must respect beyond the dynamics, by the S-procedure: a restriction of the
 * state to {@code G = {g_i >= 0}} ({@link StateRegion}) and uncertain parameters p in a box
 * ({@link ParameterBox}). The level-set certificate becomes
 * {@code (y'y)^d (V - rho) - lambda Vdot(y, p) - sum_i sigma_i g_i(y) - sum_j tau_j h_j(p)} SOS in (y, p), with
 * SOS multipliers sigma_i, tau_j and {@code h_j = (p_j - lo_j)(hi_j - p_j)}: wherever g >= 0 and p is in the
 * box, the original certificate's inequality holds. For a restriction, {@code V - rho + s_i g_i} SOS (s_i SOS)
 * adds that {@code {V <= rho}} lies in G: where {@code g_i < 0}, it forces {@code V > rho}. Both are linear in
 * rho, so the largest level is still one SDP.
 */
final class LevelSetConstraints {

    /** No restriction and no uncertain parameter. */
    static final LevelSetConstraints NONE = new LevelSetConstraints(List.of(), List.of(), List.of(), List.of());

    /** The uncertain parameters' variables p (extra indeterminates). */
    final List<Variable> parameters;
    /** The region's polynomials g_i in the displacement y. */
    final List<Polynomial> region;
    /** {@code (p_j - lo_j)(hi_j - p_j)}. */
    final List<Polynomial> parameterBounds;
    private final List<ParameterBox.Entry> entries;

    private LevelSetConstraints(List<Variable> parameters, List<Polynomial> region, List<Polynomial> parameterBounds,
            List<ParameterBox.Entry> entries) {
        this.parameters = parameters;
        this.region = region;
        this.parameterBounds = parameterBounds;
        this.entries = entries;
    }

    /**
     * @param options the restriction and the parameter box
     * @param stateVariables the variables of the region's polynomials
     * @param y the displacement variables {@code y = x - x0}
     * @param x0 the equilibrium
     * @return the constraints in y and p
     * @throws IllegalArgumentException if a region polynomial is not a polynomial in the state, or the
     *     equilibrium is not strictly inside the region
     */
    static LevelSetConstraints of(RegionOfAttractionOptions options, List<Variable> stateVariables, List<Variable> y,
            double[] x0) {
        List<Polynomial> region = new ArrayList<>();
        if (options.stateRegion() != null) {
            List<Polynomial> shifted = new ArrayList<>();
            for (int i = 0; i < y.size(); i++) {
                shifted.add(Polynomial.of(y.get(i)).add(Polynomial.constant(x0[i])));
            }
            for (Expression g : options.stateRegion().constraints()) {
                Polynomial gy = PolynomialAlgebra.compose(regionPolynomial(g, stateVariables), stateVariables, shifted);
                double atEquilibrium = gy.coefficient(Monomial.ONE);
                if (!(atEquilibrium > 0)) {
                    throw new IllegalArgumentException("stateRegion: the equilibrium " + Arrays.toString(x0)
                            + " is not strictly inside the region: " + g + " = " + atEquilibrium + " there");
                }
                region.add(gy);
            }
        }
        List<Variable> p = new ArrayList<>();
        List<Polynomial> bounds = new ArrayList<>();
        for (ParameterBox.Entry e : options.uncertainParameters().entries()) {
            Polynomial pj = Polynomial.of(e.variable());
            p.add(e.variable());
            bounds.add(pj.sub(Polynomial.constant(e.lower())).multiply(Polynomial.constant(e.upper()).sub(pj)));
        }
        return new LevelSetConstraints(List.copyOf(p), List.copyOf(region), List.copyOf(bounds),
                options.uncertainParameters().entries());
    }

    private static Polynomial regionPolynomial(Expression g, List<Variable> stateVariables) {
        for (Variable v : g.getVariables()) {
            if (!stateVariables.contains(v)) {
                throw new IllegalArgumentException("stateRegion: " + g + " has variable '" + v
                        + "' that is not a state variable " + stateVariables);
            }
        }
        try {
            return g.toPolynomial(stateVariables);
        } catch (NotPolynomialException e) {
            throw new IllegalArgumentException("stateRegion: " + g + " is not a polynomial in the state", e);
        }
    }

    /** @return whether there is neither a restriction nor an uncertain parameter */
    boolean isEmpty() {
        return region.isEmpty() && parameters.isEmpty();
    }

    /**
     * @param y the displacement variables
     * @param t the balancing transformation {@code y = T w}
     * @return the same constraints in the balanced variables (the parameters untouched)
     */
    LevelSetConstraints balanced(List<Variable> y, double[][] t) {
        List<Polynomial> out = new ArrayList<>();
        for (Polynomial g : region) {
            out.add(PolynomialAlgebra.substituteLinear(g, y, t));
        }
        return new LevelSetConstraints(parameters, List.copyOf(out), parameterBounds, entries);
    }

    /**
     * Subtracts an SOS multiple of every region and parameter polynomial from the certificate, of the
     * largest even degree that keeps within its degree, and adds the containment {@code V - rho + s_i g_i}
     * SOS for every region polynomial.
     *
     * @param program the program, whose indeterminates hold y and the parameters
     * @param y the displacement variables
     * @param certificate the level-set certificate
     * @param vMinusRho {@code V - rho} (rho a decision variable or fixed)
     * @return the certificate with the S-procedure terms
     */
    PolynomialExpression apply(SosProgram program, List<Variable> y, PolynomialExpression certificate,
            PolynomialExpression vMinusRho) {
        int degree = certificate.totalDegree();
        int lowest = Integer.MAX_VALUE;
        for (Monomial m : certificate.monomials()) {
            lowest = Math.min(lowest, degreeIn(m, y));
        }
        // Rounded up to even: an SOS multiplier's lowest terms are squares.
        int vanishing = Math.max(2, lowest + Math.floorMod(lowest, 2));
        PolynomialExpression out = certificate;
        List<Polynomial> all = new ArrayList<>(region);
        all.addAll(parameterBounds);
        for (int i = 0; i < all.size(); i++) {
            Polynomial g = all.get(i);
            String name = i < region.size() ? "sigma_g" + i : "tau_p" + (i - region.size());
            out = out.minus(vanishingSosMultiplier(program, name, evenDegree(degree - g.totalDegree()), y, vanishing)
                    .times(g));
        }
        for (int i = 0; i < region.size(); i++) {
            Polynomial g = region.get(i);
            PolynomialExpression s = program.newSosPolynomial("s_contain" + i,
                    evenDegree(vMinusRho.totalDegree() - g.totalDegree()));
            program.addSosConstraint("{V <= rho} inside g" + i + " >= 0", vMinusRho.plus(s.times(g)));
        }
        return out;
    }

    /**
     * An SOS multiplier on the monomials of degree at least {@code order} in y. The level-set certificate
     * vanishes at y = 0 (for every parameter) to the order of its lowest terms, so every multiplier of a
     * positive g must vanish there to that order: a lower term could only be 0, and would leave its Gram
     * matrix singular, without the margin the certificate check needs.
     */
    private static PolynomialExpression vanishingSosMultiplier(SosProgram program, String name, int degree,
            List<Variable> y, int order) {
        List<Monomial> basis = new ArrayList<>();
        for (Monomial m : Monomial.upToDegree(program.indeterminates(), degree)) {
            if (degreeIn(m, y) >= order) {
                basis.add(m);
            }
        }
        PolynomialExpression sigma = program.newFreePolynomial(name, basis);
        program.addSosConstraint(name, sigma);
        return sigma;
    }

    private static int degreeIn(Monomial m, List<Variable> y) {
        int d = 0;
        for (Variable v : y) {
            d += m.degree(v);
        }
        return d;
    }

    private static int evenDegree(int degree) {
        return Math.max(0, degree - Math.floorMod(degree, 2));
    }

    /**
     * Whether Vdot is locally negative definite at y = 0 for every parameter in the box. Its Hessian in y is
     * a polynomial matrix in p; when that is affine in p it is a convex combination of its values at the
     * box's corners, so negative definiteness there (a convex cone) decides it; otherwise this answers false
     * and the multiplier is SOS, which needs no such property.
     *
     * @param vdot Vdot in y and p
     * @param y the displacement variables
     * @return whether the multiplier may be free
     */
    boolean negativeDefiniteOverBox(Polynomial vdot, List<Variable> y) {
        for (Monomial m : vdot.monomials()) {
            int inY = degreeIn(m, y);
            if (inY == 2 && m.totalDegree() - inY > 1) {
                return false;
            }
        }
        int k = parameters.size();
        for (int corner = 0; corner < 1 << k; corner++) {
            Map<Variable, Polynomial> values = new HashMap<>();
            for (int j = 0; j < k; j++) {
                ParameterBox.Entry e = entries.get(j);
                values.put(e.variable(), Polynomial.constant((corner >> j & 1) == 0 ? e.lower() : e.upper()));
            }
            double[][] h = PolynomialAlgebra.hessianAtOrigin(PolynomialAlgebra.substitute(vdot, values), y);
            for (double[] row : h) {
                for (int j = 0; j < row.length; j++) {
                    row[j] = -row[j];
                }
            }
            if (!CertificateCheck.choleskySucceeds(h, 1e-8)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The dynamics with the uncertain parameters as symbols p, as polynomials in y and p.
     *
     * @param system the system
     * @param context its context (the other parameters' values)
     * @param state the state expressions {@code x0 + y}
     * @param y the displacement variables
     * @return the time derivatives
     * @throws IllegalArgumentException if a box entry names no numeric parameter of the context, the dynamics
     *     are not polynomial in y and p, or the equilibrium moves with the parameters
     */
    List<Polynomial> uncertainDynamics(DynamicalSystem<Double> system, Context<Double> context, List<Expression> state,
            List<Variable> y) {
        Expression[] f = SymbolicDynamics.timeDerivatives(system, context, state, c -> {
            for (ParameterBox.Entry e : entries) {
                if (e.group() >= c.getNumNumericParameterGroups() || e.index() >= c.getNumericParameter(e.group()).size()) {
                    throw new IllegalArgumentException("uncertainParameters: " + e.variable() + " is entry " + e.index()
                            + " of numeric parameter group " + e.group() + ", which " + system.getName()
                            + " does not have");
                }
                c.getMutableNumericParameter(e.group()).set(e.index(), e.variable().toExpression());
            }
        });
        List<Variable> all = new ArrayList<>(y);
        all.addAll(parameters);
        Map<Variable, Polynomial> zero = new HashMap<>();
        for (Variable v : y) {
            zero.put(v, Polynomial.ZERO);
        }
        List<Polynomial> out = new ArrayList<>();
        for (int i = 0; i < f.length; i++) {
            Polynomial fi;
            try {
                fi = f[i].toPolynomial(all);
            } catch (NotPolynomialException e) {
                throw new IllegalArgumentException("uncertainParameters: robust analysis needs dynamics polynomial in "
                        + "the state and the uncertain parameters: xdot[" + i + "] = " + f[i] + " (in displacement "
                        + "variables y): " + e.culprit() + " is not polynomial", e);
            }
            Polynomial atOrigin = PolynomialAlgebra.substitute(fi, zero);
            if (PolynomialAlgebra.maxAbsCoefficient(atOrigin) > RegionOfAttraction.FIXED_POINT_TOLERANCE) {
                throw new IllegalArgumentException("uncertainParameters: the equilibrium moves with the parameters: "
                        + "xdot[" + i + "] = " + atOrigin + " there, not zero for every parameter in the box");
            }
            out.add(fi);
        }
        return out;
    }
}
