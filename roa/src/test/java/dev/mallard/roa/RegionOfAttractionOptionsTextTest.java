package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mallard.symbolic.Expression;
import dev.mallard.symbolic.Variable;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegionOfAttractionOptionsTextTest {

    @Test
    void defaultsPrintEverySetting() {
        assertEquals("RegionOfAttractionOptions[lyapunovCandidate=none, stateVariables=[], useImplicitDynamics=false, "
                + "SosOptions[SOS, sparsity=NONE, newtonReduction=true, certificateTolerance=1.0E-9], certificateBackoff=1.0E-7, "
                + "simulation check of 16 samples over 20.0 s to 0.001 (randomSeed=1), 0 enlargement iterations "
                + "with 20000 volume samples]", RegionOfAttractionOptions.defaults().toString());
    }

    @Test
    void aCandidateAndStateVariablesPrintByName() {
        Variable x = new Variable("x");
        Variable y = new Variable("y");
        Expression v = Expression.add(Expression.pow(Expression.of(x), 2), Expression.pow(Expression.of(y), 2));
        String text = RegionOfAttractionOptions.defaults().withStateVariables(List.of(x, y)).withLyapunovCandidate(v)
                .withSimulationCheck(1, 5.0, 0.01, 7).withEnlargement(1, 100).withLyapunovDegree(6).toString();
        assertTrue(text.startsWith("RegionOfAttractionOptions[lyapunovCandidate=" + v + ", stateVariables=[x, y], "),
                text);
        assertTrue(text.endsWith("simulation check of 1 sample over 5.0 s to 0.01 (randomSeed=7), "
                + "1 enlargement iteration with 100 volume samples, lyapunovDegree=6]"), text);
    }
}
