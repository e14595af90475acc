package dev.mallard.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The tour's output: a Markdown report written to a file, and a readable summary printed as it goes. */
final class TourReport {

    private final StringBuilder markdown = new StringBuilder("# Mallard tour\n\n");
    private final PrintWriter console;
    private final Path outDir;

    /**
     * @param console where the summary is printed
     * @param outDir the folder that receives the plots and report.md
     */
    TourReport(PrintWriter console, Path outDir) {
        this.console = console;
        this.outDir = outDir;
    }

    Path outDir() {
        return outDir;
    }

    void section(String title) {
        markdown.append("## ").append(title).append("\n\n");
        console.println();
        console.println(title);
        console.println("-".repeat(title.length()));
    }

    /** A line for both the console and the report (formatted with the root locale). */
    void line(String format, Object... args) {
        String text = String.format(Locale.ROOT, format, args);
        markdown.append(text).append("\n\n");
        console.println(text);
    }

    /** A line for the console only (the report shows the same numbers another way, e.g. as a table). */
    void console(String format, Object... args) {
        console.println(String.format(Locale.ROOT, format, args));
    }

    /** Text for the report only (tables, explanations). */
    void markdown(String text) {
        markdown.append(text).append("\n\n");
    }

    void image(String caption, Path file) {
        markdown.append("![").append(caption).append("](").append(file.getFileName()).append(")\n\n");
        console.println("  plot: " + file);
    }

    Path write() {
        Path file = outDir.resolve("report.md");
        try {
            Files.createDirectories(outDir);
            Files.writeString(file, markdown.toString());
        } catch (IOException e) {
            throw new BadInputException("cannot write " + file + ": " + e.getMessage());
        }
        return file;
    }
}
