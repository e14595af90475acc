package dev.mallard.plot;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javax.imageio.ImageIO;

/**
 * Panels stacked in one column and written as one PNG: the image is as wide as the widest panel and as tall
 * as their heights together.
 *
 * <p>Not thread-safe. The panels are kept (not copied): changing one after building the figure changes the
 * figure.
 */
public final class Figure {

    private final List<LinePlot> panels;

    /**
     * @param panels the panels, top to bottom, at least one, not null
     * @throws IllegalArgumentException if there is no panel
     */
    public Figure(List<LinePlot> panels) {
        if (Objects.requireNonNull(panels, "panels").isEmpty()) {
            throw new IllegalArgumentException("a figure needs at least one panel");
        }
        this.panels = List.copyOf(panels);
    }

    /** @return the panels, top to bottom (unmodifiable) */
    public List<LinePlot> panels() {
        return panels;
    }

    /**
     * Writes the figure as a PNG file.
     *
     * @param file the target, whose name ends in {@code .png} (any case); parent folders are created; written
     *     exactly there
     * @return {@code file}
     * @throws IllegalArgumentException if the name does not end in .png
     * @throws UncheckedIOException if the file cannot be written (naming it)
     */
    public Path save(Path file) {
        requirePng(file);
        List<BufferedImage> images = new ArrayList<>();
        int width = 0;
        int height = 0;
        for (LinePlot p : panels) {
            BufferedImage image = p.image();
            images.add(image);
            width = Math.max(width, image.getWidth());
            height += image.getHeight();
        }
        BufferedImage stacked = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = stacked.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            int y = 0;
            for (BufferedImage image : images) {
                g.drawImage(image, 0, y, null);
                y += image.getHeight();
            }
        } finally {
            g.dispose();
        }
        try {
            Path absolute = file.toAbsolutePath();
            if (absolute.getParent() != null) {
                Files.createDirectories(absolute.getParent());
            }
            try (OutputStream out = Files.newOutputStream(absolute)) {
                ImageIO.write(stacked, "png", out);
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the plot " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * @param file a path, not null
     * @return whether its file name ends in .png (any case): the names the plots are written to
     */
    public static boolean isPngName(Path file) {
        Path name = Objects.requireNonNull(file, "file").getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".png");
    }

    /**
     * @param file a plot file
     * @throws IllegalArgumentException if its name does not end in .png (any case)
     */
    static void requirePng(Path file) {
        if (!isPngName(file)) {
            throw new IllegalArgumentException("plot file '" + file + "' does not end in .png (plots are PNG files)");
        }
    }
}
