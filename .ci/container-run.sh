# Sourced by .ci/container: runs the built image "$tag" as docs/deploy.md tells a user to, and
# checks what it promises. Uses pm, say, fail, names, volume and work from .ci/container.

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# Podman schedules HEALTHCHECK with systemd timers; without systemd as init, `podman healthcheck
# run` runs the same command from the image and records its result.
if [ -d /run/systemd/system ]; then health_by=timers; else health_by="podman healthcheck run"; fi

health_status() {
  pm inspect --format '{{.State.Health.Status}}' "$1" 2>/dev/null ||
    pm inspect --format '{{.State.Healthcheck.Status}}' "$1"
}

wait_healthy() {
  local name=$1 deadline=$((SECONDS + 180))
  while [ $SECONDS -lt $deadline ]; do
    if [ "$(pm inspect --format '{{.State.Running}}' "$name")" != true ]; then
      pm logs "$name" 2>&1 | tail -n 20 >&2
      fail "container $name stopped before it was healthy"
    fi
    [ "$(health_status "$name")" = healthy ] && return 0
    if [ "$health_by" != timers ]; then pm healthcheck run "$name" >/dev/null 2>&1 || true; fi
    sleep 2
  done
  pm logs "$name" 2>&1 | tail -n 20 >&2
  fail "container $name not healthy after 180s (status: $(health_status "$name"))"
}

# docker run -d -p 5000:5000 -v clanops-data:/data clanops (docs/deploy.md), on a free port.
port=$(free_port)
net_opts=(-p "127.0.0.1:$port:5000")
start_container() {
  local name=$1
  shift
  names+=("$name")
  if ! pm run -d --name "$name" "$@" "${run_opts[@]}" "${net_opts[@]}" -v "$volume:/data" "$tag" >/dev/null 2>"$work/run.err"; then
    [ "${net_opts[0]}" = -p ] || fail "podman run: $(tail -n 1 "$work/run.err")"
    say "publishing a port failed ($(tail -n 1 "$work/run.err")); using --network=host"
    pm rm -f "$name" >/dev/null 2>&1 || true
    net_opts=(--network=host -e "PORT=$port" -e HOST=127.0.0.1)
    pm run -d --name "$name" "$@" "${run_opts[@]}" "${net_opts[@]}" -v "$volume:/data" "$tag" >/dev/null
  fi
}

# Prints "<status> <content-type>" and keeps the body in $work/body.
get_at() {
  node -e "fetch(process.argv[1]).then(async r=>{require('fs').writeFileSync(process.argv[2],await r.text());console.log(r.status,r.headers.get('content-type'))},e=>{console.log('000',e.message);})" \
    "$1$2" "$work/body"
}
get() { get_at "http://127.0.0.1:$port" "$1"; }

