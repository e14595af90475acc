#!/usr/bin/env bash
# Correlative sparsity (issue 30): the chain of N coupled time-reversed Van der Pol oscillators (n = 2N states,
# CoupledVanDerPol) with each oscillator's own quadratic V, analysed dense and with correlative sparsity, one
# JVM per N under -Xmx4g (roa's test harness CorrelativeChainScale). Prints per n and form the certified rho,
# the SDP solves, the largest SDP's largest Gram block, block count, total block size and m, and the analysis's
# wall seconds; then the process's wall and CPU seconds and peak memory.
#   bench/roa-correlative.sh 2 3 4 5          # n = 4, 6, 8, 10
#   FORMS=correlative bench/roa-correlative.sh 6 8 10
#   FORMS=dense,term CONE=dsos bench/roa-correlative.sh 2 3   # term sparsity (issue 30), DSOS Gram cone
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
cd "$root"
cp=$(bench/roa-classpath.sh)
for N in "$@"; do
  /usr/bin/time -f "process: %e s wall, %U + %S s CPU, %M KB peak" java -Xmx4g -Dforms="${FORMS:-dense,correlative}" -Dcone="${CONE:-sos}" \
    -cp "$cp" dev.mallard.roa.CorrelativeChainScale "$N"
done
