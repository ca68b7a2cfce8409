#!/usr/bin/env bash
# CI entry point of the TypeScript package: builds the daemon binary the socket-client tests run
# against (test/daemon.test.ts and the installed-package test) and the conformance runner the
# README's commands use (not when AGENTWIRE_BIN names the daemon binary, beside which the runner
# must then be), installs the dev dependencies exactly as locked (package-lock.json), then
# `npm test`: strict type-check, build to dist/ (ESM) and dist/cjs/ (CommonJS), build the tests,
# and run them with `node --test` (conformance vectors included when conformance/vectors/ has
# them); then `npm run test:installed`: pack the package, install the tarball into scratch ESM,
# CommonJS and TypeScript (node10, node16, nodenext, bundler) projects, run a program in each
# and the examples against a live daemon, and `npm publish --dry-run`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
if [ -z "${AGENTWIRE_BIN:-}" ]; then
  (cd ../.. && cargo build -q -p agentwire-daemon -p agentwire-conformance)
fi
npm ci --no-audit --no-fund --loglevel=error
npm test
npm run test:installed
