package dev.mallard.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One panel of lines and markers over a horizontal axis, with a title, labelled axes (units in the labels) and
 * a legend, written as a PNG by {@link #save(Path)} or stacked with others by {@link Figure}. Each line is a
 * polyline through its points in the order given, so closed curves (level sets, limit cycles) draw correctly.
 *
 * <p>Not thread-safe; build a plot on one thread. Arrays passed in are copied by the chart, not kept.
 */
public final class LinePlot {

    /** The default width of a saved plot, pixels. */
    public static final int WIDTH = 1000;
    /** The default height of a saved single plot, pixels. */
    public static final int HEIGHT = 700;

    private final XYChart chart;

    /**
     * A panel of the default size.
     *
     * @param title the title, not null
     * @param xLabel the horizontal axis label, with its unit, not null
     * @param yLabel the vertical axis label, with its unit, not null
     */
    public LinePlot(String title, String xLabel, String yLabel) {
        this(title, xLabel, yLabel, WIDTH, HEIGHT);
    }

    /**
     * A panel of the given size.
     *
     * @param title the title, not null
     * @param xLabel the horizontal axis label, with its unit, not null
     * @param yLabel the vertical axis label, with its unit, not null
     * @param width pixels, {@code >= 100}
     * @param height pixels, {@code >= 100}
     * @throws IllegalArgumentException if a size is below 100 pixels
     */
    public LinePlot(String title, String xLabel, String yLabel, int width, int height) {
        if (width < 100 || height < 100) {
            throw new IllegalArgumentException("a plot needs at least 100 x 100 pixels, got " + width + " x " + height);
        }
        chart = new XYChartBuilder().width(width).height(height).title(Objects.requireNonNull(title, "title"))
                .xAxisTitle(Objects.requireNonNull(xLabel, "xLabel")).yAxisTitle(Objects.requireNonNull(yLabel, "yLabel"))
                .build();
        var styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
        styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotGridLinesColor(new Color(225, 225, 225));
    }

    /**
     * Adds a polyline.
     *
     * @param name the legend entry, not null; a name already used gets a numeric suffix
     * @param x abscissae, not modified
     * @param y ordinates of the same length, not modified
     * @param color the line colour, or null for the default palette
     * @param inLegend whether the series is listed in the legend
     * @return this plot
     * @throws IllegalArgumentException if the lengths differ or the arrays are empty
     */
    public LinePlot line(String name, double[] x, double[] y, Color color, boolean inLegend) {
        XYSeries s = series(name, x, y);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineStyle(new BasicStroke(2.0f));
        s.setShowInLegend(inLegend);
        if (color != null) {
            s.setLineColor(color);
        }
        return this;
    }

    /**
     * Adds points drawn as markers without a connecting line, e.g. the states at events.
     *
     * @param name the legend entry, not null; a name already used gets a numeric suffix
     * @param x abscissae, not modified
     * @param y ordinates of the same length, not modified
     * @param color the marker colour, not null
     * @return this plot
     * @throws IllegalArgumentException if the lengths differ or the arrays are empty
     */
    public LinePlot markers(String name, double[] x, double[] y, Color color) {
        return markers(name, x, y, color, true);
    }

    /**
     * As {@link #markers(String, double[], double[], Color)}, with the legend entry shown or not (so that many
     * series of one kind, e.g. the start of each trajectory, take one legend line).
     *
     * @param name the legend entry, not null; a name already used gets a numeric suffix
     * @param x abscissae, not modified
     * @param y ordinates of the same length, not modified
     * @param color the marker colour, not null
     * @param inLegend whether the legend lists this series
     * @return this plot
     * @throws IllegalArgumentException if the lengths differ or the arrays are empty
     */
    public LinePlot markers(String name, double[] x, double[] y, Color color, boolean inLegend) {
        XYSeries s = series(name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.DIAMOND);
        s.setMarkerColor(Objects.requireNonNull(color, "color"));
        s.setShowInLegend(inLegend);
        return this;
    }

    private XYSeries series(String name, double[] x, double[] y) {
        Objects.requireNonNull(name, "name");
        if (x.length != y.length || x.length == 0) {
            throw new IllegalArgumentException("series '" + name + "' needs as many abscissae as ordinates, at least "
                    + "one; got " + x.length + " and " + y.length);
        }
        String unique = name;
        for (int k = 2; chart.getSeriesMap().containsKey(unique); k++) {
            unique = name + " (" + k + ")";
        }
        return chart.addSeries(unique, x, y);
    }

    /**
     * Fixes the visible ranges of the axes (curves beyond them are clipped).
     *
     * @param xMin left edge
     * @param xMax right edge, {@code > xMin}
     * @param yMin bottom edge
     * @param yMax top edge, {@code > yMin}
     * @return this plot
     * @throws IllegalArgumentException if a range is empty or not finite
     */
    public LinePlot window(double xMin, double xMax, double yMin, double yMax) {
        if (!(xMax > xMin) || !(yMax > yMin) || !Double.isFinite(xMax - xMin) || !Double.isFinite(yMax - yMin)) {
            throw new IllegalArgumentException("empty or infinite window [" + xMin + ", " + xMax + "] x [" + yMin + ", "
                    + yMax + "]");
        }
        var styler = chart.getStyler();
        styler.setXAxisMin(xMin);
        styler.setXAxisMax(xMax);
        styler.setYAxisMin(yMin);
        styler.setYAxisMax(yMax);
        return this;
    }

    /**
     * Writes this plot alone as a PNG file.
     *
     * @param file the target, whose name ends in {@code .png} (any case); parent folders are created; written
     *     exactly there
     * @return {@code file}
     * @throws IllegalArgumentException if the name does not end in .png
     * @throws java.io.UncheckedIOException if the file cannot be written (naming it)
     */
    public Path save(Path file) {
        return new Figure(List.of(this)).save(file);
    }

    /** @return the chart, for {@link Figure} */
    XYChart chart() {
        return chart;
    }

    /** @return the names the legend lists, in the order the series were added */
    List<String> legend() {
        return chart.getSeriesMap().values().stream().filter(XYSeries::isShowInLegend).map(XYSeries::getName)
                .toList();
    }
}
