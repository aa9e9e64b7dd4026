#!/usr/bin/env bash
# Builds and runs the whole JMH suite (about 8 minutes on 2 cores), writes JMH's JSON to
# benchmarks/results/jmh.json, and regenerates benchmarks/results/results.md, chart.svg and the
# results section of README.md.
#
#   benchmarks/run.sh            # the full suite
#   benchmarks/run.sh --smoke    # each benchmark once, one short iteration (what CI runs)
set -euo pipefail
cd "$(dirname "$0")/.."

mvn -B -q -pl benchmarks -am package -DskipTests
jar=benchmarks/target/benchmarks.jar

if [ "${1:-}" = "--smoke" ]; then
  java -jar "$jar" -f 1 -wi 0 -i 1 -r 100ms -foe true -rf json -rff target-smoke.json
  rm -f target-smoke.json
  exit 0
fi

mkdir -p benchmarks/results
java -jar "$jar" -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc -foe true \
  -rf json -rff benchmarks/results/jmh.json | tee benchmarks/results/jmh.log | grep -E "^(Benchmark|[A-Z][A-Za-z]+Benchmark\.)" | grep -v ":gc\." || true

cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
jdk=$(java -version 2>&1 | head -1)
note="Measured $(date -u +%Y-%m-%d) on ${cpu:-an unknown CPU} ($(nproc) cores), ${jdk}; JMH 1.37, 1 fork, 3x1 s warm-up, 5x1 s measurement, -prof gc."
java -cp "$jar" dev.sno.bench.Report benchmarks/results/jmh.json benchmarks/results README.md "$note" >/dev/null
echo "wrote benchmarks/results/{jmh.json,results.md,chart.svg} and README.md's results section"
