package dev.mallard.cli;

import dev.mallard.plot.RegionOfAttractionPlot;
import dev.mallard.roa.RegionOfAttraction;
import dev.mallard.roa.RegionOfAttractionOptions;
import dev.mallard.roa.RegionOfAttractionResult;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import java.util.List;

/**
 * Tour part 5: the inverted pendulum under a linear feedback of its angle, whose dynamics hold sin(theta) and
 * theta itself: the region of attraction certified for the true dynamics by enclosing sin, plotted in the
 * (theta, theta') plane against trajectories simulated from the true dynamics; and under LQR, every level.
 */
final class TourTrigonometric {

    /** inf{V : Vdot = 0, x != 0} of the true dynamics for the default V, from scipy (rays and bisection). */
    static final double EXACT_LEVEL = 10.0863233756;

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
    }

    private static SymbolicVectorSystem<Double> system(List<Variable> x, Expression wDot, boolean reversed) {
        Expression thDot = x.get(1).toExpression();
        return SymbolicVectorSystem.builder().state(x.get(0), x.get(1))
                .dynamics(reversed ? thDot.negate() : thDot, reversed ? wDot.negate() : wDot).build(Scalar.DOUBLE);
    }
}
