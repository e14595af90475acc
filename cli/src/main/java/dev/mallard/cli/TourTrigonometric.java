package dev.mallard.cli;

import dev.mallard.plot.RegionOfAttractionPlot;
import dev.mallard.roa.RegionOfAttraction;
import dev.mallard.roa.RegionOfAttractionOptions;
import dev.mallard.roa.RegionOfAttractionResult;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.Context;
import dev.mallard.systems.controllers.LinearQuadraticRegulator;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.util.List;

/**
 * Tour part 5: the inverted pendulum under a linear feedback of its angle, whose dynamics hold sin(theta) and
 * theta itself: the region of attraction certified for the true dynamics by enclosing sin, plotted in the
 * (theta, theta') plane against trajectories simulated from the true dynamics; and under LQR, every level. Then
 * Drake's cart-pole under LQR, whose certified region is plotted as the slice x = x' = 0.
 */
final class TourTrigonometric {

    /** inf{V : Vdot = 0, x != 0} of the true dynamics for the default V, from scipy (rays and bisection). */
    static final double EXACT_LEVEL = 10.0863233756;
    /** The same for the cart-pole under LQR, from scipy (rays, then SLSQP on V subject to Vdot = 0). */
    static final double CART_POLE_EXACT_LEVEL = 0.0985784369;

    private TourTrigonometric() {
    }

    static void run(TourReport report) {
        report.section("5. Region of attraction with sin and cos: the inverted pendulum under feedback");
        Variable th = new Variable("theta");
        Variable w = new Variable("thetadot");
        List<Variable> x = List.of(th, w);
        // th'' = (g/l) sin th - b/(m l^2) th' + u/(m l^2), m = 1, l = 0.5, b = 0.1, g = 9.81, u = -(10 th + th').
        Expression wDot = Expression.sin(th.toExpression()).times(19.62).minus(w.toExpression().times(0.4))
                .minus(th.toExpression().times(10).plus(w.toExpression()).times(4));
        SymbolicVectorSystem<Double> loop = system(x, wDot, false);
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(loop, loop.createDefaultContext(),
                RegionOfAttractionOptions.defaults().withStateVariables(x));
        report.line("theta'' = (g/l) sin(theta) - b/(m l^2) theta' + u/(m l^2) with u = -(10 theta + theta'): the angle "
                + "enters through sin and directly, so sin is enclosed between Taylor polynomials with a bounded "
                + "remainder on a box holding the estimate, and the level holds for the true dynamics.");
        report.line("Certified level rho = %.4f of V = %s (%s), %.1f%% of the exact level %.4f of the true "
                + "dynamics; %d SDP solves, %.2f s.", r.rho(), r.candidate(), r.isVerified() ? "verified" : "NOT verified",
                100 * r.rho() / EXACT_LEVEL, EXACT_LEVEL, r.sdpSolves(), r.totalSeconds());
        if (r.simulation() != null) {
            report.line("Simulation cross-check with the true sin: %s.", r.simulation());
        }
        RegionOfAttractionPlot.Drawing drawing = RegionOfAttractionPlot.draw(r.lyapunovFunction(), x, new double[2],
                loop, system(x, wDot, true), "Inverted pendulum under u = -(10 theta + theta')",
                report.outDir().resolve("roa_pendulum.png"));
        report.line("Trajectories of the true dynamics started just inside the estimate: %d of 6 reach the upright.",
                drawing.insideConverged());
        report.image("Inverted pendulum region of attraction", drawing.file());
        // LQR with Q = diag(10, 1), R = 1 (K = [10.741, 2.426]): a linear torque without bound.
        Expression lqr = Expression.sin(th.toExpression()).times(19.62).minus(w.toExpression().times(0.4))
                .minus(th.toExpression().times(10.74101105).plus(w.toExpression().times(2.42596626)).times(4));
        SymbolicVectorSystem<Double> lqrLoop = system(x, lqr, false);
        RegionOfAttractionResult global = RegionOfAttraction.analyzeDetailed(lqrLoop, lqrLoop.createDefaultContext(),
                RegionOfAttractionOptions.defaults().withStateVariables(x));
        report.line("Under LQR (Q = diag(10, 1), R = 1, K = [10.741, 2.426]): %s.", global.isGlobal()
                ? "every level of V = " + global.candidate() + " is certified (Vdot < 0 on the whole plane for every "
                + "value sin(theta)/theta can take): global for this model, whose torque has no bound"
                : "certified level " + global.rho());
        cartPole(report);
    }

