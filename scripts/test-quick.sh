#!/usr/bin/env bash
# `npm run test:quick`, the inner loop (issue 36, at most 90 s): the typecheck beside the unit tests, the chart-level
# model tests and the API on one database (the route tests and the API chart walks on the PostgreSQL server of
# TEST_DATABASE_URL, as `npm test` runs them). What it leaves to `npm test`: the browser, the embedded database,
# and the server files that start processes or cut connections.
set -uo pipefail
cd "$(dirname "$0")/.."
npm run --silent typecheck &
typecheck=$!
node_modules/.bin/vitest run --project unit --project model --project server-postgres src/ machines/ screens/ bench/ model-tests/ server/routes/ "$@"
tested=$?
wait "$typecheck"
typed=$?
[ "$typed" = 0 ] || echo "test:quick: the typecheck failed (npm run typecheck)" >&2
[ "$typed" = 0 ] && exit "$tested"
exit "$typed"
