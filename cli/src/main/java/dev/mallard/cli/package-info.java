/**
 * The {@code mallard} command line: the main job ({@code tour}) and the {@code simulate}, {@code gradient},
 * {@code inspect}, {@code roa} and {@code sdp} commands, with JSON output and PNG plots.
 */
package dev.mallard.cli;
