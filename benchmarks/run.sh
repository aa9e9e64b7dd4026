#!/usr/bin/env bash
# Builds and runs the JMH suite on JDK 17 (the java on PATH, or $JDK17) and again on JDK 25
# ($JDK25, or the first JDK 25 under /usr/lib/jvm), about 13 minutes on 2 cores; writes JMH's
# JSON to benchmarks/results/jmh-<feature>.json and regenerates benchmarks/results/results.md,
# chart.svg, headline.md (the numbers README.md and docs/ quote, with date, CPU and JDKs; see
# dev.sno.bench.Headline) and the results section of docs/performance.md from both runs.
#
#   benchmarks/run.sh            # the full suite on both JDKs
#   benchmarks/run.sh --smoke    # each benchmark once, one short iteration (what CI runs)
#   benchmarks/run.sh --options  # the toString/parse implementation options on both JDKs
#                                # (logs in benchmarks/results/options-<feature>.log)
#   benchmarks/run.sh --kotlinx-json  # the JSON round trip, kotlinx.serialization against
#                                # Jackson 2 (KotlinxJsonBenchmark), on both JDKs; writes
#                                # benchmarks/results/kotlinx-json-<feature>.{json,log} and kotlinx-json.md
#   benchmarks/run.sh --micronaut-serde  # the JSON round trip in Micronaut Serialization, a record
#                                # with a SnoId against one with a UUID (MicronautSerdeBenchmark),
#                                # on both JDKs; writes micronaut-serde-<feature>.{json,log} and .md
#   benchmarks/run.sh --report   # measures nothing: rewrites results.md, chart.svg and
#                                # headline.md from the JSON and markdown already in benchmarks/results
#
# VirtualThreadBenchmark needs JDK 21+ and is left out of the JDK 17 run. The option
# benchmarks (ToStringOptions, ParseOptions) only run with --options.
set -euo pipefail
cd "$(dirname "$0")/.."

mvn -B -q -pl benchmarks -am package -DskipTests
jar=benchmarks/target/benchmarks.jar

java17=${JDK17:+$JDK17/bin/java}
java17=${java17:-java}
java25=${JDK25:+$JDK25/bin/java}
if [ -z "$java25" ]; then
  for d in /usr/lib/jvm/*; do
    if [ -x "$d/bin/java" ] && "$d/bin/java" -version 2>&1 | head -1 | grep -q '"25'; then
      java25="$d/bin/java"
      break
    fi
  done
fi

# run JAVA OUT_JSON MODE_ARGS...: the suite on one JDK, without what that JDK cannot run.
run() {
  local java=$1 json=$2
  shift 2
  local feature
  feature=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  local exclude=(-e 'OptionsBenchmark')
  [ "$feature" -lt 21 ] && exclude+=(-e 'VirtualThreadBenchmark')
  "$java" -jar "$jar" "$@" "${exclude[@]}" -foe true -rf json -rff "$json"
}

if [ "${1:-}" = "--smoke" ]; then
  mkdir -p target/bench-smoke
  run "$java17" target/bench-smoke/jmh-17.json -f 1 -wi 0 -i 1 -r 100ms
  jsons=(target/bench-smoke/jmh-17.json)
  if [ -n "$java25" ]; then
    # On JDK 25 only what JDK 17 could not run.
    "$java25" -jar "$jar" VirtualThreadBenchmark -f 1 -wi 0 -i 1 -r 100ms -foe true -rf json -rff target/bench-smoke/jmh-25.json
    jsons+=(target/bench-smoke/jmh-25.json)
  fi
  java -cp "$jar" dev.sno.bench.Report target/bench-smoke - "smoke run" "${jsons[@]}" >/dev/null
  echo "smoke report: target/bench-smoke/results.md"
  exit 0
fi

if [ "${1:-}" = "--report" ]; then
  java -cp "$jar" dev.sno.bench.Report --regenerate benchmarks/results >/dev/null
  echo "rewrote benchmarks/results/{results.md,chart.svg,headline.md} from the files there"
  exit 0
fi

if [ "${1:-}" = "--options" ]; then
  mkdir -p benchmarks/results
  for java in "$java17" ${java25:+"$java25"}; do
    feature=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
    "$java" -jar "$jar" 'OptionsBenchmark' -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc -foe true \
      | tee "benchmarks/results/options-$feature.log" | grep -E "^[A-Z][A-Za-z]+Benchmark\." | grep -E "avgt|norm" \
      | grep -vE "alloc.rate |gc.count|gc.time" || true
  done
  exit 0
fi

if [ "${1:-}" = "--kotlinx-json" ] || [ "${1:-}" = "--micronaut-serde" ]; then
  pair=${1#--}
  case "$pair" in
    kotlinx-json) bench=KotlinxJsonBenchmark ;;
    micronaut-serde) bench=MicronautSerdeBenchmark ;;
  esac
  mkdir -p benchmarks/results
  load_start=$(cut -d' ' -f1 /proc/loadavg)
  jsons=()
  for java in "$java17" ${java25:+"$java25"}; do
    feature=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
    json=benchmarks/results/$pair-$feature.json
    "$java" -jar "$jar" "$bench" -f 2 -wi 5 -w 1s -i 8 -r 1s -prof gc -foe true -rf json -rff "$json" \
      | tee "benchmarks/results/$pair-$feature.log" | grep -E "^$bench\." | grep -E "avgt" \
      | grep -vE "alloc.rate |gc.count|gc.time" || true
    jsons+=("$json")
  done
  cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
  jdks=$(for java in "$java17" ${java25:+"$java25"}; do "$java" -version 2>&1 | head -1; done | paste -sd ';' | sed 's/;/; /g')
  note="Measured $(date -u +%Y-%m-%d) on ${cpu:-an unknown CPU} ($(nproc) cores), ${jdks}; JMH 1.37, 2 forks, 5x1 s warm-up, 8x1 s measurement, -prof gc; load average $load_start at the start, $(cut -d' ' -f1 /proc/loadavg) at the end (above 2 means other work shared the 2 cores).${BENCH_NOTE:+ $BENCH_NOTE}"
  java -cp "$jar" dev.sno.bench.PairReport "$pair" "benchmarks/results/$pair.md" "$note" "${jsons[@]}"
  exit 0
fi

mkdir -p benchmarks/results
load_start=$(cut -d' ' -f1 /proc/loadavg)
args=(-f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc)
jsons=()
for java in "$java17" ${java25:+"$java25"}; do
  feature=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  json=benchmarks/results/jmh-$feature.json
  run "$java" "$json" "${args[@]}" | tee "benchmarks/results/jmh-$feature.log" \
    | grep -E "^(Benchmark|[A-Z][A-Za-z]+Benchmark\.)" | grep -v ":gc\." || true
  jsons+=("$json")
done

cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
jdks=$(for java in "$java17" ${java25:+"$java25"}; do "$java" -version 2>&1 | head -1; done | paste -sd ';' | sed 's/;/; /g')
note="Measured $(date -u +%Y-%m-%d) on ${cpu:-an unknown CPU} ($(nproc) cores), ${jdks}; JMH 1.37, 1 fork, 3x1 s warm-up, 5x1 s measurement, -prof gc; load average $load_start at the start, $(cut -d' ' -f1 /proc/loadavg) at the end (above 2 means other work shared the 2 cores).${BENCH_NOTE:+ $BENCH_NOTE}"
java -cp "$jar" dev.sno.bench.Report benchmarks/results docs/performance.md "$note" "${jsons[@]}" >/dev/null
echo "wrote benchmarks/results/{jmh-*.json,results.md,chart.svg,headline.md} and docs/performance.md's results section"
