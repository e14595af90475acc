package com.example;

import dev.mallard.examples.VanDerPol;
import dev.mallard.roa.RegionOfAttraction;
import dev.mallard.scalar.Scalar;
import dev.mallard.symbolic.Expression;

/** README.md's certification snippet, as a user's program compiled against the BOM and mallard-roa. */
public final class ReadmeSnippet {

    public static void main(String[] args) {
        // ---- README: roa ----
        // The time-reversed Van der Pol oscillator: a region of attraction certified by SOS programming.
        VanDerPol<Double> reversed = new VanDerPol<>(Scalar.DOUBLE, 1.0, true);
        Expression v = RegionOfAttraction.analyze(reversed, reversed.createDefaultContext());
        // ---- end ----

        System.out.println("V = " + v);
    }
}
