package dev.mallard.systems;

import dev.mallard.scalar.Checks;
import dev.mallard.scalar.Scalar;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Objects;

/**
 * Assembles a {@link Diagram}: add subsystems, connect output ports to input ports, export inputs and
 * outputs, then {@link #build}. A builder builds one diagram; a system can be added to one builder only.
 *
 * @param <T> the number type
 */
public final class DiagramBuilder<T> {

    private final Scalar<T> scalar;
    private final List<DynamicalSystem<T>> systems = new ArrayList<>();
    private final List<int[][]> sources = new ArrayList<>();
    private final List<int[]> exported = new ArrayList<>();
    private final List<String> inputNames = new ArrayList<>();
    private final List<Integer> inputSizes = new ArrayList<>();
    private final List<Boolean> inputAbstract = new ArrayList<>();
    private final List<String> outputNames = new ArrayList<>();
    private final List<int[]> outputSources = new ArrayList<>();
    private boolean built;

    /** @param scalar the number type of the diagram and all its subsystems */
    public DiagramBuilder(Scalar<T> scalar) {
        this.scalar = Objects.requireNonNull(scalar, "scalar must not be null");
    }

    /**
     * Adds a subsystem.
     *
     * @param system the system; its name must be unique in this diagram
     * @param <S> its class
     * @return {@code system}
     * @throws IllegalArgumentException if the name is taken, the number type differs, or it was already added
     * @throws IllegalStateException if the system already belongs to a diagram
     */
    public <S extends DynamicalSystem<T>> S addSystem(S system) {
        checkOpen();
        Objects.requireNonNull(system, "system must not be null");
        if (system.scalar() != scalar) {
            throw new IllegalArgumentException(system.getName() + " computes with " + system.scalar().name()
                    + " but this builder with " + scalar.name());
        }
        if (system.getParentDiagram() != null) {
            throw new IllegalStateException(system.getName() + " already belongs to diagram "
                    + system.getParentDiagram().getName());
        }
        for (DynamicalSystem<T> s : systems) {
            if (s == system) {
                throw new IllegalArgumentException(system.getName() + " was already added");
            }
            if (s.getName().equals(system.getName())) {
                throw new IllegalArgumentException("a subsystem named '" + system.getName() + "' was already added");
            }
        }
        systems.add(system);
        int[] none = new int[system.numInputPorts()];
        Arrays.fill(none, -1);
        int[] src = none.clone();
        sources.add(new int[][] {src, none.clone()});
        exported.add(none.clone());
        return system;
    }

    /**
     * Connects {@code source} to {@code destination}.
     *
     * @param source an output port of an added system
     * @param destination an input port of an added system, not yet connected or exported
     * @throws IllegalArgumentException if a port's system was not added, the sizes or kinds differ, or the
     *     destination is already fed
     */
    public void connect(OutputPort<T> source, InputPort<T> destination) {
        checkOpen();
        int srcChild = indexOf(source.getSystem(), "source");
        int dstChild = indexOf(destination.getSystem(), "destination");
        if (source.isAbstract() != destination.isAbstract() || source.size() != destination.size()) {
            throw new IllegalArgumentException("cannot connect " + source + " (" + describe(source.isAbstract(),
                    source.size()) + ") to " + destination + " (" + describe(destination.isAbstract(),
                    destination.size()) + ")");
        }
        checkFree(dstChild, destination);
        sources.get(dstChild)[0][destination.getIndex()] = srcChild;
        sources.get(dstChild)[1][destination.getIndex()] = source.getIndex();
    }

    /**
     * Makes {@code port} an input port of the diagram.
     *
     * @param port an input port of an added system, not yet fed
     * @param name the diagram port's name
     * @return the index of the new diagram input port
     */
    public int exportInput(InputPort<T> port, String name) {
        checkOpen();
        int child = indexOf(port.getSystem(), "port");
        checkFree(child, port);
        if (inputNames.contains(name)) {
            throw new IllegalArgumentException("the diagram already has an input port named '" + name + "'");
        }
        inputNames.add(Objects.requireNonNull(name, "name must not be null"));
        inputSizes.add(port.size());
        inputAbstract.add(port.isAbstract());
        exported.get(child)[port.getIndex()] = inputNames.size() - 1;
        return inputNames.size() - 1;
    }

    /**
     * Feeds another subsystem input from an already exported diagram input port.
     *
     * @param diagramInput the index returned by {@link #exportInput}
     * @param port an input port of an added system, not yet fed, of the same size and kind
     */
    public void connectInput(int diagramInput, InputPort<T> port) {
        checkOpen();
        Checks.index(diagramInput, inputNames.size(), "diagram input port");
        int child = indexOf(port.getSystem(), "port");
        checkFree(child, port);
        if (port.isAbstract() != inputAbstract.get(diagramInput) || port.size() != inputSizes.get(diagramInput)) {
            throw new IllegalArgumentException("diagram input '" + inputNames.get(diagramInput) + "' ("
                    + describe(inputAbstract.get(diagramInput), inputSizes.get(diagramInput)) + ") cannot feed "
                    + port + " (" + describe(port.isAbstract(), port.size()) + ")");
        }
        exported.get(child)[port.getIndex()] = diagramInput;
    }

