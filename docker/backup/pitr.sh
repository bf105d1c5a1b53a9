#!/bin/sh
# Point-in-time recovery with PostgreSQL's own tools (decision 054): every WAL segment copied to an
# archive off the database's host as soon as it is full or a minute old (archive_timeout = 60), a
# base backup every day, both kept 14 days, so the database can be brought back to any second of
# the last 14 days, losing at most the last minute. POSIX sh, GNU tar, gzip, find, coreutils.
#
#   pitr.sh init                  marks an (empty, mounted) archive folder as this shop's archive
#   pitr.sh archive-wal PATH NAME PostgreSQL's archive_command: '/backup/pitr.sh archive-wal %p %f'
#   pitr.sh restore-wal NAME PATH PostgreSQL's restore_command (pitr.sh restore writes it)
#   pitr.sh base                  one base backup now, then the clean-up; exits non-zero on failure
#   pitr.sh schedule              the service: a base backup every day at BASE_BACKUP_TIME, and one
#                                 at start when the newest is more than a day old
#   pitr.sh list                  the base backups, oldest first, and the archive's span
#   pitr.sh prune                 deletes what no point of the last WAL_KEEP_DAYS days needs
#   pitr.sh restore TIME DATADIR  lays the newest base backup finished before TIME into DATADIR
#                                 (absent or empty) and sets PostgreSQL to replay the archive up to
#                                 TIME, then open: start PostgreSQL on DATADIR (docs/deploy.md);
#                                 TIME `latest`: everything the archive holds
#
# WAL_ARCHIVE_DIR (default /wal-archive) is storage OFF the database's host: another host's NFS
# export, a network disk, a mounted bucket. It holds `.souls-wal-archive` (written by `init`):
# without it — the mount is missing and the folder is the local disk's — nothing is archived, the
# archiver retries, and the WalArchiveBehind alert fires, rather than a false sense of safety.
#   wal/<segment>.gz              each WAL segment (and history file), compressed
#   base/<UTC time>/              a base backup: base.tar.gz (the data folder), backup_label,
#                                 stopped_at (its end, seconds since the epoch)
# Base backups use PostgreSQL's low-level API (pg_backup_start … pg_backup_stop) from psql while tar
# copies the data folder: so `base` runs beside the server, as its user, with PGDATA readable (the
# compose `pitr` service mounts the data volume read-only). Connection: the libpq variables; the
# password is read from POSTGRES_PASSWORD_FILE when set. Each good base backup is recorded in the
# shop's `heartbeats` table (`base-backup`), for the BaseBackupTooOld alert.
# packages/shop/src/point-in-time-restore.test.ts rehearses all of it on PostgreSQL 18.
set -eu

WAL_ARCHIVE_DIR=${WAL_ARCHIVE_DIR:-/wal-archive}
WAL_KEEP_DAYS=${WAL_KEEP_DAYS:-14}
BASE_BACKUP_TIME=${BASE_BACKUP_TIME:-03:30}
PGDATA=${PGDATA:-/var/lib/postgresql/18/docker}
MARKER="$WAL_ARCHIVE_DIR/.souls-wal-archive"
# This script's own path, absolute: psql and PostgreSQL call it back.
SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
umask 077

# One JSON object per line, like the shop's own logs (on stderr: PostgreSQL logs what its archive
# and restore commands print there).
log() {
  level=$1
  shift
  printf '{"time":"%s","level":"%s","service":"pitr","msg":"%s"}\n' \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" >&2
}

fail() {
  log error "$*"
  exit 1
}

# Paths go into psql commands and PostgreSQL's settings: plain characters only.
case "$WAL_ARCHIVE_DIR$PGDATA$SELF" in
*[!A-Za-z0-9/._-]*) fail "WAL_ARCHIVE_DIR, PGDATA and this script's path may hold letters, digits, / . _ - only" ;;
esac

archive_mounted() {
  [ -f "$MARKER" ] || fail "$WAL_ARCHIVE_DIR is not the WAL archive (no .souls-wal-archive): is the off-host storage mounted? (pitr.sh init marks a new one)"
}