    /**
     * Drake's cart-pole under LQR about the upright, the state ordered (theta, theta', x, x') so that the plot's
     * plane comes first.
     */
    private static void cartPole(TourReport report) {
        report.line("");
        report.line("Drake's cart-pole (m_c = 10, m_p = 1, l = 0.5, g = 9.81) under LQR about the upright (Q = diag(10, "
                + "10, 1, 1) on (x, theta, x', theta'), R = 1): sin and cos enter the dynamics, the feedback and the "
                + "denominator m_c + m_p sin^2(theta).");
        Variable th = new Variable("theta");
        Variable w = new Variable("thetadot");
        Variable x = new Variable("x");
        Variable v = new Variable("xdot");
        List<Variable> states = List.of(th, w, x, v);
        // The linearisation about theta = pi in (theta, theta', x, x'): theta'' = 21.582 dtheta + 0.2 u,
        // x'' = 0.981 dtheta + 0.1 u.
        double[][] a = {{0, 1, 0, 0}, {21.582, 0, 0, 0}, {0, 0, 0, 1}, {0.981, 0, 0, 0}};
        double[][] b = {{0}, {0.2}, {0}, {0.1}};
        double[][] q = {{10, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 10, 0}, {0, 0, 0, 1}};
        double[] k = LinearQuadraticRegulator.continuous(a, b, q, new double[][] {{1}}).k()[0];
        Expression u = th.toExpression().minus(Math.PI).times(-k[0]).minus(w.toExpression().times(k[1]))
                .minus(x.toExpression().times(k[2])).minus(v.toExpression().times(k[3]));
        Expression s = Expression.sin(th.toExpression());
        Expression c = Expression.cos(th.toExpression());
        Expression d = s.times(s).plus(10);
        Expression xdd = u.plus(s.times(w.toExpression().times(w.toExpression()).times(0.5).plus(c.times(9.81))))
                .dividedBy(d);
        Expression thdd = u.negate().times(c).minus(w.toExpression().times(w.toExpression()).times(c).times(s)
                .times(0.5)).minus(s.times(11 * 9.81)).dividedBy(d.times(0.5));
        SymbolicVectorSystem<Double> loop = SymbolicVectorSystem.builder().state(th, w, x, v)
                .dynamics(w.toExpression(), thdd, v.toExpression(), xdd).build(Scalar.DOUBLE);
        double[] upright = {Math.PI, 0, 0, 0};
        Context<Double> context = loop.createDefaultContext();
        context.setContinuousStateValues(upright);
        RegionOfAttractionResult r = RegionOfAttraction.analyzeDetailed(loop, context,
                RegionOfAttractionOptions.defaults().withStateVariables(states));
        report.line("K = [%.3f, %.3f, %.3f, %.3f] on (theta - pi, theta', x, x'). Certified level rho = %.5f (%s), "
                + "%.1f%% of the exact level %.5f of the true dynamics; %d SDP solves, %.2f s.", k[0], k[1], k[2], k[3],
                r.rho(), r.isVerified() ? "verified" : "NOT verified", 100 * r.rho() / CART_POLE_EXACT_LEVEL,
                CART_POLE_EXACT_LEVEL, r.sdpSolves(), r.totalSeconds());
        if (r.simulation() != null) {
            report.line("Simulation cross-check with the true dynamics: %s.", r.simulation());
        }
        RegionOfAttractionPlot.Drawing drawing = RegionOfAttractionPlot.drawSlice(r.lyapunovFunction(), states,
                upright, loop, "Cart-pole under LQR: the slice x = x' = 0", report.outDir().resolve("roa_cartpole.png"));
        report.line("Trajectories of the true dynamics started on the slice x = x' = 0 just inside the estimate: %d of "
                + "6 reach the upright (drawn projected onto the (theta, theta') plane).", drawing.insideConverged());
        report.image("Cart-pole region of attraction, slice x = x' = 0", drawing.file());
    }

    private static SymbolicVectorSystem<Double> system(List<Variable> x, Expression wDot, boolean reversed) {
        Expression thDot = x.get(1).toExpression();
        return SymbolicVectorSystem.builder().state(x.get(0), x.get(1))
                .dynamics(reversed ? thDot.negate() : thDot, reversed ? wDot.negate() : wDot).build(Scalar.DOUBLE);
    }
}
