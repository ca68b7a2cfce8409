#!/usr/bin/env bash
# A chat recorded once against the live daemon, served back by the mock daemon to any client
# (conformance/README.md, "Recordings and the mock daemon"):
#   recorded-chat.sh record DIR [AGENT]    the Rust client's chat (conformance/recordings/chat.jsonl)
#                                          through `proxy --record` against a fresh daemon:
#                                          DIR/recording.jsonl, DIR/live.out. AGENT `local` (the
#                                          default): the offline `local` provider; `acp`: the ACP
#                                          SDK's example agent (scripts/acp-fixtures.sh) selected
#                                          as `[agents.example]`. Every daemon record of the
#                                          recording must pass the spec check (no `violation`).
#   recorded-chat.sh replay DIR NAME CMD   the same chat by the driver CMD against the mock; its
#                                          replies must equal the live run's
#   recorded-chat.sh mismatch DIR          a prompt that differs from the recording: the turn gets
#                                          internal_error and the report names the difference
# DIR must be short (the sockets live in it) and reachable by the driver.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bin="$PWD/target/debug"
script="$PWD/conformance/recordings/chat.jsonl"
mode="$1" dir="$2"

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

wait_for() { for _ in $(seq 100); do [ -S "$1" ] && return 0; sleep 0.05; done; echo "no socket $1" >&2; exit 1; }

chat() { # SOCKET DRIVER SCRIPT OUT
  SOCKET="$1" WORKSPACE="$dir/ws" VERSION="$(cat "$dir/version")" \
    "$bin/agentwire-conformance" chat --exec "$2" --script "$3" >"$4"
}

mock() { # NAME: serve the recording on DIR/NAME.sock, report in DIR/NAME.report.json
  rm -f "$dir/$1.sock" "$dir/$1.report.json"
  "$bin/agentwire-conformance" mock --recording "$dir/recording.jsonl" --socket "$dir/$1.sock" \
    --speed 4 --report "$dir/$1.report.json" 2>"$dir/$1.mock.err" &
  pids+=($!)
  wait_for "$dir/$1.sock"
}

case "$mode" in
record)
  agent="${3:-local}"
  cargo build --quiet --locked -p agentwire-daemon --bin agentwire
  cargo build --quiet --locked -p agentwire-conformance --bins
  cargo build --quiet --locked -p agentwire-client --example conformance_driver
  mkdir -p "$dir/mc" "$dir/ws"
  chmod 700 "$dir/mc"
  printf '# Recorded chat\n' >"$dir/ws/README.md"
  provider=(MC_PROVIDER=local)
  if [ "$agent" = acp ]; then
    example="$PWD/daemon/tests/acp/node_modules/@agentclientprotocol/sdk/dist/examples/agent.js"
    [ -f "$example" ] || bash scripts/acp-fixtures.sh
    printf 'provider = "example"\nmodel = "default"\n[agents.example]\ncommand = "node"\nargs = ["%s"]\n' \
      "$example" >"$dir/mc/settings.toml"
    chmod 600 "$dir/mc/settings.toml"
    provider=()
  elif [ "$agent" != local ]; then
    echo "unknown agent $agent (local or acp)" >&2
    exit 2
  fi
  discovery="$(env MC_HOME="$dir/mc" HOME="$dir" "${provider[@]}" "$bin/agentwire" daemon start-or-connect \
    --workspace "$dir/ws" --executable "$bin/agentwire")"
  field() { printf '%s' "$discovery" | sed -nE "s/.*\"$1\":\"?([^\",}]*)\"?.*/\1/p"; }
  pids+=("$(field pid)")
  field version >"$dir/version"
  "$bin/agentwire-conformance" proxy --listen "$dir/p.sock" --upstream "$(field socket)" \
    --record "$dir/recording.jsonl" 2>/dev/null &
  pids+=($!)
  wait_for "$dir/p.sock"
  chat "$dir/p.sock" "$bin/examples/conformance_driver" "$script" "$dir/live.out"
  grep -q '"status":"completed"' "$dir/live.out"
  case "$agent" in
  local) grep -q '"tools":\["list_folder:running","list_folder:completed"\]' "$dir/live.out" ;;
  acp)
    # The example agent reads files, then asks to edit one, which the default policy rejects.
    grep -q "I'll skip the configuration update." "$dir/live.out"
    grep -q '"tools":\[[^]]*:completed' "$dir/live.out"
    ;;
  esac
  if grep -q '"violation"' "$dir/recording.jsonl"; then
    echo "the daemon sent records no daemon may send:" >&2
    grep '"violation"' "$dir/recording.jsonl" >&2
    exit 1
  fi
  echo "recorded $(wc -l <"$dir/recording.jsonl") lines ($agent), every daemon record within the spec; live run:"
  cat "$dir/live.out"
  ;;
replay)
  name="$3" driver="$4"
  mock "$name"
  chat "$dir/$name.sock" "$driver" "$script" "$dir/$name.out"
  if ! diff -u "$dir/live.out" "$dir/$name.out"; then
    echo "the $name client's replies against the mock differ from the live run's" >&2
    cat "$dir/$name.mock.err" >&2
    exit 1
  fi
  [ ! -s "$dir/$name.report.json" ] || { echo "unexpected mismatch report:" >&2; cat "$dir/$name.report.json" >&2; exit 1; }
  echo "$name: the recorded chat replays with the live run's text, tool activity and terminal"
  ;;
mismatch)
  mock mismatch
  sed 's/What is in this workspace?/What is in that workspace?/' "$script" >"$dir/mismatch.jsonl"
  chat "$dir/mismatch.sock" "$bin/examples/conformance_driver" "$dir/mismatch.jsonl" "$dir/mismatch.out"
  # The turn's reply carries the mock's error code (the spec's internal error, as the report says).
  grep -q '"ok":false' "$dir/mismatch.out" || { echo "a departing prompt was not refused" >&2; exit 1; }
  grep -q '"kind": "unmatched_request"' "$dir/mismatch.report.json" || { echo "no unmatched request reported" >&2; exit 1; }
  grep -q '"path": "/payload/prompt"' "$dir/mismatch.report.json" \
    || { echo "the report does not name the prompt" >&2; cat "$dir/mismatch.report.json" >&2; exit 1; }
  grep -q 'closest is line' "$dir/mismatch.mock.err"
  echo "mismatch: the turn is refused, and the report names /payload/prompt"
  ;;
*) echo "usage: $0 record DIR [local|acp] | replay DIR NAME CMD | mismatch DIR" >&2; exit 2 ;;
esac
