#!/usr/bin/env bash
# Compiles roa's test harnesses (offline) and prints the class path that runs them: roa's test and main classes,
# the Mallard modules roa depends on, and their libraries. Used by bench/roa-correlative.sh and bench/roa-term.sh.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
cd "$root"
mvn -B -ntp -o -q test-compile -pl roa -am >&2
cpfile=$(mktemp)
trap 'rm -f "$cpfile"' EXIT
mvn -B -ntp -o -q dependency:build-classpath -pl roa -Dmdep.outputFile="$cpfile" >/dev/null
cp=$root/roa/target/test-classes:$root/roa/target/classes
for m in scalar symbolic autodiff simulator sdp; do cp=$cp:$root/$m/target/classes; done
echo "$cp:$(tr ':' '\n' <"$cpfile" | grep -v '/dev/mallard/' | paste -sd:)"
