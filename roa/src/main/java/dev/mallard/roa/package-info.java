/**
 * Sum-of-squares programming and region-of-attraction analysis with checked certificates.
 *
 * <ul>
 *   <li>{@link dev.mallard.roa.SosProgram}: decision variables ({@link dev.mallard.roa.DecisionVariable}),
 *       polynomials with affine coefficients ({@link dev.mallard.roa.PolynomialExpression},
 *       {@link dev.mallard.roa.AffineForm}), free and SOS multipliers, SOS constraints through Gram matrices on
 *       {@link dev.mallard.roa.NewtonPolytope}-reduced bases (PSD; scaled diagonally dominant as 2 x 2 blocks; or
 *       diagonally dominant as an LP: {@link dev.mallard.roa.SosOptions.Cone}), solved by
 *       the interior-point solver of {@code dev.mallard.sdp} into a {@link dev.mallard.roa.SosSolution} whose every Gram
 *       matrix is checked independently ({@link dev.mallard.roa.SosCertificate});</li>
 *   <li>{@link dev.mallard.roa.RegionOfAttraction} with {@link dev.mallard.roa.RegionOfAttractionOptions}: the
 *       certified sublevel set {@code {V <= 1}} of a fixed point of a polynomial (or, implicitly, rational)
 *       system, with a {@link dev.mallard.roa.RegionOfAttractionResult} carrying the certificate, a
 *       {@link dev.mallard.roa.SimulationCheck} and an optional {@link dev.mallard.roa.EnlargementReport}; its
 *       quadratic Lyapunov candidate comes from {@link dev.mallard.systems.analysis.LyapunovEquation}; optionally
 *       restricted to a {@link dev.mallard.roa.StateRegion} and made robust over a
 *       {@link dev.mallard.roa.ParameterBox} by the S-procedure.</li>
 * </ul>
 */
package dev.mallard.roa;