    /**
     * Makes {@code port} an output port of the diagram.
     *
     * @param port an output port of an added system
     * @param name the diagram port's name
     * @return the index of the new diagram output port
     */
    public int exportOutput(OutputPort<T> port, String name) {
        checkOpen();
        int child = indexOf(port.getSystem(), "port");
        if (outputNames.contains(name)) {
            throw new IllegalArgumentException("the diagram already has an output port named '" + name + "'");
        }
        outputNames.add(Objects.requireNonNull(name, "name must not be null"));
        outputSources.add(new int[] {child, port.getIndex()});
        return outputNames.size() - 1;
    }

    /**
     * Builds the diagram named "diagram".
     *
     * @return the diagram
     */
    public Diagram<T> build() {
        return build("diagram");
    }

    /**
     * Builds the diagram. The builder cannot be used afterwards.
     *
     * @param name the diagram's name
     * @return the diagram
     * @throws IllegalStateException if the connections form an algebraic loop (a cycle of direct
     *     feedthroughs), naming the ports and systems in it
     */
    public Diagram<T> build(String name) {
        checkOpen();
        checkNoAlgebraicLoop();
        built = true;
        int n = systems.size();
        int[][] srcChild = new int[n][];
        int[][] srcPort = new int[n][];
        int[][] exp = new int[n][];
        for (int i = 0; i < n; i++) {
            srcChild[i] = sources.get(i)[0];
            srcPort[i] = sources.get(i)[1];
            exp[i] = exported.get(i);
        }
        return new Diagram<>(scalar, name, systems, srcChild, srcPort, exp, inputNames, inputSizes, inputAbstract,
                outputNames, outputSources);
    }

    private void checkNoAlgebraicLoop() {
        // Nodes are subsystem input ports; an edge (c, p) -> (d, r) exists when c's input p feeds through to
        // an output of c that is connected to d's input r. A cycle is an algebraic loop.
        int n = systems.size();
        int[][] state = new int[n][];
        for (int c = 0; c < n; c++) {
            state[c] = new int[systems.get(c).numInputPorts()];
        }
        for (int c = 0; c < n; c++) {
            for (int p = 0; p < state[c].length; p++) {
                List<String> path = new ArrayList<>();
                if (state[c][p] == 0 && findCycle(c, p, state, path)) {
                    throw new IllegalStateException("algebraic loop: " + String.join(" -> ", path)
                            + " (declare Feedthrough.none() on outputs that do not depend on inputs)");
                }
            }
        }
    }

    private boolean findCycle(int c, int p, int[][] state, List<String> path) {
        state[c][p] = 1;
        DynamicalSystem<T> s = systems.get(c);
        path.add(s.getName() + ".in[" + s.getInputPort(p).getName() + "]");
        for (int o = 0; o < s.numOutputPorts(); o++) {
            if (!s.hasDirectFeedthrough(p, o)) {
                continue;
            }
            for (int d = 0; d < systems.size(); d++) {
                int[][] src = sources.get(d);
                for (int r = 0; r < src[0].length; r++) {
                    if (src[0][r] != c || src[1][r] != o) {
                        continue;
                    }
                    if (state[d][r] == 1) {
                        path.add(systems.get(d).getName() + ".in[" + systems.get(d).getInputPort(r).getName() + "]");
                        trimToCycle(path, systems.get(d).getName() + ".in[" + systems.get(d).getInputPort(r).getName()
                                + "]");
                        return true;
                    }
                    if (state[d][r] == 0 && findCycle(d, r, state, path)) {
                        return true;
                    }
                }
            }
        }
        state[c][p] = 2;
        path.remove(path.size() - 1);
        return false;
    }

    private static void trimToCycle(List<String> path, String start) {
        int first = path.indexOf(start);
        path.subList(0, first).clear();
    }

    private int indexOf(DynamicalSystem<T> system, String what) {
        for (int i = 0; i < systems.size(); i++) {
            if (systems.get(i) == system) {
                return i;
            }
        }
        throw new IllegalArgumentException(what + " belongs to " + system.getName() + ", which was not added");
    }

    private void checkFree(int child, InputPort<T> port) {
        if (sources.get(child)[0][port.getIndex()] >= 0 || exported.get(child)[port.getIndex()] >= 0) {
            throw new IllegalArgumentException(port + " is already connected");
        }
    }

    private void checkOpen() {
        if (built) {
            throw new IllegalStateException("this DiagramBuilder already built its diagram");
        }
    }

    private static String describe(boolean isAbstract, int size) {
        return isAbstract ? "abstract" : "size " + size;
    }

    /** @return the systems added so far, in order (Drake's {@code GetSystems}), unmodifiable */
    public List<DynamicalSystem<T>> getSystems() {
        return Collections.unmodifiableList(systems);
    }

    /**
     * Drake's {@code IsConnectedOrExported}.
     *
     * @param port an input port of an added system
     * @return whether it is connected to an output port or exported as (or fed by) a diagram input
     * @throws IllegalArgumentException if the port's system was not added
     */
    public boolean isConnectedOrExported(InputPort<T> port) {
        int child = indexOf(Objects.requireNonNull(port, "port must not be null").getSystem(), "port");
        return sources.get(child)[0][port.getIndex()] >= 0 || exported.get(child)[port.getIndex()] >= 0;
    }

    /** @return the names of the systems added so far */
    public Set<String> getSystemNames() {
        Set<String> names = new HashSet<>();
        systems.forEach(s -> names.add(s.getName()));
        return names;
    }
}
