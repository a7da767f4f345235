#!/usr/bin/env bash
# Builds a new PostgreSQL data directory from a folder `pg-stream.sh` fills (its base backup, then
# every WAL segment received, the one being written included) and starts it as a separate instance
# on 127.0.0.1:<port>, replaying the WAL to its end and then opening for writes. Run it as the OS
# user that runs PostgreSQL (postgres), on a copy of the folder or with the stream stopped.
#
#   scripts/backup/pg-restore.sh /srv/backups/pg /var/lib/postgresql/restored 5433
#
# The new instance listens on 127.0.0.1 only and trusts local connections unless the base backup
# carried a pg_hba.conf (Debian's live in /etc/postgresql, outside the data directory): check it,
# then point DATABASE_URL at it (or copy it back with pg_dump) and start the site.
set -euo pipefail

dir=${1:?usage: pg-restore.sh <backup folder> <new data directory> <port>}
data=${2:?usage: pg-restore.sh <backup folder> <new data directory> <port>}
port=${3:?usage: pg-restore.sh <backup folder> <new data directory> <port>}
for bin in /usr/lib/postgresql/*/bin; do [ -d "$bin" ] && PATH="$PATH:$bin"; done

[ -f "$dir/base/PG_VERSION" ] || { echo "pg-restore: no base backup in $dir/base" >&2; exit 1; }
[ -e "$data" ] && { echo "pg-restore: $data exists already; choose a new folder" >&2; exit 1; }
started=$(date +%s%N)

cp -a "$dir/base" "$data"
chmod 700 "$data"
# The WAL to replay, the segment that was being written under its final name (recovery reads
# only complete names; the rest of that segment is zeros, where replay ends).
mkdir "$data/restore-wal"
for f in "$dir"/wal/*; do
  [ -e "$f" ] || continue
  name=$(basename "$f")
  cp "$f" "$data/restore-wal/${name%.partial}"
done

[ -f "$data/pg_hba.conf" ] || printf '%s\n' \
  'local all all trust' 'host all all 127.0.0.1/32 trust' 'host replication all 127.0.0.1/32 trust' \
  >"$data/pg_hba.conf"
[ -f "$data/pg_ident.conf" ] || : >"$data/pg_ident.conf"
# Later lines win: the restored instance runs on its own port and socket folder, waits for no
# standby, and fetches WAL from the copy above.
cat >>"$data/postgresql.conf" <<CONF

# pg-restore.sh
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$data'
hba_file = '$data/pg_hba.conf'
ident_file = '$data/pg_ident.conf'
synchronous_standby_names = ''
archive_mode = off
restore_command = 'cp "$data/restore-wal/%f" "%p"'
recovery_target_action = 'promote'
CONF
rm -f "$data/postmaster.pid" "$data/standby.signal"
touch "$data/recovery.signal"

pg_ctl --pgdata="$data" --log="$data/restore.log" --wait --timeout=3600 start >/dev/null
# Open once replay has reached the end of the WAL and the instance has promoted itself.
until [ "$(psql -h 127.0.0.1 -p "$port" -U "${PGUSER:-postgres}" -d postgres -Atc 'select pg_is_in_recovery()' 2>/dev/null)" = f ]; do
  sleep 0.2
done
ms=$(( ($(date +%s%N) - started) / 1000000 ))
echo "pg-restore: $data serves on 127.0.0.1:$port after ${ms} ms (log: $data/restore.log)"
