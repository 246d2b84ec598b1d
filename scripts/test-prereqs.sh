#!/usr/bin/env bash
# What `npm test` needs before it starts (run by npm as the "pretest" script, and so by .ci/run too):
#   - Debian's chromium at /usr/bin/chromium (the browser journeys, through playwright-core), and its headless
#     build chromium-headless-shell where it can be installed (the journeys prefer it);
#   - a PostgreSQL server at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
#     reachable as postgres without a password (each test file creates and drops its own database).
# Where it can (root, apt-get present, the server is this machine) it installs and starts what is
# missing; where it cannot it stops at once and prints the exact command to run.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
hostport="${url#*://}"; hostport="${hostport#*@}"; hostport="${hostport%%/*}"
pg_host="${hostport%%:*}"; pg_port="${hostport##*:}"
[ "$pg_port" = "$hostport" ] && pg_port=5432
database="${url##*/}"; database="${database%%\?*}"

can_install=0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then can_install=1; fi
local_pg=0
case "$pg_host" in 127.0.0.1 | localhost | ::1) local_pg=1 ;; esac

stop() {
  echo "npm test: $1" >&2
  echo "  run:  $2" >&2
  echo "  then: npm test" >&2
  exit 1
}

pg_up() {
  if command -v pg_isready >/dev/null 2>&1; then pg_isready -h "$pg_host" -p "$pg_port" -q; else (exec 3<>"/dev/tcp/$pg_host/$pg_port") 2>/dev/null; fi
}

updated=0
apt_install() {
  if [ "$updated" = 0 ]; then apt-get update -qq; updated=1; fi
  apt-get install -y -qq "$@" >/dev/null
}

# ---- Chromium (CHROMIUM_PATH, as in e2e/support/app.ts, points the journeys at another build)
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  [ "$chromium" = /usr/bin/chromium ] || stop "CHROMIUM_PATH=$chromium is not an executable." "unset CHROMIUM_PATH   # to use Debian's chromium at /usr/bin/chromium"
  [ "$can_install" = 1 ] || stop "Chromium is missing at /usr/bin/chromium (the browser journeys need it)." "sudo bash scripts/test-prereqs.sh   # or: sudo apt-get install -y chromium"
  echo "test-prereqs: installing chromium"
  apt_install chromium
fi

# Debian's headless build of the same Chromium release (e2e/support/chromium.ts prefers it: no browser window behind
# each context, a fifth less CPU for the journeys). Optional: without it the journeys run on /usr/bin/chromium.
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ] && [ "$can_install" = 1 ]; then
  echo "test-prereqs: installing chromium-headless-shell"
  apt_install chromium-headless-shell || echo "test-prereqs: chromium-headless-shell not installed; the journeys use /usr/bin/chromium"
fi

# ---- PostgreSQL
if ! pg_up; then
  if [ "$local_pg" = 0 ]; then
    stop "no PostgreSQL server answers at $pg_host:$pg_port (TEST_DATABASE_URL)." "start that server, or unset TEST_DATABASE_URL to use one on this machine"
  fi
  [ "$can_install" = 1 ] || stop "no PostgreSQL server answers at $pg_host:$pg_port (the server suite needs one)." "sudo bash scripts/test-prereqs.sh   # installs Debian's postgresql, trusts local TCP, starts it, creates the database '$database'"
  installed_pg=0
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    echo "test-prereqs: installing postgresql"
    apt_install postgresql
    installed_pg=1
  fi
  cluster=$(ls /etc/postgresql | sort -V | tail -n 1)
  if [ "$installed_pg" = 1 ]; then
    # The suite connects as postgres over TCP without a password, as on the developers' machines.
    hba="/etc/postgresql/$cluster/main/pg_hba.conf"
    sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+$/\1trust/' "$hba"
  fi
  echo "test-prereqs: starting postgresql $cluster"
  pg_ctlcluster --skip-systemctl-redirect "$cluster" main start || true
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
  if [ "$installed_pg" = 1 ]; then pg_ctlcluster --skip-systemctl-redirect "$cluster" main reload || true; fi
  pg_up || stop "PostgreSQL $cluster did not start." "sudo pg_ctlcluster $cluster main start"
fi
if [ "$local_pg" = 1 ] && [ "$can_install" = 1 ] && id postgres >/dev/null 2>&1; then
  su postgres -c "psql -p $pg_port -tAc \"select 1 from pg_database where datname='$database'\"" 2>/dev/null | grep -q 1 || su postgres -c "createdb -p $pg_port $database" || true
fi
if command -v psql >/dev/null 2>&1 && ! psql "$url" -tAc 'select 1' >/dev/null 2>&1; then
  stop "PostgreSQL answers at $pg_host:$pg_port but refuses $url (user postgres, no password, database '$database')." "sudo -u postgres createdb -p $pg_port $database   # and trust local TCP in pg_hba.conf (see scripts/test-prereqs.sh)"
fi
echo "test-prereqs: chromium and PostgreSQL ($pg_host:$pg_port) ready"
