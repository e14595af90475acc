package dev.mallard.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import java.awt.image.BufferedImage;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatePlotsTest {

    @TempDir
    Path dir;

    @Test
    void statesSharingAUnitShareAPanelAndTheImageStacksThePanels() throws Exception {
        double[] t = {0, 1, 2};
        double[][] signals = {{0, 1, 2}, {0, 0.5, 1}, {1, 1, 1}, {2, 1, 0}};
        Figure figure = StatePlots.figure(t, signals, new double[0], new double[4][0],
                List.of("x", "theta", "xdot", "y"), List.of("m", "rad", "m/s", "m"), "four signals");
        assertEquals(3, figure.panels().size());
        Path file = figure.save(dir.resolve("sub/signals.png"));
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(LinePlot.WIDTH, image.getWidth());
        assertEquals(3 * StatePlots.PANEL_HEIGHT, image.getHeight());
        assertEquals(4, StatePlots.figure(t, signals, new double[0], new double[4][0], List.of("a", "b", "c", "d"),
                null, "no units").panels().size());
    }

    @Test
    void aBouncingBallsFigureMarksItsImpacts() throws Exception {
        Simulator<Double> sim = new Simulator<>(new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81));
        SampledTrajectory trajectory = SampledTrajectory.simulate(sim, 2.0, 200);
        Figure figure = StatePlots.of(trajectory, List.of("height", "velocity"), List.of("m", "m/s"), "ball");
        Path file = figure.save(dir.resolve("ball.PNG"));
        assertTrue(Files.size(file) > 10_000, "a real image");
        assertEquals(2 * StatePlots.PANEL_HEIGHT, ImageIO.read(file.toFile()).getHeight());
    }

    @Test
    void badNamesAndFilesAreRefusedClearly() {
        double[] t = {0, 1};
        double[][] one = {{0, 1}};
        IllegalArgumentException count = assertThrows(IllegalArgumentException.class,
                () -> StatePlots.figure(t, one, new double[0], new double[1][0], List.of("a", "b"), null, "x"));
        assertEquals("names has 2 entries for 1 signals", count.getMessage());
        Figure figure = StatePlots.figure(t, one, new double[0], new double[1][0], List.of("a"), null, "x");
        IllegalArgumentException png = assertThrows(IllegalArgumentException.class,
                () -> figure.save(dir.resolve("plot.jpg")));
        assertTrue(png.getMessage().contains("does not end in .png"), png.getMessage());
        Path blocked = dir.resolve("a-file");
        UncheckedIOException io = assertThrows(UncheckedIOException.class, () -> {
            Files.writeString(blocked, "not a folder");
            figure.save(blocked.resolve("plot.png"));
        });
        assertTrue(io.getMessage().contains("plot.png"), io.getMessage());
    }
}
