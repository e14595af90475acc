package dev.mallard.sdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading, writing and refusing SDPA files. */
class SdpaFormatTest {

    /** The example of the SDPA manual: comments, '=' annotations, braces and commas, a diagonal block. */
    private static final String EXAMPLE = String.join("\n",
            "\"Example: mDim = 3, nBLOCK = 2, {2, -2}\"",
            "* another comment",
            "   3  =  mDIM",
            "   2  =  nBLOCK",
            "  (2, -2)  = bLOCKsTRUCT",
            "{48, -8, 20}",
            "0 1 1 1 -11",
            "0 1 2 2 23",
            "1 1 1 1 10",
            "1 1 1 2 4",
            "2 1 2 2 -8",
            "3 1 2 1 -8",
            "3 1 2 2 -2",
            "1 2 2 2 1.5e0",
            "0 2 1 1 -3",
            "");

    @Test
    void sdpaExampleIsReadWithAllSeparators() throws IOException {
        SdpProblem p = SdpaFormat.readSparse(new StringReader(EXAMPLE));
        assertEquals(3, p.constraintCount());
        assertArrayEquals(new int[] {2, -2}, p.blockSizes());
        assertArrayEquals(new double[] {48, -8, 20}, p.costs());
        assertEquals(-11, p.entry(-1, 0, 0, 0));
        assertEquals(4, p.entry(0, 0, 1, 0));
        assertEquals(-8, p.entry(2, 0, 0, 1), "lower-triangle entry mirrored");
        assertEquals(1.5, p.entry(0, 1, 1, 1));
        assertEquals(-3, p.entry(-1, 1, 0, 0));
        assertTrue(p.isDiagonal(1));
    }

    @Test
    void sparseAndDenseRoundTripsPreserveEveryEntry() throws IOException {
        for (SdpProblem original : new SdpProblem[] {SdpaFormat.readSparse(new StringReader(EXAMPLE)),
                SdplibFiles.read("truss1"), SdplibFiles.read("control1")}) {
            StringWriter sparse = new StringWriter();
            SdpaFormat.writeSparse(original, sparse);
            assertSameProblem(original, SdpaFormat.readSparse(new StringReader(sparse.toString())));
            StringWriter dense = new StringWriter();
            SdpaFormat.writeDense(original, dense);
            assertSameProblem(original, SdpaFormat.readDense(new StringReader(dense.toString())));
        }
    }

    @Test
    void fileExtensionSelectsTheFormat(@TempDir Path dir) throws IOException {
        SdpProblem original = SdplibFiles.read("truss4");
        Path dense = dir.resolve("truss4.dat");
        Path sparse = dir.resolve("truss4.dat-s");
        SdpaFormat.write(original, dense);
        SdpaFormat.write(original, sparse);
        assertSameProblem(original, SdpaFormat.read(dense));
        assertSameProblem(original, SdpaFormat.read(sparse));
        assertTrue(Files.size(dense) > Files.size(sparse));
    }

    @Test
    void problemWithFreeVariablesCannotBeWritten() {
        SdpProblem p = SdpProblem.builder(1, new int[] {1}, 1).freeEntry(0, 0, 1).build();
        assertThrows(IllegalArgumentException.class, () -> SdpaFormat.writeSparse(p, new StringWriter()));
    }

    private static void assertSameProblem(SdpProblem a, SdpProblem b) {
        assertEquals(a.constraintCount(), b.constraintCount());
        assertArrayEquals(a.blockSizes(), b.blockSizes());
        assertArrayEquals(a.costs(), b.costs());
        for (int i = -1; i < a.constraintCount(); i++) {
            for (int blk = 0; blk < a.blockCount(); blk++) {
                assertEquals(a.entryCount(i, blk), b.entryCount(i, blk), "entries of " + i + " in block " + blk);
                int n = a.blockSize(blk);
                for (int r = 0; r < n; r++) {
                    for (int c = r; c < n; c++) {
                        if (!a.isDiagonal(blk) || r == c) {
                            assertEquals(a.entry(i, blk, r, c), b.entry(i, blk, r, c));
                        }
                    }
                }
            }
        }
    }

    /** Each malformed sparse file is refused with its line number and what was expected there. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "empty file|''|0|empty file",
        "m not a number|'x\n1\n1\n1\n'|1|number of constraints",
        "m zero|'0\n1\n1\n1\n'|1|number of constraints m >= 1, found 0",
        "block count missing|'2\n'|0|number of blocks",
        "block count fractional|'2\n1.5\n'|2|number of blocks",
        "block size zero|'1\n2\n3 0\n1\n'|3|non-zero size of block 2",
        "block size text|'1\n1\nfoo\n1\n'|3|size of block 1",
        "costs too few|'3\n1\n2\n1 2\n'|0|cost c_3 of 3",
        "cost not finite|'1\n1\n2\nNaN\n'|4|cost c_1 of 1",
        "entry with four numbers|'1\n1\n2\n1\n1 1 1 1\n'|5|5 numbers",
        "matrix number too large|'1\n1\n2\n1\n2 1 1 1 1\n'|5|matrix number in [0, 1]",
        "block number too large|'1\n1\n2\n1\n1 2 1 1 1\n'|5|block number in [1, 1]",
        "row too large|'1\n1\n2\n1\n1 1 3 1 1\n'|5|row in [1, 2] of block 1",
        "column zero|'1\n1\n2\n1\n1 1 1 0 1\n'|5|column in [1, 2] of block 1",
        "value not a number|'1\n1\n2\n1\n1 1 1 1 one\n'|5|entry value",
        "off-diagonal in LP block|'1\n1\n-2\n1\n1 1 1 2 1\n'|5|diagonal entry in diagonal block 1",
    })
    void malformedSparseFileIsRefusedWithLineAndExpectation(String title, String text, int line, String expected) {
        SdpaFormatException e = assertThrows(SdpaFormatException.class,
                () -> SdpaFormat.readSparse(new StringReader(text)));
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().startsWith(line == 0 ? "end of input" : "line " + line), e.getMessage());
    }

    @Test
    void truncatedDenseFileNamesTheMissingEntry() {
        String text = "1\n1\n2\n1\n0 0\n0 0\n1 2\n";
        SdpaFormatException e = assertThrows(SdpaFormatException.class,
                () -> SdpaFormat.readDense(new StringReader(text)));
        assertEquals(0, e.line());
        assertTrue(e.getMessage().contains("entry (2, 1) of block 1 of F_1"), e.getMessage());
    }

    @Test
    void denseFileWithTrailingDataIsRefused() {
        String text = "1\n1\n-1\n1\n0\n1\n7\n";
        SdpaFormatException e = assertThrows(SdpaFormatException.class,
                () -> SdpaFormat.readDense(new StringReader(text)));
        assertEquals(7, e.line());
        assertTrue(e.getMessage().contains("end of the file"), e.getMessage());
    }

    @Test
    void denseFileWithBadNumberNamesItsPosition() {
        String text = "1\n1\n2\n1\n0 0\n0 x\n";
        SdpaFormatException e = assertThrows(SdpaFormatException.class,
                () -> SdpaFormat.readDense(new StringReader(text)));
        assertEquals(6, e.line());
        assertTrue(e.getMessage().contains("entry (2, 2) of block 1 of F_0"), e.getMessage());
    }
}
