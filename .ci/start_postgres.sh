#!/usr/bin/env bash
# Install (if needed) and start a throwaway PostgreSQL server on loopback for the tests.
# Prints the connection URL on its last line. Used by .ci/run; safe to run by hand.
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
echo "postgresql://postgres@127.0.0.1:$PORT/postgres"
