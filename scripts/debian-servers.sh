#!/usr/bin/env bash
# Issue 19's extra run: the lease tests against Debian's own servers, which the build does not
# use (its servers come from Maven artifacts: MariaDB 11.4, Redis 6.2, PostgreSQL 15 and 18).
#
#   scripts/debian-servers.sh          # = run: install what is missing, start, test, stop, summary
#   scripts/debian-servers.sh start    # install what is missing, start the servers, print the
#                                      # variables that point the tests at them
#   scripts/debian-servers.sh stop     # stop what an earlier start (or an interrupted run) started
#
# What it starts, each by hand on 127.0.0.1 (never as a system service), under $SNO_DEBIAN_DIR
# (default /tmp/sno-debian-servers), on fixed ports (the build's own servers, which these runs
# do not start, would take free ports that the system hands out: test-support's TestServers):
#
#   MariaDB 10.11 (mariadb-server)  33070  through scripts/mariadb-test-server.sh with
#                                          SNO_MARIADB_BASE, a directory of links laid out as that
#                                          script expects, onto Debian's files
#   Redis 7 (redis-server)          63792  through scripts/redis-test-server.sh with
#                                          SNO_REDIS_SERVER=/usr/bin/redis-server: AOF,
#                                          appendfsync always, noeviction, as the build's Redis
#   PgBouncer (pgbouncer)           64329  pool_mode = transaction, in front of a PostgreSQL 15
#                                          on 54329 (scripts/pg-test-server.sh start, zonky's
#                                          binaries, when none runs there), as the postgres user
#
# Missing packages are installed with apt-get when this runs as root (with a policy-rc.d that
# keeps their services from starting, unless the machine has one); otherwise it says what to
# install and exits 1. A PostgreSQL it finds running on 54329 stays running; it stops only
# what it started. It needs the JDK and Maven the build needs, and runs Maven offline (-o): the
# build's dependencies must be in ~/.m2 already (any earlier build puts them there).
#
# The tests, one Maven run per server (mvn -o -B -pl <module> -am test, never install):
#
#   MariaDB 10.11  sno-jdbc: JdbcLeaseStoreContractTest, JdbcPartitionLeasesTest,
#                  LeaseChaosTest, LeaseContentionTest, LeaseDeploymentTest, LeaseLatencyTest,
#                  SessionStateTest, ZombieTest; each MariaDB case runs through MariaDB
#                  Connector/J and, where the test has it, MySQL Connector/J. LeaseChaosTest
#                  halts and resumes the server through scripts/mariadb-test-server.sh, which
#                  its JVM finds through the variables below (they are inherited), so the
#                  outage hits MariaDB 10.11 too.
#   PgBouncer      sno-jdbc: PgBouncerLeaseTest (SNO_PGBOUNCER_URL; it runs nowhere else),
#                  JdbcLeaseStoreContractTest, JdbcPartitionLeasesTest, LeaseDeploymentTest,
#                  LeaseLatencyTest, SessionStateTest, ZombieTest, FleetSimulationTest, with
#                  SNO_PG_URL pointing at PgBouncer. Left out: LeaseChaosTest (its outage
#                  halts the server behind the URL through scripts/pg-test-server.sh: here that
#                  is the PostgreSQL on 54329, which other runs may be using);
#                  LeaseContentionTest (its PostgreSQL cases set the
#                  isolation with the startup parameter "options", which PgBouncer 1.18 refuses,
#                  and ignoring it would test READ COMMITTED under another name);
#                  JdbcPartitionLeasesTest#tableExistsProbes... (it selects a schema with
#                  currentSchema, the startup parameter search_path: refused likewise);
#                  LeaseDeploymentTest#aRoleThatMayOnly... (it logs in as a role it creates,
#                  which PgBouncer's auth_file does not know); OutageTest (it starts a
#                  PostgreSQL of its own and reaches it directly).
#   Redis 7        sno-redis: every test (dev.sno.redis.*Test). ChaosTest starts a server of its
#                  own on a free port with scripts/redis-test-server.sh, which inherits
#                  SNO_REDIS_SERVER, so it is Redis 7 too.
#
# In each sno-jdbc run the other database's variable is "off", so that its cases are skipped
# rather than run against servers the build would start; a skipped case of the run's own server
# fails this script.
#
# PgBouncer runs with server_reset_query = DISCARD ALL and server_reset_query_always = 1: every
# transaction starts on a server session without prepared statements. In transaction mode a
# client's next transaction may get any server connection of the pool; with a fleet of clients
# sharing several server connections it regularly gets one that lacks the client's named
# statements, or holds another client's statement of the same name (pgjdbc names them S_1,
# S_2, ... per client connection). The reset makes that certain instead of likely (PgBouncer's
# documentation: it "changes non-deterministic breakage to deterministic breakage"). With
# PgBouncer's defaults and a single client, the client gets its one server connection back every
# time and nothing shows; the next client on that server connection meets
# 'prepared statement "S_1" already exists'.
#
# Output: a summary per server (Maven's "Tests run" lines, and the skipped cases by database from
# the Surefire reports); logs and reports under $SNO_DEBIAN_DIR/logs and $SNO_DEBIAN_DIR/reports.
# Exit status 0 only if every run passed and no case of a run's own server was skipped.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${SNO_DEBIAN_DIR:-/tmp/sno-debian-servers}
mvn_cmd=${MVN:-mvn}

