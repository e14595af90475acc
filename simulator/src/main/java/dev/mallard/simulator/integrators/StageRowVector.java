package dev.mallard.simulator.integrators;

import dev.mallard.autodiff.AutoDiff;
import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import dev.mallard.scalar.ScalarVector;

/**
 * The vector receiving one stage's derivatives in an explicit Runge-Kutta step on AutoDiff objects whose sums
 * run on arrays ({@link AutoDiffStageSums}): an entry set with the step's gradient size is written straight into
 * the sums' row for the stage (its value and gradient, no object kept), any other entry (a constant, another
 * size, or before the first step) is kept as the object. Reading an entry held in the row makes its object then,
 * {@link AutoDiff#of(double, double[], int, int)} of the row, equal bit for bit to the one set.
 *
 * <p>Why: the system's derivatives are young objects, and storing a reference to one into a long-lived array
 * costs G1 a card-marking fence that waits for every pending store of the evaluation; a value written into a
 * primitive array costs no barrier, and the sums read the row without copying it.
 */
final class StageRowVector implements ScalarVector<AutoDiff> {

    private final AutoDiffStageSums sums;
    private final int stage;
    /** The entries not in the row (null where the row holds it). */
    private final AutoDiff[] entries;
    /** Whether entry {@code j} is held in the sums' row. */
    private final boolean[] inRow;
    private int rowCount;

    /**
     * A vector of zeros (as objects).
     *
     * @param sums the step's sums, owning the row
     * @param stage the stage whose row this is, in [1, stages)
     * @param size the number of entries, {@code >= 1}
     */
    StageRowVector(AutoDiffStageSums sums, int stage, int size) {
        this.sums = sums;
        this.stage = stage;
        this.entries = new AutoDiff[size];
        this.inRow = new boolean[size];
        java.util.Arrays.fill(entries, AutoDiff.ZERO);
    }

    /**
     * @param owner a step's sums
     * @param i a stage
     * @return whether this vector holds its entries in {@code owner}'s row {@code i}, every entry there
     */
    boolean allInRow(AutoDiffStageSums owner, int i) {
        return owner == sums && i == stage && rowCount == entries.length;
    }

    /** Turns the entries held in the row into objects, before the sums replace their rows. */
    void detachFromRow() {
        for (int j = 0; j < entries.length; j++) {
            if (inRow[j]) {
                entries[j] = sums.entry(stage, j);
                inRow[j] = false;
            }
        }
        rowCount = 0;
    }

    @Override
    public Scalar<AutoDiff> scalar() {
        return AutoDiff.SCALAR;
    }

    @Override
    public int size() {
        return entries.length;
    }

    @Override
    public AutoDiff get(int i) {
        Checks.index(i, entries.length, "index");
        return inRow[i] ? sums.entry(stage, i) : entries[i];
    }

    @Override
    public void set(int i, AutoDiff value) {
        Checks.index(i, entries.length, "index");
        Checks.notNull(value, "value");
        if (sums.put(stage, i, value)) {
            if (!inRow[i]) {
                inRow[i] = true;
                entries[i] = null;
                rowCount++;
            }
        } else {
            if (inRow[i]) {
                inRow[i] = false;
                rowCount--;
            }
            entries[i] = value;
        }
    }

    @Override
    public double getValue(int i) {
        Checks.index(i, entries.length, "index");
        return inRow[i] ? sums.entryValue(stage, i) : entries[i].value();
    }

    @Override
    public void setValue(int i, double value) {
        set(i, AutoDiff.constant(value));
    }

    @Override
    public ScalarVector<AutoDiff> copy() {
        ScalarVector<AutoDiff> c = AutoDiff.SCALAR.newVector(entries.length);
        c.setFrom(this);
        return c;
    }
}
