#!/usr/bin/env bash
# Region of attraction at scale: `mallard roa` on a chain of n states with cubic dynamics, quadratic V (from
# the linearisation), for each n given, in the explicit form (--f), the same chain with quadratic terms added
# (--f, no sign symmetry) and the implicit form (--g). Prints n, the certified rho, wall and CPU seconds and
# the peak resident memory of each process.
#   bench/roa-scale.sh 2 3 4 5 6 7 8
# The chain: x_i' = -x_i + 0.5 x_{i+1} + x_i^3 - 0.5 x_{i-1}^2 x_i (stable linearisation, eigenvalues -1),
# and with "+ 0.3*x_i^2" in each equation for the variant without symmetry.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
chain() { # n quadratic(0|1) implicit(0|1)
  local n=$1 q=$2 g=$3 vars="" eqs="" e i
  for ((i = 1; i <= n; i++)); do
    vars="$vars${vars:+,}x$i"
    e="-x$i"
    if ((i < n)); then e="$e + 0.5*x$((i + 1))"; fi
    e="$e + x$i^3"
    if ((i > 1)); then e="$e - 0.5*x$((i - 1))^2*x$i"; fi
    if ((q)); then e="$e + 0.3*x$i^2"; fi
    if ((g)); then e="x${i}dot - ($e)"; fi
    eqs="$eqs${eqs:+; }$e"
  done
  printf '%s\n%s\n' "$vars" "$eqs"
}
"$root/mallard" --version >/dev/null 2>&1 || true # builds the tool once, outside the timings
printf '%-18s %3s %12s %8s %8s %8s\n' form n rho wall_s cpu_s peak_MB
for form in explicit explicit-quadratic implicit; do
  for n in "$@"; do
    q=0; g=0; option=--f
    [ "$form" = explicit-quadratic ] && q=1
    [ "$form" = implicit ] && g=1 && option=--g
    mapfile -t a < <(chain "$n" "$q" "$g")
    out=$({ /usr/bin/time -f "TIME %e %U %S %M" "$root/mallard" roa --vars "${a[0]}" "$option" "${a[1]}"; } 2>&1 || true)
    rho=$(echo "$out" | sed -n 's/^rho = \([0-9.e-]*\).*/\1/p')
    read -r wall user sys mem < <(echo "$out" | sed -n 's/^TIME //p')
    printf '%-18s %3s %12s %8s %8.2f %8d\n' "$form" "$n" "${rho:-none}" "$wall" "$(echo "$user + $sys" | bc)" $((mem / 1024))
  done
done
