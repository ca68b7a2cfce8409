#!/usr/bin/env bash
# The main job: a daemon for a temporary workspace, then one turn on the built-in offline
# `local` provider through `agentwire chat --once`. Prints the answer as it streams in and
# then the durable transcript replayed over the socket. No network and no credentials.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

cargo build --quiet -p agentwire-daemon
bin="$PWD/target/debug/agentwire"

demo="$(mktemp -d)"
export MC_HOME="$demo/state"
export MC_PROVIDER=local
mkdir -p "$demo/workspace/src"
printf '# Demo project\n' >"$demo/workspace/README.md"
printf 'fn main() {}\n' >"$demo/workspace/src/main.rs"

stop() {
  # Stop the daemon this script started (its PID is in the discovery JSON), then clean up.
  if pid="$("$bin" daemon start-or-connect --workspace "$demo/workspace" --executable "$bin" 2>/dev/null \
      | sed -n 's/.*"pid":\([0-9]*\).*/\1/p')" && [ -n "$pid" ]; then
    kill "$pid" 2>/dev/null || true
  fi
  rm -rf "$demo"
}
trap stop EXIT

echo "== daemon"
"$bin" daemon start-or-connect --workspace "$demo/workspace" --executable "$bin"
echo
echo "== one turn on the local provider (streamed), then the replayed transcript"
"$bin" chat --workspace "$demo/workspace" --once "What is in this workspace?"
