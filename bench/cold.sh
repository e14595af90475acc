#!/usr/bin/env bash
# Cold start as a user runs it: one `mallard sdp FILE` process against one `csdp FILE` process, run in
# alternation RUNS times (default 5; csdp, then mallard, then csdp ...) so that both see the same load.
# Prints the best wall time of each, their ratio, and the best CPU time (user + system, all threads) of
# each with its ratio: on a loaded machine the CPU times vary less than the wall times.
# Usage (from anywhere): bench/cold.sh [PROBLEM ...]   (names in data/sdplib, without .dat-s)
# Environment: RUNS, CSDP (default /usr/bin/csdp), MALLARD_JAVA_OPTS (passed on by ./mallard).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
runs="${RUNS:-5}"
csdp="${CSDP:-/usr/bin/csdp}"
problems=("$@")
[ ${#problems[@]} -eq 0 ] && problems=(theta2 gpp124-1 control3 qap6 mcp124-1)
"$root/mallard" --version >/dev/null   # builds if needed and makes the class-data archive
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1

# One timed run: prints "wall cpu" in seconds. csdp exits 3 on partial success; its time still counts.
timed() {
  local out
  out=$(mktemp)
  /usr/bin/time -f '%e %U %S' -o "$out" "$@" >/dev/null 2>&1 || true
  tail -n 1 "$out" | awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }'
  rm -f "$out"
}

min() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b < a) a = b; printf "%.3f", a }'; }

printf '%-10s %9s %9s %7s %9s %9s %7s\n' problem csdp_s mallard_s ratio csdp_cpu mal_cpu ratio
for p in "${problems[@]}"; do
  f="$root/data/sdplib/$p.dat-s"
  cw="" cc="" mw="" mc=""
  for _ in $(seq "$runs"); do
    read -r w c < <(timed "$csdp" "$f"); cw=$(min "$cw" "$w"); cc=$(min "$cc" "$c")
    read -r w c < <(timed "$root/mallard" sdp "$f"); mw=$(min "$mw" "$w"); mc=$(min "$mc" "$c")
  done
  printf '%-10s %9s %9s %7s %9s %9s %7s\n' "$p" "$cw" "$mw" "$(awk -v m="$mw" -v c="$cw" 'BEGIN { if (c > 0) printf "%.1f", m / c; else printf "-" }')" \
    "$cc" "$mc" "$(awk -v m="$mc" -v c="$cc" 'BEGIN { if (c > 0) printf "%.1f", m / c; else printf "-" }')"
done
