# Sourced by .ci/container: installs podman and finds settings under which it runs on this machine
# (a CI VM may lack systemd, overlayfs, cgroup v2 or the right to raise resource limits). Sets
# podman_opts (global flags), run_opts (run and build flags) and build_net.

install_podman() {
  local missing=() tool
  for tool in podman debootstrap newuidmap slirp4netns fuse-overlayfs runc; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing podman and debootstrap with apt-get (missing: ${missing[*]})"
  install() {
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends podman debootstrap uidmap \
      slirp4netns fuse-overlayfs crun runc containernetworking-plugins iptables catatonit >/dev/null
  }
  install 2>/dev/null || { apt-get update -qq && install; } || skip "apt-get could not install podman"
}

# The defaults first, then without systemd (cgroupfs, file events), then without overlayfs (vfs).
choose_storage() {
  local opts candidate
  for opts in "" "--cgroup-manager=cgroupfs --events-backend=file" \
    "--cgroup-manager=cgroupfs --events-backend=file --storage-driver=vfs --root=/var/lib/clanops-ci/vfs"; do
    read -r -a candidate <<<"$opts"
    if podman "${candidate[@]}" info >/dev/null 2>&1; then
      podman_opts=("${candidate[@]}")
      return 0
    fi
  done
  skip "$(podman info 2>&1 | tail -n 1)"
}

# Runs `true` in the base image and fixes what the error names, one thing at a time.
probe_runtime() {
  local attempt err ok=no
  for attempt in 1 2 3 4; do
    if pm run --rm --network=none "${run_opts[@]}" "$base" true >/dev/null 2>"$work/probe.err"; then
      ok=yes
      break
    fi
    err=$(grep -v '^time=' "$work/probe.err" | tail -n 1)
    if grep -q 'rlimit' "$work/probe.err" && [ ${#run_opts[@]} -eq 0 ]; then
      # Rootful podman raises the open-files and process limits; this host does not allow it.
      run_opts=(--ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit nproc=4096:4096)
      say "the host refuses higher resource limits ($err); using ${run_opts[*]}"
    elif grep -q 'cgroup' "$work/probe.err" && [[ " ${podman_opts[*]} " != *" --runtime "* ]]; then
      podman_opts+=(--runtime runc)
      say "crun cannot run here ($err); using runc"
    elif grep -q 'cgroup' "$work/probe.err" && [[ " ${run_opts[*]} " != *" --cgroups "* ]]; then
      run_opts+=(--cgroups=disabled)
      say "containers cannot get cgroups here ($err); using --cgroups=disabled"
    else
      skip "podman run fails: $err"
    fi
  done
  [ "$ok" = yes ] || skip "podman run fails: $err"
  local versions
  versions=$(pm run --rm --network=none "${run_opts[@]}" "$base" sh -c 'echo "node $(node --version), npm $(npm --version)"') ||
    fail "node or npm does not run in $base"
  say "containers run; $base has $versions"
  # The build needs the npm registry and the Debian mirror; the host network when the default fails.
  build_net=()
  if ! pm run --rm "${run_opts[@]}" "$base" node -e \
    "fetch('https://registry.npmjs.org/npm').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" 2>/dev/null; then
    build_net=(--network=host)
    say "the default container network cannot reach the npm registry; building with --network=host"
  fi
}
