#!/bin/sh
# The Spark timing of docs/PERFORMANCE.md: in-process MonteCarlo against SparkMonteCarlo in local[1] and
# local[2] on a bouncing-ball study. Usage: spark/timing.sh [SAMPLES [ROUNDS [ACCURACY]]]   (default 100000 7; about 3 minutes)
set -e
cd "$(dirname "$0")/.."
# one session: the other Mallard modules then resolve to their target/classes
mvn -B -ntp -o -q test-compile org.apache.maven.plugins:maven-dependency-plugin:3.6.1:build-classpath -pl spark -am -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/timing.classpath
FLAGS=$(sed -n 's:.*<spark.jvm.flags>\(.*\)</spark.jvm.flags>.*:\1:p' spark/pom.xml)
exec java $FLAGS -Xss8m -Dlog4j.configurationFile=spark/src/test/resources/log4j2-test.properties \
  -cp "spark/target/test-classes:spark/target/classes:$(cat spark/target/timing.classpath)" \
  dev.mallard.spark.MonteCarloTiming "$@"
