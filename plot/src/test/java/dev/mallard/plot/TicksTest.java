package dev.mallard.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class TicksTest {

    private static void assertTicks(Ticks ticks, double step, List<String> labels) {
        assertEquals(step, ticks.step(), step * 1e-12);
        assertEquals(labels, ticks.labels());
        assertEquals(labels.size(), ticks.values().size());
        for (int i = 0; i < labels.size(); i++) {
            assertEquals(Double.parseDouble(labels.get(i)), ticks.values().get(i), step * 1e-9, labels.get(i));
        }
    }

    @Test
    void tenSecondsTakeWholeSeconds() {
        assertTicks(Ticks.covering(0, 10, 10), 1,
                List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"));
        assertTicks(Ticks.covering(0, 10, 4), 5, List.of("0", "5", "10"));
    }

    @Test
    void aFractionOfASecondTakesOneNumberOfDecimals() {
        assertTicks(Ticks.covering(0, 0.41, 10), 0.05,
                List.of("0.00", "0.05", "0.10", "0.15", "0.20", "0.25", "0.30", "0.35", "0.40", "0.45"));
        assertTicks(Ticks.covering(-0.16, 0.16, 6), 0.1, List.of("-0.2", "-0.1", "0.0", "0.1", "0.2"));
    }

    @Test
    void aRangeAcrossZeroIsCoveredFromAMultipleOfTheStep() {
        assertTicks(Ticks.covering(-3, 7, 10), 1,
                List.of("-3", "-2", "-1", "0", "1", "2", "3", "4", "5", "6", "7"));
        assertTicks(Ticks.covering(-3, 7, 6), 2, List.of("-4", "-2", "0", "2", "4", "6", "8"));
    }

    @Test
    void milliRangesKeepEveryDigitThatChanges() {
        assertTicks(Ticks.covering(0, 1e-3, 6), 2e-4,
                List.of("0.0000", "0.0002", "0.0004", "0.0006", "0.0008", "0.0010"));
        assertTicks(Ticks.covering(1, 1.001, 5), 2e-4,
                List.of("1.0000", "1.0002", "1.0004", "1.0006", "1.0008", "1.0010"));
        assertTicks(Ticks.covering(2.0003, 2.0011, 4), 5e-4, List.of("2.0000", "2.0005", "2.0010", "2.0015"));
    }

    @Test
    void tinyAndHugeValuesShareOnePowerOfTen() {
        assertEquals(List.of("0.0e-5", "0.2e-5", "0.4e-5", "0.6e-5", "0.8e-5", "1.0e-5"),
                Ticks.covering(0, 1e-5, 5).labels());
        assertEquals(List.of("0.0e6", "0.5e6", "1.0e6", "1.5e6", "2.0e6"), Ticks.covering(0, 2e6, 4).labels());
        assertEquals(List.of(-1e6, -5e5, 0.0), Ticks.covering(-1e6, -1, 2).values());
    }

    @Test
    void anEndAHairBeyondATickEndsTheAxisAtThatTick() {
        assertTicks(Ticks.covering(-1e-7, 1, 5), 0.2, List.of("0.0", "0.2", "0.4", "0.6", "0.8", "1.0"));
        assertTicks(Ticks.covering(-0.01, 1, 6), 0.2, List.of("-0.2", "0.0", "0.2", "0.4", "0.6", "0.8", "1.0"));
    }

    @Test
    void aSinglePointIsWidened() {
        assertTicks(Ticks.covering(3, 3, 6), 0.1, List.of("2.7", "2.8", "2.9", "3.0", "3.1", "3.2", "3.3"));
        assertTicks(Ticks.covering(0, 0, 2), 1, List.of("-1", "0", "1"));
    }

    @Test
    void badRangesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Ticks.covering(1, 0, 5));
        assertThrows(IllegalArgumentException.class, () -> Ticks.covering(0, Double.NaN, 5));
        assertThrows(IllegalArgumentException.class, () -> Ticks.covering(0, Double.POSITIVE_INFINITY, 5));
        assertThrows(IllegalArgumentException.class, () -> Ticks.covering(0, 1, 0));
    }
}
