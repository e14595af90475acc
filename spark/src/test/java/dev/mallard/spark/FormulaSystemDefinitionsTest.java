package dev.mallard.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.systems.Context;
import dev.mallard.systems.ContinuousState;
import dev.mallard.systems.symbolic.SymbolicVectorSystem;
import org.junit.jupiter.api.Test;

/** A Monte Carlo formula system with definitions in its dynamics and guard (no Spark session needed). */
class FormulaSystemDefinitionsTest {

    @Test
    void definitionsStandForTheirFormulasInTheDynamicsAndTheGuard() {
        FormulaSystem s = new FormulaSystem("x,v", "w2 = k*k; v; -w2*x", "k=2", "h = x - 1; h", "x; -v");
        SymbolicVectorSystem<Double> system = s.system();
        Context<Double> context = system.createDefaultContext();
        context.setContinuousStateValues(0.5, 3.0);
        ContinuousState<Double> d = system.allocateTimeDerivatives();
        system.calcTimeDerivatives(context, d);
        assertEquals(3.0, d.getValue(0), 0.0);
        assertEquals(-4 * 0.5, d.getValue(1), 0.0);
        assertEquals("x - 1", system.getGuards().get(0).toString());
    }

    @Test
    void aCycleIsRefusedWithItsColumn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new FormulaSystem("x", "a = b; b = a; -a*x", null, null, null));
        assertTrue(e.getMessage().startsWith("f: definitions refer to each other in a cycle: a -> b -> a at column 5"),
                e.getMessage());
    }
}
