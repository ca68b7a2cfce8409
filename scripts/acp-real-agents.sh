#!/usr/bin/env bash
# The real Claude and Codex ACP adapters behind the daemon, as far as they run offline:
# installed from daemon/tests/agents/package-lock.json (npm cache under ~/.cache/agentwire-npm;
# skipped when the lockfile is already installed), each run as an ordinary user (the user
# `agentwire-test`, created when this runs as root: Claude's adapter refuses some things to
# root), with a private state root and HOME and no credentials, through `agentwire chat --once`,
# the session's stored transcript and `auth.status`:
#
# - Claude (`@agentclientprotocol/claude-agent-acp`): initialize, session/new and the mode
#   `default` ("Always ask before making changes") work offline; the prompt is refused for want
#   of sign-in -> `agent_needs_login`, its words in the transcript, `auth.status` needs_login. An
#   unknown mode lists the modes it offers.
# - Codex (`@agentclientprotocol/codex-acp`, binary `codex-acp`): session/new is refused for
#   want of sign-in, naming its methods (`api-key`). With `auth_method = "api-key"` and a fake
#   key it authenticates and opens a session offline; an unknown mode lists its modes there.
#
# A renamed package, a changed binary or a protocol change in the adapters fails here.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo="$PWD"
agents="$repo/daemon/tests/agents"

# Install (idempotent): the lockfile's hash is stamped into node_modules after `npm ci`.
stamp="$agents/node_modules/.agentwire-lock.sha256"
want="$(sha256sum "$agents/package-lock.json" | cut -d' ' -f1)"
if [[ "$(cat "$stamp" 2>/dev/null)" != "$want" ]]; then
  (cd "$agents" && npm ci --no-audit --no-fund --loglevel=error --cache "$HOME/.cache/agentwire-npm")
  echo "$want" >"$stamp"
fi
claude="$agents/node_modules/.bin/claude-agent-acp"
codex="$agents/node_modules/.bin/codex-acp"
[[ -x "$claude" && -x "$codex" ]] || { echo "the adapters' binaries are missing" >&2; exit 1; }

cargo build --quiet --locked -p agentwire-daemon
bin="$repo/target/debug/agentwire"

# An ordinary user: as root, `agentwire-test` (created once); otherwise whoever runs this.
if [[ "$(id -u)" == 0 ]]; then
  id agentwire-test >/dev/null 2>&1 || useradd -m agentwire-test
  as() { runuser -u agentwire-test -- "$@"; }
else
  as() { "$@"; }
fi

root="$(as mktemp -d)"
cleanup() {
  for mc in "$root"/*/mc; do
    [[ -d "$mc" ]] && as env -i PATH="$PATH" MC_HOME="$mc" "$bin" daemon stop --workspace "${mc%/mc}/ws" >/dev/null 2>&1 || true
  done
  rm -rf "$root"
}
trap cleanup EXIT

# One case: a fresh state root whose settings select the agent `id` defined by `entry`
# (TOML lines under `[agents.<id>]`); one `chat --once`, which must fail with `code`; every
# further argument must appear in one of the turn's `service` messages. Prints those messages.
case_run() {
  local name="$1" id="$2" entry="$3" code="$4"
  shift 4
  local dir="$root/$name"
  as mkdir -p "$dir/mc" "$dir/ws" "$dir/home"
  as chmod 700 "$dir/mc"
  printf 'provider = "%s"\nmodel = "default"\n[agents.%s]\n%s\n' "$id" "$id" "$entry" | as tee "$dir/mc/settings.toml" >/dev/null
  as chmod 600 "$dir/mc/settings.toml"
  local run=(as env -i PATH="$PATH" HOME="$dir/home" MC_HOME="$dir/mc")
  local out
  out="$("${run[@]}" timeout 180 "$bin" chat --once "Say hello." --workspace "$dir/ws" 2>&1)" || true
  grep -qF "[turn failed: $code]" <<<"$out" || { echo "$name: expected [turn failed: $code], got:" >&2; echo "$out" >&2; exit 1; }
  local notes
  notes="$(cat "$dir"/mc/sessions/*/transcript.jsonl | jq -r 'select(.type == "service") | .text')"
  echo "$name: [turn failed: $code]"
  sed 's/^/  service: /' <<<"$notes"
  for want in "$@"; do
    grep -qF -- "$want" <<<"$notes" || { echo "$name: no service message contains: $want" >&2; exit 1; }
  done
  status="$("${run[@]}" "$bin" call auth.status --workspace "$dir/ws" --json)"
  readiness="$(jq -r --arg id "$id" '.providers[] | select(.provider_id == $id) | .readiness' <<<"$status")"
  echo "  auth.status $id: $readiness"
  "${run[@]}" "$bin" daemon stop --workspace "$dir/ws" >/dev/null 2>&1 || true
}

# Claude: session/new and set_mode work offline; the prompt is refused for want of sign-in.
case_run claude-sign-in claude "command = \"$claude\"
mode = \"default\"" agent_needs_login \
  "The agent needs sign-in: it refused \`session/prompt\`; it said “Authentication required” (JSON-RPC error -32000)"
[[ "$readiness" == needs_login ]] || { echo "claude: auth.status says $readiness" >&2; exit 1; }

case_run claude-modes claude "command = \"$claude\"
mode = \"no-such-mode\"" agent_failed \
  "agents.claude.mode: \`no-such-mode\` is not a mode the agent offers for this session; it offers" \
  "\`default\`" "\`acceptEdits\`" "\`plan\`" "\`bypassPermissions\`"

# Codex: session/new is refused for want of sign-in, naming its methods.
case_run codex-sign-in codex "command = \"$codex\"" agent_needs_login \
  "The agent needs sign-in: it refused \`session/new\`; it said “Authentication required” (JSON-RPC error -32000)" \
  "(\`api-key\`)"
[[ "$readiness" == needs_login ]] || { echo "codex: auth.status says $readiness" >&2; exit 1; }

# Codex with a fake key: authenticate and session/new work offline; its modes are listed.
case_run codex-modes codex "command = \"$codex\"
auth_method = \"api-key\"
env = { OPENAI_API_KEY = \"sk-agentwire-fake-0000\" }
mode = \"no-such-mode\"" agent_failed \
  "agents.codex.mode: \`no-such-mode\` is not a mode the agent offers for this session; it offers" \
  "\`read-only\`" "\`workspace-write\`" "\`agent\`"

echo "acp real agents (Claude, Codex): ok"
