#!/usr/bin/env bash
# Rolls the shop to a new image without closing it: the migration first, then the web replicas
# replaced one at a time — a new one started and healthy before an old one stops — then the
# worker. Plain `docker compose up` would replace every replica at once.
#
#   SOULS_VERSION=<new tag> docker/roll.sh         (or set it in docker/.env first)
#
# The image must exist already (`docker compose -f docker/compose.yaml build`, or pulled from a
# registry with SOULS_IMAGE). A new replica that does not turn healthy within ROLL_TIMEOUT seconds
# (120) is removed and the roll stops: the old replicas keep serving. To roll back, run it again
# with the previous SOULS_VERSION (migrations only ever add, so the old code runs on the new schema).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
compose() { docker compose -f "$here/compose.yaml" "$@"; }
timeout=${ROLL_TIMEOUT:-120}
say() { printf '[roll] %s\n' "$*"; }

health() { docker inspect --format '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$1"; }

wait_healthy() {
  local id=$1 waited=0 status
  while :; do
    status=$(health "$id")
    case "$status" in
    healthy) return 0 ;;
    unhealthy | exited | dead) break ;;
    esac
    if [ "$waited" -ge "$timeout" ]; then break; fi
    sleep 2
    waited=$((waited + 2))
  done
  say "container ${id:0:12} is $status after ${waited}s; its last log lines:"
  docker logs --tail 20 "$id" >&2 || true
  return 1
}

say "migration"
compose run --rm migrate

mapfile -t old < <(compose ps --quiet web)
replicas=${#old[@]}
if [ "$replicas" -eq 0 ]; then
  say "no web replica runs: start the shop with docker compose up -d"
  exit 1
fi
say "replacing $replicas web replica(s), one at a time"
for id in "${old[@]}"; do
  mapfile -t before < <(compose ps --quiet web | sort)
  # One more replica, with the current configuration and image; the others are left alone.
  compose up --detach --no-deps --no-recreate --scale "web=$((replicas + 1))" web
  mapfile -t after < <(compose ps --quiet web | sort)
  new=$(comm -13 <(printf '%s\n' "${before[@]}") <(printf '%s\n' "${after[@]}") | head -n 1)
  if [ -z "$new" ]; then
    say "no new replica was started"
    exit 1
  fi
  if ! wait_healthy "$new"; then
    docker rm --force "$new" >/dev/null
    say "stopped: the new replica is not healthy; the old ones still serve"
    exit 1
  fi
  say "new replica ${new:0:12} is healthy; stopping ${id:0:12}"
  # In-flight requests finish (SIGTERM, then up to 20 s); HAProxy sends new ones to the others.
  docker stop --time 20 "$id" >/dev/null
  docker rm "$id" >/dev/null
done

say "worker"
compose up --detach --no-deps worker
say "done: $(compose ps --quiet web | wc -l) web replica(s) on ${SOULS_VERSION:-the tag in docker/.env}"
