#!/usr/bin/env bash
# npm test: type-check, lint and format-check, build the app, run the unit and API suites on SQLite, the engine-dependent suites
# again on PostgreSQL (in a fresh database per server, dropped afterwards), then the e2e specs
# in Chromium. REQUIRE_POSTGRES=1 (set by CI) turns a missing PostgreSQL into a failure.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "=== typecheck ==="
npm run typecheck

echo "=== lint (ESLint, including the layer rules) ==="
npm run lint

echo "=== format check (Prettier; npm run format fixes it) ==="
npm run format:check

npm run build

echo "=== vitest: unit + API on SQLite ==="
TEST_ENGINE=sqlite npx vitest run

if node scripts/postgres-reachable.mjs; then
  echo "=== vitest: API on PostgreSQL ==="
  TEST_ENGINE=postgres npx vitest run --exclude "test/unit/**" --exclude "lib/**"
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
