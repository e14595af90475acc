package dev.mallard.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
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
    /**
     * With {@link #ticks set ticks}, the distance in pixels from the image's left edge to the plot area's: the
     * same on every such panel, so that panels stacked in a {@link Figure} line up.
     */
    public static final int PLOT_LEFT = 100;

    private static final int TICK_LENGTH = 5;
    private static final int TICK_LABEL_GAP = 4;
    private static final int X_TICK_LABEL_ROOM = 24;
    private static final int PADDING_WITH_TICKS = 24;
    private static final Color TRANSPARENT = new Color(0, 0, 0, 0);
    private static final Color GRID_COLOR = new Color(225, 225, 225);
    private static final Color TICK_COLOR = Color.DARK_GRAY;

    private final XYChart chart;
    private Ticks xTicks;
    private Ticks yTicks;

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
     * Puts the ticks, grid lines and tick labels at the given values, instead of those XChart would choose,
     * and fixes the visible ranges to the ticks' ends. The plot area then starts {@link #PLOT_LEFT} pixels from
     * the left edge whatever the labels, and ends at a fixed margin from the right edge unless a legend is
     * placed outside it, so that panels given ticks line up when stacked.
     *
     * @param x the horizontal axis's ticks, not null
     * @param y the vertical axis's ticks, not null
     * @return this plot
     */
    public LinePlot ticks(Ticks x, Ticks y) {
        xTicks = Objects.requireNonNull(x, "x");
        yTicks = Objects.requireNonNull(y, "y");
        window(x.min(), x.max(), y.min(), y.max());
        var styler = chart.getStyler();
        // XChart draws the series, the frame, the titles and the legend; paint draws the grid beneath them
        // (so the backgrounds are see-through) and the ticks, their labels and the vertical title beside them.
        styler.setPlotContentSize(1.0);
        styler.setAxisTicksVisible(false);
        styler.setPlotGridLinesVisible(false);
        styler.setYAxisTitleVisible(false);
        styler.setYAxisLeftWidthHint(PLOT_LEFT);
        styler.setAxisTitlePadding(X_TICK_LABEL_ROOM);
        styler.setChartPadding(PADDING_WITH_TICKS);
        styler.setChartBackgroundColor(TRANSPARENT);
        styler.setPlotBackgroundColor(TRANSPARENT);
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

    /** @return this panel drawn as an image of its size */
    BufferedImage image() {
        int w = chart.getWidth();
        int h = chart.getHeight();
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            if (xTicks == null) {
                chart.paint(g, w, h);
            } else {
                paintWithTicks(g, w, h);
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    /**
     * The plot area's edges in pixels once the chart has been laid out: left, right, top, bottom. Only for a
     * plot {@link #ticks given ticks}, whose ends are the plot area's.
     *
     * @return the edges, from a drawing of the chart on a scratch image
     */
    double[] plotArea() {
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = scratch.createGraphics();
        try {
            chart.paint(g, chart.getWidth(), chart.getHeight());
        } finally {
            g.dispose();
        }
        return new double[] {chart.getScreenXFromChart(xTicks.min()), chart.getScreenXFromChart(xTicks.max()),
                chart.getScreenYFromChart(yTicks.max()), chart.getScreenYFromChart(yTicks.min())};
    }

    private void paintWithTicks(Graphics2D g, int w, int h) {
        double[] area = plotArea();
        double left = area[0];
        double right = area[1];
        double top = area[2];
        double bottom = area[3];
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, w, h);
        g.setColor(GRID_COLOR);
        for (double v : xTicks.values()) {
            int px = (int) Math.round(chart.getScreenXFromChart(v));
            g.drawLine(px, (int) Math.round(top), px, (int) Math.round(bottom));
        }
        for (double v : yTicks.values()) {
            int py = (int) Math.round(chart.getScreenYFromChart(v));
            g.drawLine((int) Math.round(left), py, (int) Math.round(right), py);
        }
        chart.paint(g, w, h);

        var styler = chart.getStyler();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(styler.getAxisTickLabelsFont());
        FontMetrics metrics = g.getFontMetrics();
        int widest = 0;
        for (int i = 0; i < yTicks.values().size(); i++) {
            int py = (int) Math.round(chart.getScreenYFromChart(yTicks.values().get(i)));
            String label = yTicks.labels().get(i);
            int labelWidth = metrics.stringWidth(label);
            widest = Math.max(widest, labelWidth);
            int l = (int) Math.round(left);
            g.setColor(TICK_COLOR);
            g.drawLine(l - TICK_LENGTH, py, l, py);
            g.setColor(styler.getAxisTickLabelsColor());
            g.drawString(label, l - TICK_LENGTH - TICK_LABEL_GAP - labelWidth,
                    py + (metrics.getAscent() - metrics.getDescent()) / 2);
        }
        int b = (int) Math.round(bottom);
        for (int i = 0; i < xTicks.values().size(); i++) {
            int px = (int) Math.round(chart.getScreenXFromChart(xTicks.values().get(i)));
            String label = xTicks.labels().get(i);
            g.setColor(TICK_COLOR);
            g.drawLine(px, b, px, b + TICK_LENGTH);
            g.setColor(styler.getAxisTickLabelsColor());
            g.drawString(label, px - metrics.stringWidth(label) / 2, b + TICK_LENGTH + TICK_LABEL_GAP
                    + metrics.getAscent());
        }

        // The vertical axis title, rotated, left of the widest tick label and centred on the plot area.
        String title = chart.getYAxisTitle();
        g.setFont(styler.getAxisTitleFont());
        FontMetrics titleMetrics = g.getFontMetrics();
        g.setColor(styler.getChartFontColor());
        AffineTransform saved = g.getTransform();
        double x = left - TICK_LENGTH - 2 * TICK_LABEL_GAP - widest - titleMetrics.getDescent();
        g.translate(x, (top + bottom) / 2 + titleMetrics.stringWidth(title) / 2.0);
        g.rotate(-Math.PI / 2);
        g.drawString(title, 0, 0);
        g.setTransform(saved);
    }

    /** @return the names the legend lists, in the order the series were added */
    List<String> legend() {
        return chart.getSeriesMap().values().stream().filter(XYSeries::isShowInLegend).map(XYSeries::getName)
                .toList();
    }
}
