#!/usr/bin/env bash
# Contract fuzzing at length (server/http/contractFuzz.test.ts, which CI runs with 12 cases per
# operation from a fixed seed): FUZZ_RUNS cases per operation (default 2000) from FUZZ_SEED
# (default a new one each run, printed so that a failure can be replayed). SQLite by default;
# TEST_DATABASE_URL=postgres://… runs it on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
export FUZZ_RUNS="${FUZZ_RUNS:-2000}"
export FUZZ_SEED="${FUZZ_SEED:-$(( (RANDOM << 15) | RANDOM ))}"
echo "contract fuzzing: ${FUZZ_RUNS} cases per operation, seed ${FUZZ_SEED}"
exec npx vitest run server/http/contractFuzz.test.ts
