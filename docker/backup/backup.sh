#!/bin/sh
# The shop's database backups, with PostgreSQL's own tools (the compose `backup` service runs it in
# the postgres image, so pg_dump always matches the server). POSIX sh, GNU date and find.
#
#   backup.sh nightly                      the service: a dump every day at BACKUP_TIME, and one at
#                                          start when the newest is more than a day old
#   backup.sh now                          one dump, then the clean-up; exits non-zero on failure
#   backup.sh list                         the dumps, newest first
#   backup.sh restore [--replace] FILE [DATABASE]
#                                          restores FILE (a path, a name in BACKUP_DIR, or `latest`)
#                                          into DATABASE (default PGDATABASE), created afresh; an
#                                          existing DATABASE is dropped only with --replace (stop
#                                          web and worker first)
#
# Connection: the libpq variables (PGHOST, PGPORT, PGUSER, PGDATABASE, PGSSLMODE…); the password is
# read from POSTGRES_PASSWORD_FILE (any characters; trailing newlines ignored) when set.
# Dumps: BACKUP_DIR/<database>-<UTC time>.dump, custom format (pg_restore reads it), written under a
# temporary name and checked before they count. After each good dump, dumps older than
# BACKUP_KEEP_DAYS days are deleted (14: the last 14 nightly dumps stay); a failed dump deletes
# nothing. Each good dump is recorded in the database (`heartbeats`), for the BackupTooOld alert. scripts/backup-rehearsal.mjs runs `now` and `restore` against a real server.
set -eu

BACKUP_DIR=${BACKUP_DIR:-/backups}
BACKUP_KEEP_DAYS=${BACKUP_KEEP_DAYS:-14}
BACKUP_TIME=${BACKUP_TIME:-02:30}
PGDATABASE=${PGDATABASE:-souls}
export PGDATABASE
umask 077

if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then
  PGPASSWORD=$(cat "$POSTGRES_PASSWORD_FILE")
  export PGPASSWORD
fi

# One JSON object per line, like the shop's own logs. Messages are this script's own words.
log() {
  level=$1
  shift
  printf '{"time":"%s","level":"%s","service":"backup","msg":"%s"}\n' \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*"
}

dumps_newest_first() {
  find "$BACKUP_DIR" -maxdepth 1 -type f -name "$PGDATABASE-*.dump" -printf '%T@ %p\n' | sort -rn | cut -d' ' -f2-
}

prune() {
  # -mtime +N: at least N+1 whole days old. Leftover temporary files go after a day.
  find "$BACKUP_DIR" -maxdepth 1 -type f -name "$PGDATABASE-*.dump" -mtime +"$((BACKUP_KEEP_DAYS - 1))" -print |
    while read -r old; do
      rm -f "$old"
      log info "removed $(basename "$old") (older than $BACKUP_KEEP_DAYS days)"
    done
  find "$BACKUP_DIR" -maxdepth 1 -type f -name "$PGDATABASE-*.dump.partial" -mmin +1440 -delete
}

dump_now() {
  mkdir -p "$BACKUP_DIR"
  file="$BACKUP_DIR/$PGDATABASE-$(date -u +%Y-%m-%dT%H%M%SZ).dump"
  log info "dumping $PGDATABASE to $(basename "$file")"
  if ! pg_dump --format=custom --compress=6 --file="$file.partial" "$PGDATABASE"; then
    rm -f "$file.partial"
    log error "pg_dump failed: no new backup, the previous ones are kept"
    return 1
  fi
  # A dump counts once pg_restore can read its table of contents.
  if ! pg_restore --list "$file.partial" >/dev/null; then
    rm -f "$file.partial"
    log error "the new dump is unreadable: no new backup, the previous ones are kept"
    return 1
  fi
  mv "$file.partial" "$file"
  log info "backup written: $(basename "$file") ($(du -k "$file" | cut -f1) kB)"
  record_success
  prune
}