# Written under a temporary name, flushed to the storage, then renamed: a file in the archive is
# always whole, and PostgreSQL recycles a segment only once it is there for good.
archive_wal() {
  src=$1
  name=$2
  archive_mounted
  dest="$WAL_ARCHIVE_DIR/wal/$name.gz"
  if [ -f "$dest" ]; then
    # Archived already (the server stopped before noting it): fine if it is the same segment.
    if gzip -dc "$dest" | cmp -s - "$src"; then
      log warn "$name was archived already, with the same content"
      return 0
    fi
    fail "$name is in the archive with a different content: refusing to overwrite it (another server archiving here?)"
  fi
  mkdir -p "$WAL_ARCHIVE_DIR/wal"
  gzip -1 -c <"$src" >"$dest.partial"
  sync "$dest.partial"
  mv "$dest.partial" "$dest"
  sync "$WAL_ARCHIVE_DIR/wal"
}

# Asked for segments that never existed too (the next timeline's history, the end of the
# archive): a missing one is a quiet "no", as PostgreSQL expects.
restore_wal() {
  name=$1
  dest=$2
  src="$WAL_ARCHIVE_DIR/wal/$name.gz"
  [ -f "$src" ] || exit 1
  gzip -dc "$src" >"$dest.partial"
  mv "$dest.partial" "$dest"
}

psql_quiet() {
  psql --no-psqlrc --quiet --set=ON_ERROR_STOP=1 "$@"
}

# The last good base backup's time, in the shop's database: the metrics show it and the
# BaseBackupTooOld alert watches it (decision 044). Failing to record it fails nothing.
record_success() {
  if echo "INSERT INTO heartbeats (name, beaten_at) VALUES ('base-backup', now())
      ON CONFLICT (name) DO UPDATE SET beaten_at = excluded.beaten_at;" | psql_quiet >/dev/null; then
    log info "base backup recorded in the heartbeats table"
  else
    log warn "could not record the base backup in the heartbeats table (migrations not run yet?)"
  fi
}

# Called by psql between pg_backup_start and pg_backup_stop: the data folder, without what a
# restored server makes afresh (WAL comes from the archive). tar's status 1 — a file changed or
# vanished while read — is expected on a live server: the replay makes it right.
copy_data() {
  into=$1
  status=0
  tar --create --gzip --file="$into/base.tar.gz" --directory="$PGDATA" \
    --exclude=./postmaster.pid --exclude=./postmaster.opts --exclude=./backup_label.old \
    --exclude='./pg_wal/*' --exclude='./pg_replslot/*' --exclude='./pg_stat_tmp/*' \
    --exclude='./pg_dynshmem/*' --exclude='./pg_notify/*' --exclude='./pg_serial/*' \
    --exclude='./pg_snapshots/*' --exclude='./pg_subtrans/*' --exclude='pgsql_tmp*' \
    --warning=no-file-changed --warning=no-file-removed --warning=no-file-shrank . || status=$?
  [ "$status" -le 1 ] && touch "$into/copied"
}

base_backup() {
  archive_mounted
  [ -f "$PGDATA/PG_VERSION" ] || fail "no data folder at $PGDATA (PGDATA): a base backup runs beside the server"
  stamp=$(date -u +%Y-%m-%dT%H%M%SZ)
  work="$WAL_ARCHIVE_DIR/base/$stamp.partial"
  mkdir -p "$work"
  touch "$work/started"
  log info "base backup $stamp: starting"
  # One session from start to stop (the non-exclusive API ends with its session); psql runs the
  # copy itself (\!) in between, and writes pg_backup_stop's label — once every WAL segment the
  # backup needs is archived — into the backup's folder.
  if ! psql_quiet --tuples-only --no-align --set=label="souls $stamp" >/dev/null <<EOF; then
SELECT pg_backup_start(:'label', true);
\! sh $SELF copy-data $work
\o '$work/backup_label'
SELECT labelfile FROM pg_backup_stop(true);
\o
EOF
    rm -rf "$work"
    fail "base backup $stamp failed: no new base backup, the previous ones are kept"
  fi
  if [ ! -f "$work/copied" ] || ! grep -q '^START WAL LOCATION' "$work/backup_label" || ! gzip -t "$work/base.tar.gz"; then
    rm -rf "$work"
    fail "base backup $stamp is incomplete: no new base backup, the previous ones are kept"
  fi
  rm "$work/copied"
  date -u +%s >"$work/stopped_at"
  sync "$work/base.tar.gz" "$work/backup_label" "$work/stopped_at"
  mv "$work" "$WAL_ARCHIVE_DIR/base/$stamp"
  sync "$WAL_ARCHIVE_DIR/base"
  log info "base backup $stamp written ($(du -k "$WAL_ARCHIVE_DIR/base/$stamp/base.tar.gz" | cut -f1) kB)"
  record_success
  prune
}

