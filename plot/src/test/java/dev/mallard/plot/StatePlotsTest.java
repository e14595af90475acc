package dev.mallard.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.examples.BouncingBall;
import dev.mallard.scalar.Scalar;
import dev.mallard.simulator.Simulator;
import dev.mallard.symbolic.Variable;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
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
    void panelsWithLabelsOfDifferentWidthsLineUpOnOneTimeAxis() throws Exception {
        int n = 401;
        double[] t = new double[n];
        double[][] signals = new double[3][n];
        for (int k = 0; k < n; k++) {
            t[k] = 0.41 * k / (n - 1);
            signals[0][k] = 1.5e6 * Math.sin(t[k]);
            signals[1][k] = 1e-3 * Math.cos(t[k]);
            signals[2][k] = -3 + 10 * k / (n - 1.0);
        }
        Figure figure = StatePlots.figure(t, signals, new double[0], new double[3][0], List.of("energy", "gap", "x"),
                List.of("J", "m", "m/s"), "three scales");
        double[] first = figure.panels().get(0).plotArea();
        assertEquals(LinePlot.PLOT_LEFT, first[0], 1.0);
        for (LinePlot panel : figure.panels()) {
            double[] area = panel.plotArea();
            assertEquals(first[0], area[0], 1e-9, "left edge");
            assertEquals(first[1], area[1], 1e-9, "right edge");
        }
        BufferedImage image = ImageIO.read(figure.save(dir.resolve("aligned.png")).toFile());
        for (int p = 0; p < 3; p++) {
            assertEquals(frameLeft(image, p * StatePlots.PANEL_HEIGHT, (p + 1) * StatePlots.PANEL_HEIGHT),
                    frameLeft(image, 0, StatePlots.PANEL_HEIGHT), "panel " + p);
        }
    }

    /** The first column of the band {@code [top, bottom)} that is dark over a third of the band: the frame. */
    private static int frameLeft(BufferedImage image, int top, int bottom) {
        for (int x = 0; x < image.getWidth(); x++) {
            int dark = 0;
            for (int y = top; y < bottom; y++) {
                int rgb = image.getRGB(x, y);
                if (((rgb >> 16) & 0xff) < 180 && ((rgb >> 8) & 0xff) < 180 && (rgb & 0xff) < 180) {
                    dark++;
                }
            }
            if (dark > (bottom - top) / 3) {
                return x;
            }
        }
        throw new AssertionError("no frame in rows " + top + " to " + bottom);
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

    @Test
    void aSystemsDeclaredStateNamesLabelThePanelsAndTheirLegends() {
        BouncingBall<Double> ball = new BouncingBall<>(Scalar.DOUBLE, 1.0, 0.8, 9.81);
        Simulator<Double> simulator = new Simulator<>(ball);
        simulator.getMutableContext().setContinuousStateValues(1.0, 0.0);
        SampledTrajectory trajectory = SampledTrajectory.simulate(simulator, 1.0, 50);
        assertEquals(List.of("height", "velocity"), StatePlots.stateNames(ball));
        Figure figure = StatePlots.of(trajectory, ball, null, "ball");
        assertEquals("height", figure.panels().get(0).chart().getYAxisTitle());
        assertEquals("velocity", figure.panels().get(1).chart().getYAxisTitle());
        assertTrue(figure.panels().get(0).legend().contains("height"), figure.panels().get(0).legend()::toString);
        // A state without a declared name is x<i>, i its index in the whole state.
        SymbolicVectorSystem<Double> unnamed = SymbolicVectorSystem.builder().state(new Variable("a"),
                new Variable("a")).dynamics("0; 0").build(Scalar.DOUBLE);
        assertEquals(List.of("x0", "x1"), StatePlots.stateNames(unnamed));
    }
}
