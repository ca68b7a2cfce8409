#!/usr/bin/env bash
# CI entry point of the TypeScript package: installs the dev dependencies exactly as locked
# (package-lock.json), then `npm test`: strict type-check, build to dist/, build the tests,
# and run them with `node --test` (conformance vectors included when conformance/vectors/ has them).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
npm ci --no-audit --no-fund --loglevel=error
npm test
