#!/usr/bin/env bash
# Builds the benchmark jar and runs Mallard's benchmarks side by side with their peers, printing ratio tables.
#
#   bench/run.sh [quick|full|profile] [filter]
#
# quick:   1 fork, 8 warm-up and 4 measured 1 s iterations (about 8 minutes on 2 cores, plus 1 for SDPLIB)
# full:    2 forks, 10 warm-up and 8 measured 1 s iterations: the numbers in docs/PERFORMANCE.md (about
#          15 minutes, plus 2 for SDPLIB)
# Warm-up is long on purpose: Mallard's simulation loop needs about 7 s of running before the JIT has
# compiled it fully (a run of the 20-state chain falls from 1 s to 15 ms over the first 7 warm-up seconds).
# The SDP solver likewise needs about five solves of a large problem (theta2: 2.1 s on the first solve in a
# fresh JVM, 0.46 s by the sixth), hence five warm-up shots per problem in the full run.
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
  quick)   jmh_args=(-f 1 -wi 8 -i 4 -w 1s -r 1s); sdp_args=(-f 1 -wi 2 -i 3) ;;
  full)    jmh_args=(-f 2 -wi 10 -i 8 -w 1s -r 1s); sdp_args=(-f 1 -wi 5 -i 5) ;;
  profile) jmh_args=(-f 1 -wi 8 -i 3 -w 1s -r 1s -prof gc -prof 'stack:lines=8;top=15'); sdp_args=() ;;
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

if [ "$mode" = profile ]; then
  # one peer per benchmark method, each in its own fork: allocation per operation and hot stacks
  java -jar "$jar" "${jmh_args[@]}" -e 'interleaved' -e 'SdpBenchmark.csdp' -rf json -rff "$out/jmh.json" \
    "$filter" | tee "$out/jmh.log"
  exit 0
fi

# Benchmarks 1-3: every peer of a comparison timed in turn within the same iterations (the 'interleaved'
# methods), so drifting load on a shared machine hits both sides of each ratio alike.
results=()
if [[ "$filter" != *Sdp* ]]; then
  java -jar "$jar" "${jmh_args[@]}" -rf json -rff "$out/jmh.json" ".*(${filter}).*\.interleaved\$" \
    | tee "$out/jmh.log"
  results+=("$out/jmh.json")
fi

# Benchmark 4: SDPLIB, single-shot solves, Mallard and the csdp process one after the other.
if [ "$filter" = "." ] || [[ "$filter" == *Sdp* ]]; then
  if command -v csdp >/dev/null; then
    java -cp "$jar" dev.mallard.bench.SdpStatistics > "$out/sdp-statistics.md"
    java -jar "$jar" "${sdp_args[@]}" -bm ss -rf json -rff "$out/jmh-sdp.json" 'SdpBenchmark.interleaved' \
      | tee "$out/jmh-sdp.log"
    results+=("$out/jmh-sdp.json")
  fi
fi

python3 "$root/bench/ratios.py" "${results[@]}" > "$out/ratios.md"
cat "$out/machine.md" "$out/ratios.md" "$out/statistics.md" "$out/sdp-statistics.md" 2>/dev/null
echo "results in $out"
