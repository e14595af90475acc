package dev.mallard.simulator;

import dev.mallard.scalar.DoubleArrays;
import dev.mallard.scalar.DoubleVector;
import dev.mallard.scalar.ScalarVector;
import dev.mallard.simulator.internal.EventSet;
import dev.mallard.systems.Context;
import dev.mallard.systems.Event;
import dev.mallard.systems.EventStatus;
import dev.mallard.systems.LeafSystem;
import java.util.ArrayList;
import java.util.List;

/**
 * The pending periodic discrete updates of a simulation whose only step events are periodic discrete updates:
 * the {@link Simulator}'s step keeps them as a due flag per periodic event instead of in an {@link EventSet},
 * and per updating leaf its discrete groups and their scratch copies, so that a dispatch does exactly what
 * the general one does (each leaf's due events in declaration order, in one call, on a scratch {@code xd}
 * that starts as a copy of {@code xd⁻}; the commit after all handlers ran) without the set bookkeeping.
 *
 * <p>Periodic events arrive leaf by leaf ({@link Simulator} collects them in leaf order), so each updating
 * leaf's events are one contiguous range of the event indices.
 *
 * @param <T> the number type
 */
final class PeriodicUpdates<T> {

    private final List<Event<T>> events;
    private final int[] owner;
    /** Per event: the index of its updating leaf (in the per-leaf arrays below). */
    private final int[] group;
    private final boolean[] due;
    private boolean anyDue;

    /** Per updating leaf: its index among the simulator's leaves, and its events' range [first, end). */
    private final int[] leaf;
    private final int[] first;
    private final int[] end;
    private final LeafSystem<T>[] leafSystems;
    /** Per updating leaf: how many of its events are due. */
    private final int[] dueCount;
    /** Per updating leaf: all its periodic events (the list passed when all are due). */
    private final List<Event<T>>[] all;
    /** Per updating leaf: a reusable list for when only some of its events are due. */
    private final List<Event<T>>[] some;
    /** Per updating leaf: the list being dispatched, or null when none of its events is due. */
    private final List<Event<T>>[] dispatching;

    // Per updating leaf, for the attached context: the leaf's context, its scratch context, their groups.
    private Context<T>[] current;
    private Context<T>[] scratch;
    private ScalarVector<T>[][] groups;
    private ScalarVector<T>[][] scratchGroups;
    /**
     * When every group of both contexts is a {@link DoubleVector}: their backing arrays, copied directly (the
     * copies run twice per dispatch, where the vector's own copy with its size check and type test costs more
     * than copying a few doubles); else null.
     */
    private double[][][] groupData;
    private double[][][] scratchData;

    /**
     * @param events the periodic events, all discrete updates, grouped by leaf in increasing leaf order
     * @param owner the leaf index of each event
     * @param leaves the simulator's leaves
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    PeriodicUpdates(List<Event<T>> events, int[] owner, List<LeafSystem<T>> leaves) {
        this.events = List.copyOf(events);
        this.owner = owner.clone();
        this.due = new boolean[owner.length];
        this.group = new int[owner.length];
        int numLeaves = 0;
        for (int j = 0; j < owner.length; j++) {
            if (j == 0 || owner[j] != owner[j - 1]) {
                numLeaves++;
            }
        }
        leaf = new int[numLeaves];
        first = new int[numLeaves];
        end = new int[numLeaves];
        leafSystems = new LeafSystem[numLeaves];
        dueCount = new int[numLeaves];
        all = new List[numLeaves];
        some = new List[numLeaves];
        dispatching = new List[numLeaves];
        int g = -1;
        for (int j = 0; j < owner.length; j++) {
            if (j == 0 || owner[j] != owner[j - 1]) {
                g++;
                leaf[g] = owner[j];
                first[g] = j;
                leafSystems[g] = leaves.get(owner[j]);
            }
            group[j] = g;
            end[g] = j + 1;
        }
        for (g = 0; g < numLeaves; g++) {
            all[g] = List.copyOf(this.events.subList(first[g], end[g]));
            some[g] = new ArrayList<>(end[g] - first[g]);
        }
    }

    /**
     * Binds to a context tree (after the simulator's context changed).
     *
     * @param leafContexts the leaf contexts of the simulated context, in leaf order
     * @param scratchLeaves the leaf contexts of the simulator's scratch copy, in leaf order
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void attach(List<Context<T>> leafContexts, List<Context<T>> scratchLeaves) {
        int n = leaf.length;
        current = new Context[n];
        scratch = new Context[n];
        groups = new ScalarVector[n][];
        scratchGroups = new ScalarVector[n][];
        groupData = new double[n][][];
        scratchData = new double[n][][];
        boolean primitive = true;
        for (int g = 0; g < n; g++) {
            current[g] = leafContexts.get(leaf[g]);
            scratch[g] = scratchLeaves.get(leaf[g]);
            int m = current[g].getNumDiscreteStateGroups();
            groups[g] = new ScalarVector[m];
            scratchGroups[g] = new ScalarVector[m];
            groupData[g] = new double[m][];
            scratchData[g] = new double[m][];
            for (int k = 0; k < m; k++) {
                groups[g][k] = current[g].getDiscreteState(k);
                scratchGroups[g][k] = scratch[g].getDiscreteState(k);
                if (groups[g][k] instanceof DoubleVector d && scratchGroups[g][k] instanceof DoubleVector e) {
                    groupData[g][k] = d.data();
                    scratchData[g][k] = e.data();
                } else {
                    primitive = false;
                }
            }
        }
        if (!primitive) {
            groupData = null;
            scratchData = null;
        }
    }

    /** Copies one leaf's groups {@code from} into {@code to} (a double group: {@link DoubleVector#setFrom}, arrays). */
    private static <T> void copyGroups(ScalarVector<T>[] from, ScalarVector<T>[] to) {
        for (int k = 0; k < from.length; k++) {
            to[k].setFrom(from[k]);
        }
    }

