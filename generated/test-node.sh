#!/usr/bin/env bash
# Installs (exactly, from the lockfiles) and runs the Node tests of generated artifacts:
#   schema/test  the JSON Schema validated by Ajv against every spec example and the vectors;
#   swift/test   every Swift file parsed by tree-sitter-swift (no Swift toolchain needed).
# swift/test/.npmrc sets ignore-scripts: tree-sitter-swift's tree-sitter-cli dependency would
# download a binary at install time; the parsers load their bundled prebuilds instead.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
for dir in schema/test swift/test; do
  echo "== generated/$dir"
  (cd "$here/$dir" && npm ci --no-audit --no-fund --loglevel=error && npm test)
done
