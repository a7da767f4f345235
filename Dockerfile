# syntax=docker/dockerfile:1
# The site as one image: `docker compose up` (compose.yaml: the site, PostgreSQL, Redis and the
# one-shot migration), or `docker build -t rewards .` alone. Each stage's work is a script of
# scripts/container; e2e/container.test.ts reads this file and runs the same steps outside Docker
# (a clean copy of the repository, the runtime stage's copies, its RUN scripts, the migration, CMD).
# Node 22 (.nvmrc): Node 20 is past its end of life, and cookie@2 and content-disposition@3 ask for 22.
ARG NODE_IMAGE=node:22-bookworm-slim

# Build: every dependency, then the web app and the server bundle.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY . .
RUN sh scripts/container/build.sh

# Runtime: the build and the server's production dependencies; no sources, no build tools.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json package.json
COPY --from=build /app/package-lock.json package-lock.json
COPY --from=build /app/apps/server/package.json apps/server/package.json
COPY --from=build /app/apps/web/package.json apps/web/package.json
COPY --from=build /app/packages/contracts/package.json packages/contracts/package.json
COPY --from=build /app/tools/roblox-standin/package.json tools/roblox-standin/package.json
COPY --from=build /app/scripts/postinstall.mjs scripts/postinstall.mjs
COPY --from=build /app/scripts/require-build.mjs scripts/require-build.mjs
COPY --from=build /app/scripts/migrate.mjs scripts/migrate.mjs
COPY --from=build /app/scripts/lib scripts/lib
COPY --from=build /app/scripts/container scripts/container
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN --mount=type=cache,target=/root/.npm sh scripts/container/install.sh
# The code stays root's and read-only to the server; only the SQLite folder is the server's.
RUN chown node:node data
USER node
VOLUME ["/app/data"]
EXPOSE 4000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "scripts/container/health.mjs"]
CMD ["sh", "scripts/container/start.sh"]
