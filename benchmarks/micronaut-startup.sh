#!/usr/bin/env bash
# Startup time of the Micronaut example with and without sno: examples/micronaut-app (a SnoId ID
# generated on insert through sno-micronaut) against its twin benchmarks/micronaut-startup-uuid
# (a java.util.UUID ID that Micronaut Data generates, no sno jar), each started as a JVM of its
# own against a throwaway PostgreSQL (scripts/pg-test-server.sh, on its own port and directory)
# whose note table is dropped before every start (dev.sno.bench.MicronautStartup).
#
#   benchmarks/micronaut-startup.sh           # a warm-up pair, then 5 starts of each, alternating;
#                                             # writes benchmarks/results/micronaut-startup.md
#   benchmarks/micronaut-startup.sh --smoke   # a warm-up pair, then 1 start of each; writes nothing
#
# Builds both apps and the benchmarks jar offline first (mvn -o package, no tests) and takes each
# app's runtime class path from Maven (dependency:build-classpath). The apps' logs are kept under
# benchmarks/target/micronaut-startup/. SNO_PG_STARTUP_PORT (default: a free port) moves the server.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=5
smoke=false
for arg in "$@"; do
  case "$arg" in
    --smoke) runs=1; smoke=true ;;
    *) echo "usage: $0 [--smoke]" >&2; exit 2 ;;
  esac
done

app=examples/micronaut-app
twin=benchmarks/micronaut-startup-uuid
mvn -o -B -q -pl "benchmarks,$app,$twin" -am package -DskipTests -Dmaven.javadoc.skip=true \
  org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
  -Dmdep.outputFile=target/runtime-classpath.txt -DincludeScope=runtime
if [ -z "${SNO_PG_STARTUP_PORT:-}" ]; then
  # a port the kernel says is free (Python's socket), or 54341 without Python
  SNO_PG_STARTUP_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null || echo 54341)
fi
export SNO_PG_PORT=$SNO_PG_STARTUP_PORT
export SNO_PG_DIR=/tmp/sno-pg-startup-$SNO_PG_PORT
server=scripts/pg-test-server.sh
trap 'bash "$server" stop' EXIT
url=$(bash "$server" start)

cp_of() {
  echo "$PWD/$1/target/classes:$(cat "$1/target/runtime-classpath.txt")"
}

logs=benchmarks/target/micronaut-startup
rm -rf "$logs"
jar=benchmarks/target/benchmarks.jar
if [ "$smoke" = true ]; then
  java -cp "$jar" dev.sno.bench.MicronautStartup "$url" "$runs" "$(cp_of $app)" "$(cp_of $twin)" "$logs"
else
  mkdir -p benchmarks/results
  java -cp "$jar" dev.sno.bench.MicronautStartup "$url" "$runs" "$(cp_of $app)" "$(cp_of $twin)" "$logs" \
    benchmarks/results/micronaut-startup.md "benchmarks/micronaut-startup.sh"
fi
