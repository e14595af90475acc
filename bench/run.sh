#!/usr/bin/env bash
# Builds the benchmark jar and runs Mallard's benchmarks side by side with their peers, printing ratio tables.
#
#   bench/run.sh [quick|full|profile] [filter]
#
# quick:   1 fork, 3 warm-up and 5 measured 0.5 s iterations (about 5 minutes on 2 cores)
# full:    2 forks, 5 warm-up and 10 measured 0.5 s iterations: the numbers in docs/PERFORMANCE.md
# profile: quick settings with -prof gc (allocation per operation) and -prof stack (hot methods)
# filter:  a JMH regular expression over benchmark names, e.g. 'DoubleSimulation' or 'Gradient.*CHAIN'
#
# Results go to bench/target/results-<mode>/ (JMH JSON, JMH log, ratio tables, run statistics).
set -euo pipefail

mode="${1:-quick}"
filter="${2:-.}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

case "$mode" in
  quick)   jmh_args=(-f 1 -wi 3 -i 5 -w 500ms -r 500ms) ;;
  full)    jmh_args=(-f 2 -wi 5 -i 10 -w 500ms -r 500ms) ;;
  profile) jmh_args=(-f 1 -wi 3 -i 3 -w 1s -r 1s -prof gc -prof 'stack:lines=8;top=15') ;;
  *) echo "usage: bench/run.sh [quick|full|profile] [filter]" >&2; exit 2 ;;
esac

# CSDP and SDPA (the SDP peers) are Debian packages; they are needed only here, never by the normal build.
if ! command -v csdp >/dev/null || ! command -v sdpa >/dev/null; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get install -y coinor-csdp sdpa || echo "warning: could not install csdp/sdpa; SDP peers will be skipped" >&2
fi

mvn -B -q -o -pl bench -am package -DskipTests || mvn -B -q -pl bench -am package -DskipTests
jar="$root/bench/target/benchmarks.jar"
out="$root/bench/target/results-$mode"
mkdir -p "$out"

{
  echo "## Machine"
  echo
  echo "- nproc: $(nproc)"
  echo "- CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "- JDK: $(java -version 2>&1 | head -2 | tr '\n' ' ')"
  echo "- date: $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "- command: bench/run.sh $mode $filter"
  echo
} > "$out/machine.md"

java -cp "$jar" dev.mallard.bench.RunStatistics > "$out/statistics.md"

java -jar "$jar" "${jmh_args[@]}" -rf json -rff "$out/jmh.json" "$filter" | tee "$out/jmh.log"

python3 "$root/bench/ratios.py" "$out/jmh.json" > "$out/ratios.md"
cat "$out/machine.md" "$out/ratios.md" "$out/statistics.md"
echo "results in $out"
