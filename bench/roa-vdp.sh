#!/usr/bin/env bash
# Region of attraction of N weakly coupled time-reversed Van der Pol oscillators (n = 2N states, issue 30):
# `mallard roa` with the quadratic V of the linearisation, one process per n, in the form given (explicit: --f,
# implicit: --g), under -Xmx4g. Prints n, the certified rho, SDP solves, the size of the largest level's SDP
# (Gram block sizes and equality constraints, from --export-sdpa), the analysis seconds, the process's wall and
# CPU seconds and its peak resident memory. The exact levels come from bench/roa_vdp_exact.py.
#   bench/roa-vdp.sh implicit 1 2 3 4 5
# Oscillator i (p_i = x_(2i-1), q_i = x_(2i)), k = 0.2, d_i its number of neighbours in the open chain:
#   p_i' = -q_i,   q_i' = p_i + (p_i^2 - 1) q_i + k (d_i p_i - p_(i-1) - p_(i+1))
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
form=$1
shift
chain() { # N implicit(0|1)
  local N=$1 g=$2 vars="" eqs="" i p q c e1 e2
  for ((i = 1; i <= N; i++)); do
    p=x$((2 * i - 1)); q=x$((2 * i))
    vars="$vars${vars:+,}$p,$q"
    c=""
    if ((i > 1)); then c="$c + 0.2*$p - 0.2*x$((2 * i - 3))"; fi
    if ((i < N)); then c="$c + 0.2*$p - 0.2*x$((2 * i + 1))"; fi
    e1="-$q"
    e2="$p + ($p^2 - 1)*$q$c"
    if ((g)); then e1="${p}dot - ($e1)"; e2="${q}dot - ($e2)"; fi
    eqs="$eqs${eqs:+; }$e1; $e2"
  done
  printf '%s\n%s\n' "$vars" "$eqs"
}
"$root/mallard" --version >/dev/null 2>&1 || true # builds the tool once, outside the timings
sdpa=$(mktemp --suffix=.dat-s)
trap 'rm -f "$sdpa"' EXIT
printf '%-8s %3s %12s %6s %-14s %6s %8s %8s %8s %8s\n' form n rho solves blocks m analysis wall_s cpu_s peak_MB
for N in "$@"; do
  g=0; option=--f
  [ "$form" = implicit ] && g=1 && option=--g
  mapfile -t a < <(chain "$N" "$g")
  rm -f "$sdpa"
  out=$({ MALLARD_JAVA_OPTS=-Xmx4g /usr/bin/time -f "TIME %e %U %S %M" "$root/mallard" roa --vars "${a[0]}" \
    "$option" "${a[1]}" --json --export-sdpa "$sdpa"; } 2>&1 || true)
  json=$(echo "$out" | grep '^{' || echo '{}')
  read -r rho solves seconds < <(echo "$json" | /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin);
print(d.get("rho","none"), len(d.get("sdpStatuses",[])), d.get("seconds","-"))')
  # SDPA header: comment lines, then m, the number of blocks, the block sizes
  read -r m blocks < <(grep -v '^[*"]' "$sdpa" 2>/dev/null | head -3 | sed 's/=.*//; s/[{}(),]/ /g' \
    | awk 'NR==1{m=$1} NR==3{$1=$1; gsub(/ /,"+"); b=$0} END{print m, b}' || echo "- -")
  read -r wall user sys mem < <(echo "$out" | sed -n 's/^TIME //p')
  printf '%-8s %3s %12s %6s %-14s %6s %8s %8s %8.2f %8d\n' "$form" $((2 * N)) "$rho" "$solves" "${blocks:--}" \
    "${m:--}" "$seconds" "$wall" "$(echo "$user + $sys" | bc)" $((mem / 1024))
  if [ "$rho" = none ]; then echo "$out" | grep -v '^TIME' | tail -5 >&2; fi
done
