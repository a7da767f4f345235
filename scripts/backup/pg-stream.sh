#!/usr/bin/env bash
# Continuous backup of PostgreSQL into one folder: a base backup once, then every WAL record as the
# server writes it (pg_receivewal through a physical replication slot, so the server keeps WAL the
# stream has not received yet). Runs in the foreground until stopped: give it to systemd or the
# like, as the same OS user as `pg-restore.sh` will run.
#
#   PGHOST=127.0.0.1 PGPORT=5432 PGUSER=postgres scripts/backup/pg-stream.sh /srv/backups/pg
#
# Connection: the libpq variables (PGHOST, PGPORT, PGUSER, PGPASSWORD or ~/.pgpass); the user needs
# the REPLICATION attribute and a `replication` line in pg_hba.conf. BACKUP_SLOT names the slot
# (default rewards_backup). The folder gets `base/` (pg_basebackup, made once, with the WAL it needs)
# and `wal/` (the stream; the segment being written ends in `.partial`).
#
# pg_receivewal --synchronous flushes each record to disk as it arrives. For no acknowledged commit
# to be lost, the server must also wait for it: `synchronous_standby_names = 'pg_receivewal'` (its
# application name) in the server's configuration. Then commits stop while the stream is down:
# supervise it, and watch the "backup too old" alert.
#
# BACKUP_METRICS_FILE (optional): a file in node_exporter's textfile-collector folder, e.g.
# /var/lib/prometheus/node-exporter/rewards_backup.prom. Every BACKUP_METRICS_INTERVAL seconds
# (default 15) in which the stream's slot is in use, the time is written there as
# rewards_backup_last_success_timestamp_seconds, which the "backup too old" alert reads
# (docs/operations/alerts.yml). Reading the slot takes an ordinary connection too (PGDATABASE).
set -euo pipefail

dir=${1:?usage: pg-stream.sh <backup folder>}
slot=${BACKUP_SLOT:-rewards_backup}
# Debian and Ubuntu keep the server's programs outside PATH.
for bin in /usr/lib/postgresql/*/bin; do [ -d "$bin" ] && PATH="$PATH:$bin"; done

mkdir -p "$dir/wal"
# The slot first: from now on the server keeps every WAL segment until the stream has it, so there is
# no gap between the base backup and the stream, whenever the stream starts.
pg_receivewal --create-slot --if-not-exists --slot="$slot"
if [ ! -f "$dir/base/PG_VERSION" ]; then
  rm -rf "$dir/base.partial"
  pg_basebackup --pgdata="$dir/base.partial" --wal-method=stream --checkpoint=fast --no-password
  mv "$dir/base.partial" "$dir/base"
  echo "pg-stream: base backup in $dir/base"
fi
echo "pg-stream: streaming WAL into $dir/wal (slot $slot)"
if [ -z "${BACKUP_METRICS_FILE:-}" ]; then
  exec pg_receivewal --directory="$dir/wal" --slot="$slot" --synchronous --no-password
fi

pg_receivewal --directory="$dir/wal" --slot="$slot" --synchronous --no-password &
receiver=$!
(
  while kill -0 "$receiver" 2>/dev/null; do
    active=$(printf "select active from pg_replication_slots where slot_name = :'slot'" |
      psql -XAtq -v slot="$slot" 2>/dev/null || true)
    if [ "$active" = t ]; then
      printf 'rewards_backup_last_success_timestamp_seconds %s\n' "$(date +%s)" >"$BACKUP_METRICS_FILE.partial"
      mv "$BACKUP_METRICS_FILE.partial" "$BACKUP_METRICS_FILE"
    fi
    sleep "${BACKUP_METRICS_INTERVAL:-15}"
  done
) &
reporter=$!
trap 'kill -TERM "$receiver" 2>/dev/null || true' TERM INT
status=0
wait "$receiver" || status=$?
# A stop signal interrupts the first wait: wait again for pg_receivewal's own exit.
if kill -0 "$receiver" 2>/dev/null; then wait "$receiver" || status=$?; fi
kill "$reporter" 2>/dev/null || true
exit "$status"
