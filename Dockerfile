# The images docker-compose.yml builds (`docker compose up --wait`): `api` (the service) and `indexer` (the one-shot
# service that generates and loads the demo data before the API starts).

# --- build: compile src/ to dist/ with the dev dependencies (TypeScript) ---
FROM node:20-bookworm-slim AS build
# onnxruntime-node's install script would fetch GPU add-ons (scripts/ensure-deps.mjs).
ENV ONNXRUNTIME_NODE_INSTALL=skip
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends unzip && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm install, not npm ci: see scripts/ensure-deps.mjs (npm 11 lock files and other platforms' binaries).
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY mappings ./mappings
COPY common ./common
COPY scripts ./scripts
# The sentence model of semantic search, fetched and checked as the launcher does, where EMBEDDING_MODEL_DIR's
# default finds it.
RUN npx tsx scripts/stack.ts model
# tsc -p tsconfig.build.json: src/server.ts -> dist/server.js
RUN npm run build

# --- indexer: the build stage (tsx, the generator's and indexer's sources) running scripts/load-demo-data.ts ---
FROM build AS indexer
COPY indexer ./indexer
# data/ is a volume (docker-compose.yml): the generated dataset outlives the container, owned by the user below.
RUN mkdir -p data && chown node:node data
USER node
CMD ["node", "--max-old-space-size=256", "--import", "tsx", "scripts/load-demo-data.ts"]

# --- api: production dependencies and the compiled output only ---
FROM node:20-bookworm-slim AS api
ENV NODE_ENV=production ONNXRUNTIME_NODE_INSTALL=skip
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/mappings ./mappings
COPY --from=build /app/.cache/stack/model ./.cache/stack/model
COPY relevance/profiles ./relevance/profiles
USER node
# 3000: the API; 9464: GET /metrics (METRICS_PORT), for monitoring only.
EXPOSE 3000 9464
# src/server.ts drains in-flight requests and closes its clients on SIGTERM.
STOPSIGNAL SIGTERM
# Node flags: scripts/stack/api-node-flags.ts says why.
CMD ["node", "--max-semi-space-size=4", "--single-threaded-gc", "dist/server.js"]