mariadb_port=33070
redis_port=63792
bouncer_port=64329
pg_port=54329

mariadb_url="jdbc:mariadb://127.0.0.1:$mariadb_port/sno?user=sno&password=sno"
redis_url="redis://127.0.0.1:$redis_port"
bouncer_url="jdbc:postgresql://127.0.0.1:$bouncer_port/sno?user=sno"
# The other database of a sno-jdbc run is turned off (test-support's TestServers: its cases are
# skipped, saying so), rather than started by the build.
no_pg_url=off
no_mariadb_url=off

# The variables the tests and the build's scripts read.
export SNO_MARIADB_BASE="$work/mariadb-base"
export SNO_MARIADB_PORT=$mariadb_port
export SNO_MARIADB_DIR="$work/mariadb"
export SNO_REDIS_SERVER=/usr/bin/redis-server
export SNO_REDIS_PORT=$redis_port
export SNO_REDIS_DIR="$work/redis"

say() { echo "debian-servers: $*" >&2; }
die() { say "$*"; exit 1; }

# True if something accepts connections on 127.0.0.1:$1.
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

started_file="$work/started"
mark_started() { echo "$1" >>"$started_file"; }
was_started() { [ -f "$started_file" ] && grep -qx "$1" "$started_file"; }

# ---- packages ---------------------------------------------------------------------------------

missing_packages() {
  local missing=()
  { [ -x /usr/sbin/mariadbd ] && [ -x /usr/bin/mariadb-install-db ] && [ -x /usr/bin/mariadb ]; } \
    || missing+=(mariadb-server)
  { [ -x /usr/bin/redis-server ] && [ -x /usr/bin/redis-cli ]; } || missing+=(redis-server)
  [ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
  echo "${missing[@]}"
}

install_packages() {
  local missing
  missing=$(missing_packages)
  [ -z "$missing" ] && return
  if [ "$(id -u)" != 0 ]; then
    die "missing Debian packages: $missing; install them as root (apt-get install -y $missing)" \
      "or run this script as root"
  fi
  say "installing $missing"
  local policy=/usr/sbin/policy-rc.d ours=no
  if [ ! -e "$policy" ]; then
    # Keep the packages' services from starting: this script starts its own servers.
    printf '#!/bin/sh\n# written by sno scripts/debian-servers.sh for one apt-get run\nexit 101\n' >"$policy"
    chmod +x "$policy"
    ours=yes
  fi
  local rc=0
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing; } >&2 || rc=$?
  [ "$ours" = yes ] && rm -f "$policy"
  [ "$rc" = 0 ] || die "apt-get install $missing failed ($rc)"
  missing=$(missing_packages)
  [ -z "$missing" ] || die "still missing after apt-get install: $missing"
}

# ---- servers ----------------------------------------------------------------------------------

