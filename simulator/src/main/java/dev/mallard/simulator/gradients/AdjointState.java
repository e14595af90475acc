package dev.mallard.simulator.gradients;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.systems.Context;
import java.util.List;

/**
 * The state an {@link AdjointGradient} carries between steps and events, as one array: the continuous state
 * ({@code n} entries, in the root context's order), then every discrete state group of every leaf, flattened
 * in leaf order ({@code nd} entries). Abstract state is not part of it (the adjoint refuses updates that could
 * change it). Immutable.
 */
final class AdjointState {

    private final int n;
    private final int nd;

    /** @param context a root context whose layout this describes */
    AdjointState(Context<?> context) {
        this.n = context.getNumContinuousStates();
        int count = 0;
        for (Context<?> leaf : context.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumDiscreteStateGroups(); g++) {
                count += leaf.getDiscreteState(g).size();
            }
        }
        this.nd = count;
    }

    /** @return the number of continuous states */
    int continuous() {
        return n;
    }

    /** @return the number of discrete state entries */
    int discrete() {
        return nd;
    }

    /** @return {@code n + nd} */
    int size() {
        return n + nd;
    }

    /**
     * @param context a root context of this layout (double); not modified
     * @return its continuous then discrete state values, a new array
     */
    double[] read(Context<Double> context) {
        double[] z = new double[n + nd];
        ScalarVector<Double> x = context.getContinuousState();
        for (int i = 0; i < n; i++) {
            z[i] = x.getValue(i);
        }
        int k = n;
        for (Context<Double> leaf : context.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumDiscreteStateGroups(); g++) {
                ScalarVector<Double> xd = leaf.getDiscreteState(g);
                for (int i = 0; i < xd.size(); i++) {
                    z[k++] = xd.getValue(i);
                }
            }
        }
        return z;
    }

    /**
     * Writes the discrete part of {@code z} into a context's discrete state, as constants.
     *
     * @param context a root context of this layout, of any number type; its discrete state is modified
     * @param z a state of this layout; not modified
     * @param <T> the number type
     */
    <T> void writeDiscrete(Context<T> context, double[] z) {
        int k = n;
        for (Context<T> leaf : context.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumDiscreteStateGroups(); g++) {
                ScalarVector<T> xd = leaf.getMutableDiscreteState(g);
                for (int i = 0; i < xd.size(); i++) {
                    xd.setValue(i, z[k++]);
                }
            }
        }
    }

    /**
     * Writes {@code z} into an AutoDiff context, entry {@code i} seeded as independent variable {@code i} of
     * {@code width} (the continuous state as columns {@code 0 .. n-1}, the discrete state as {@code n .. n+nd-1}).
     *
     * @param context a root context of this layout; its continuous and discrete state are modified
     * @param z a state of this layout; not modified
     * @param width the number of independent variables, at least {@code n + nd}
     */
    void seed(Context<AutoDiff> context, double[] z, int width) {
        ScalarVector<AutoDiff> x = context.getMutableContinuousState();
        for (int i = 0; i < n; i++) {
            x.set(i, AutoDiff.variable(z[i], width, i));
        }
        int k = n;
        for (Context<AutoDiff> leaf : context.getLeafContexts()) {
            for (int g = 0; g < leaf.getNumDiscreteStateGroups(); g++) {
                ScalarVector<AutoDiff> xd = leaf.getMutableDiscreteState(g);
                for (int i = 0; i < xd.size(); i++) {
                    xd.set(i, AutoDiff.variable(z[k], width, k));
                    k++;
                }
            }
        }
    }

    /**
     * Reads an AutoDiff context's continuous then discrete state: values into {@code z}, derivatives as rows.
     *
     * @param context a root context of this layout; not modified
     * @param z receives the values, length {@code n + nd}
     * @param jacobian receives row i = the derivatives of entry i, {@code n + nd} rows of {@code width}
     * @param width the number of independent variables
     */
    void read(Context<AutoDiff> context, double[] z, double[][] jacobian, int width) {
        ScalarVector<AutoDiff> x = context.getContinuousState();
        for (int i = 0; i < n; i++) {
            store(x.get(i), i, z, jacobian, width);
        }
        int k = n;
        List<Context<AutoDiff>> leaves = context.getLeafContexts();
        for (Context<AutoDiff> leaf : leaves) {
            for (int g = 0; g < leaf.getNumDiscreteStateGroups(); g++) {
                ScalarVector<AutoDiff> xd = leaf.getDiscreteState(g);
                for (int i = 0; i < xd.size(); i++) {
                    store(xd.get(i), k++, z, jacobian, width);
                }
            }
        }
    }

    private static void store(AutoDiff v, int row, double[] z, double[][] jacobian, int width) {
        z[row] = v.value();
        v.copyGradientTo(jacobian[row], 0, width);
    }
}
