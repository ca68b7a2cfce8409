#!/usr/bin/env bash
# Coverage-guided fuzzing of the decoders and daemon parsers (fuzz/, libFuzzer via cargo-fuzz)
# on the stable toolchain. Installs what it needs (cargo-fuzz from crates.io, a C++ compiler for
# libFuzzer from Debian), seeds every corpus from the spec (fuzz/seed.py), replays the inputs
# kept under fuzz/regressions/, then fuzzes.
#
#   scripts/fuzz.sh short [TARGET...]   each target for FUZZ_SECONDS (default 20) — test-all.sh
#   scripts/fuzz.sh long  [TARGET...]   each target for FUZZ_RUNS executions (default 10,000,000),
#                                       one after another, niced (FUZZ_MAX_SECONDS caps each);
#                                       logs in fuzz/logs/
#   scripts/fuzz.sh replay [TARGET...]  only the regression inputs and seeds, once each
#
# Stable works because the targets are built with `--sanitizer none`: cargo-fuzz then passes only
# stable codegen flags (`-Cpasses=sancov-module`, `-Cllvm-args=-sanitizer-coverage-*`,
# `--cfg fuzzing`). The code under test is safe Rust, so AddressSanitizer (a nightly `-Z` flag)
# would add little; `FUZZ_SANITIZER=address` uses it anyway through RUSTC_BOOTSTRAP=1.
# A crash leaves its input in fuzz/artifacts/<target>/: fix it, add a regression test in the
# owning crate, and copy the input to fuzz/regressions/<target>/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mode="${1:-short}"
shift || true
CARGO_FUZZ_VERSION=0.13.2
SECONDS_PER_TARGET="${FUZZ_SECONDS:-20}"
RUNS_PER_TARGET="${FUZZ_RUNS:-10000000}"
SANITIZER="${FUZZ_SANITIZER:-none}"
RSS_LIMIT_MB="${FUZZ_RSS_LIMIT_MB:-2048}"
ALL_TARGETS=(decode_request decode_response decode_event decode_session_message handshake framing replay_cursor settings)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${ALL_TARGETS[@]}")

install() {
  if ! command -v c++ >/dev/null; then
    apt-get update -qq && apt-get install -y -qq g++ >/dev/null
  fi
  if ! cargo fuzz --version 2>/dev/null | grep -q "cargo-fuzz $CARGO_FUZZ_VERSION"; then
    cargo install --locked cargo-fuzz --version "$CARGO_FUZZ_VERSION"
  fi
}

dict_of() {
  case "$1" in
    settings) echo fuzz/dict/settings.dict ;;
    replay_cursor | framing) echo "" ;;
    *) echo fuzz/dict/protocol.dict ;;
  esac
}

# Longest input per target (empty: libFuzzer's default, the longest seed). `framing` reads with a
# 48-byte maximum record, so the reader's state never holds more than 49 bytes: 4 KiB streams
# (dozens of records) reach every state, while the 64 KiB seeds made each input cost ~0.2 ms.
max_len_of() {
  case "$1" in
    framing) echo 4096 ;;
    *) echo "" ;;
  esac
}

build() {
  local flags=(--sanitizer "$SANITIZER")
  if [ "$SANITIZER" != none ]; then export RUSTC_BOOTSTRAP=1; fi
  (cd fuzz && cargo fuzz build "${flags[@]}" --release)
}

binary() {
  echo "fuzz/target/x86_64-unknown-linux-gnu/release/$1"
}

# Every kept crash input and every seed, once: a regression fails the run.
replay() {
  local t="$1" log="fuzz/logs/$1.replay.log" inputs=()
  mkdir -p fuzz/logs
  if [ -d "fuzz/regressions/$t" ]; then
    mapfile -t inputs < <(find "fuzz/regressions/$t" -type f ! -name '*.md' | sort)
  fi
  if ! { [ ${#inputs[@]} -eq 0 ] || "$(binary "$t")" -rss_limit_mb="$RSS_LIMIT_MB" "${inputs[@]}"; } >"$log" 2>&1 ||
    ! "$(binary "$t")" -runs=0 -rss_limit_mb="$RSS_LIMIT_MB" "fuzz/seeds/$t" >>"$log" 2>&1; then
    grep -E -A 30 "panicked|ERROR|Running:" "$log" | head -n 60
    echo "fuzz $t: a regression input or seed fails (log: $log)"
    return 1
  fi
  echo "   ${#inputs[@]} regression inputs and $(find "fuzz/seeds/$t" -type f | wc -l) seeds pass"
}

# Fuzz one target with a limit (`-max_total_time=S` or `-runs=N`), niced, into its log.
fuzz() {
  local t="$1" limit="$2" log="$3" dict max_len extra=("${@:4}")
  dict="$(dict_of "$t")"
  max_len="$(max_len_of "$t")"
  mkdir -p "fuzz/corpus/$t" "fuzz/artifacts/$t" fuzz/logs
  local args=(-rss_limit_mb="$RSS_LIMIT_MB" -timeout=10 -print_final_stats=1 -artifact_prefix="fuzz/artifacts/$t/")
  [ -z "$dict" ] || args+=(-dict="$dict")
  [ -z "$max_len" ] || args+=(-max_len="$max_len")
  if ! nice -n 10 "$(binary "$t")" "${args[@]}" "$limit" "${extra[@]}" "fuzz/corpus/$t" "fuzz/seeds/$t" >"$log" 2>&1; then
    grep -E -A 30 "panicked|ERROR|SUMMARY" "$log" | head -n 60
    echo "fuzz $t failed: the input is in fuzz/artifacts/$t/, the log in $log"
    return 1
  fi
  grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' "$log" | tr '\n' ' '
  echo
}

install
python3 fuzz/seed.py >/dev/null
build
# A failing target does not stop the others; the run fails at the end.
failed=()
for t in "${targets[@]}"; do
  echo "== fuzz $t: replaying regression inputs and seeds"
  replay "$t" || { failed+=("$t"); continue; }
  case "$mode" in
    replay) ;;
    short)
      echo "== fuzz $t: ${SECONDS_PER_TARGET}s"
      fuzz "$t" -max_total_time="$SECONDS_PER_TARGET" "fuzz/logs/$t.short.log" || failed+=("$t")
      ;;
    long)
      echo "== fuzz $t: ${RUNS_PER_TARGET} executions (log: fuzz/logs/$t.log)"
      start=$(date +%s)
      # FUZZ_MAX_SECONDS caps a run that cannot reach its executions in time (0: no cap).
      fuzz "$t" -runs="$RUNS_PER_TARGET" "fuzz/logs/$t.log" -max_total_time="${FUZZ_MAX_SECONDS:-0}" || failed+=("$t")
      echo "   wall time $(( $(date +%s) - start ))s"
      ;;
    *)
      echo "usage: scripts/fuzz.sh short|long|replay [TARGET...]" >&2
      exit 2
      ;;
  esac
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failing targets: ${failed[*]}"
  exit 1
fi
