# ClanOps container image (docs/deploy.md; base image choice: docs/decisions/020-container-image.md).
# Build: docker build --build-arg CLANOPS_VERSION="$(node -p "require('./package.json').version")" -t clanops .
# Run: docker run -d -p 127.0.0.1:5000:5000 -v clanops-data:/data clanops
# podman: podman build --format docker -t clanops .  (the OCI format would drop the HEALTHCHECK)

# The base image, fully qualified (podman refuses short names without a registry list). A mirror or a local copy:
#   docker build --build-arg NODE_IMAGE=registry.example.com/library/node:22-bookworm-slim -t clanops .
# (docs/deploy.md, "Building without Docker Hub": the recipe CI uses to make one from Debian packages).
ARG NODE_IMAGE=docker.io/library/node:22-bookworm-slim

# Build stage: every dependency, the web app and the server bundle, then production dependencies only.
FROM ${NODE_IMAGE} AS build
# podman (and Docker without BuildKit) keep this stage as an untagged image of about 1.2 GB; the label lets
#   podman image prune -f --filter label=org.clanops.stage=build
# remove it and nothing else.
LABEL org.clanops.stage=build
# better-sqlite3 compiles from source when no prebuilt binary can be fetched.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# node-gyp uses the headers shipped with the image instead of downloading them.
ENV npm_config_nodedir=/usr/local
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=cache,target=/var/cache/npm,sharing=locked \
  npm ci --cache /var/cache/npm --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && cd node_modules/better-sqlite3 \
  && find build -mindepth 1 ! -path build/Release ! -path build/Release/better_sqlite3.node -delete \
  && rm -rf deps src

# Run stage: Node, the production dependencies, the built app; nothing else.
FROM ${NODE_IMAGE}
# The version of package.json (the release workflow and docs/deploy.md pass it; /healthz says it too).
ARG CLANOPS_VERSION=unknown
LABEL org.opencontainers.image.title="ClanOps" \
  org.opencontainers.image.description="Self-hosted home for a Clash Royale clan" \
  org.opencontainers.image.version="${CLANOPS_VERSION}" \
  org.opencontainers.image.source="https://github.com/clanops/clanops"
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=5000 \
  DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The app files stay owned by root; only /data is writable by the unprivileged "node" user
# (uid 1000) of the base image, and only by it: it holds the database and the session signing
# key. A new named volume inherits this owner and mode 0700.
RUN install -d -m 0700 -o node -g node /data
USER node
VOLUME ["/data"]
EXPOSE 5000
# No curl in the image: Node's fetch asks /healthz, which also pings the database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node runs as PID 1 (the base image's entrypoint execs it) and handles SIGTERM itself: running
# scripts are recorded as interrupted, then HTTP and the database close (docs/deploy.md).
CMD ["node", "--v8-pool-size=1", "dist/server/server.js"]
