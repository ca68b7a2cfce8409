#!/usr/bin/env bash
# The conformance suite (conformance/README.md): the server suite against a fresh daemon in a
# temporary workspace and state root, the consumer suite against the Rust decoder harness and
# against the TypeScript package's harness, the client suite against the Rust and TypeScript
# clients (the Swift client's run is in scripts/swift.sh), a recorded chat (on the `local`
# provider, and with an ACP agent) served back by the mock daemon to both clients, and the
# traceability check (against the protocol documents in the folder given as $1, if any). JUnit
# and JSON reports go to conformance/reports/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

cargo build --quiet --locked -p agentwire-daemon --bin agentwire
cargo build --quiet --locked -p agentwire-conformance --bins
bin="$PWD/target/debug"
reports="$PWD/conformance/reports"
mkdir -p "$reports"

# Short temporary paths: the daemon's socket lives under the state root (sun_path limit).
tmp="$(mktemp -d /tmp/awconf.XXXXXX)"
mkdir -p "$tmp/mc" "$tmp/ws"
pid=""
cleanup() {
  # Stop only the daemon this script started, by the PID its discovery reported.
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

discovery="$(MC_HOME="$tmp/mc" HOME="$tmp" "$bin/agentwire" daemon start-or-connect --workspace "$tmp/ws" --executable "$bin/agentwire")"
field() { printf '%s' "$discovery" | sed -nE "s/.*\"$1\":\"?([^\",}]*)\"?.*/\1/p"; }
pid="$(field pid)"
socket="$(field socket)"
version="$(field version)"

status=0
echo "== conformance: server suite against a fresh daemon"
# --executable: the cases that need a daemon of their own on a state root the runner writes
# (scenario.auth.stored.*) start this one.
"$bin/agentwire-conformance" server --connect "$socket" --workspace "$tmp/ws" --version "$version" \
  --executable "$bin/agentwire" --baseline conformance/baseline.txt --junit "$reports/server.xml" --json "$reports/server.json" \
  --out "$tmp/out" || status=1

echo "== conformance: server suite with the suite's own ACP agent selected (agentwire-conformance acp-agent)"
# The same suite with every turn run by an Agent Client Protocol agent behind the daemon: the
# scripted agent the suite ships, configured as conformance/README.md ("Approvals") says, so the
# approvals cases (scenario.approvals.*) run too, with a deadline short enough to wait out.
mkdir -p "$tmp/acp/mc" "$tmp/acp/ws"
chmod 700 "$tmp/acp/mc"
printf '%s\n' 'provider = "conformance"' 'model = "default"' 'approval_deadline_ms = 5000' \
  '[agents.conformance]' "command = \"$bin/agentwire-conformance\"" 'args = ["acp-agent"]' \
  '[agents.conformance.permissions]' 'edit = "ask"' 'execute = "ask"' >"$tmp/acp/mc/settings.toml"
chmod 600 "$tmp/acp/mc/settings.toml"
acp="$(MC_HOME="$tmp/acp/mc" HOME="$tmp" "$bin/agentwire" daemon start-or-connect --workspace "$tmp/acp/ws" --executable "$bin/agentwire")"
acp_pid="$(printf '%s' "$acp" | sed -nE 's/.*"pid":([0-9]+).*/\1/p')"
acp_socket="$(printf '%s' "$acp" | sed -nE 's/.*"socket":"([^"]*)".*/\1/p')"
"$bin/agentwire-conformance" server --connect "$acp_socket" --workspace "$tmp/acp/ws" --version "$version" \
  --baseline conformance/baseline.txt --junit "$reports/server-acp.xml" --json "$reports/server-acp.json" \
  --out "$tmp/out-acp" || status=1
kill "$acp_pid" 2>/dev/null || true

echo "== conformance: consumer suite against the Rust decoder"
"$bin/agentwire-conformance" consumer --exec "$bin/agentwire-consumer-harness" \
  --junit "$reports/consumer.xml" --json "$reports/consumer.json" || status=1

echo "== conformance: consumer suite against the TypeScript decoder"
# The harness runs the built package (dist/). generated/typescript/test.sh builds it; build here
# only when dist/ is missing or older than a source file (the dev dependencies as locked).
ts=generated/typescript
if [ ! -f "$ts/dist/index.js" ] || [ -n "$(find "$ts/src" -newer "$ts/dist/index.js" -print -quit)" ]; then
  [ -x "$ts/node_modules/.bin/tsc" ] || (cd "$ts" && npm ci --no-audit --no-fund --loglevel=error)
  "$ts/node_modules/.bin/tsc" -p "$ts"
fi
"$bin/agentwire-conformance" consumer --exec "node $ts/bin/consumer-harness.mjs" \
  --junit "$reports/consumer-ts.xml" --json "$reports/consumer-ts.json" || status=1

echo "== conformance: client suite against the Rust client (agentwire-client)"
cargo build --quiet --locked -p agentwire-client --example conformance_driver
"$bin/agentwire-conformance" client --exec "$bin/examples/conformance_driver" \
  --junit "$reports/client-rust.xml" --json "$reports/client-rust.json" || status=1

echo "== conformance: client suite against the TypeScript client (built above)"
"$bin/agentwire-conformance" client --exec "node $ts/bin/client-driver.mjs" \
  --junit "$reports/client-ts.xml" --json "$reports/client-ts.json" || status=1

echo "== conformance: a chat recorded against the daemon, served back by the mock daemon"
# Recorded once with the Rust client (proxy --record), replayed to the Rust and TypeScript
# clients (the Swift client's replay is in scripts/swift.sh), and one departing prompt.
rec="$tmp/rec"
mkdir -p "$rec"
{ bash scripts/recorded-chat.sh record "$rec" &&
  bash scripts/recorded-chat.sh replay "$rec" rust "$bin/examples/conformance_driver" &&
  bash scripts/recorded-chat.sh replay "$rec" typescript "node $ts/bin/client-driver.mjs" &&
  bash scripts/recorded-chat.sh mismatch "$rec"; } || status=1

echo "== conformance: a chat with an ACP agent (the ACP SDK's example agent) recorded, served back by the mock"
# The same chat with `[agents.example]` selected: the agent's text, its tool calls and the
# permission its edit is refused, recorded through the proxy and replayed to both clients.
rec_acp="$tmp/racp"
mkdir -p "$rec_acp"
{ bash scripts/recorded-chat.sh record "$rec_acp" acp &&
  bash scripts/recorded-chat.sh replay "$rec_acp" rust "$bin/examples/conformance_driver" &&
  bash scripts/recorded-chat.sh replay "$rec_acp" typescript "node $ts/bin/client-driver.mjs"; } || status=1

echo "== conformance: traceability (documents folder: ${1:-none given})"
# $1, when given, is the folder of the protocol documents (outside the repository); without
# it, or for a document not in it, trace checks the map alone and says what it skipped.
"$bin/agentwire-conformance" trace ${1:+"$1"} || status=1

exit "$status"