# The last good dump's time, in the shop's own database (its `heartbeats` table): the metrics show
# it and the BackupTooOld alert watches it (decision 044). Failing to record it fails nothing.
record_success() {
  if echo "INSERT INTO heartbeats (name, beaten_at) VALUES ('backup', now())
      ON CONFLICT (name) DO UPDATE SET beaten_at = excluded.beaten_at;" |
    psql --no-psqlrc --quiet --set=ON_ERROR_STOP=1 >/dev/null; then
    log info "backup recorded in the heartbeats table"
  else
    log warn "could not record the backup in the heartbeats table (migrations not run yet?)"
  fi
}

seconds_until_next() {
  now=$(date +%s)
  next=$(date -d "today $BACKUP_TIME" +%s)
  [ "$next" -gt "$now" ] || next=$(date -d "tomorrow $BACKUP_TIME" +%s)
  echo $((next - now))
}

nightly() {
  trap 'log info "stopping"; exit 0' TERM INT
  date -d "today $BACKUP_TIME" +%s >/dev/null 2>&1 || {
    log error "BACKUP_TIME must be HH:MM, not '$BACKUP_TIME'"
    exit 2
  }
  log info "nightly backups at $BACKUP_TIME ($(date +%Z)) into $BACKUP_DIR, $BACKUP_KEEP_DAYS days kept"
  # A fresh install, or a container that was down at backup time: one now.
  mkdir -p "$BACKUP_DIR"
  if [ -z "$(find "$BACKUP_DIR" -maxdepth 1 -type f -name "$PGDATABASE-*.dump" -mmin -1440)" ]; then
    dump_now || true
  fi
  while :; do
    # In the background, so that `docker stop` (SIGTERM) ends the wait at once.
    sleep "$(seconds_until_next)" &
    wait $! || true
    dump_now || true
  done
}

restore() {
  replace=no
  if [ "${1:-}" = "--replace" ]; then
    replace=yes
    shift
  fi
  [ $# -ge 1 ] || {
    echo "usage: backup.sh restore [--replace] FILE|latest [DATABASE]" >&2
    exit 2
  }
  file=$1
  target=${2:-$PGDATABASE}
  if [ "$file" = latest ]; then
    file=$(dumps_newest_first | head -n 1)
    [ -n "$file" ] || {
      log error "no dump in $BACKUP_DIR"
      exit 1
    }
  elif [ ! -f "$file" ] && [ -f "$BACKUP_DIR/$file" ]; then
    file="$BACKUP_DIR/$file"
  fi
  [ -f "$file" ] || {
    log error "no such dump: $file"
    exit 1
  }
  # psql substitutes :'target' (quoted as a literal) in what it reads, not in --command.
  exists=$(echo "SELECT 1 FROM pg_database WHERE datname = :'target';" |
    psql --dbname=postgres --no-psqlrc --tuples-only --no-align --set=ON_ERROR_STOP=1 --set=target="$target")
  if [ "$exists" = 1 ]; then
    if [ "$replace" != yes ]; then
      log error "database $target exists: add --replace to drop it first (stop web and worker before)"
      exit 1
    fi
    log info "dropping database $target"
    dropdb --maintenance-db=postgres --force "$target"
  fi
  createdb --maintenance-db=postgres "$target"
  log info "restoring $(basename "$file") into $target"
  # Owners and grants of the source are left out: the restored objects belong to PGUSER.
  pg_restore --dbname="$target" --no-owner --no-acl --exit-on-error --single-transaction "$file"
  log info "restored $(basename "$file") into $target"
}

case "${1:-nightly}" in
nightly) nightly ;;
now) dump_now ;;
list) dumps_newest_first ;;
restore)
  shift
  restore "$@"
  ;;
*)
  echo "usage: backup.sh nightly | now | list | restore [--replace] FILE|latest [DATABASE]" >&2
  exit 2
  ;;
esac
