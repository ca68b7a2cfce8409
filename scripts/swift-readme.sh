#!/usr/bin/env bash
# The Swift package README's snippets, verbatim, in a fresh SwiftPM project outside the
# repository, against the live daemon that scripts/swift.sh started:
#
#   scripts/swift-readme.sh TMP WORKSPACE
#
# TMP is bind-mounted into the toolchain root at the same path and holds the daemon's state
# root (TMP/mc). Every fenced block of generated/swift/README.md is taken (scripts/snippets.sh):
# the `swift-package` one is the project's Package.swift (its path dependency names
# `../agentwire/generated/swift`, so the checkout is linked there), each `swift-main` one a whole
# Sources/App/main.swift, built with warnings as errors and run from WORKSPACE with `agentwire`
# on PATH; its `<!-- output: TEXT -->` line names a line its output must contain. A
# `swift-approvals` block is such a program too, run against the second daemon scripts/swift.sh
# started, whose agent asks before it edits (state root TMP/ap-mc, workspace TMP/ap-ws). Any
# failure fails the test command.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tc="$PWD/scripts/swift-toolchain.sh"
[ $# -eq 2 ] || { echo "usage: $0 TMP WORKSPACE" >&2; exit 2; }
tmp="$1"
ws="$2"
readme=generated/swift/README.md
out="$tmp/readme"
rm -rf "$out"
mkdir -p "$out/snippets" "$out/app/Sources/App"

# Every block by role (scripts/snippets.sh): the one `swift-package` is Package.swift, each
# `swift-main` a whole program; `test-command` blocks are checked there; any other role fails.
bash scripts/snippets.sh "$readme" "$out/snippets"
manifests=""
programs_list=()
while IFS=$'\t' read -r n role _ line; do
  case "$role" in
    swift-package) [ -z "$manifests" ] && manifests="$out/snippets/$n.snippet" && continue ;;
    swift-main | swift-approvals) programs_list+=("$role:$out/snippets/$n.snippet") && continue ;;
    test-command) continue ;;
  esac
  echo "$readme:$line: a snippet this test does not run (role $role, or a second Package.swift)" >&2
  exit 1
done <"$out/snippets/index"
[ -n "$manifests" ] || { echo "swift readme: no swift-package snippet" >&2; exit 1; }
cp "$manifests" "$out/app/Package.swift"
# The checkout, where the install snippet's path dependency looks for it (inside the root the
# repository is mounted at /work/repo).
ln -s /work/repo "$out/agentwire"

in_root() { AGENTWIRE_SWIFT_BIND="$tmp:$tmp" "$tc" run "$@"; }
programs=0
for entry in "${programs_list[@]}"; do
  programs=$((programs + 1))
  role="${entry%%:*}"
  snippet="${entry#*:}"
  home="$tmp/mc"
  dir="$ws"
  if [ "$role" = swift-approvals ]; then
    home="$tmp/ap-mc"
    dir="$tmp/ap-ws"
    [ -d "$home" ] || { echo "swift readme: no approvals daemon at $home (scripts/swift.sh starts it)" >&2; exit 1; }
  fi
  name="$(basename "$snippet" .snippet)"
  echo "== swift readme: snippet $name ($(wc -l <"$snippet") lines)"
  cp "$snippet" "$out/app/Sources/App/main.swift"
  in_root sh -c "cd '$out/app' && swift build -Xswiftc -warnings-as-errors" >"$out/$name.build.log" 2>&1 ||
    { cat "$out/$name.build.log" >&2; echo "swift readme: snippet $name does not build" >&2; exit 1; }
  in_root env MC_HOME="$home" HOME="$tmp" PATH=/work/repo/target/debug:/usr/bin:/bin \
    sh -c "cd '$dir' && exec '$out/app/.build/debug/App'" | tee "$out/$name.out"
  expect="$out/snippets/$name.expect"
  [ -f "$expect" ] || { echo "swift readme: snippet $name has no <!-- output: --> line" >&2; exit 1; }
  grep -qF -- "$(cat "$expect")" "$out/$name.out" ||
    { echo "swift readme: snippet $name did not print: $(cat "$expect")" >&2; exit 1; }
done
[ "$programs" -ge 1 ] || { echo "swift readme: no program snippets found" >&2; exit 1; }
echo "swift readme: the Package.swift and $programs programs built and ran"
