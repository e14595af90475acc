package dev.mallard.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.symbolic.Variable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@code --box} and {@code --param-box} entries {@code name=lower:upper}: written intervals are read back
 * exactly, whatever the spacing and order; a reversed or empty interval and any other text are refused with
 * a {@link BadInputException} naming the option, never another exception.
 */
class RoaIntervalPropertiesTest {

    private static final List<String> NAMES = List.of("x1", "x2", "theta", "v");
    private static final Map<String, Variable> VARIABLES = new LinkedHashMap<>();

    static {
        NAMES.forEach(n -> VARIABLES.put(n, new Variable(n)));
    }

    /** One entry: a name, its bounds and the spaces around its parts. */
    record Entry(String name, double lower, double upper, String pad) {
        String text() {
            return pad + name + pad + "=" + pad + lower + pad + ":" + pad + upper + pad;
        }
    }

    @Provide
    Arbitrary<List<Entry>> boxes() {
        Arbitrary<Double> value = Arbitraries.doubles().between(-1e6, 1e6);
        Arbitrary<String> pad = Arbitraries.of("", " ", "  ");
        return Arbitraries.shuffle(NAMES).flatMap(order -> Arbitraries.integers().between(1, NAMES.size())
                .flatMap(count -> Combinators.combine(value.list().ofSize(count), value.list().ofSize(count),
                        pad.list().ofSize(count)).as((a, b, p) -> {
                            List<Entry> out = new ArrayList<>();
                            for (int k = 0; k < count; k++) {
                                out.add(new Entry(order.get(k), a.get(k), b.get(k), p.get(k)));
                            }
                            return out;
                        })));
    }

    @Property(seed = "314159", tries = 150)
    void writtenIntervalsAreReadBackOrRefusedWhenNotOrdered(@ForAll("boxes") List<Entry> box) {
        String text = String.join(",", box.stream().map(Entry::text).toList());
        List<Variable> vars = new ArrayList<>();
        List<double[]> bounds = new ArrayList<>();
        boolean ordered = box.stream().allMatch(e -> e.lower() < e.upper());
        if (!ordered) {
            BadInputException e = assertThrows(BadInputException.class,
                    () -> RoaSosOptions.intervals(text, "--box", NAMES, VARIABLES, vars, bounds));
            assertTrue(e.getMessage().startsWith("--box ") && e.getMessage().contains("is not below"), e.getMessage());
            return;
        }
        RoaSosOptions.intervals(text, "--box", NAMES, VARIABLES, vars, bounds);
        assertEquals(box.size(), vars.size());
        for (int k = 0; k < box.size(); k++) {
            assertEquals(box.get(k).name(), vars.get(k).name());
            assertArrayEquals(new double[] {box.get(k).lower(), box.get(k).upper()}, bounds.get(k));
        }
    }

    @Property(seed = "271828", tries = 300)
    void anyOtherTextIsRefusedNamingTheOption(@ForAll("garbage") String text) {
        try {
            RoaSosOptions.intervals(text, "--param-box", NAMES, VARIABLES, new ArrayList<>(), new ArrayList<>());
        } catch (BadInputException e) {
            assertTrue(e.getMessage().startsWith("--param-box"), e.getMessage());
            assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Provide
    Arbitrary<String> garbage() {
        return Arbitraries.strings().withChars("x1v=:,.-e9 \t;").ofMinLength(0).ofMaxLength(30);
    }
}
