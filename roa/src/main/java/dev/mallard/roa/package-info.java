/**
 * Sum-of-squares programming and region-of-attraction analysis with checked certificates.
 */
package dev.mallard.roa;
