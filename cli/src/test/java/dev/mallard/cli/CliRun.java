package dev.mallard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One in-process run of the command line: its exit code, stdout and stderr. */
record CliRun(int code, String out, String err) {

    static CliRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The single JSON object printed on stdout (fails if stdout holds anything else). */
    JsonNode json() {
        try {
            return new ObjectMapper().readTree(out);
        } catch (java.io.IOException e) {
            throw new AssertionError("stdout is not one JSON object: " + out, e);
        }
    }
}
