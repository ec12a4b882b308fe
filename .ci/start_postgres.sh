#!/usr/bin/env bash
# Install (if needed) and start a throwaway PostgreSQL server on loopback for the tests, with a read-only
# role for sqlintent's probes (see docs/security.md). Prints two URLs: the superuser's (tests set up their
# tables with it) and, on the last line, the read-only role's. Used by .ci/run; safe to run by hand.
set -euo pipefail
PORT="${SQLINTENT_PG_PORT:-54329}"
DATA="${SQLINTENT_PG_DATA:-/tmp/sqlintent-pg}"
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq postgresql >/dev/null
fi
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
RUNAS=()
if [ "$(id -u)" = 0 ]; then RUNAS=(runuser -u postgres --); fi
if [ -f "$DATA/postmaster.pid" ]; then
  "${RUNAS[@]}" "$BIN/pg_ctl" -D "$DATA" -m immediate stop >/dev/null 2>&1 || true
fi
rm -rf "$DATA"
mkdir -p "$DATA"
[ "$(id -u)" = 0 ] && chown postgres:postgres "$DATA"
"${RUNAS[@]}" "$BIN/initdb" -D "$DATA" -U postgres --auth=trust >/dev/null
"${RUNAS[@]}" "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DATA" start >/dev/null
RO_ROLE="${SQLINTENT_PG_READONLY_ROLE:-sqlintent_ro}"
"$BIN/psql" -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U postgres -d postgres >/dev/null <<SQL
CREATE ROLE $RO_ROLE LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION;
GRANT pg_read_all_data TO $RO_ROLE;
ALTER ROLE $RO_ROLE SET default_transaction_read_only = on;
SQL
echo "postgresql://postgres@127.0.0.1:$PORT/postgres"
echo "postgresql://$RO_ROLE@127.0.0.1:$PORT/postgres"
