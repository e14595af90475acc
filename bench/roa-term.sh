#!/usr/bin/env bash
# Term sparsity beyond sign symmetry (issue 30): max gamma with sum_i f(x_i, y_i)^2 + y_i^2 + x_i^4
# - gamma sum_i x_i^2 y_i^2 SOS, f = x^2 + x y + y, N disjoint pairs, dense and term-sparse, one JVM per N and
# form (roa's test harness TermPairsScale). Prints per N and form the bound, the SDP's largest block, block count
# and m, and the solve's wall and CPU seconds; then the process's.
#   bench/roa-term.sh 4 6 8
#   FORMS=term bench/roa-term.sh 10
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
cd "$root"
cp=$(bench/roa-classpath.sh)
for N in "$@"; do
  for form in $(echo "${FORMS:-dense,term}" | tr ',' ' '); do
    /usr/bin/time -f "process: %e s wall, %U + %S s CPU, %M KB peak" java -Xmx4g -Dforms="$form" \
      -cp "$cp" dev.mallard.roa.TermPairsScale "$N"
  done
done
