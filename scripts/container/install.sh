#!/bin/sh
# The image's runtime stage: the server's production dependencies alone, from the lockfile, beside the
# build copied from the build stage. No dev dependencies (no TypeScript loader, no build tools) and
# none of the web app's: it is already built into apps/web/dist.
set -eu
cd "$(dirname "$0")/../.."
npm ci --omit=dev --workspace @rewards/server --no-audit --no-fund
mkdir -p data
