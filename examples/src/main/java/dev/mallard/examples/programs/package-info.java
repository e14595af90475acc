/**
 * Programs to copy from, each a class with a {@code main} that prints its results and a public static
 * method that returns them (the module's tests run those methods and check the numbers):
 * {@link dev.mallard.examples.programs.SampledPdControl} (a diagram of a plant, a sampled controller and a
 * logger), {@link dev.mallard.examples.programs.SampledStepTiming} (a step at a sample time is held one period
 * late), {@link dev.mallard.examples.programs.CartPoleLqr} (a cart-pole balanced by LQR, logged),
 * {@link dev.mallard.examples.programs.BounceHeightDescent} (gradient descent through impacts) and
 * {@link dev.mallard.examples.programs.OwnSystemRegionOfAttraction} (the region of attraction of a
 * system of your own). The example systems they use are in {@code dev.mallard.examples}.
 */
package dev.mallard.examples.programs;
