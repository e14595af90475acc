package dev.mallard.roa;

import dev.mallard.sdp.SdpProblem;
import dev.mallard.sdp.SdpaFormat;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/** An SDP as SDPA sparse text, for tests that compare two programs entry for entry. */
final class SdpaText {

    private SdpaText() {
    }

    /**
     * @param problem the problem; not modified
     * @return its SDPA sparse text, as {@link SdpaFormat#writeSparse} writes it
     */
    static String of(SdpProblem problem) {
        StringWriter out = new StringWriter();
        try {
            SdpaFormat.writeSparse(problem, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
