#!/usr/bin/env bash
# Nightly backups of the Mentor Me database: `pg_dump -Fc` at 02:00 (the TZ of this container, UTC unless set)
# into BACKUP_DIR, keeping the newest BACKUP_KEEP dumps. `--now` makes one backup at once and exits.
# The database is the one of the standard PG* variables (PGHOST, PGUSER, PGPASSWORD, PGDATABASE).
set -uo pipefail

BACKUP_DIR=${BACKUP_DIR:-/backups}
BACKUP_KEEP=${BACKUP_KEEP:-14}
BACKUP_AT=${BACKUP_AT:-02:00}

backup() {
  local file partial
  file="$BACKUP_DIR/mentorme-$(date +%Y%m%d-%H%M%S).dump"
  partial="$file.partial"
  # Written under another name first: a dump cut short never looks like a finished one.
  if ! pg_dump -Fc -f "$partial"; then
    rm -f "$partial"
    echo "backup failed at $(date -Iseconds); the earlier dumps are kept" >&2
    return 1
  fi
  mv "$partial" "$file"
  echo "backup written: $file ($(du -h "$file" | cut -f1))"
  # Only after a good dump: the oldest beyond BACKUP_KEEP go.
  ls -1t "$BACKUP_DIR"/mentorme-*.dump | tail -n +"$((BACKUP_KEEP + 1))" | xargs -r rm -f --
}

mkdir -p "$BACKUP_DIR"
if [ "${1:-}" = "--now" ]; then
  backup
  exit
fi

# As the container's first process, bash would ignore SIGTERM without this: `docker stop` ends the wait at once.
trap 'kill "$sleeper" 2>/dev/null; exit 0' TERM INT
sleeper=
echo "backups at $BACKUP_AT ($(date +%Z)) into $BACKUP_DIR, keeping $BACKUP_KEEP"
while true; do
  now=$(date +%s)
  next=$(date -d "today $BACKUP_AT" +%s)
  [ "$next" -le "$now" ] && next=$(date -d "tomorrow $BACKUP_AT" +%s)
  sleep "$((next - now))" &
  sleeper=$!
  wait "$sleeper"
  backup
done
