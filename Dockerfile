# chessbot production image: Node 20 on Debian bookworm (slim), runtime dependencies only.
# TypeScript runs through tsx, a runtime dependency; the build (dist/: npm start, the command line and the
# search worker bundled by esbuild, also a runtime dependency) only makes them start faster.
#
#   docker build -t chessbot .
#   docker run --rm -e LICHESS_TOKEN=lip_... -e DISCORD_TOKEN=... chessbot
#   docker run --rm -e REDIS_URL=redis://:password@redis-host:6379/0 chessbot node bin/chessbot.js worker
#
# The second is a /mate solver worker for a bot whose REDIS_URL is the same Redis: see
# compose.yaml (Redis, the bot and two workers on one machine) and docs/deployment.md.
#
# Tokens come from the environment at run time; they are never part of the image.

FROM node:20-bookworm-slim

ENV NODE_ENV=production
WORKDIR /app

# Dependencies first, so code changes do not invalidate the npm ci layer.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

COPY --chown=node:node bin ./bin
COPY --chown=node:node config ./config
COPY --chown=node:node src ./src
COPY --chown=node:node scripts ./scripts
COPY --chown=node:node tsconfig.json ./
# npm ci's prepare step found no sources yet: build now.
RUN npm run build

# The official image's unprivileged user; the app needs no write access to /app.
USER node

CMD ["npm", "start"]
