#!/usr/bin/env bash
# README.md's snippets, verbatim (extracted by scripts/snippets.sh; a block of a role this script
# does not know fails it):
#   run              run with bash from the repository root, in order, against a live daemon of a
#                    private, fresh state root (MC_HOME) holding the global-settings blocks;
#   global-settings  TOML written to that state root's settings.toml before anything runs; each
#                    provider and agent it defines must then be listed by auth.status;
#   fresh-clone      run from the root of a fresh `git clone` of this checkout (nothing built, no
#                    node_modules), as a new user would;
#   test-command     a command of the test suite itself, checked by scripts/snippets.sh;
#   run-anthropic    as `run`, with a fake ANTHROPIC_API_KEY and AGENTWIRE_ANTHROPIC_BASE_URL
#                    naming a local stand-in of Anthropic's Models API (no network), which lists
#                    every `claude-…` model ID the snippet names; the daemon is stopped after.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$PWD"
bin="$root/target/debug/agentwire"
cargo build --quiet --locked -p agentwire-daemon

tmp="$(mktemp -d)"
# No provider configuration of this machine leaks in.
for v in $(env | sed -n 's/^\(MC_[A-Za-z0-9_]*\|ANTHROPIC_[A-Za-z0-9_]*\|OPENAI_[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done
export MC_HOME="$tmp/mc"
mkdir -m 700 "$MC_HOME"
cleanup() {
  # The snippets serve this checkout; stop a daemon one of them left running, then clean up.
  [ -x "$bin" ] && "$bin" daemon stop --workspace "$root" >/dev/null 2>&1 || true
  [ -n "${stand_in:-}" ] && kill "$stand_in" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

# The extractor refuses a block without a role (so none is skipped silently): checked first.
printf 'Text.\n\n```sh\necho unmarked\n```\n' >"$tmp/unmarked.md"
if bash scripts/snippets.sh "$tmp/unmarked.md" "$tmp/unmarked" 2>/dev/null; then
  echo "scripts/snippets.sh accepted a fenced block without a role" >&2
  exit 1
fi
bash scripts/snippets.sh README.md "$tmp/snippets"
index="$tmp/snippets/index"
block() { printf '%s/%s.snippet' "$tmp/snippets" "$1"; }

while IFS=$'\t' read -r n role _ line; do
  case "$role" in
    run | run-anthropic | global-settings | fresh-clone | test-command) ;;
    *) echo "README.md:$line: a snippet of role $role, which this test does not run" >&2; exit 1 ;;
  esac
done <"$index"

# The global settings first: the daemons the snippets start read them.
(
  umask 077
  while IFS=$'\t' read -r n role _ _; do
    if [ "$role" = global-settings ]; then cat "$(block "$n")" && echo; fi
  done <"$index" >"$MC_HOME/settings.toml"
)

# A stand-in of Anthropic's Models API: GET /v1/models (any query) answers with a static page.
anthropic_models() {
  mkdir -p "$tmp/anthropic/v1"
  grep -o 'claude-[a-z0-9.-]*' "$1" | sort -u |
    sed 's/.*/{"type":"model","id":"&","display_name":"&","created_at":"2025-01-01T00:00:00Z"}/' |
    paste -sd, | sed 's/.*/{"data":[&],"has_more":false}/' >"$tmp/anthropic/v1/models"
  python3 -c 'import functools, http.server, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
print(server.server_address[1], flush=True)
server.serve_forever()' "$tmp/anthropic" >"$tmp/anthropic/port" 2>/dev/null &
  stand_in=$!
  for _ in $(seq 50); do [ -s "$tmp/anthropic/port" ] && break; sleep 0.1; done
}

while IFS=$'\t' read -r n role _ line; do
  case "$role" in
    run) env=() ;;
    run-anthropic)
      anthropic_models "$(block "$n")"
      env=(ANTHROPIC_API_KEY=sk-ant-fake-key "AGENTWIRE_ANTHROPIC_BASE_URL=http://127.0.0.1:$(cat "$tmp/anthropic/port")")
      ;;
    *) continue ;;
  esac
  echo "== README.md:$line"
  env "${env[@]}" bash -euo pipefail "$(block "$n")" </dev/null >"$tmp/$n.out" 2>&1 ||
    { cat "$tmp/$n.out" >&2; echo "README.md:$line: the snippet failed" >&2; exit 1; }
  tail -n 5 "$tmp/$n.out"
  if [ "$role" = run-anthropic ]; then
    "$bin" daemon stop --workspace "$root" >/dev/null
    kill "$stand_in"
  fi
done <"$index"

echo "== the global settings' providers and agents are listed by auth.status"
"$bin" call auth.status --workspace "$root" >"$tmp/auth.json"
"$bin" daemon stop --workspace "$root" >/dev/null
ids="$(sed -n 's/^\[\(providers\|agents\)\.\([^].]*\)\].*/\2/p' "$MC_HOME/settings.toml")"
[ -n "$ids" ] || { echo "the global-settings snippets define no provider or agent" >&2; exit 1; }
for id in $ids; do
  grep -q "\"provider_id\": \"$id\"" "$tmp/auth.json" || { echo "auth.status does not list $id" >&2; exit 1; }
  echo "listed: $id"
done

echo "== fresh-clone snippets in a fresh clone of this checkout's HEAD"
git clone --quiet --depth 1 "file://$root" "$tmp/clone"
while IFS=$'\t' read -r n role _ line; do
  [ "$role" = fresh-clone ] || continue
  echo "== README.md:$line"
  # The user's npm cache, read before the network (npm's own setting, not the snippet's).
  (cd "$tmp/clone" && npm_config_prefer_offline=true bash -euo pipefail "$(block "$n")") </dev/null >"$tmp/$n.out" 2>&1 ||
    { cat "$tmp/$n.out" >&2; echo "README.md:$line: the snippet failed in a fresh clone" >&2; exit 1; }
  tail -n 3 "$tmp/$n.out"
done <"$index"
# What the TypeScript packing snippet promises: the tarball, with its build inside.
tarball="$(ls "$tmp"/clone/generated/typescript/agentwire-protocol-*.tgz)"
tar tzf "$tarball" >"$tmp/tarball.files"
grep -qx 'package/dist/client.js' "$tmp/tarball.files" || { echo "the fresh clone's tarball lacks dist/client.js" >&2; exit 1; }
echo "README.md snippets: ok"
