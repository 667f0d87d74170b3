# The API image, built by docker-compose.yml (`docker compose up --wait`).

# --- build: compile src/ to dist/ with the dev dependencies (TypeScript) ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm install, not npm ci: see scripts/ensure-deps.mjs (npm 11 lock files and other platforms' binaries).
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY mappings ./mappings
# tsc -p tsconfig.build.json: src/server.ts -> dist/server.js
RUN npm run build

# --- runtime: production dependencies and the compiled output only ---
FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/mappings ./mappings
COPY relevance/profiles ./relevance/profiles
USER node
EXPOSE 3000
# src/server.ts drains in-flight requests and closes its clients on SIGTERM.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server.js"]