    /** Copies one leaf's groups' backing arrays {@code from} into {@code to} (of the same lengths). */
    private static void copyGroups(double[][] from, double[][] to) {
        for (int k = 0; k < from.length; k++) {
            DoubleArrays.copy(from[k], to[k], from[k].length);
        }
    }

    /** @return whether some update is due at the current time */
    boolean anyDue() {
        return anyDue;
    }

    /**
     * Marks due the events whose next sample is {@code te} (the end of a step), as the step's end-of-step
     * scan adds them to the pending set when it holds them.
     *
     * @param next each event's next sample time, seconds
     * @param te the time reached, seconds
     */
    void markDue(double[] next, double te) {
        for (int j = 0; j < due.length; j++) {
            if (next[j] == te) {
                due[j] = true;
                dueCount[group[j]]++;
                anyDue = true;
            }
        }
    }

    /**
     * Takes over a pending set that holds only these periodic updates (what initialize, advancePendingEvents
     * and the steps that keep them in the set leave behind), clearing it.
     *
     * @param pending the simulator's pending set; cleared when taken
     * @return false, leaving everything unchanged, if the set holds anything else
     */
    boolean takePending(EventSet<T> pending) {
        if (!pending.hasUpdates()) {
            return true;
        }
        if (pending.has(Event.Kind.UNRESTRICTED_UPDATE)) {
            return false;
        }
        int matched = 0;
        for (int j = 0; j < due.length; j++) {
            due[j] = pending.get(Event.Kind.DISCRETE_UPDATE, owner[j]).contains(events.get(j));
            if (due[j]) {
                matched++;
                dueCount[group[j]]++;
            }
        }
        if (matched != pending.count(Event.Kind.DISCRETE_UPDATE)) {
            java.util.Arrays.fill(due, false);
            java.util.Arrays.fill(dueCount, 0);
            return false;
        }
        anyDue = matched > 0;
        pending.clear();
        return true;
    }

    /**
     * Gives the due updates back to the pending set (in the order the step adds them to the set) and forgets them.
     *
     * @param pending the simulator's pending set, added to
     */
    void returnPending(EventSet<T> pending) {
        if (!anyDue) {
            return;
        }
        for (int j = 0; j < due.length; j++) {
            if (due[j]) {
                pending.add(owner[j], events.get(j));
                due[j] = false;
            }
        }
        java.util.Arrays.fill(dueCount, 0);
        anyDue = false;
    }

    /**
     * Runs the due updates' handlers, leaf by leaf, each leaf's due events in one call on its scratch
     * {@code xd} reset to {@code xd⁻}; stops after the first failing leaf. The due flags are cleared before
     * any handler runs (as a dispatch from the set empties the set first).
     *
     * @return the most severe status, attributed to its leaf
     */
    EventStatus dispatch() {
        takeDue();
        return runHandlers();
    }

    /** Chooses each leaf's list of due events and clears the due flags. */
    private void takeDue() {
        anyDue = false;
        for (int g = 0; g < leaf.length; g++) {
            int count = dueCount[g];
            if (count == 0) {
                dispatching[g] = null;
                continue;
            }
            dueCount[g] = 0;
            if (count == end[g] - first[g]) {
                dispatching[g] = all[g];
                for (int j = first[g]; j < end[g]; j++) {
                    due[j] = false;
                }
                continue;
            }
            List<Event<T>> list = some[g];
            list.clear();
            for (int j = first[g]; j < end[g]; j++) {
                if (due[j]) {
                    list.add(events.get(j));
                    due[j] = false;
                }
            }
            dispatching[g] = list;
        }
    }

    /** Runs the handlers of the leaves {@link #takeDue()} chose, in leaf order, until one fails. */
    private EventStatus runHandlers() {
        EventStatus status = EventStatus.didNothing();
        for (int g = 0; g < leaf.length && !status.failed(); g++) {
            List<Event<T>> list = dispatching[g];
            if (list == null) {
                continue;
            }
            if (groupData != null) {
                copyGroups(groupData[g], scratchData[g]);
            } else {
                copyGroups(groups[g], scratchGroups[g]);
            }
            EventStatus s = leafSystems[g].calcDiscreteVariableUpdate(current[g], list, scratch[g].getDiscreteValues());
            status = status.keepMoreSevere(Simulator.attribute(s, leafSystems[g]));
        }
        return status;
    }

    /** Commits {@code xd⁺} of the leaves {@link #dispatch()} ran, recording each leaf's change in its context. */
    void commit() {
        for (int g = 0; g < leaf.length; g++) {
            if (dispatching[g] == null) {
                continue;
            }
            if (groupData != null) {
                copyGroups(scratchData[g], groupData[g]);
            } else {
                copyGroups(scratchGroups[g], groups[g]);
            }
            current[g].noteStateChanged();
        }
    }
}
