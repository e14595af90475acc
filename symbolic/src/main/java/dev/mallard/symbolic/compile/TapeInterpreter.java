package dev.mallard.symbolic.compile;

import dev.mallard.scalar.DoubleScalar;
import dev.mallard.symbolic.Operator;

/**
 * Runs a tape with one register per node in the workspace. Used for tapes too large for a generated
 * class; stateless (the registers live in the caller's workspace), so thread-safe.
 */
final class TapeInterpreter implements Kernel {

    private static final Operator[] OPS = Operator.values();

    private final Tape tape;

    TapeInterpreter(Tape tape) {
        this.tape = tape;
    }

    @Override
    public void run(double[] in, double[] out, double[] jac, double[] r) {
        int[] code = tape.code;
        int[] a = tape.arg0;
        int[] b = tape.arg1;
        for (int i = 0; i < code.length; i++) {
            switch (code[i]) {
                case Tape.CONST: r[i] = tape.constant[i]; break;
                case Tape.INPUT: r[i] = in[a[i]]; break;
                case Tape.POWI: r[i] = b[i] == 2 ? r[a[i]] * r[a[i]] : DoubleScalar.powInt(r[a[i]], b[i]); break;
                default: r[i] = OPS[code[i]].evaluate(r[a[i]], r[b[i]]);
            }
        }
        for (int k = 0; k < tape.outNode.length; k++) {
            (tape.outTarget[k] == 0 ? out : jac)[tape.outIndex[k]] = r[tape.outNode[k]];
        }
    }
}
