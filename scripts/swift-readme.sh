#!/usr/bin/env bash
# The Swift package README's snippets, verbatim, in a fresh SwiftPM project outside the
# repository, against the live daemon that scripts/swift.sh started:
#
#   scripts/swift-readme.sh TMP WORKSPACE
#
# TMP is bind-mounted into the toolchain root at the same path and holds the daemon's state
# root (TMP/mc). Every ```swift block of generated/swift/README.md is taken: the one starting
# with `// swift-tools-version` is the project's Package.swift (its path dependency names
# `../agentwire/generated/swift`, so the checkout is linked there), every other one is a whole
# Sources/App/main.swift, built with warnings as errors and run from WORKSPACE with
# `agentwire` on PATH. A `<!-- output: TEXT -->` line right before a block names a line its
# output must contain. Any failure fails the test command.
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

awk -v dir="$out/snippets" '
  /^```swift$/ {
    n++; file = sprintf("%s/%02d.swift", dir, n); printf "" > file
    if (prev ~ /^<!-- output: .* -->$/) print substr(prev, 14, length(prev) - 17) > (file ".expect")
    inside = 1; next
  }
  inside && /^```$/ { inside = 0; close(file); next }
  inside { print > file; next }
  { prev = $0 }
' "$readme"

manifests=$(grep -l '^// swift-tools-version' "$out"/snippets/*.swift || true)
[ "$(printf '%s\n' "$manifests" | grep -c .)" = 1 ] || { echo "swift readme: expected exactly one Package.swift snippet" >&2; exit 1; }
cp "$manifests" "$out/app/Package.swift"
# The checkout, where the install snippet's path dependency looks for it (inside the root the
# repository is mounted at /work/repo).
ln -s /work/repo "$out/agentwire"

in_root() { AGENTWIRE_SWIFT_BIND="$tmp:$tmp" "$tc" run "$@"; }
programs=0
for snippet in "$out"/snippets/*.swift; do
  [ "$snippet" = "$manifests" ] && continue
  programs=$((programs + 1))
  name="$(basename "$snippet" .swift)"
  echo "== swift readme: snippet $name ($(wc -l <"$snippet") lines)"
  cp "$snippet" "$out/app/Sources/App/main.swift"
  in_root sh -c "cd '$out/app' && swift build -Xswiftc -warnings-as-errors" >"$out/$name.build.log" 2>&1 ||
    { cat "$out/$name.build.log" >&2; echo "swift readme: snippet $name does not build" >&2; exit 1; }
  in_root env MC_HOME="$tmp/mc" HOME="$tmp" PATH=/work/repo/target/debug:/usr/bin:/bin \
    sh -c "cd '$ws' && exec '$out/app/.build/debug/App'" | tee "$out/$name.out"
  if [ -f "$snippet.expect" ]; then
    grep -qF -- "$(cat "$snippet.expect")" "$out/$name.out" ||
      { echo "swift readme: snippet $name did not print: $(cat "$snippet.expect")" >&2; exit 1; }
  fi
done
[ "$programs" -ge 1 ] || { echo "swift readme: no program snippets found" >&2; exit 1; }
echo "swift readme: the Package.swift and $programs programs built and ran"
