#!/usr/bin/env bash
# The SQL functions' benchmark: starts a throwaway PostgreSQL 18.1 (scripts/pg18-test-server.sh)
# and MariaDB 11.4 (scripts/mariadb-test-server.sh), each on its own port and directory, installs
# sno-jdbc's functions and times them on the server against what the database does natively
# (dev.sno.bench.SqlFunctionsBenchmark: max(sno_time(id)) against max(uuid_extract_timestamp(id))
# on PostgreSQL, against the same arithmetic written in the query on MariaDB; queries
# interleaved, medians of one run).
#
#   benchmarks/sql-functions.sh           # 1,000,000 rows on PostgreSQL, 100,000 on MariaDB, 7 repetitions;
#                                         # writes benchmarks/results/sql-functions.md
#   benchmarks/sql-functions.sh --smoke   # 10,000 and 2,000 rows, 3 repetitions, writes nothing (what CI runs)
#
# SNO_SQLFN_PG_PORT (default 54336) and SNO_SQLFN_MARIADB_PORT (default 33067) move the servers.
set -euo pipefail
cd "$(dirname "$0")/.."

pg_rows=1000000
mariadb_rows=100000
reps=7
smoke=false
for arg in "$@"; do
  case "$arg" in
    --smoke) pg_rows=10000; mariadb_rows=2000; reps=3; smoke=true ;;
    *) echo "usage: $0 [--smoke]" >&2; exit 2 ;;
  esac
done

export SNO_PG18_PORT=${SNO_SQLFN_PG_PORT:-54336}
export SNO_PG18_DIR=/tmp/sno-pg18-sqlfn-$SNO_PG18_PORT
export SNO_MARIADB_PORT=${SNO_SQLFN_MARIADB_PORT:-33067}
export SNO_MARIADB_DIR=/tmp/sno-mariadb-sqlfn-$SNO_MARIADB_PORT
stop() {
  bash scripts/pg18-test-server.sh stop || true
  bash scripts/mariadb-test-server.sh stop || true
}
trap stop EXIT
pg_url=$(bash scripts/pg18-test-server.sh start)
mariadb_url=$(bash scripts/mariadb-test-server.sh start)

[ -f benchmarks/target/benchmarks.jar ] && [ "$smoke" = true ] || mvn -B -q -pl benchmarks -am package -DskipTests
jar=benchmarks/target/benchmarks.jar
if [ "$smoke" = true ]; then
  java -cp "$jar" dev.sno.bench.SqlFunctionsBenchmark "$pg_url" "$mariadb_url" "$pg_rows" "$mariadb_rows" "$reps"
else
  mkdir -p benchmarks/results
  java -cp "$jar" dev.sno.bench.SqlFunctionsBenchmark "$pg_url" "$mariadb_url" "$pg_rows" "$mariadb_rows" "$reps" \
    benchmarks/results/sql-functions.md
fi
