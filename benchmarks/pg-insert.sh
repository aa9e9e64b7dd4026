#!/usr/bin/env bash
# The database-side benchmark: starts a throwaway PostgreSQL (scripts/pg-test-server.sh, on its
# own port and directory), inserts rows keyed by sno, UUID.randomUUID(), uuid-creator's UUIDv7
# and a bigint TSID, and reports rows/s, key index size and WAL bytes per key kind.
#
#   benchmarks/pg-insert.sh            # 1,000,000 rows per kind; writes benchmarks/results/pg-insert.md
#                                      # and README.md's database results section
#   benchmarks/pg-insert.sh --smoke    # 10,000 rows per kind, writes nothing (what CI runs)
#
# The server runs with fsync=off and synchronous_commit=off (the test server's settings: the
# benchmark measures the database's work, not this machine's disk) and, unlike the test server,
# with full_page_writes=on, PostgreSQL's default, so that WAL bytes include full-page images.
set -euo pipefail
cd "$(dirname "$0")/.."

rows=1000000
smoke=false
if [ "${1:-}" = "--smoke" ]; then
  rows=10000
  smoke=true
fi

export SNO_PG_PORT=${SNO_PG_BENCH_PORT:-54339}
export SNO_PG_DIR=/tmp/sno-pg-bench-$SNO_PG_PORT
export SNO_PG_OPTIONS="-c full_page_writes=on"
url=$(bash scripts/pg-test-server.sh start)
trap 'bash scripts/pg-test-server.sh stop' EXIT

[ -f benchmarks/target/benchmarks.jar ] && [ "$smoke" = true ] || mvn -B -q -pl benchmarks -am package -DskipTests
jar=benchmarks/target/benchmarks.jar
if [ "$smoke" = true ]; then
  java -cp "$jar" dev.sno.bench.PgInsertBenchmark "$url" "$rows"
else
  mkdir -p benchmarks/results
  java -cp "$jar" dev.sno.bench.PgInsertBenchmark "$url" "$rows" benchmarks/results/pg-insert.md README.md
fi
