package dev.mallard.symbolic.compile;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Operator;
import dev.mallard.symbolic.Variable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A flat program computing several expressions: node {@code i} applies {@code code[i]} to earlier nodes
 * {@code arg0[i]}, {@code arg1[i]}; structurally equal subexpressions are one node. Outputs name a node
 * and a target slot in the value array (target 0) or the second array (target 1: a Jacobian, or the second
 * list of a two-array function).
 */
final class Tape {

    /** A constant node, value in {@link #constant}. */
    static final int CONST = -1;
    /** An input node, index into the input array in {@link #arg0}. */
    static final int INPUT = -2;
    /** An integer power, exponent in {@link #arg1}. */
    static final int POWI = -3;

    final int[] code;
    final int[] arg0;
    final int[] arg1;
    final double[] constant;
    final int[] outNode;
    final int[] outTarget;
    final int[] outIndex;

    private Tape(List<int[]> nodes, List<Double> constants, List<int[]> outputs) {
        int n = nodes.size();
        code = new int[n];
        arg0 = new int[n];
        arg1 = new int[n];
        constant = new double[n];
        for (int i = 0; i < n; i++) {
            code[i] = nodes.get(i)[0];
            arg0[i] = nodes.get(i)[1];
            arg1[i] = nodes.get(i)[2];
            constant[i] = constants.get(i);
        }
        outNode = new int[outputs.size()];
        outTarget = new int[outputs.size()];
        outIndex = new int[outputs.size()];
        for (int k = 0; k < outputs.size(); k++) {
            outNode[k] = outputs.get(k)[0];
            outTarget[k] = outputs.get(k)[1];
            outIndex[k] = outputs.get(k)[2];
        }
    }

    int size() {
        return code.length;
    }

    /**
     * Flattens value outputs (target 0, slot = list index) and optional second outputs (target 1, slot = list
     * index; a Jacobian's entries in row-major order) into one tape.
     */
    static Tape build(List<Expression> values, List<Expression> second, List<Variable> inputs) {
        Builder b = new Builder(inputs);
        for (int i = 0; i < values.size(); i++) {
            b.output(values.get(i), 0, i);
        }
        if (second != null) {
            for (int k = 0; k < second.size(); k++) {
                b.output(second.get(k), 1, k);
            }
        }
        return new Tape(b.nodes, b.constants, b.outputs);
    }

    private static final class Builder {
        final Map<Variable, Integer> inputIndex = new IdentityHashMap<>();
        final Map<Expression, Integer> structural = new HashMap<>();
        final Map<Expression, Integer> visited = new IdentityHashMap<>();
        final List<int[]> nodes = new ArrayList<>();
        final List<Double> constants = new ArrayList<>();
        final List<int[]> outputs = new ArrayList<>();

        Builder(List<Variable> inputs) {
            for (int i = 0; i < inputs.size(); i++) {
                inputIndex.put(inputs.get(i), i);
            }
        }

        void output(Expression e, int target, int slot) {
            outputs.add(new int[] {node(e), target, slot});
        }

        // Post-order with an explicit stack: symbolic simulation produces graphs deeper than the call stack.
        int node(Expression root) {
            List<Expression> stack = new ArrayList<>();
            stack.add(root);
            while (!stack.isEmpty()) {
                Expression e = stack.get(stack.size() - 1);
                if (visited.containsKey(e)) {
                    stack.remove(stack.size() - 1);
                    continue;
                }
                boolean ready = true;
                for (int i = e.operator().arity() - 1; i >= 0; i--) {
                    if (!visited.containsKey(e.argument(i))) {
                        stack.add(e.argument(i));
                        ready = false;
                    }
                }
                if (ready) {
                    stack.remove(stack.size() - 1);
                    visited.put(e, intern(e));
                }
            }
            return visited.get(root);
        }

        private int intern(Expression e) {
            Integer known = structural.get(e);
            if (known != null) {
                return known;
            }
            int[] node;
            double c = 0.0;
            Operator op = e.operator();
            if (op == Operator.CONSTANT) {
                node = new int[] {CONST, 0, 0};
                c = e.constantValue();
            } else if (op == Operator.VARIABLE) {
                node = new int[] {INPUT, inputIndex.get(e.variable()), 0};
            } else if (op == Operator.POW && isIntegerConstant(e.argument(1))) {
                node = new int[] {POWI, visited.get(e.argument(0)), (int) e.argument(1).constantValue()};
            } else {
                int a = visited.get(e.argument(0));
                int b = op.arity() == 2 ? visited.get(e.argument(1)) : 0;
                node = new int[] {op.ordinal(), a, b};
            }
            nodes.add(node);
            constants.add(c);
            structural.put(e, nodes.size() - 1);
            return nodes.size() - 1;
        }

        private static boolean isIntegerConstant(Expression p) {
            if (!p.isConstant()) {
                return false;
            }
            double v = p.constantValue();
            return v == Math.rint(v) && Math.abs(v) <= 1 << 30;
        }
    }
}
