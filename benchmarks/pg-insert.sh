#!/usr/bin/env bash
# The database-side benchmark: starts a throwaway PostgreSQL (scripts/pg-test-server.sh, on its
# own port and directory), inserts rows keyed by sno, UUID.randomUUID(), uuid-creator's UUIDv7
# and a bigint TSID, and reports rows/s, key index size and WAL bytes per key kind.
#
#   benchmarks/pg-insert.sh            # 1,000,000 rows per kind; writes benchmarks/results/pg-insert.md
#                                      # and docs/performance.md's database results section, then
#                                      # regenerates benchmarks/results/headline.md
#   benchmarks/pg-insert.sh --smoke    # 10,000 rows per kind, writes nothing (what CI runs)
#   benchmarks/pg-insert.sh --pg18 [--smoke]
#                                      # on PostgreSQL 18.1 (scripts/pg18-test-server.sh): adds keys
#                                      # made by the server (DEFAULT uuidv7()) and times sno_time
#                                      # against uuid_extract_timestamp; writes benchmarks/results/pg18-insert.md
#
# The server runs with fsync=off and synchronous_commit=off (the test server's settings: the
# benchmark measures the database's work, not this machine's disk) and, unlike the test server,
# with full_page_writes=on, PostgreSQL's default, so that WAL bytes include full-page images.
set -euo pipefail
cd "$(dirname "$0")/.."

rows=1000000
smoke=false
pg18=false
for arg in "$@"; do
  case "$arg" in
    --smoke) rows=10000; smoke=true ;;
    --pg18) pg18=true ;;
    *) echo "usage: $0 [--pg18] [--smoke]" >&2; exit 2 ;;
  esac
done

if [ "$pg18" = true ]; then
  export SNO_PG18_PORT=${SNO_PG18_BENCH_PORT:-54338}
  export SNO_PG18_DIR=/tmp/sno-pg18-bench-$SNO_PG18_PORT
  export SNO_PG18_OPTIONS="-c full_page_writes=on"
  server=scripts/pg18-test-server.sh
  out=benchmarks/results/pg18-insert.md
else
  export SNO_PG_PORT=${SNO_PG_BENCH_PORT:-54339}
  export SNO_PG_DIR=/tmp/sno-pg-bench-$SNO_PG_PORT
  export SNO_PG_OPTIONS="-c full_page_writes=on"
  server=scripts/pg-test-server.sh
  out=benchmarks/results/pg-insert.md
fi
url=$(bash "$server" start)
trap 'bash "$server" stop' EXIT

[ -f benchmarks/target/benchmarks.jar ] && [ "$smoke" = true ] || mvn -B -q -pl benchmarks -am package -DskipTests
jar=benchmarks/target/benchmarks.jar
if [ "$smoke" = true ]; then
  java -cp "$jar" dev.sno.bench.PgInsertBenchmark "$url" "$rows"
else
  mkdir -p benchmarks/results
  if [ "$pg18" = true ]; then
    java -cp "$jar" dev.sno.bench.PgInsertBenchmark "$url" "$rows" "$out"
  else
    java -cp "$jar" dev.sno.bench.PgInsertBenchmark "$url" "$rows" "$out" docs/performance.md
  fi
  # headline.md quotes the database numbers too: rewrite it (and results.md, chart.svg) from the
  # files now in benchmarks/results, without measuring anything again.
  java -cp "$jar" dev.sno.bench.Report --regenerate benchmarks/results >/dev/null
fi
