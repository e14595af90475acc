#!/usr/bin/env bash
# Cold start as a user runs it: one `mallard sdp FILE` process against one `csdp FILE` process, each run
# RUNS times (default 5), the best wall time kept (the least disturbed by other load), and their ratio.
# Usage (from anywhere): bench/cold.sh [PROBLEM ...]   (names in data/sdplib, without .dat-s)
# Environment: RUNS, CSDP (default /usr/bin/csdp), MALLARD_JAVA_OPTS (passed on by ./mallard).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
runs="${RUNS:-5}"
csdp="${CSDP:-/usr/bin/csdp}"
problems=("$@")
[ ${#problems[@]} -eq 0 ] && problems=(theta2 gpp124-1 control3 qap6 mcp124-1)
"$root/mallard" --version >/dev/null   # builds if needed and makes the class-data archive

best() {
  local min=""
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true   # csdp exits 3 on partial success; its time still counts
    t1=$(date +%s.%N)
    min=$(awk -v a="$t1" -v b="$t0" -v m="$min" 'BEGIN { d = a - b; if (m == "" || d < m) m = d; printf "%.3f", m }')
  done
  echo "$min"
}

printf '%-10s %9s %9s %7s\n' problem csdp_s mallard_s ratio
for p in "${problems[@]}"; do
  f="$root/data/sdplib/$p.dat-s"
  c=$(best "$csdp" "$f")
  m=$(best "$root/mallard" sdp "$f")
  printf '%-10s %9s %9s %7s\n' "$p" "$c" "$m" "$(awk -v m="$m" -v c="$c" 'BEGIN { printf "%.1f", m / c }')"
done
