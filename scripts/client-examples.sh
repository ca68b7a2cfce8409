#!/usr/bin/env bash
# agentwire-client against a live daemon on the slow offline `local` provider (local_turn_ms):
# examples/turn.rs runs a turn while examples/watch.rs follows the same session from a second
# connection; examples/stop.rs cancels a turn (always `cancelled`) and resumes from a saved
# cursor; examples/sessions.rs lists sessions and shows each kind of typed error;
# examples/approvals.rs opts into the approvals profile against a second daemon whose agent asks
# (the conformance suite's scripted ACP agent) and answers allow, then reject; then client/README.md's install and usage snippets, extracted verbatim, are built and
# run in a fresh Cargo project outside the workspace (a wrong snippet fails here).
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
mkdir -m 700 "$MC_HOME"
# Every turn takes 3 s in word deltas, so a cancel always lands mid-turn.
(umask 077 && printf 'local_turn_ms = 3000\n' >"$MC_HOME/settings.toml")
printf '# Client examples\n' >"$tmp/workspace/README.md"
ws="$(cd "$tmp/workspace" && pwd -P)"

stop() {
  # Stop the daemons this script started (their PIDs are in the discovery JSON), then clean up.
  for started in "${discovery:-}" "${ap_discovery:-}"; do
    [ -n "$started" ] || continue
    pid="$(printf '%s' "$started" | sed -n 's/.*"pid":\([0-9]*\).*/\1/p')"
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  rm -rf "$tmp"
}
trap stop EXIT

discovery="$("$bin" daemon start-or-connect --workspace "$ws" --executable "$bin")"
session="$("$bin" call session.create --workspace "$ws" | sed -n 's/.*"session_id": "\([^"]*\)".*/\1/p')"
[ -n "$session" ] || { echo "no session created" >&2; exit 1; }

echo "== watch (second connection) follows session $session"
"$examples/watch" "$ws" "$bin" "$session" 1 >"$tmp/watch.out" &
watcher=$!

echo "== turn (deltas, then replay)"
"$examples/turn" "$ws" "$bin" "What is in this workspace?" "$session" | tee "$tmp/turn.out"
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

echo "== stop: cancel mid-turn, then resume on a new connection"
"$examples/stop" "$ws" "$bin" | tee "$tmp/stop.out"
grep -q '^\[turn cancelled\]$' "$tmp/stop.out"
grep -q '^lookup: turn.start settled$' "$tmp/stop.out"
grep -q '^replay \[cancelled\]$' "$tmp/stop.out"

echo "== sessions: listing (this workspace, then all) and typed errors"
"$examples/sessions" "$ws" "$bin" | tee "$tmp/sessions.out"
grep -q "^$session $ws " "$tmp/sessions.out"
grep -q '^listed [1-9][0-9]* sessions (all_workspaces: false)$' "$tmp/sessions.out"
grep -q '^service error: ' "$tmp/sessions.out"
grep -q '^the connection still answers$' "$tmp/sessions.out"
grep -q '^refused locally: ' "$tmp/sessions.out"
grep -q '^launch error: invalid_workspace: ' "$tmp/sessions.out"

echo "== approvals: opt in, answer the agent's request by its kind (a daemon whose agent asks)"
cargo build --quiet --locked -p agentwire-conformance --bin agentwire-conformance
ap_home="$tmp/ap-state"
mkdir -m 700 "$ap_home"
mkdir -p "$tmp/ap-workspace"
ap_ws="$(cd "$tmp/ap-workspace" && pwd -P)"
(umask 077 && printf '%s\n' 'provider = "conformance"' 'model = "default"' '[agents.conformance]' \
  "command = \"$root/target/debug/agentwire-conformance\"" 'args = ["acp-agent"]' >"$ap_home/settings.toml")
ap_discovery="$(env -u MC_PROVIDER MC_HOME="$ap_home" "$bin" daemon start-or-connect --workspace "$ap_ws" --executable "$bin")"
for answer in allow reject; do
  env -u MC_PROVIDER MC_HOME="$ap_home" "$examples/approvals" "$ap_ws" "$bin" "ask-edit turn debugging on" "$answer" |
    tee "$tmp/approvals-$answer.out"
  grep -q '^approvals v1: unanswered requests are rejected after [0-9]* ms$' "$tmp/approvals-$answer.out"
  grep -q '^? .* (edit)$' "$tmp/approvals-$answer.out"
  grep -q '^\[turn completed\]$' "$tmp/approvals-$answer.out"
done
grep -q '^= allow-once by person$' "$tmp/approvals-allow.out"
grep -q '^= reject-once by person$' "$tmp/approvals-reject.out"

echo "== client/README.md's snippets, verbatim, in a fresh Cargo project"
# Every block of the README, by role (scripts/snippets.sh): the dependencies of Cargo.toml and
# the whole src/main.rs. Any other role fails.
fresh="$tmp/fresh"
mkdir -p "$fresh/src"
bash scripts/snippets.sh client/README.md "$tmp/snippets"
main=""
dependencies=""
while IFS=$'\t' read -r n role _ line; do
  case "$role" in
    cargo-toml) [ -z "$dependencies" ] && dependencies="$tmp/snippets/$n.snippet" && continue ;;
    rust-main) [ -z "$main" ] && main="$tmp/snippets/$n.snippet" && continue ;;
  esac
  echo "client/README.md:$line: a snippet this test does not run (role $role, or a second one)" >&2
  exit 1
done <"$tmp/snippets/index"
[ -n "$dependencies" ] && [ -n "$main" ] || { echo "client/README.md lacks its cargo-toml or rust-main snippet" >&2; exit 1; }
{
  printf '[package]\nname = "fresh-client"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
  # The snippet's path points where a user's checkout would be; here it is this checkout.
  sed "s|path = \"[^\"]*/client\"|path = \"$root/client\"|" "$dependencies"
} >"$fresh/Cargo.toml"
cp "$main" "$fresh/src/main.rs"
# The workspace's lock file pins the same versions, so the shared target reuses its builds.
cp "$root/Cargo.lock" "$fresh/Cargo.lock"
CARGO_TARGET_DIR="$root/target" cargo build --quiet --manifest-path "$fresh/Cargo.toml"
(cd "$ws" && AGENTWIRE_BIN="$bin" "$root/target/debug/fresh-client") | tee "$tmp/fresh.out"
grep -q '^\[completed\]$' "$tmp/fresh.out"
grep -q "^refused: " "$tmp/fresh.out"
grep -q " $ws\$" "$tmp/fresh.out"
echo "client examples: ok"
