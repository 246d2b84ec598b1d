#!/usr/bin/env bash
# `npm test`: the client build (the browser journeys serve it), then every test (vitest.config.ts) with the typecheck
# beside them. The typecheck keeps about one core busy for half a minute, while the run's first half minute (Vitest
# starting its projects, the seeded databases) leaves a core idle. If the typecheck fails, the tests are stopped
# and the run fails with its errors; a failing build fails before any test runs.
set -uo pipefail
set -m # each background job in its own process group, so a stop reaches the test run's workers and browser too
cd "$(dirname "$0")/.."
npm run --silent build || { echo "npm test: the client build failed (npm run build)" >&2; exit 1; }
typecheck_log=$(mktemp)
trap 'rm -f "$typecheck_log"' EXIT
# The test databases on the PostgreSQL server before the run, to tell the ones a stopped run made.
test_databases() { node --import tsx scripts/testDatabases.ts "$@" 2>/dev/null; }
before=$(test_databases)
npm run --silent typecheck >"$typecheck_log" 2>&1 &
typecheck=$!
node_modules/.bin/vitest run "$@" &
tests=$!
wait "$typecheck"
typed=$?
if [ "$typed" != 0 ]; then
  kill -TERM -- "-$tests" 2>/dev/null
  wait "$tests" 2>/dev/null
  # A stopped run's teardowns do not run: drop the databases it made (those that were not there before it).
  test_databases drop $before
  cat "$typecheck_log" >&2
  echo "npm test: the typecheck failed (npm run typecheck); the tests were stopped" >&2
  exit "$typed"
fi
wait "$tests"
