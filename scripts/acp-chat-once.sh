#!/usr/bin/env bash
# `agentwire chat --once` against the ACP SDK's example agent, offline: a private state root
# whose global settings define and select `[agents.example]`; the answer streams, the edit the
# agent asks permission for is rejected by the default policy, and the replay shows the turn.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/acp-fixtures.sh
cargo build --quiet --locked -p agentwire-daemon
root="$(mktemp -d)"
trap 'MC_HOME="$root/mc" target/debug/agentwire daemon stop --workspace "$root/ws" >/dev/null 2>&1 || true; rm -rf "$root"' EXIT
mkdir -p "$root/mc" "$root/ws"
chmod 700 "$root/mc"
agent="$PWD/daemon/tests/acp/node_modules/@agentclientprotocol/sdk/dist/examples/agent.js"
cat >"$root/mc/settings.toml" <<TOML
provider = "example"
model = "default"
[agents.example]
command = "node"
args = ["$agent"]
TOML
chmod 600 "$root/mc/settings.toml"
out="$(MC_HOME="$root/mc" target/debug/agentwire chat --once "Improve the configuration." --workspace "$root/ws")"
printf '%s\n' "$out"
grep -q "I'll skip the configuration update." <<<"$out"
grep -q '^\[completed\]$' <<<"$out"
transcript="$(cat "$root"/mc/sessions/*/transcript.jsonl)"
for kind in tool-call-start permission-request permission-response tool-call-end; do
  grep -q "\"type\":\"$kind\"" <<<"$transcript" || { echo "no $kind in the transcript" >&2; exit 1; }
done
echo "acp chat --once: ok"
