#!/bin/sh
# `mallard montecarlo` without touching the CLI's class path: builds the spark module when its sources or
# poms are newer than its class-path file (quietly, tests skipped), then runs dev.mallard.spark.MonteCarloMain
# with the JVM flags Spark needs on Java 17. Usage: spark/montecarlo.sh --help
set -e
root="$(cd "$(dirname "$0")/.." && pwd)"
cp_file="$root/spark/target/runtime.classpath"
if [ ! -f "$cp_file" ] || [ -n "$(find "$root/pom.xml" "$root"/*/pom.xml "$root"/*/src/main -newer "$cp_file" -print -quit 2>/dev/null)" ]; then
  echo "mallard montecarlo: building the spark module (first use or sources changed)..." >&2
  mkdir -p "$root/spark/target"
  (cd "$root" && mvn -B -q -ntp -DskipTests -pl spark -am compile \
    org.apache.maven.plugins:maven-dependency-plugin:3.6.1:build-classpath -Dmdep.includeScope=runtime \
    -Dmdep.outputFile=target/runtime.classpath >"$root/spark/target/montecarlo-build.log" 2>&1) \
    || { echo "mallard montecarlo: the build failed; see spark/target/montecarlo-build.log" >&2; exit 1; }
fi
flags=$(sed -n 's:.*<spark.jvm.flags>\(.*\)</spark.jvm.flags>.*:\1:p' "$root/spark/pom.xml")
# shellcheck disable=SC2086
exec java $flags -Djava.awt.headless=true -Xss16m \
  -cp "$root/spark/target/classes:$(cat "$cp_file")" dev.mallard.spark.MonteCarloMain "$@"
