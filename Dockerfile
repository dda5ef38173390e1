# syntax=docker/dockerfile:1
# One image for every service: `node services/<name>/dist/main.js` is chosen by the command
# (see docker-compose.yml). The gateway also serves the built web app from web/dist.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: install everything, build libs, services and the web app ---------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true NX_DAEMON=false NX_NO_CLOUD=true
# The whole context first (see .dockerignore): npm ci needs every workspace's package.json, and
# copying them one by one breaks silently when a workspace is added. The npm cache mount keeps
# re-installs fast anyway.
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
RUN npm run build
# Keep only what runs: production dependencies, built output.
RUN npm prune --omit=dev --no-audit --no-fund \
  && rm -rf .nx libs/*/src services/*/src web/src web/node_modules e2e

# ---- runtime ---------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/libs ./libs
COPY --from=build --chown=node:node /app/services ./services
COPY --from=build --chown=node:node /app/web/package.json ./web/package.json
COPY --from=build --chown=node:node /app/web/dist ./web/dist
USER node
EXPOSE 3000
CMD ["node", "services/gateway/dist/main.js"]