bases_oldest_first() {
  [ -d "$WAL_ARCHIVE_DIR/base" ] || return 0
  find "$WAL_ARCHIVE_DIR/base" -mindepth 2 -maxdepth 2 -name stopped_at | sort | while read -r file; do
    dirname "$file"
  done
}

# Every point of the last WAL_KEEP_DAYS days needs the newest base backup older than that (the
# start of the window), every base backup after it, and the WAL from its start on. Older base
# backups, and WAL archived before the oldest kept backup started, go. Leftovers of a failed
# backup go after a day.
prune() {
  archive_mounted
  window=$(date -u -d "$WAL_KEEP_DAYS days ago" +%s)
  oldest_kept=
  for base in $(bases_oldest_first); do
    if [ "$(cat "$base/stopped_at")" -le "$window" ]; then oldest_kept=$base; fi
  done
  [ -n "$oldest_kept" ] || oldest_kept=$(bases_oldest_first | head -n 1)
  [ -n "$oldest_kept" ] || return 0
  for base in $(bases_oldest_first); do
    [ "$base" = "$oldest_kept" ] && break
    rm -rf "$base"
    log info "removed base backup $(basename "$base") (older than $WAL_KEEP_DAYS days)"
  done
  removed=$(find "$WAL_ARCHIVE_DIR/wal" -maxdepth 1 -type f -name '*.gz' ! -name '*.history.gz' \
    ! -newer "$oldest_kept/started" -print -delete | wc -l)
  [ "$removed" -eq 0 ] || log info "removed $removed WAL files older than base backup $(basename "$oldest_kept")"
  find "$WAL_ARCHIVE_DIR/base" -mindepth 1 -maxdepth 1 -name '*.partial' -mmin +1440 -exec rm -rf {} +
  find "$WAL_ARCHIVE_DIR/wal" -maxdepth 1 -name '*.partial' -mmin +1440 -delete
}

list() {
  archive_mounted
  for base in $(bases_oldest_first); do
    echo "base $(basename "$base") finished $(date -u -d "@$(cat "$base/stopped_at")" +%Y-%m-%dT%H:%M:%SZ)"
  done
  newest=$(find "$WAL_ARCHIVE_DIR/wal" -maxdepth 1 -name '*.gz' -printf '%T@ %f\n' | sort -n | tail -n 1)
  [ -z "$newest" ] || echo "newest WAL ${newest#* } archived $(date -u -d "@${newest%% *}" +%Y-%m-%dT%H:%M:%SZ)"
}

restore() {
  [ $# -eq 2 ] || {
    echo "usage: pitr.sh restore 'YYYY-MM-DD HH:MM:SS+00'|latest DATADIR" >&2
    exit 2
  }
  target=$1
  datadir=$2
  archive_mounted
  case "$datadir" in
  *[!A-Za-z0-9/._-]*) fail "DATADIR may hold letters, digits, / . _ - only" ;;
  esac
  if [ "$target" = latest ]; then
    target_epoch=$(date -u +%s)
  else
    case "$target" in
    *[!0-9:\ +.TZ-]*) fail "not a time: '$target' (e.g. '2026-11-28 14:03:59+00')" ;;
    esac
    target_epoch=$(date -u -d "$target" +%s) || fail "not a time: '$target' (e.g. '2026-11-28 14:03:59+00')"
  fi
  [ ! -e "$datadir" ] || [ -z "$(ls -A "$datadir")" ] || fail "$datadir is not empty: restore into a new folder"
  chosen=
  for base in $(bases_oldest_first); do
    if [ "$(cat "$base/stopped_at")" -lt "$target_epoch" ]; then chosen=$base; fi
  done
  [ -n "$chosen" ] || fail "no base backup finished before $target: the archive starts later"
  log info "restoring base backup $(basename "$chosen") into $datadir"
  mkdir -p "$datadir"
  chmod 700 "$datadir"
  tar --extract --gzip --file="$chosen/base.tar.gz" --directory="$datadir"
  cp "$chosen/backup_label" "$datadir/backup_label"
  mkdir -p "$datadir/pg_wal/archive_status"
  # The settings of this recovery, last in postgresql.auto.conf (they win); recovery.signal asks
  # for it. Once the target is reached the server opens on a new timeline, which it archives too.
  cat >>"$datadir/postgresql.auto.conf" <<EOF
