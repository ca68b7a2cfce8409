#!/usr/bin/env bash
# The one extractor of README snippets, used by every test that runs them
# (scripts/readme-snippets.sh, scripts/client-examples.sh, scripts/swift-readme.sh,
# generated/typescript/scripts/test-installed.mjs):
#
#   scripts/snippets.sh README DIR
#
# Every fenced block of README must sit right under a `<!-- snippet: ROLE -->` line (an
# `<!-- output: TEXT -->` line may come between them: a line the block's output must contain).
# Block N is written verbatim to DIR/N.snippet (and TEXT to DIR/N.expect), and DIR/index gets
# one line per block: N, ROLE, the fence's language and its line number, tab-separated. A block
# without a role fails here, so no snippet is ever skipped silently; each test then fails on a
# role it does not know.
#
# One role is checked here for every README: `test-command`, a block of the test commands
# themselves (which cannot run inside the test command): each command must name something
# that exists — a script of the repository, or `npm test` / `npm run NAME` of the package.json
# beside README.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 README DIR" >&2; exit 2; }
readme="$1"
dir="$2"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$dir"
: >"$dir/index"

awk -v dir="$dir" -v readme="$readme" '
  BEGIN { marked = -1 }
  function fail(msg) { printf "%s:%d: %s\n", readme, NR, msg > "/dev/stderr"; bad = 1; exit 1 }
  /^<!-- snippet: [a-z-]+ -->$/ && !inside { role = substr($0, 15, length($0) - 18); expect = ""; marked = NR; next }
  /^<!-- output: .* -->$/ && !inside && marked == NR - 1 { expect = substr($0, 14, length($0) - 17); marked = NR; next }
  /^([ \t]+```|[ \t]*~~~)/ && !inside { fail("a fenced block this extractor does not read (indented, or fenced with ~~~)") }
  /^```/ && !inside {
    if (marked != NR - 1) fail("a fenced block without a <!-- snippet: ROLE --> line right above it")
    n++; inside = 1; lang = substr($0, 4)
    file = sprintf("%s/%02d.snippet", dir, n); printf "" > file
    if (expect != "") print expect > sprintf("%s/%02d.expect", dir, n)
    printf "%02d\t%s\t%s\t%d\n", n, role, lang, NR >> (dir "/index")
    next
  }
  /^```$/ && inside { inside = 0; close(file); next }
  inside { print > file }
  END { if (!bad && inside) fail("an unclosed fenced block"); if (!bad && n == 0) fail("no fenced blocks") }
' "$readme"

# `test-command` blocks: every command names something that exists.
package="$(dirname "$readme")/package.json"
while IFS=$'\t' read -r n role _ line; do
  [ "$role" = test-command ] || continue
  while IFS= read -r cmd; do
    cmd="${cmd%%#*}"
    read -r -a words <<<"$cmd" || true
    [ "${#words[@]}" -gt 0 ] || continue
    ok=""
    case "${words[0]}" in
      npm)
        case "${words[1]:-}" in
          ci | pack) ok=1 ;;
          test) grep -q '"test":' "$package" && ok=1 ;;
          run) grep -q "\"${words[2]:-}\":" "$package" && ok=1 ;;
        esac
        ;;
      bash) [ -f "$root/${words[1]:-}" ] && ok=1 ;;
      *) { [ -x "$(dirname "$readme")/${words[0]}" ] || [ -x "$root/${words[0]}" ]; } && ok=1 ;;
    esac
    [ -n "$ok" ] || { echo "$readme:$line: test-command block names nothing that exists: $cmd" >&2; exit 1; }
  done <"$dir/$n.snippet"
done <"$dir/index"
