#!/usr/bin/env bash
# A fixed small sample of the mutation run (conformance/README.md, "Mutation score"): each
# patch in conformance/mutants/ is one mutant cargo-mutants generates for the daemon, applied
# to a scratch copy of this tree; the daemon built from it must fail the black-box server cases
# the patch names (`# cases:`), each of them, in the runner's JSON report. A mutant that
# survives, or a patch that no longer applies (the code moved: regenerate it), fails the script.
# Arguments, if any, name the patches to run (e.g. `auth-expired-ready`); default: every one.
#
# The copy lives under target/ at a fixed path and builds into this checkout's own target
# folder: its third-party crates are the ones already built (a folder of its own cost a cold
# build of them, minutes on a clean machine), and warm runs rebuild only the daemon crate per
# mutant. The mutant's binary takes the place of target/debug/agentwire, which is rebuilt from
# this checkout on the way out, whatever happened. cargo-mutants is not needed (see the README).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$PWD"

cargo build --quiet --locked -p agentwire-conformance --bin agentwire-conformance
runner="$root/target/debug/agentwire-conformance"

export CARGO_TARGET_DIR="$root/target"
work="$root/target/mutant-sample"
tree="$work/tree"
# The copy sits inside this repository's folder: stop git there, so `git apply` patches it
# as plain files instead of looking for paths of this checkout.
export GIT_CEILING_DIRECTORIES="$work"

# Tracked and new (not ignored) files; tar keeps modification times, so cargo rebuilds only
# what a patch touches.
rm -rf "$tree"
mkdir -p "$tree"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$tree"

tmp=""
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
  if [ -n "$tmp" ]; then rm -rf "$tmp"; fi
  # Put this checkout's daemon back in place of the last mutant's (the copy's crates share
  # their artifact names with this checkout's, so this rebuilds the daemon crate once).
  cargo build --quiet --locked -p agentwire-daemon --bin agentwire
}
trap cleanup EXIT

# Runs the named cases against the daemon built from the copy; prints the runner's report path.
run_cases() {
  local bin="$root/target/debug/agentwire" discovery field_re
  # Short temporary paths: the daemon's socket lives under the state root (sun_path limit).
  tmp="$(mktemp -d /tmp/awmut.XXXXXX)"
  mkdir -p "$tmp/mc" "$tmp/ws"
  if ! discovery="$(MC_HOME="$tmp/mc" HOME="$tmp" "$bin" daemon start-or-connect --workspace "$tmp/ws" --executable "$bin" 2>"$tmp/start.err")"; then
    echo "start" >"$tmp/verdict"
    return
  fi
  field() { printf '%s' "$discovery" | sed -nE "s/.*\"$1\":\"?([^\",}]*)\"?.*/\1/p"; }
  pid="$(field pid)"
  local args=()
  for c in "$@"; do args+=(--case "$c"); done
  local status=0
  # --executable: the cases that start a daemon of their own (scenario.auth.stored.*) run the
  # mutant too.
  "$runner" server --connect "$(field socket)" --workspace "$tmp/ws" --version "$(field version)" \
    --executable "$bin" --baseline /dev/null "${args[@]}" --json "$tmp/report.json" >"$tmp/runner.out" 2>&1 || status=$?
  kill "$pid" 2>/dev/null || true
  pid=""
  echo "$status" >"$tmp/verdict"
}

patches=()
if [ "$#" -eq 0 ]; then
  patches=(conformance/mutants/*.patch)
else
  for name in "$@"; do patches+=("conformance/mutants/$name.patch"); done
fi

survived=0
for patch in "${patches[@]}"; do
  name="$(basename "$patch" .patch)"
  read -r -a cases <<<"$(sed -n 's/^# cases: //p' "$patch")"
  mutant="$(sed -n 's/^# mutant: //p' "$patch")"
  if [ "${#cases[@]}" -eq 0 ]; then
    echo "mutant $name: the patch names no \`# cases:\`" >&2
    exit 1
  fi
  if ! git -C "$tree" apply "$root/$patch"; then
    echo "mutant $name: the patch no longer applies to the daemon; regenerate it (conformance/mutants/README.md)" >&2
    exit 1
  fi
  start=$SECONDS
  cargo build --quiet --locked --manifest-path "$tree/Cargo.toml" -p agentwire-daemon --bin agentwire
  run_cases "${cases[@]}"
  verdict="$(cat "$tmp/verdict")"
  missed=()
  if [ "$verdict" = start ]; then
    missed=()  # the mutated daemon does not even start: killed
  elif [ "$verdict" = 1 ]; then
    for c in "${cases[@]}"; do
      python3 - "$tmp/report.json" "$c" <<'EOF' || missed+=("$c")
import json, sys
report, case = sys.argv[1:]
cases = {c["id"]: c["verdict"] for c in json.load(open(report))["cases"]}
sys.exit(0 if cases.get(case) == "fail" else 1)
EOF
    done
  else
    # 0: every case passed; 2: the runner itself could not work (that kills nothing).
    missed=("${cases[@]}")
    cat "$tmp/runner.out" >&2
  fi
  if [ "${#missed[@]}" -eq 0 ]; then
    echo "killed    $name ($mutant) by ${cases[*]} [$((SECONDS - start)) s]"
  else
    echo "SURVIVED  $name ($mutant): not failed by ${missed[*]}" >&2
    survived=1
  fi
  rm -rf "$tmp"
  tmp=""
  git -C "$tree" apply -R "$root/$patch"
done

exit "$survived"