# scripts/mariadb-test-server.sh runs $base/scripts/mariadb-install-db, $base/bin/mariadb and
# $base/sbin/mariadbd, with --basedir=$base and --lc-messages-dir=$base/share, and the installer
# reads $base/share/mysql/*.sql: Debian keeps them in /usr/bin, /usr/sbin and /usr/share/mysql.
mariadb_base() {
  local b=$SNO_MARIADB_BASE
  rm -rf "$b"
  mkdir -p "$b/scripts" "$b/share"
  ln -s /usr/bin "$b/bin"
  ln -s /usr/sbin "$b/sbin"
  ln -s /usr/bin/mariadb-install-db "$b/scripts/mariadb-install-db"
  ln -s /usr/share/mysql "$b/share/mysql"
  local e
  for e in /usr/share/mysql/*; do
    ln -s "$e" "$b/share/"
  done
}

start_mariadb() {
  listening $mariadb_port && die "port $mariadb_port is in use (an earlier run? scripts/debian-servers.sh stop)"
  mariadb_base
  mark_started mariadb
  bash "$root/scripts/mariadb-test-server.sh" start >/dev/null
}

start_redis() {
  listening $redis_port && die "port $redis_port is in use (an earlier run? scripts/debian-servers.sh stop)"
  mark_started redis
  bash "$root/scripts/redis-test-server.sh" start >/dev/null
}

start_postgres() {
  if listening $pg_port; then
    say "PostgreSQL on $pg_port is running already: PgBouncer uses it and it stays running"
    return
  fi
  mark_started postgres
  bash "$root/scripts/pg-test-server.sh" start >/dev/null
}

# Debian's pgbouncer refuses to run as root; as root it runs as the postgres user, which
# scripts/pg-test-server.sh creates when needed.
start_pgbouncer() {
  listening $bouncer_port && die "port $bouncer_port is in use (an earlier run? scripts/debian-servers.sh stop)"
  local d="$work/pgbouncer"
  rm -rf "$d"
  mkdir -p "$d"
  cat >"$d/pgbouncer.ini" <<EOF
; written by scripts/debian-servers.sh
[databases]
sno = host=127.0.0.1 port=$pg_port dbname=sno

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $bouncer_port
unix_socket_dir =
auth_type = trust
auth_file = $d/users.txt
admin_users = sno
pool_mode = transaction
; every transaction starts on a clean server session (see scripts/debian-servers.sh)
server_reset_query = DISCARD ALL
server_reset_query_always = 1
; pgjdbc sends extra_float_digits at start-up; PgBouncer 1.18 refuses parameters it does not track
ignore_startup_parameters = extra_float_digits
; FleetSimulationTest's 1,000 holders share a pool that opens a connection whenever none is idle
max_client_conn = 4000
default_pool_size = 20
log_connections = 0
log_disconnections = 0
logfile = $d/pgbouncer.log
pidfile = $d/pgbouncer.pid
EOF
  echo '"sno" ""' >"$d/users.txt"
  local as=()
  if [ "$(id -u)" = 0 ]; then
    chown -R postgres "$d"
    as=(-u postgres)
  fi
  mark_started pgbouncer
  /usr/sbin/pgbouncer -d "${as[@]}" "$d/pgbouncer.ini" || { cat "$d/pgbouncer.log" >&2 || true; die "pgbouncer did not start"; }
  for _ in $(seq 1 100); do
    if listening $bouncer_port; then
      return
    fi
    sleep 0.1
  done
  cat "$d/pgbouncer.log" >&2 || true
  die "pgbouncer is not listening on $bouncer_port"
}

stop_pgbouncer() {
  local pidfile="$work/pgbouncer/pgbouncer.pid" pid
  [ -f "$pidfile" ] || return 0
  pid=$(cat "$pidfile")
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq 1 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
  fi
}

stop_all() {
  [ -f "$started_file" ] || return 0
  if was_started pgbouncer; then stop_pgbouncer; say "stopped PgBouncer"; fi
  if was_started redis; then bash "$root/scripts/redis-test-server.sh" stop; say "stopped Redis 7"; fi
  if was_started mariadb; then bash "$root/scripts/mariadb-test-server.sh" stop; say "stopped MariaDB 10.11"; fi
  if was_started postgres; then
    SNO_PG_PORT=$pg_port bash "$root/scripts/pg-test-server.sh" stop
    say "stopped the PostgreSQL it had started on $pg_port"
  fi
  rm -f "$started_file"
}

start_all() {
  install_packages
  mkdir -p "$work"
  chmod 755 "$work"
  if [ -f "$started_file" ]; then
    die "$started_file exists: an earlier start is still up (scripts/debian-servers.sh stop)"
  fi
  : >"$started_file"
  start_mariadb
  start_redis
  start_postgres
  start_pgbouncer
}

versions() {
  local v
  v=$(bash "$root/scripts/mariadb-test-server.sh" sql -N -e "SELECT VERSION()" 2>/dev/null || echo "?")
  echo "MariaDB   $mariadb_url: $v"
  v=$(redis-cli -p $redis_port INFO server 2>/dev/null | tr -d '\r' | sed -n 's/^redis_version://p')
  echo "Redis     $redis_url: ${v:-?}"
  if command -v psql >/dev/null; then
    v=$(psql -X -h 127.0.0.1 -p $bouncer_port -U sno -At -c "SHOW VERSION" pgbouncer 2>/dev/null || echo "?")
    echo "PgBouncer $bouncer_url: $v (pool_mode = transaction)"
    v=$(psql -X -h 127.0.0.1 -p $bouncer_port -U sno -At -c "SELECT version()" sno 2>/dev/null || echo "?")
    echo "  behind it, on $pg_port: $v"
  else
    echo "PgBouncer $bouncer_url: $(/usr/sbin/pgbouncer --version | head -n 1) (pool_mode = transaction)"
  fi
}

# ---- tests ------------------------------------------------------------------------------------

failed_runs=()

# run NAME MODULE TESTS OWN-CATEGORIES [VAR=VALUE...]: one Maven run; its summary.
run_tests() {
  local name=$1 module=$2 tests=$3 own=$4
  shift 4
  local slug=${name// /-}
  local log="$work/logs/$slug.log" reports="$work/reports/$slug"
  mkdir -p "$work/logs" "$reports"
  rm -f "$root/$module"/target/surefire-reports/TEST-*.xml
  say "$name: mvn -o -B -pl $module -am test -Dtest='$tests' (log: $log)"
  local rc=0
  (cd "$root" && env -u CI "$@" "$mvn_cmd" -o -B -pl "$module" -am test -Dtest="$tests" \
    -Dsurefire.failIfNoSpecifiedTests=false) >"$log" 2>&1 || rc=$?
  cp "$root/$module"/target/surefire-reports/TEST-*.xml "$reports/" 2>/dev/null || true
  summarize "$name" "$own" "$log" "$reports" "$rc"
}

# A run's summary: Maven's "Tests run" lines (per class, then the total) and its skipped cases
# by the database their skip message names (from the Surefire reports). A parameterized test
# runs a case per database; the cases of the database a run does not start are skipped, and each
# run also runs the tests' in-memory H2 cases again. A skipped case of the run's own server, or
# one skipped for another reason, fails the run.
summarize() {
  local name=$1 own=$2 log=$3 reports=$4 rc=$5
  echo
  echo "== $name"
  grep -E '^\[(INFO|WARNING|ERROR)\] Tests run: .* in ' "$log" | sed 's/^\[[A-Z]*\] /  /' || true
  grep -E '^\[(INFO|WARNING|ERROR)\] Tests run: [0-9]+, Failures: [0-9]+, Errors: [0-9]+, Skipped: [0-9]+$' "$log" \
    | tail -n 1 | sed 's/^\[[A-Z]*\] /  total: /' || true
  local bad=no skips
  # <skipped message="..."/>, or <skipped type="...TestAbortedException"><![CDATA[...: message
  # (the message on the next line when it has several)
  skips=$(cat "$reports"/TEST-*.xml 2>/dev/null | awk '
      want { print; want = 0; next }
      /<skipped/ {
        if (match($0, /message="[^"]*"/)) { print substr($0, RSTART + 9, RLENGTH - 10); next }
        m = $0; sub(/.*<!\[CDATA\[/, "", m); sub(/^[A-Za-z0-9_.$]+: ?/, "", m); sub(/^Assumption failed: /, "", m)
        if (m ~ /^[[:space:]]*$/) want = 1; else print m
      }' \
    | sed -E 's/^PostgreSQL [0-9]+ tests are turned off: .*/postgres/; s/^MariaDB [0-9.]+ tests are turned off: .*/mariadb/' \
    | sort | uniq -c || true)
  local n c
  while read -r n c; do
    [ -n "$c" ] || continue
    if [[ " $own " == *" $c "* ]]; then
      echo "  skipped: $n $c case(s), for this run's own server: it was not reached"
      bad=yes
    elif [[ $c =~ ^(postgres|mariadb|mysql-driver)$ ]]; then
      echo "  skipped: $n $c case(s) (a database this run does not start)"
    else
      echo "  skipped: $n case(s): $c"
      bad=yes
    fi
  done <<<"$skips"
  if ! ls "$reports"/TEST-*.xml >/dev/null 2>&1; then
    echo "  !! no Surefire reports (see $log)"
    bad=yes
  fi
  if [ "$rc" != 0 ]; then
    echo "  !! Maven failed ($rc); see $log"
    grep -E '^\[ERROR\]   [A-Za-z0-9]+\.' "$log" | head -n 20 || true
    bad=yes
  fi
  [ "$bad" = no ] || failed_runs+=("$name")
}

