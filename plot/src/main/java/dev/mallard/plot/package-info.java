/**
 * PNG plots from Java, on XChart: {@link dev.mallard.plot.LinePlot} (one panel of lines and markers),
 * {@link dev.mallard.plot.Figure} (panels stacked into one image), {@link dev.mallard.plot.StatePlots} (states or
 * a {@code VectorLogSink}'s log against time, one panel per unit, events marked, panels aligned), {@link
 * dev.mallard.plot.Ticks} (axis ticks at steps of 1, 2 or 5 times a power of ten, labelled alike), {@link
 * dev.mallard.plot.SampledTrajectory} (a simulation sampled from the integrator's dense output, resets kept as
 * before/after pairs), {@link dev.mallard.plot.PhasePortrait} (trajectories in a state plane coloured by their
 * outcome) and {@link dev.mallard.plot.RegionOfAttractionPlot} (a certified estimate against simulation). The
 * {@code mallard} command draws its plots with these classes. Plots are written to the exact {@code .png} path
 * given; nothing here opens a window (run with {@code -Djava.awt.headless=true} on a machine without a display).
 */
package dev.mallard.plot;
