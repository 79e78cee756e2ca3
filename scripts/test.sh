#!/usr/bin/env bash
# npm test: the build beside lint, the format check and knip; the type check (which the build leaves
# to it) beside the unit and API suites on SQLite; the engine-dependent suites again on PostgreSQL
# (test/postgres-suites.json; a fresh database per server, dropped afterwards); then the e2e specs
# in Chromium. REQUIRE_POSTGRES=1 (set by CI) turns a missing PostgreSQL into a failure.
# Each phase prints when it starts, and the run ends with how long each took.
set -euo pipefail
cd "$(dirname "$0")/.."

timings=()
phase_started=$SECONDS
phase_name=""
phase() {
  [ -n "$phase_name" ] && timings+=("$(printf '%5d s  %s' $((SECONDS - phase_started)) "$phase_name")")
  phase_name="$1"
  phase_started=$SECONDS
  [ -n "$1" ] && echo "=== $1 ==="
  return 0
}
trap 'phase ""; printf "%s\n" "--- time per phase ---" "${timings[@]}"' EXIT

# The build leaves the type check to `npm run typecheck` (next.config.mjs: its own check would skip
# *.test.* and *.spec.*, so the full `tsc` ran anyway, doubling the work). tsc waits for the build
# (both write .next/types) and runs beside the SQLite suites.
phase "build, beside lint (ESLint, including the layer rules), the format check (npm run format fixes it) and knip (unused files, exports, dependencies)"
# Lint apart from the other two: with Next.js's build cache the build takes about 20 s, and the three
# one after the other left a core idle for the rest of the phase (55 and 63 s against 58 and 67 s, 4 Dec 2026).
lint_log=$(mktemp)
npm run lint >"$lint_log" 2>&1 &
lint=$!
checks_log=$(mktemp)
(npm run format:check && npm run knip) >"$checks_log" 2>&1 &
checks=$!
build_status=0
npm run build || build_status=$?
checks_status=0
wait "$lint" || checks_status=$?
wait "$checks" || checks_status=$?
cat "$lint_log" "$checks_log"
rm -f "$lint_log" "$checks_log"
if [ "$build_status" -ne 0 ] || [ "$checks_status" -ne 0 ]; then
  echo "build exited $build_status, lint and format check $checks_status" >&2
  exit 1
fi

phase "vitest: unit + API on SQLite, beside the type check"
typecheck_log=$(mktemp)
npm run typecheck >"$typecheck_log" 2>&1 &
typecheck=$!
vitest_status=0
TEST_ENGINE=sqlite npx vitest run || vitest_status=$?
typecheck_status=0
wait "$typecheck" || typecheck_status=$?
echo "--- type check (npm run typecheck) ---"
cat "$typecheck_log"
rm -f "$typecheck_log"
if [ "$vitest_status" -ne 0 ] || [ "$typecheck_status" -ne 0 ]; then
  echo "vitest on SQLite exited $vitest_status, the type check $typecheck_status" >&2
  exit 1
fi

if node scripts/postgres-reachable.mjs; then
  # Only the suites whose outcome can depend on the engine (test/postgres-suites.json; test/unit/postgres-suites.test.ts keeps the list honest).
  phase "vitest: the engine-dependent suites on PostgreSQL"
  mapfile -t postgres_suites < <(node -e 'for (const s of require("./test/postgres-suites.json").suites) console.log(s)')
  TEST_ENGINE=postgres npx vitest run "${postgres_suites[@]}"
elif [ -n "${REQUIRE_POSTGRES:-}" ]; then
  echo "PostgreSQL is required (REQUIRE_POSTGRES=1) but no server answers at ${TEST_POSTGRES_URL:-127.0.0.1:5432}" >&2
  exit 1
else
  echo "=== SKIPPED: the PostgreSQL pass. No server answers at ${TEST_POSTGRES_URL:-postgresql://postgres@127.0.0.1:5432/test}. ==="
fi

if [ -f playwright.config.ts ]; then
  phase "playwright: console e2e in Chromium"
  npx playwright test
fi