run() {
  trap 'stop_all' EXIT
  trap 'exit 130' INT TERM
  start_all
  echo "== servers ($(date -u '+%Y-%m-%d %H:%M UTC'))"
  versions

  run_tests "MariaDB 10.11" sno-jdbc \
    "JdbcLeaseStoreContractTest*,JdbcPartitionLeasesTest,LeaseChaosTest,LeaseContentionTest,LeaseDeploymentTest,LeaseLatencyTest,SessionStateTest,ZombieTest" \
    "mariadb mysql-driver" \
    SNO_MARIADB_URL="$mariadb_url" SNO_PG_URL="$no_pg_url"

  run_tests "PgBouncer" sno-jdbc \
    "PgBouncerLeaseTest,JdbcLeaseStoreContractTest*,JdbcPartitionLeasesTest,!JdbcPartitionLeasesTest#tableExistsProbes*,LeaseDeploymentTest,!LeaseDeploymentTest#aRoleThatMayOnly*,LeaseLatencyTest,SessionStateTest,ZombieTest,FleetSimulationTest" \
    "postgres" \
    SNO_PG_URL="$bouncer_url" SNO_PGBOUNCER_URL="$bouncer_url" SNO_MARIADB_URL="$no_mariadb_url"

  run_tests "Redis 7" sno-redis "dev.sno.redis.*Test" "" SNO_REDIS_URL="$redis_url"

  echo
  if [ ${#failed_runs[@]} -eq 0 ]; then
    echo "debian-servers: all runs passed"
  else
    echo "debian-servers: FAILED: ${failed_runs[*]}"
    return 1
  fi
}

case "${1:-run}" in
  run) run ;;
  start)
    trap 'stop_all' ERR
    start_all
    trap - ERR
    versions
    echo "export SNO_MARIADB_BASE='$SNO_MARIADB_BASE' SNO_MARIADB_PORT=$mariadb_port SNO_MARIADB_DIR='$SNO_MARIADB_DIR'"
    echo "export SNO_REDIS_SERVER=$SNO_REDIS_SERVER SNO_REDIS_PORT=$redis_port SNO_REDIS_DIR='$SNO_REDIS_DIR'"
    echo "export SNO_MARIADB_URL='$mariadb_url' SNO_REDIS_URL='$redis_url'"
    echo "export SNO_PG_URL='$bouncer_url' SNO_PGBOUNCER_URL='$bouncer_url'"
    ;;
  stop) stop_all ;;
  *) echo "usage: $0 [run|start|stop]" >&2; exit 2 ;;
esac
