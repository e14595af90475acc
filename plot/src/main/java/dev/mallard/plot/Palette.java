package dev.mallard.plot;

import java.awt.Color;

/** The colours of the plots: a qualitative palette for signals, and the two outcome colours. */
final class Palette {

    /** A trajectory that reached the equilibrium. */
    static final Color CONVERGED = new Color(44, 160, 44);
    /** A trajectory that did not. */
    static final Color NOT_CONVERGED = new Color(214, 39, 40);

    private static final Color[] SIGNALS = {new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44),
        new Color(214, 39, 40), new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194),
        new Color(127, 127, 127)};

    private Palette() {
    }

    /** @return the colour of signal {@code i}, cycling through eight */
    static Color color(int i) {
        return SIGNALS[i % SIGNALS.length];
    }
}
