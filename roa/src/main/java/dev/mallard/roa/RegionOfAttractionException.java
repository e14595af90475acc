package dev.mallard.roa;

/**
 * Thrown when a region-of-attraction analysis cannot produce a certified estimate: the SDP solver failed,
 * no positive level set exists, or the certificate did not pass its independent check. The message says
 * which and gives the numbers.
 */
public class RegionOfAttractionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed, with the numbers
     */
    public RegionOfAttractionException(String message) {
        super(message);
    }
}
