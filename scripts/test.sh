#!/usr/bin/env bash
# `npm test`: install what the suites need, run the unit, model, integration and browser suites,
# and end with one line `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-test-deps.sh || exit 1
exec npx tsx scripts/run-tests.ts "$@"
