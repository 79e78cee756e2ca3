#!/usr/bin/env bash
# npm test: type-check, lint and format-check beside the build, run the unit and API suites on SQLite, the engine-dependent suites
# again on PostgreSQL (test/postgres-suites.json; a fresh database per server, dropped afterwards), then the e2e specs
# in Chromium. REQUIRE_POSTGRES=1 (set by CI) turns a missing PostgreSQL into a failure.
set -euo pipefail
cd "$(dirname "$0")/.."

# The type check first (next typegen writes .next/types, which the build writes too); then lint
# and the format check beside the build, each of which leaves the other core mostly idle.
echo "=== typecheck ==="
npm run typecheck

echo "=== build, beside lint (ESLint, including the layer rules), the format check (npm run format fixes it) and knip (unused files, exports, dependencies) ==="
checks_log=$(mktemp)
(npm run lint && npm run format:check && npm run knip) >"$checks_log" 2>&1 &
checks=$!
build_status=0
npm run build || build_status=$?
checks_status=0
wait "$checks" || checks_status=$?
cat "$checks_log"
rm -f "$checks_log"
if [ "$build_status" -ne 0 ] || [ "$checks_status" -ne 0 ]; then
  echo "build exited $build_status, lint and format check $checks_status" >&2
  exit 1
fi

echo "=== vitest: unit + API on SQLite ==="
TEST_ENGINE=sqlite npx vitest run

if node scripts/postgres-reachable.mjs; then
  # Only the suites whose outcome can depend on the engine (test/postgres-suites.json; test/unit/postgres-suites.test.ts keeps the list honest).
  echo "=== vitest: the engine-dependent suites on PostgreSQL ==="
  mapfile -t postgres_suites < <(node -e 'for (const s of require("./test/postgres-suites.json").suites) console.log(s)')
  TEST_ENGINE=postgres npx vitest run "${postgres_suites[@]}"
elif [ -n "${REQUIRE_POSTGRES:-}" ]; then
  echo "PostgreSQL is required (REQUIRE_POSTGRES=1) but no server answers at ${TEST_POSTGRES_URL:-127.0.0.1:5432}" >&2
  exit 1
else
  echo "=== SKIPPED: the PostgreSQL pass. No server answers at ${TEST_POSTGRES_URL:-postgresql://postgres@127.0.0.1:5432/test}. ==="
fi

if [ -f playwright.config.ts ]; then
  echo "=== playwright: console e2e in Chromium ==="
  npx playwright test
fi
