package dev.mallard.systems;

/**
 * The default {@link TangentEvaluator}: its input array holds time, state, the time's tangent row and the
 * states' rows in that order; an evaluation copies state and tangents into the arrays {@link
 * TangentTimeDerivatives#calcTimeDerivativesTangents} takes and calls it.
 *
 * @param <T> the system's number type
 */
final class CopyingTangentEvaluator<T> implements TangentEvaluator {

    private final TangentTimeDerivatives<T> system;
    private final Context<T> context;
    private final int n;
    private final int width;
    private final double[] in;
    private final double[] x;
    /** The states' rows, then the time's, as {@code calcTimeDerivativesTangents} takes them. */
    private final double[] tangents;

    CopyingTangentEvaluator(TangentTimeDerivatives<T> system, Context<T> context, int width) {
        if (context == null || context.getSystem() != system) {
            throw new IllegalArgumentException("the context of a tangent evaluator must be one of its system's");
        }
        if (width < 0) {
            throw new IllegalArgumentException("width must be >= 0, got " + width);
        }
        this.system = system;
        this.context = context;
        this.n = context.getContinuousState().size();
        this.width = width;
        this.in = new double[1 + n + (n + 1) * width];
        this.x = new double[n];
        this.tangents = new double[(n + 1) * width];
    }

    @Override
    public double[] input() {
        return in;
    }

    @Override
    public int timeAt() {
        return 0;
    }

    @Override
    public int stateAt() {
        return 1;
    }

    @Override
    public int timeTangentsAt() {
        return 1 + n;
    }

    @Override
    public int stateTangentsAt() {
        return 1 + n + width;
    }

    @Override
    public void evaluate(double[] xdot, double[] xdotTangents) {
        System.arraycopy(in, stateAt(), x, 0, n);
        System.arraycopy(in, stateTangentsAt(), tangents, 0, n * width);
        System.arraycopy(in, timeTangentsAt(), tangents, n * width, width);
        system.calcTimeDerivativesTangents(context, in[timeAt()], x, tangents, width, xdot, xdotTangents);
    }
}
