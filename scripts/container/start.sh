#!/bin/sh
# The start: the image's CMD and the systemd unit's ExecStart. The command of `npm run start:prod`
# (e2e/container.test.ts checks they stay the same), with node taking this shell's place (exec) so it
# receives the supervisor's SIGTERM itself and closes gracefully.
set -eu
cd "$(dirname "$0")/../.."
node scripts/require-build.mjs
export NODE_ENV=production
exec node --max-old-space-size=192 --max-semi-space-size=4 apps/server/dist/server.js
