package dev.mallard.symbolic.compile;

import static org.objectweb.asm.Opcodes.*;

import dev.mallard.symbolic.Operator;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Translates a tape into hidden classes implementing {@link Kernel}. Nodes are computed into local
 * variables, in chunks of at most {@link #CHUNK} nodes per static method so that every method stays far
 * below HotSpot's 8000-byte limit for JIT compilation; a value needed by a later chunk is also stored in
 * the workspace. Constants are inlined at each use. A class holds at most {@link #CHUNKS_PER_CLASS} chunks,
 * which keeps its constant pool (node indices above 32767 and double constants are entries) within the class
 * file's 65535 entries; a larger tape becomes several classes run in turn, sharing the workspace. The classes
 * have no fields: thread-safe.
 */
final class BytecodeGenerator {

    /** Nodes per generated method: about 40 bytes of bytecode each at most. */
    static final int CHUNK = 150;

    /** Chunk methods per generated class: 20 000 nodes at most, as many as one class ever held. */
    static final int CHUNKS_PER_CLASS = 133;

    private static final Operator[] OPS = Operator.values();
    private static final String KERNEL = Type.getInternalName(Kernel.class);
    private static final String NAME = "dev/mallard/symbolic/compile/GeneratedKernel";
    private static final String CHUNK_DESC = "([D[D[D[D)V";
    private static final String MATH = "java/lang/Math";
    private static final String DOUBLE_SCALAR = "dev/mallard/scalar/DoubleScalar";
    // Parameter slots of the static chunk methods (in, out, jac, ws); their locals follow.
    private static final int CHUNK_IN = 0;
    private static final int CHUNK_OUT = 1;
    private static final int CHUNK_JAC = 2;
    private static final int CHUNK_WS = 3;
    private static final int FIRST_LOCAL = 4;

    private final Tape tape;
    private final int[] chunkOf;
    private final boolean[] spilled;
    private final int[] slot;
    // Chunk c computes the non-constant nodes in [chunkStart[c], chunkStart[c + 1]).
    private final List<Integer> chunkStart = new ArrayList<>();
    // Outputs of each node, as indices k into the tape's output arrays.
    private final List<List<Integer>> outputsOf = new ArrayList<>();

    BytecodeGenerator(Tape tape) {
        this.tape = tape;
        int n = tape.size();
        chunkOf = new int[n];
        slot = new int[n];
        spilled = new boolean[n];
        int chunk = 0;
        int inChunk = 0;
        for (int i = 0; i < n; i++) {
            if (tape.code[i] == Tape.CONST) {
                continue;
            }
            if (inChunk == CHUNK || chunkStart.isEmpty()) {
                chunk += chunkStart.isEmpty() ? 0 : 1;
                chunkStart.add(i);
                inChunk = 0;
            }
            chunkOf[i] = chunk;
            slot[i] = FIRST_LOCAL + 2 * inChunk++;
        }
        chunkStart.add(n);
        for (int i = 0; i < n; i++) {
            outputsOf.add(new ArrayList<>());
        }
        for (int k = 0; k < tape.outNode.length; k++) {
            outputsOf.get(tape.outNode[k]).add(k);
        }
        for (int i = 0; i < n; i++) {
            int code = tape.code[i];
            if (code != Tape.CONST && code != Tape.INPUT) {
                markSpill(tape.arg0[i], chunkOf[i]);
                if (code >= 0 && OPS[code].arity() == 2) {
                    markSpill(tape.arg1[i], chunkOf[i]);
                }
            }
        }
    }

    private void markSpill(int arg, int userChunk) {
        if (tape.code[arg] != Tape.CONST && chunkOf[arg] != userChunk) {
            spilled[arg] = true;
        }
    }

    /**
     * @return whether the generated code needs a workspace of {@code tape.size()} doubles
     */
    boolean needsWorkspace() {
        for (boolean s : spilled) {
            if (s) {
                return true;
            }
        }
        return false;
    }

    /** Generates, defines and instantiates the kernel: one class, or several run in turn. */
    Kernel define() {
        int chunks = chunkStart.size() - 1;
        List<Kernel> parts = new ArrayList<>();
        for (int first = 0; first < chunks || parts.isEmpty(); first += CHUNKS_PER_CLASS) {
            int last = Math.min(chunks, first + CHUNKS_PER_CLASS);
            parts.add(defineClass(classBytes(first, last, last == chunks)));
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        Kernel[] sequence = parts.toArray(new Kernel[0]);
        return (in, out, jac, ws) -> {
            for (Kernel part : sequence) {
                part.run(in, out, jac, ws);
            }
        };
    }

    private static Kernel defineClass(byte[] bytes) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup().defineHiddenClass(bytes, true);
            return (Kernel) lookup.findConstructor(lookup.lookupClass(),
                    MethodType.methodType(void.class)).invoke();
        } catch (Throwable t) {
            throw new IllegalStateException("could not define the generated kernel class", t);
        }
    }

    /** A class computing chunks {@code first} to {@code last - 1}, and the constant outputs if asked. */
    private byte[] classBytes(int first, int last, boolean withConstantOutputs) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(V17, ACC_FINAL | ACC_SUPER, NAME, null, "java/lang/Object", new String[] {KERNEL});
        MethodVisitor init = cw.visitMethod(0, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(ALOAD, 0);
        init.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();

        MethodVisitor run = cw.visitMethod(ACC_PUBLIC, "run", CHUNK_DESC, null, null);
        run.visitCode();
        for (int c = first; c < last; c++) {
            for (int p = 1; p <= 4; p++) {
                run.visitVarInsn(ALOAD, p);
            }
            run.visitMethodInsn(INVOKESTATIC, NAME, "chunk" + c, CHUNK_DESC, false);
        }
        if (withConstantOutputs) {
            constantOutputs(run);
        }
        run.visitInsn(RETURN);
        run.visitMaxs(0, 0);
        run.visitEnd();
        for (int c = first; c < last; c++) {
            chunk(cw, c);
        }
        cw.visitEnd();
        return cw.toByteArray();
    }

    private void constantOutputs(MethodVisitor mv) {
        for (int k = 0; k < tape.outNode.length; k++) {
            int node = tape.outNode[k];
            if (tape.code[node] == Tape.CONST) {
                // In the instance method run, slot 0 is this: out is slot 2, jac slot 3.
                mv.visitVarInsn(ALOAD, tape.outTarget[k] == 0 ? 2 : 3);
                pushInt(mv, tape.outIndex[k]);
                pushDouble(mv, tape.constant[node]);
                mv.visitInsn(DASTORE);
            }
        }
    }

    private void chunk(ClassWriter cw, int c) {
        MethodVisitor mv = cw.visitMethod(ACC_PRIVATE | ACC_STATIC, "chunk" + c, CHUNK_DESC, null, null);
        mv.visitCode();
        for (int i = chunkStart.get(c); i < chunkStart.get(c + 1); i++) {
            if (tape.code[i] == Tape.CONST) {
                continue;
            }
            compute(mv, i, c);
            mv.visitVarInsn(DSTORE, slot[i]);
            if (spilled[i]) {
                store(mv, CHUNK_WS, i, i);
            }
            for (int k : outputsOf.get(i)) {
                store(mv, tape.outTarget[k] == 0 ? CHUNK_OUT : CHUNK_JAC, tape.outIndex[k], i);
            }
        }
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private void store(MethodVisitor mv, int arrayParam, int index, int node) {
        mv.visitVarInsn(ALOAD, arrayParam);
        pushInt(mv, index);
        mv.visitVarInsn(DLOAD, slot[node]);
        mv.visitInsn(DASTORE);
    }

    private void load(MethodVisitor mv, int node, int c) {
        if (tape.code[node] == Tape.CONST) {
            pushDouble(mv, tape.constant[node]);
        } else if (chunkOf[node] == c) {
            mv.visitVarInsn(DLOAD, slot[node]);
        } else {
            mv.visitVarInsn(ALOAD, CHUNK_WS);
            pushInt(mv, node);
            mv.visitInsn(DALOAD);
        }
    }

    private void compute(MethodVisitor mv, int i, int c) {
        int code = tape.code[i];
        if (code == Tape.INPUT) {
            mv.visitVarInsn(ALOAD, CHUNK_IN);
            pushInt(mv, tape.arg0[i]);
            mv.visitInsn(DALOAD);
            return;
        }
        load(mv, tape.arg0[i], c);
        if (code == Tape.POWI) {
            integerPower(mv, tape.arg1[i]);
            return;
        }
        Operator op = OPS[code];
        if (op.arity() == 2) {
            load(mv, tape.arg1[i], c);
        }
        switch (op) {
            case ADD: mv.visitInsn(DADD); return;
            case SUB: mv.visitInsn(DSUB); return;
            case MUL: mv.visitInsn(DMUL); return;
            case DIV: mv.visitInsn(DDIV); return;
            case NEG: mv.visitInsn(DNEG); return;
            case POW: math(mv, "pow", 2); return;
            case MIN: call(mv, DOUBLE_SCALAR, "minValue", 2); return;
            case MAX: call(mv, DOUBLE_SCALAR, "maxValue", 2); return;
            case SIGN: math(mv, "signum", 1); return;
            default: math(mv, op.functionName(), op.arity());
        }
    }

    /** {@code x^n} as {@code DoubleScalar.powInt}; {@code x*x} for n = 2, which it equals exactly. */
    private static void integerPower(MethodVisitor mv, int n) {
        if (n == 2) {
            mv.visitInsn(DUP2);
            mv.visitInsn(DMUL);
        } else {
            pushInt(mv, n);
            mv.visitMethodInsn(INVOKESTATIC, DOUBLE_SCALAR, "powInt", "(DI)D", false);
        }
    }

    private static void math(MethodVisitor mv, String name, int arity) {
        call(mv, MATH, name, arity);
    }

    private static void call(MethodVisitor mv, String owner, String name, int arity) {
        mv.visitMethodInsn(INVOKESTATIC, owner, name, arity == 1 ? "(D)D" : "(DD)D", false);
    }

    private static void pushInt(MethodVisitor mv, int v) {
        if (v >= -1 && v <= 5) {
            mv.visitInsn(ICONST_0 + v);
        } else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
            mv.visitIntInsn(BIPUSH, v);
        } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
            mv.visitIntInsn(SIPUSH, v);
        } else {
            mv.visitLdcInsn(v);
        }
    }

    private static void pushDouble(MethodVisitor mv, double v) {
        if (Double.doubleToRawLongBits(v) == 0L) {
            mv.visitInsn(DCONST_0);
        } else if (v == 1.0) {
            mv.visitInsn(DCONST_1);
        } else {
            mv.visitLdcInsn(v);
        }
    }
}
