# syntax=docker/dockerfile:1
# The shop as an image: what `npm start` does (scripts/bootstrap.mjs + scripts/start.ts), split
# in two. Image build: `npm ci`, `npm run build` (which also writes dist/serve.mjs, the server as
# plain JavaScript: ADR 042). Container start: dist/serve.mjs migrates,
# seeds the demo shops on first run (under a PostgreSQL advisory lock, so several containers may
# start at once on one database: src/server/prepare.ts) and serves dist/ on HOST:PORT.
# Without DATABASE_URL the data is PGlite in /data (a volume); with it, PostgreSQL (compose.yaml).
# README, "Deployment (Docker)".
#
# Node: on a developer's machine the devDependency `node` (ADR 002) brings Node 24 because the
# machines have Node 20. Here the image's own Node 24 runs everything; keep the major equal to
# the `node` package's (tests/deploy/docker-files.test.ts checks it).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci` exactly as scripts/bootstrap.mjs runs it. Install scripts run: the image's npm (11.x)
# reads package.json's `allowScripts` (node, esbuild, sharp) as advisory only; npm 12 will run
# only the scripts listed there, and the list already covers the packages that have one.
# The `node` package's preinstall is not a no-op: it runs a nested
# `npm install --no-save node-linux-<arch>@<version>`, i.e. it fetches a Node binary (a registry
# package, ~125 MB unpacked) from the npm registry. During `npm run build` npm puts
# node_modules/.bin first on PATH, so vite runs on that Node 24 (same version line as the image's);
# `npm prune --omit=dev` below drops it again, the runtime stage never sees it.
RUN npm ci --no-audit --no-fund
COPY . .
# Then only the runtime dependencies. tsx stays: it is a devDependency but also an optional peer
# of vite, which is in the production tree (the lockfile marks it "devOptional"), and
# --omit=dev keeps such packages; the `test -f` fails the build if that ever changes (so does
# tests/deploy/docker-files.test.ts). The server needs it once: a first start on PGlite creates
# the database with `node --import tsx scripts/db.ts migrate` in a process of its own.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && test -f node_modules/tsx/package.json

FROM node:24-bookworm-slim
# MALLOC_ARENA_MAX, and the CMD's Node flag: as npm start starts the server (scripts/server-process.json, ADR 042)
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2
WORKDIR /app
# Code is root's and read-only for the server; only /data is written (PGlite's database,
# operator tokens, .eml mail when SMTP_URL is unset).
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/src ./src
COPY --from=build /app/seed ./seed
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Ready = the built-in API answers for the default shop (Host localhost). No curl in slim images.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "require('http').get({host:'127.0.0.1',port:process.env.PORT,path:'/api/webshop/v1/config',headers:{host:'localhost'},timeout:4000},r=>process.exit(r.statusCode===200?0:1)).on('timeout',()=>process.exit(1)).on('error',()=>process.exit(1))"]
# The server closes itself, the mail worker and the database on SIGTERM (at most 10 s).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=16", "dist/serve.mjs"]
