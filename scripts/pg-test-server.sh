#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the sno-jdbc tests, on 127.0.0.1 only.
#
#   scripts/pg-test-server.sh start   # prints the JDBC URL the tests use by default
#   scripts/pg-test-server.sh stop    # stops it and deletes its data
#   scripts/pg-test-server.sh halt    # stops the server, keeps its data (a database outage)
#   scripts/pg-test-server.sh resume  # starts the halted server again on the same data
#
# SNO_PG_PORT (default 54329) and SNO_PG_DIR (default /tmp/sno-pg-$SNO_PG_PORT) change where it
# lives; SNO_PG_OPTIONS adds server options (a later -c overrides the defaults above, e.g.
# "-c full_page_writes=on"). PostgreSQL refuses to run as root: as root, the server runs as the 'postgres' user.
# When the server binaries are missing and this runs as root, Debian's postgresql package is
# installed first.
set -euo pipefail

port=${SNO_PG_PORT:-54329}
dir=${SNO_PG_DIR:-/tmp/sno-pg-$port}
url="jdbc:postgresql://127.0.0.1:$port/sno?user=sno"

find_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

start() {
  bin=$(find_bin)
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    if [ "$(id -u)" = 0 ]; then
      echo "pg-test-server: installing postgresql" >&2
      apt-get update -qq >&2
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
      bin=$(find_bin)
    else
      echo "pg-test-server: no PostgreSQL server binaries under /usr/lib/postgresql; install Debian's postgresql package" >&2
      exit 1
    fi
  fi
  if [ -f "$dir/data/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    echo "$url"
    return
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir "$dir" --shell /bin/false postgres
    chown postgres "$dir"
  fi
  as_owner "$bin/initdb" -D "$dir/data" -U sno --auth=trust -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "$(server_opts)" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U sno sno
  echo "$url"
}

server_opts() {
  echo "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${SNO_PG_OPTIONS:-}"
}

halt() {
  bin=$(find_bin)
  as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
}

resume() {
  bin=$(find_bin)
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$(server_opts)" start >/dev/null \
    || { cat "$dir/server.log" >&2; exit 1; }
  echo "$url"
}

stop() {
  bin=$(find_bin)
  if [ -n "$bin" ] && [ -d "$dir/data" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  halt) halt ;;
  resume) resume ;;
  *) echo "usage: $0 start|stop|halt|resume" >&2; exit 2 ;;
esac