# Who created the admin and the stored session key: generated on first start, kept in /data.
fingerprint() {
  pm exec "$1" node -e "
    const db = new (require('better-sqlite3'))('/data/clanops.sqlite', { readonly: true });
    const a = db.prepare('SELECT username, created_at, password_hash FROM admin_users').all();
    const k = db.prepare(\"SELECT value FROM app_settings WHERE key = 'jwt_secret'\").get();
    const h = require('crypto').createHash('sha256').update(JSON.stringify([a, k])).digest('hex');
    console.log(a.length + ' admin ' + a.map((r) => r.username + ' created ' + r.created_at).join() + ', state ' + h.slice(0, 12));
  "
}

run_checks() {
  pm volume create "$volume" >/dev/null
  local first="clanops-ci-$$-a" second="clanops-ci-$$-b" t
  t=$(date +%s)
  start_container "$first"
  wait_healthy "$first"
  say "healthy in $(($(date +%s) - t))s (HEALTHCHECK on /healthz via $health_by)"

  local page api
  page=$(get /)
  [[ "$page" == "200 text/html"* ]] || fail "GET / answered $page"
  grep -q '<div id="root">' "$work/body" && grep -qE '(src|data-entry)="/assets/[^"]+[.]js"' "$work/body" || fail "GET / is not the built web app"
  api=$(get /api/clan)
  [[ "$api" == "200 application/json"* ]] || fail "GET /api/clan answered $api"
  node -e "const c=JSON.parse(require('fs').readFileSync(process.argv[1],'utf8')); if(!c.tag||!c.name) process.exit(1)" \
    "$work/body" || fail "GET /api/clan is not a clan"
  say "serving / and /api/clan (200, the built web app and the demo clan's JSON)"

  pm logs "$first" >"$work/first.log" 2>&1
  # A new named volume takes /data's owner and mode from the image: private, no start warning.
  if grep -q 'DATA_DIR .* is readable by other users' "$work/first.log"; then
    fail "start warning about the data folder: $(grep -o 'DATA_DIR [^"]*' "$work/first.log" | head -n 1)"
  fi
  local data_mode
  data_mode=$(pm exec "$first" stat -c '%a %U' /data)
  [ "$data_mode" = "700 node" ] || fail "/data in the volume is '$data_mode', expected '700 node'"
  say "the data folder in a new named volume is private (mode $data_mode), no start warning about it"
  grep -q 'with the generated password' "$work/first.log" || fail "no generated admin password in the log"
  local before after backup
  before=$(fingerprint "$first")
  backup=$(pm exec "$first" node dist/server/cli/backup.js) || fail "backup inside the container"
  backup=$(sed -n 's/.* to \(\/data\/backups\/[^ ]*\.sqlite\) .*/\1/p' <<<"$backup")
  [ -n "$backup" ] || fail "the backup command did not name its file"
  say "online backup inside the running container: $backup"

  t=$(date +%s)
  pm stop -t 30 "$first" >/dev/null 2>>"$work/podman.log"
  local code
  code=$(pm inspect --format '{{.State.ExitCode}}' "$first")
  [ "$code" = 0 ] || fail "stopped with exit code $code (expected 0 after SIGTERM)"
  pm logs "$first" >"$work/first.log" 2>&1
  grep -q '"signal":"SIGTERM"' "$work/first.log" || fail "the server did not log its SIGTERM shutdown"
  say "stopped on SIGTERM in $(($(date +%s) - t))s with exit code 0"

  # A new container on the same volume, as an upgrade does: only /data carries over.
  pm rm "$first" >/dev/null 2>>"$work/podman.log"
  # docs/deploy.md, "Podman": --restart always, the policy podman-restart.service starts at boot.
  start_container "$second" --restart always
  wait_healthy "$second"
  after=$(fingerprint "$second")
  [ "$before" = "$after" ] || fail "data changed across containers: '$before' then '$after'"
  pm logs "$second" >"$work/second.log" 2>&1
  ! grep -q 'Created the admin account' "$work/second.log" || fail "the new container created a new admin"
  pm exec "$second" node -e "
    const db = new (require('better-sqlite3'))(process.argv[1], { readonly: true });
    if (db.pragma('integrity_check', { simple: true }) !== 'ok') process.exit(1);
  " "$backup" || fail "the backup did not survive or is not a valid database"
  say "data survived a restart (new container, same volume: $after; backup still valid)"

  local ids
  ids=$(pm exec "$second" sh -c 'id -u; id -un; awk "/^Uid:/ { print \$2 }" /proc/1/status; tr "\0" " " </proc/1/cmdline')
  local uid user pid1_uid pid1_cmd
  {
    read -r uid
    read -r user
    read -r pid1_uid
    read -r pid1_cmd
  } <<<"$ids"
  [ "$uid" != 0 ] && [ "$pid1_uid" = "$uid" ] || fail "runs as uid $uid, PID 1 as uid $pid1_uid"
  [[ "$pid1_cmd" == node* ]] || fail "PID 1 is '$pid1_cmd', not node"
  say "runs as uid $uid ($user, non-root); PID 1 is '${pid1_cmd% }'"

  # A reboot, as far as a machine without systemd can show it: the container is stopped, then
  # podman-restart.service's command (limited to this container) brings it back, healthy.
  local restart_cmd
  restart_cmd=$(sed -n 's/^ExecStart=[^ ]*podman \$LOGGING //p' /lib/systemd/system/podman-restart.service 2>/dev/null || true)
  [ -n "$restart_cmd" ] || restart_cmd='start --all --filter restart-policy=always'
  pm stop -t 30 "$second" >/dev/null 2>>"$work/podman.log"
  t=$(date +%s)
  local restart_args
  read -r -a restart_args <<<"$restart_cmd"
  pm "${restart_args[@]}" --filter "name=^${second}\$" >/dev/null 2>>"$work/podman.log" ||
    fail "podman $restart_cmd did not start the container"
  wait_healthy "$second"
  say "after a stop, podman-restart.service's 'podman $restart_cmd' brought the --restart always container back, healthy in $(($(date +%s) - t))s"
}
