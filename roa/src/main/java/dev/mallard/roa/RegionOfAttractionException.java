package dev.mallard.roa;

import dev.mallard.sdp.SdpStatus;

import java.util.List;

/**
 * Thrown when a region-of-attraction analysis cannot produce a certified estimate: the SDP solver failed,
 * no positive level set exists, or the certificate did not pass its independent check. The message says
 * which and gives the numbers; {@link #sdpStatuses()} lists the statuses of the SDPs solved before the failure.
 */
public class RegionOfAttractionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Kept as names so that the exception stays serialisable. */
    private final List<String> sdpStatuses;

    /**
     * @param message what failed, with the numbers
     */
    public RegionOfAttractionException(String message) {
        this(message, List.of());
    }

    /**
     * @param message what failed, with the numbers
     * @param statuses the statuses of the SDPs solved before the failure, in order; copied
     */
    public RegionOfAttractionException(String message, List<SdpStatus> statuses) {
        super(message);
        this.sdpStatuses = statuses.stream().map(SdpStatus::name).toList();
    }

    /** @return the names of the statuses of the SDPs solved before the failure, in order (possibly empty) */
    public List<String> sdpStatuses() {
        return sdpStatuses;
    }
}
