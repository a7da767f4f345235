#!/bin/sh
# The migration step: compose's one-shot `migrate` service and the systemd unit's ExecStartPre.
# `npm run migrate` on the build, with plain node (arguments pass on, e.g. `--to 23`).
set -eu
cd "$(dirname "$0")/../.."
export NODE_ENV=production
exec node scripts/migrate.mjs "$@"
