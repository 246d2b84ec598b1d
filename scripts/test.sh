#!/usr/bin/env bash
# `npm test`: the typecheck and the client build side by side (each keeps about one core busy for half a
# minute), then every test (vitest.config.ts). Fails if either of the first two fails, before any test runs.
set -uo pipefail
cd "$(dirname "$0")/.."
npm run --silent typecheck &
typecheck=$!
npm run --silent build
built=$?
wait "$typecheck"
typed=$?
[ "$typed" = 0 ] || { echo "npm test: the typecheck failed (npm run typecheck)" >&2; exit "$typed"; }
[ "$built" = 0 ] || { echo "npm test: the client build failed (npm run build)" >&2; exit "$built"; }
exec npx vitest run "$@"
