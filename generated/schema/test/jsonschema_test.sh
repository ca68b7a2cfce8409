#!/usr/bin/env bash
# Runs jsonschema_test.py with Python `jsonschema`, an independent validator beside Ajv,
# installed idempotently into a virtual environment under the user's cache (PyPI only).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="${XDG_CACHE_HOME:-$HOME/.cache}/agentwire/schema-test-venv"
if ! "$venv/bin/python" -c 'import jsonschema, referencing' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'jsonschema==4.26.0'
fi
"$venv/bin/python" "$here/jsonschema_test.py" -v
