#!/bin/sh
# The image's build stage (Dockerfile, stage `build`): every dependency from the lockfile, then the
# web app into apps/web/dist and the server bundle into apps/server/dist. e2e/container.test.ts runs
# the Dockerfile's steps outside Docker.
set -eu
cd "$(dirname "$0")/../.."
npm ci --no-audit --no-fund
npm run build
