package dev.mallard.cli;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A line plot written as a PNG, 1000 px wide, with a title, labelled axes (units in the labels) and a
 * legend. Each series is a polyline through its points in the order given, so closed curves (level sets,
 * limit cycles) draw correctly.
 */
final class Plot {

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 700;

    private final XYChart chart;

    /**
     * @param title the title
     * @param xLabel the horizontal axis label, with its unit
     * @param yLabel the vertical axis label, with its unit
     */
    Plot(String title, String xLabel, String yLabel) {
        chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        var styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 20));
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 16));
        styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotGridLinesColor(new Color(225, 225, 225));
    }

    /**
     * Adds a polyline.
     *
     * @param name the legend entry; a name already used gets a numeric suffix
     * @param x abscissae, not modified
     * @param y ordinates of the same length, not modified
     * @param color the line colour, or null for the default palette
     * @param inLegend whether the series is listed in the legend
     * @return this plot
     */
    Plot line(String name, double[] x, double[] y, Color color, boolean inLegend) {
        String unique = name;
        for (int k = 2; chart.getSeriesMap().containsKey(unique); k++) {
            unique = name + " (" + k + ")";
        }
        XYSeries s = chart.addSeries(unique, x, y);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineStyle(new BasicStroke(2.0f));
        s.setShowInLegend(inLegend);
        if (color != null) {
            s.setLineColor(color);
        }
        return this;
    }

    /**
     * Fixes the visible ranges of the axes (curves beyond them are clipped).
     *
     * @param xMin left edge
     * @param xMax right edge, {@code > xMin}
     * @param yMin bottom edge
     * @param yMax top edge, {@code > yMin}
     * @return this plot
     */
    Plot window(double xMin, double xMax, double yMin, double yMax) {
        var styler = chart.getStyler();
        styler.setXAxisMin(xMin);
        styler.setXAxisMax(xMax);
        styler.setYAxisMin(yMin);
        styler.setYAxisMax(yMax);
        return this;
    }

    /**
     * Writes the plot as a PNG file at exactly the path given, creating parent folders.
     *
     * @param file the target; its name should end in .png (see {@link Plots#checkPng})
     * @return the file written
     * @throws ComputationException if the file cannot be written
     */
    Path save(Path file) {
        try {
            byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
            Path absolute = file.toAbsolutePath();
            if (absolute.getParent() != null) {
                Files.createDirectories(absolute.getParent());
            }
            Files.write(absolute, png);
            return file;
        } catch (IOException e) {
            throw new ComputationException("--plot: cannot write " + Messages.quote(file.toString()) + ": " + Messages.reason(e));
        }
    }
}
