# Sourced by .ci/container: docs/deploy.md's podman recipe for PostgreSQL (a pod, two `podman run`), run as written
# on this machine's podman, with PostgreSQL restarted under the running app. The machine cannot pull from Docker Hub,
# so the PostgreSQL image is a stand-in built like the Node one (docs/decisions/020-container-image.md): Debian's
# postgresql package (debootstrap), an entrypoint that honours the official image's POSTGRES_USER, POSTGRES_PASSWORD
# and POSTGRES_DB, its data folder and its stop signal, tagged with the fully qualified name the docs use.

# Bumped when the stand-in's recipe changes, so a kept one from an older recipe is rebuilt.
pg_standin_rev=2

ensure_postgres_image() {
  local made
  made=$(pm image inspect --format '{{index .Labels "org.clanops.ci.stand-in"}}' "$pg_image" 2>/dev/null || true)
  if [ "${CLANOPS_CI_REBUILD_BASE:-}" != 1 ] && [[ "$made" == *", recipe $pg_standin_rev" ]]; then
    say "reusing the PostgreSQL image $pg_image ($made)"
    return
  fi
  local t tmp root major
  t=$(date +%s)
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/clanops-pgbase.XXXXXX")
  root="$tmp/rootfs"
  say "building a stand-in for $pg_image: debootstrap $suite with Debian's postgresql"
  if ! debootstrap --variant=minbase --include=postgresql "$suite" "$root" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" \
    >"$tmp/debootstrap.log" 2>&1; then
    tail -n 20 "$tmp/debootstrap.log" >&2
    rm -rf "$tmp"
    fail "debootstrap $suite with postgresql"
  fi
  major=$(ls "$root/usr/lib/postgresql" | sort -n | tail -n 1)
  rm -rf "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  : >"$root/etc/resolv.conf"
  : >"$root/etc/hostname"
  cat >"$root/usr/local/bin/docker-entrypoint.sh" <<'SH'
#!/bin/sh
# The official image's contract, in short: a new data folder is initialised with POSTGRES_USER (superuser),
# POSTGRES_PASSWORD (scram-sha-256 over TCP) and POSTGRES_DB, then the server runs as "postgres" in the foreground.
set -e
PGDATA=${PGDATA:-/var/lib/postgresql/data}
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /run/postgresql
  chown -R postgres:postgres "$PGDATA" /run/postgresql
  chmod 700 "$PGDATA"
  # setpriv execs (runuser would stay as PID 1 and keep the stop signal from the server)
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
user=${POSTGRES_USER:-postgres}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  [ -n "$POSTGRES_PASSWORD" ] || { echo "POSTGRES_PASSWORD is not set" >&2; exit 1; }
  printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/pwfile
  initdb -D "$PGDATA" -U "$user" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 -E UTF8 >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  db=${POSTGRES_DB:-$user}
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\" OWNER \"$user\"" | postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
  echo "initialised $PGDATA (user $user, database $db)"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/run/postgresql
SH
  chmod 755 "$root/usr/local/bin/docker-entrypoint.sh"
  tar -C "$root" --numeric-owner -c . | pm import \
    --change "ENV PATH=/usr/lib/postgresql/$major/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change 'ENV PGDATA=/var/lib/postgresql/data' \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
    --change 'STOPSIGNAL SIGINT' \
    --change 'EXPOSE 5432' \
    --change "LABEL org.clanops.ci.stand-in=\"debootstrap $suite, Debian's postgresql $major, recipe $pg_standin_rev\"" \
    - "$pg_image" >/dev/null 2>"$tmp/import.log" || fail "podman import: $(tail -n 1 "$tmp/import.log")"
  rm -rf "$tmp"
  say "stand-in $pg_image ready in $(($(date +%s) - t))s (Debian's PostgreSQL $major)"
}

