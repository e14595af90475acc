#!/usr/bin/env bash
# Instruction-level profile of a benchmark peer on a machine without hardware counters (a VM): `perf`
# samples the instruction pointer on a timer (cpu-clock), the JVM prints the machine code of the methods
# named and a map of its compiled code, and bench/asm_profile.py disassembles each printed method with
# objdump and writes every instruction with its sample count. This is how the store check of
# GenericVector's entries (issue 31, ninth round) was found: JFR's line numbers put the time elsewhere.
#
#   bench/asm-profile.sh [SECONDS] CLASS::METHOD [CLASS::METHOD ...]
#
# runs a GradientBenchmark peer alone in its JVM (bench/SideBySide.java with PEERS and VDP_ONLY: Van der Pol,
# RK3_1E6 and RK5_FIXED in turn) for SECONDS (default 20); set PEER for the peer (default mallardAutoDiff),
# MIN_SAMPLES (default 1000) for the methods reported, JAVA_OPTS for JVM flags. Name the methods whose code to print, e.g.
# dev.mallard.simulator.integrators.AutoDiffStageSums::stage; the hottest nmethods (perf's report, printed
# first) say which. Output in bench/target/asm-profile/. Needs perf and objdump (Debian: linux-perf,
# binutils); the JVM needs no hsdis (without it HotSpot prints the code as hex, which objdump reads).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
seconds=20
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then
  seconds="$1"
  shift
fi
[ $# -ge 1 ] || { echo "usage: bench/asm-profile.sh [SECONDS] CLASS::METHOD [CLASS::METHOD ...]" >&2; exit 2; }
for tool in perf objdump python3; do
  command -v "$tool" >/dev/null || { echo "bench/asm-profile.sh: $tool is not installed" >&2; exit 2; }
done
out="$root/bench/target/asm-profile"
mkdir -p "$out"
jar="$root/bench/target/benchmarks.jar"
[ -f "$jar" ] || (cd "$root" && mvn -B -q -o -pl bench -am package -DskipTests || mvn -B -q -pl bench -am package -DskipTests)

print=()
for method in "$@"; do
  print+=("-XX:CompileCommand=print,$method")
done
rm -f /tmp/perf-*.map
# the peer alone, through SideBySide (one JVM, the peer's own profile), for the given time
perf record -q -e cpu-clock -F 4000 -o "$out/perf.data" \
  env PEERS="${PEER:-mallardAutoDiff}" VDP_ONLY=1 \
  java ${JAVA_OPTS:-} -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit -XX:CompileCommand=quiet "${print[@]}" \
  "$root/bench/SideBySide.java" "$seconds" "$jar" > "$out/assembly.txt" 2> "$out/perf.log"
# the hottest compiled methods (head closes the pipe early: not an error)
perf report -i "$out/perf.data" --sort sym --stdio 2>/dev/null | grep -v '^#' | grep -v '^$' | head -12 || true
perf script -i "$out/perf.data" -F ip 2>/dev/null | sort | uniq -c | sort -rn > "$out/samples.txt"
python3 "$root/bench/asm_profile.py" "$out/assembly.txt" "$out/samples.txt" "${MIN_SAMPLES:-1000}" "$out"
