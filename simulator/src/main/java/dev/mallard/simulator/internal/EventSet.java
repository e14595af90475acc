package dev.mallard.simulator.internal;

import dev.mallard.systems.Event;
import java.util.ArrayList;
import java.util.List;

/**
 * Simultaneous events collected per leaf system and per kind (Drake's CompositeEventCollection), so
 * that each leaf's handlers of a kind are dispatched in one call. Lists are reused: clearing and adding do
 * not allocate once they have grown.
 */
public final class EventSet<T> {

    private final List<List<Event<T>>> publish = new ArrayList<>();
    private final List<List<Event<T>>> discrete = new ArrayList<>();
    private final List<List<Event<T>>> unrestricted = new ArrayList<>();
    private int numPublish;
    private int numDiscrete;
    private int numUnrestricted;

    /** @param numLeaves the number of leaf systems, whose indices the events are filed under */
    public EventSet(int numLeaves) {
        for (int i = 0; i < numLeaves; i++) {
            publish.add(new ArrayList<>());
            discrete.add(new ArrayList<>());
            unrestricted.add(new ArrayList<>());
        }
    }

    /**
     * Empties the set, keeping its lists' capacity; an empty set returns at once (cleared every step). The
     * test is all this method holds, so that the compiler inlines it into the step; the emptying is apart.
     */
    public void clear() {
        if (numPublish + numDiscrete + numUnrestricted != 0) {
            empty();
        }
    }

    private void empty() {
        clearKind(publish, numPublish);
        clearKind(discrete, numDiscrete);
        clearKind(unrestricted, numUnrestricted);
        numPublish = 0;
        numDiscrete = 0;
        numUnrestricted = 0;
    }

    private static <T> void clearKind(List<List<Event<T>>> lists, int count) {
        if (count > 0) {
            for (int i = 0; i < lists.size(); i++) {
                lists.get(i).clear();
            }
        }
    }

    /**
     * Files an event under its leaf and kind.
     *
     * @param leaf the index of the leaf system that declared the event
     * @param event the event, kept (not copied)
     */
    public void add(int leaf, Event<T> event) {
        switch (event.getKind()) {
            case PUBLISH -> {
                publish.get(leaf).add(event);
                numPublish++;
            }
            case DISCRETE_UPDATE -> {
                discrete.get(leaf).add(event);
                numDiscrete++;
            }
            case UNRESTRICTED_UPDATE -> {
                unrestricted.get(leaf).add(event);
                numUnrestricted++;
            }
        }
    }

    /** Adds the discrete and unrestricted update events of {@code other} (an empty one: one test, inlined). */
    public void addUpdates(EventSet<T> other) {
        if (other.numDiscrete + other.numUnrestricted != 0) {
            addUpdateLists(other);
        }
    }

    private void addUpdateLists(EventSet<T> other) {
        for (int i = 0; i < publish.size(); i++) {
            addList(i, other.discrete.get(i));
            addList(i, other.unrestricted.get(i));
        }
    }

    /** Adds the publish events of {@code other} (an empty one: one test, inlined). */
    public void addPublishes(EventSet<T> other) {
        if (other.numPublish != 0) {
            addPublishLists(other);
        }
    }

    private void addPublishLists(EventSet<T> other) {
        for (int i = 0; i < publish.size(); i++) {
            addList(i, other.publish.get(i));
        }
    }

    private void addList(int leaf, List<Event<T>> events) {
        for (int j = 0; j < events.size(); j++) {
            add(leaf, events.get(j));
        }
    }

    /** @return whether the set holds any publish (as {@code has(Event.Kind.PUBLISH)}, without the switch) */
    public boolean hasPublishes() {
        return numPublish > 0;
    }

    /** @return whether the set holds any discrete or unrestricted update */
    public boolean hasUpdates() {
        return numDiscrete + numUnrestricted > 0;
    }

    /**
     * @param kind a kind of event
     * @return whether the set holds an event of that kind
     */
    public boolean has(Event.Kind kind) {
        return count(kind) > 0;
    }

    /**
     * @param kind a kind of event
     * @return how many events of that kind the set holds, over all leaves
     */
    public int count(Event.Kind kind) {
        return switch (kind) {
            case PUBLISH -> numPublish;
            case DISCRETE_UPDATE -> numDiscrete;
            case UNRESTRICTED_UPDATE -> numUnrestricted;
        };
    }

    /**
     * @param kind a kind of event
     * @param leaf the index of a leaf system
     * @return that leaf's events of that kind, the set's own list (not a copy; do not modify)
     */
    public List<Event<T>> get(Event.Kind kind, int leaf) {
        return switch (kind) {
            case PUBLISH -> publish.get(leaf);
            case DISCRETE_UPDATE -> discrete.get(leaf);
            case UNRESTRICTED_UPDATE -> unrestricted.get(leaf);
        };
    }
}