# pitr.sh restore, $(date -u +%Y-%m-%dT%H:%M:%SZ): replay the archive up to $target, then open
restore_command = 'WAL_ARCHIVE_DIR=$WAL_ARCHIVE_DIR sh $SELF restore-wal %f %p'
EOF
  if [ "$target" != latest ]; then
    printf "recovery_target_time = '%s'\nrecovery_target_action = 'promote'\n" "$target" >>"$datadir/postgresql.auto.conf"
  fi
  touch "$datadir/recovery.signal"
  log info "ready: start PostgreSQL on $datadir; it replays the archive up to $target, then opens"
}

seconds_until_next() {
  now=$(date +%s)
  next=$(date -d "today $BASE_BACKUP_TIME" +%s)
  [ "$next" -gt "$now" ] || next=$(date -d "tomorrow $BASE_BACKUP_TIME" +%s)
  echo $((next - now))
}

# In a subshell each: a failed backup (which exits) ends that attempt, not the service, which
# tries again every BASE_BACKUP_RETRY_SECONDS (the server still starting, the archive unmounted…).
base_backup_until_done() {
  until (base_backup); do
    log warn "base backup failed: trying again in ${BASE_BACKUP_RETRY_SECONDS:-300} s"
    sleep "${BASE_BACKUP_RETRY_SECONDS:-300}" &
    wait $! || true
  done
}

schedule() {
  trap 'log info "stopping"; exit 0' TERM INT
  date -d "today $BASE_BACKUP_TIME" +%s >/dev/null 2>&1 || fail "BASE_BACKUP_TIME must be HH:MM, not '$BASE_BACKUP_TIME'"
  archive_mounted
  if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then
    PGPASSWORD=$(cat "$POSTGRES_PASSWORD_FILE")
    export PGPASSWORD
  fi
  log info "base backups daily at $BASE_BACKUP_TIME ($(date +%Z)) into $WAL_ARCHIVE_DIR, $WAL_KEEP_DAYS days kept"
  newest=$(bases_oldest_first | tail -n 1)
  if [ -z "$newest" ] || [ "$(cat "$newest/stopped_at")" -lt "$(date -u -d '1 day ago' +%s)" ]; then
    base_backup_until_done
  fi
  while :; do
    # In the background, so that `docker stop` (SIGTERM) ends the wait at once.
    sleep "$(seconds_until_next)" &
    wait $! || true
    base_backup_until_done
  done
}

case "${1:-}" in
init)
  mkdir -p "$WAL_ARCHIVE_DIR/wal" "$WAL_ARCHIVE_DIR/base"
  [ -f "$MARKER" ] || date -u +%Y-%m-%dT%H:%M:%SZ >"$MARKER"
  log info "$WAL_ARCHIVE_DIR is the WAL archive"
  ;;
archive-wal) archive_wal "$2" "$3" ;;
restore-wal) restore_wal "$2" "$3" ;;
copy-data) copy_data "$2" ;;
base)
  if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then
    PGPASSWORD=$(cat "$POSTGRES_PASSWORD_FILE")
    export PGPASSWORD
  fi
  base_backup
  ;;
schedule) schedule ;;
list) list ;;
prune) prune ;;
restore)
  shift
  restore "$@"
  ;;
*)
  echo "usage: pitr.sh init | archive-wal PATH NAME | restore-wal NAME PATH | base | schedule | list | prune | restore TIME DATADIR" >&2
  exit 2
  ;;
esac
