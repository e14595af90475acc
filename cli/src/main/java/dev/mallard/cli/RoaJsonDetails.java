package dev.mallard.cli;

import dev.mallard.roa.RegionOfAttractionResult;
import dev.mallard.roa.SosCertificate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parts of {@code roa --json} that say how far to trust the answer: the optimum before back-off and the
 * back-off taken, each certificate's margins, and the region and parameter box the
 * certificate holds for. An uncertified optimum is reported as {@code optimalRhoNotCertified}, never as
 * {@code rho}.
 */
final class RoaJsonDetails {

    private RoaJsonDetails() {
    }

    /**
     * @param fields the report so far; receives the details
     * @param result the analysis' result
     */
    static void add(Map<String, Object> fields, RegionOfAttractionResult result) {
        if (!result.isGlobal()) {
            if (result.isVerified()) {
                fields.put("backoff", 1 - result.rho() / result.optimalRho());
            } else {
                fields.put("optimalRhoNotCertified", result.optimalRho());
            }
        }
        List<Map<String, Object>> certificates = new ArrayList<>();
        for (SosCertificate c : result.certificates()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("verified", c.isVerified());
            one.put("basisSize", c.basis().size());
            one.put("minEigenvalue", c.minEigenvalue());
            one.put("requiredMargin", c.requiredMargin());
            one.put("identityResidual", c.identityResidual());
            one.put("unabsorbedResidual", c.unabsorbedResidual());
            certificates.add(one);
        }
        fields.put("certificates", certificates);
        if (result.stateRegion() != null) {
            fields.put("region", result.stateRegion().toString());
        }
        if (!result.uncertainParameters().isEmpty()) {
            fields.put("uncertainParameters", result.uncertainParameters().toString());
        }
    }
}
