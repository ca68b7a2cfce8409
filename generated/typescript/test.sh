#!/usr/bin/env bash
# CI entry point of the TypeScript package: builds the daemon binary the socket-client test runs
# against (test/daemon.test.ts; not when AGENTWIRE_BIN names the binary to use), installs the
# dev dependencies exactly as locked (package-lock.json), then `npm test`: strict type-check,
# build to dist/, build the tests, and run them with `node --test` (conformance vectors included
# when conformance/vectors/ has them).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
if [ -z "${AGENTWIRE_BIN:-}" ]; then
  (cd ../.. && cargo build -q -p agentwire-daemon)
fi
npm ci --no-audit --no-fund --loglevel=error
npm test
