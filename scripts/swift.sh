#!/usr/bin/env bash
# The Swift package with a real Swift 6.0.3 compiler (scripts/swift-toolchain.sh): debug and
# release builds with warnings as errors, the unit tests, the consumer suite through the Swift
# harness, the live test against the real daemon, the client suite through the Swift client's
# driver, two recorded chats (the `local` provider and the ACP SDK's example agent) served back by
# the mock daemon, the approvals profile against a second daemon whose agent asks (the daemon
# tests' scripted ACP agent), and the decode benchmark. Fails loudly if the toolchain cannot be set up: Swift
# is never skipped.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

tc="$PWD/scripts/swift-toolchain.sh"
start=$(date +%s)
"$tc" setup
echo "swift: toolchain ready in $(($(date +%s) - start)) s"
"$tc" run swift --version

# Swift 6 language mode (complete strict concurrency); any warning fails the build.
strict=(-Xswiftc -warnings-as-errors)
echo "== swift: build (debug)"
"$tc" run swift build "${strict[@]}"
echo "== swift: build (release)"
"$tc" run swift build -c release "${strict[@]}"

echo "== swift: unit tests"
"$tc" run swift test "${strict[@]}"

echo "== swift: consumer suite against the Swift decoder"
cargo build --quiet --locked -p agentwire-conformance
reports=conformance/reports
mkdir -p "$reports"
target/debug/agentwire-conformance consumer \
  --exec "$tc run .build/release/agentwire-swift-harness" \
  --junit "$reports/consumer-swift.xml" --json "$reports/consumer-swift.json"

echo "== swift: live test against the real daemon"
cargo build --quiet --locked -p agentwire-daemon --bin agentwire
bin="$PWD/target/debug"
# Short paths: the socket lives under the state root (sun_path limit). The folder is
# bind-mounted into the toolchain root at the same path, so the socket is reachable there.
tmp="$(mktemp -d /tmp/awswift.XXXXXX)"
mkdir -p "$tmp/mc" "$tmp/ws"
# The offline `local` provider's slow mode: each turn takes 2 s in several deltas, so the cancel
# checks press Stop mid-turn every time (the state root's settings; private, as it must be).
(umask 077 && printf 'local_turn_ms = 2000\n' >"$tmp/mc/settings.toml")
# The approvals daemon (scripts/swift-readme.sh finds it at TMP/ap-mc and TMP/ap-ws): its own
# state root and workspace, its agent the daemon tests' scripted ACP agent in `ask-edit` mode,
# which asks before editing config.toml and says the answer it got; a deadline long enough for
# a loaded machine, short of the default so the live test sees the effective value advertised.
mkdir -p "$tmp/ap-mc" "$tmp/ap-ws"
chmod 700 "$tmp/ap-mc"
(umask 077 && printf 'provider = "fake"\nmodel = "default"\napproval_deadline_ms = 120000\n[agents.fake]\ncommand = "node"\nargs = ["%s", "ask-edit"]\n' \
  "$PWD/daemon/tests/acp/fake-agent.mjs" >"$tmp/ap-mc/settings.toml")
pid=""
appr_pid=""
cleanup() {
  # Stop only the daemons this script started, by the PIDs their discovery reported.
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
  if [ -n "$appr_pid" ]; then kill "$appr_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
field() { printf '%s' "$1" | sed -nE "s/.*\"$2\":\"?([^\",}]*)\"?.*/\1/p"; }
start_daemon() {
  local discovery
  discovery="$(MC_HOME="$tmp/mc" HOME="$tmp" "$bin/agentwire" daemon start-or-connect --workspace "$tmp/ws" --executable "$bin/agentwire")"
  pid="$(field "$discovery" pid)"
}
# Inside the root the repository is /work/repo: its `agentwire` is what the client finds on PATH.
in_env=(env MC_HOME="$tmp/mc" HOME="$tmp" PATH=/work/repo/target/debug:/usr/bin:/bin)
live() { AGENTWIRE_SWIFT_BIND="$tmp:$tmp" "$tc" run "${in_env[@]}" .build/debug/AgentWireLive "$1" "$tmp/ws" "$tmp/state"; }
start_daemon
discovery="$(MC_HOME="$tmp/ap-mc" HOME="$tmp" "$bin/agentwire" daemon start-or-connect --workspace "$tmp/ap-ws" --executable "$bin/agentwire")"
appr_pid="$(field "$discovery" pid)"
live first
echo "== swift: the README's snippets in a fresh project against the live daemon"
bash scripts/swift-readme.sh "$tmp" "$tmp/ws"
# Restart the daemon: stop it by its PID, wait for it to exit, start a new instance.
kill "$pid"
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
start_daemon
live restarted
echo "== swift: the approvals profile against the daemon whose agent asks"
AGENTWIRE_SWIFT_BIND="$tmp:$tmp" "$tc" run env MC_HOME="$tmp/ap-mc" HOME="$tmp" PATH=/work/repo/target/debug:/usr/bin:/bin \
  .build/debug/AgentWireLive approvals "$tmp/ap-ws" "$tmp/ap-state"

echo "== swift: client suite against the Swift client (AgentWireClient)"
# The runner's scripted daemon puts each case's socket under TMPDIR, bind-mounted into the root.
cargo build --quiet --locked -p agentwire-conformance
mkdir -p "$tmp/client"
TMPDIR="$tmp/client" AGENTWIRE_SWIFT_BIND="$tmp/client:$tmp/client" target/debug/agentwire-conformance client \
  --exec "$tc run .build/debug/AgentWireClientDriver" --timeout-secs 30 \
  --junit "$reports/client-swift.xml" --json "$reports/client-swift.json"

for agent in local acp; do
  echo "== swift: a chat recorded against the daemon ($agent), served back to the Swift client by the mock"
  rec="$tmp/r$agent"
  mkdir -p "$rec"
  bash scripts/recorded-chat.sh record "$rec" "$agent"
  AGENTWIRE_SWIFT_BIND="$tmp:$tmp" bash scripts/recorded-chat.sh replay "$rec" swift "$tc run .build/debug/AgentWireClientDriver"
done

echo "== swift: consumer decode benchmark (release)"
"$tc" run .build/release/AgentWireBench
