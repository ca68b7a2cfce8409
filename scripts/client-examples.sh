#!/usr/bin/env bash
# agentwire-client against a live daemon: examples/turn.rs runs a turn on the offline `local`
# provider while examples/watch.rs follows the same session from a second connection; then a
# fresh Cargo project outside the workspace, depending on agentwire-client alone (by path),
# runs a turn in a few lines.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$PWD"

cargo build --quiet --locked -p agentwire-daemon -p agentwire-client --examples
bin="$root/target/debug/agentwire"
examples="$root/target/debug/examples"

tmp="$(mktemp -d)"
export MC_HOME="$tmp/state"
export MC_PROVIDER=local
mkdir -p "$tmp/workspace"
printf '# Client examples\n' >"$tmp/workspace/README.md"
ws="$(cd "$tmp/workspace" && pwd -P)"

stop() {
  # Stop the daemon this script started (its PID is in the discovery JSON), then clean up.
  if [ -n "${discovery:-}" ]; then
    pid="$(printf '%s' "$discovery" | sed -n 's/.*"pid":\([0-9]*\).*/\1/p')"
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap stop EXIT

discovery="$("$bin" daemon start-or-connect --workspace "$ws" --executable "$bin")"
session="$("$bin" call session.create --workspace "$ws" | sed -n 's/.*"session_id": "\([^"]*\)".*/\1/p')"
[ -n "$session" ] || { echo "no session created" >&2; exit 1; }

echo "== watch (second connection) follows session $session"
"$examples/watch" "$discovery" "$ws" "$session" 1 >"$tmp/watch.out" &
watcher=$!

echo "== turn (deltas, then replay)"
"$examples/turn" "$discovery" "$ws" "What is in this workspace?" "$session" | tee "$tmp/turn.out"
grep -q '^\[turn completed\]$' "$tmp/turn.out"
grep -q '^--- replay ---$' "$tmp/turn.out"

if ! timeout 60 tail --pid="$watcher" -f /dev/null; then
  echo "watch did not see the turn's terminal" >&2
  exit 1
fi
wait "$watcher"
cat "$tmp/watch.out"
grep -q '^\[completed\]$' "$tmp/watch.out"
grep -q '^user: What is in this workspace?$' "$tmp/watch.out"

echo "== a fresh Cargo project depending on agentwire-client by path"
fresh="$tmp/fresh"
mkdir -p "$fresh/src"
cat >"$fresh/Cargo.toml" <<TOML
[package]
name = "fresh-client"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
agentwire-client = { path = "$root/client" }
tokio = { version = "1", features = ["macros", "rt"] }
TOML
cat >"$fresh/src/main.rs" <<'RUST'
use agentwire_client::{operation, protocol::{EventPayload, SessionCreateRequest}, Client, ClientOptions};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let [socket, workspace]: [String; 2] = std::env::args().skip(1).collect::<Vec<_>>().try_into().unwrap();
    let client = Client::connect(ClientOptions::new(socket, workspace)).await?;
    let session = client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await?;
    let (_, mut events) = client.claim(&session.session_id, false).await?.start_turn("Hello?").await?;
    while let Some(event) = events.next().await {
        if let EventPayload::TurnTerminal(t) = event?.payload {
            println!("terminal: {}", t.status.as_str());
        }
    }
    Ok(())
}
RUST
# The workspace's lock file pins the same versions, so the shared target reuses its builds.
cp "$root/Cargo.lock" "$fresh/Cargo.lock"
socket="$(printf '%s' "$discovery" | sed -n 's/.*"socket":"\([^"]*\)".*/\1/p')"
version="$(printf '%s' "$discovery" | sed -n 's/.*"version":"\([^"]*\)".*/\1/p')"
CARGO_TARGET_DIR="$root/target" cargo run --quiet --manifest-path "$fresh/Cargo.toml" -- \
  "$socket" "$ws" | tee "$tmp/fresh.out"
grep -q '^terminal: completed$' "$tmp/fresh.out"
echo "client examples: ok"
