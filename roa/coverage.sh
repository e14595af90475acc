#!/usr/bin/env bash
# Runs roa's tests tagged "coverage" (issue 29's anchors, over 20 s each, left out of `mvn verify`):
# the planar quadrotor under LQR; degree-4 V for sin/cos dynamics (power system, weakly damped pendulum);
# issue 30's 8-state coupled Van der Pol chain; the simulation-guided degree-6 search on Van der Pol, mu = 1.
# Usage: roa/coverage.sh [extra Maven arguments]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
exec mvn -B -ntp -pl roa -am test -Dtest='PlanarQuadrotorTest,TrigonometricLyapunovDegreeTest,CoupledVanDerPolScaleTest,SimulationGuidedSearchTest,EstimateExactProofTest' -Droa.test.excludedGroups=none \
  -Dsurefire.failIfNoSpecifiedTests=false "$@"