# The recipe exactly as docs/deploy.md prints it (the block after its "ci: podman-postgres" marker), with this run's
# image, port and names, and the flags this machine's podman needs.
podman_postgres_recipe() {
  local block
  block=$(awk '/<!-- ci: podman-postgres -->/ { on = 1; next } on && /^```sh/ { inside = 1; next }
    inside && /^```/ { exit } inside { print }' docs/deploy.md)
  [ -n "$block" ] || fail "docs/deploy.md has no podman PostgreSQL recipe after <!-- ci: podman-postgres -->"
  grep -q "$pg_image" <<<"$block" || fail "the recipe does not use $pg_image"
  local extra="${run_opts[*]}"
  sed -e "s#ghcr.io/clanops/clanops:[^ ]*#@IMAGE@#g" -e "s#127.0.0.1:5000:5000#127.0.0.1:$pg_port:5000#g" \
    -e "s/clanops-/ci$$-clanops-/g" -e "s/--name clanops /--name ci$$-clanops /g" -e "s/--pod clanops /--pod ci$$-clanops /g" \
    -e "s/^podman run /pm run $extra /" -e "s/^podman /pm /" -e "s#@IMAGE@#$tag#g" <<<"$block"
}

run_postgres_recipe() {
  local t pod="ci$$-clanops" app="ci$$-clanops-app" db="ci$$-clanops-postgres" h started_before started_after
  pg_port=$(free_port)
  pods+=("$pod")
  volumes+=("ci$$-clanops-data" "ci$$-clanops-postgres")
  # `podman pod create` has no --ulimit or --cgroups: where this machine needs them (probe_runtime), the pod's infra
  # container gets them from a containers.conf of this run's own.
  local conf="$work/containers.conf" i limits=()
  for ((i = 0; i < ${#run_opts[@]}; i++)); do
    [ "${run_opts[$i]}" != --ulimit ] || limits+=("\"${run_opts[$((i + 1))]}\"")
  done
  {
    echo '[containers]'
    [ ${#limits[@]} -eq 0 ] || echo "default_ulimits = [$(IFS=,; echo "${limits[*]}")]"
    [[ " ${run_opts[*]} " != *" --cgroups=disabled "* ]] || echo 'cgroups = "disabled"'
  } >"$conf"
  t=$(date +%s)
  (export CONTAINERS_CONF="$conf" && eval "$(podman_postgres_recipe)") >"$work/recipe.log" 2>&1 ||
    fail "the podman PostgreSQL recipe: $(tail -n 3 "$work/recipe.log")"
  local at="http://127.0.0.1:$pg_port"
  wait_healthy "$app"
  h=$(get_at "$at" /healthz)
  grep -q '"engine":"postgres"' "$work/body" || fail "the app in the pod is not on PostgreSQL: $h $(cat "$work/body")"
  local waited
  waited=$(pm logs "$app" 2>&1 | grep -c 'ClanOps is waiting for the database' || true)
  say "podman PostgreSQL recipe (pod, $pg_image, the app): healthy on PostgreSQL in $(($(date +%s) - t))s (it waited for PostgreSQL's first start: $waited tries)"

  started_before=$(pm inspect --format '{{.State.StartedAt}} {{.RestartCount}}' "$app")
  t=$(date +%s)
  pm stop -t 30 "$db" >/dev/null 2>"$work/pg-stop.err"
  ! grep -q 'resorting to SIGKILL' "$work/pg-stop.err" || fail "PostgreSQL did not stop on its stop signal: $(cat "$work/pg-stop.err")"
  h=$(get_at "$at" /healthz)
  [[ "$h" == 503* ]] && grep -q '"reason"' "$work/body" || fail "with PostgreSQL stopped /healthz answered $h: $(cat "$work/body")"
  local reason
  reason=$(node -p "JSON.parse(require('fs').readFileSync(process.argv[1],'utf8')).database.reason" "$work/body")
  sleep 10
  pm start "$db" >/dev/null
  local deadline=$((SECONDS + 90))
  until [[ "$(get_at "$at" /healthz)" == 200* ]]; do
    [ $SECONDS -lt $deadline ] || fail "the app did not answer 200 within 90 s of PostgreSQL's start"
    sleep 1
  done
  started_after=$(pm inspect --format '{{.State.StartedAt}} {{.RestartCount}}' "$app")
  [ "$started_before" = "$started_after" ] || fail "the app container restarted ($started_before, then $started_after)"
  ! pm logs "$app" 2>&1 | grep -q "Unhandled 'error' event" || fail "the app logged an unhandled error event"
  say "PostgreSQL stopped 10 s under the app: /healthz 503 ($reason), 200 again $(($(date +%s) - t))s after the stop; the app never restarted"
}
