#!/usr/bin/env bash
# The Swift package with a real Swift 6.0.3 compiler (scripts/swift-toolchain.sh): debug and
# release builds with warnings as errors, the unit tests, the consumer suite through the Swift
# harness, the live test against the real daemon, and the decode benchmark. Fails loudly if the
# toolchain cannot be set up: Swift is never skipped.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

tc=scripts/swift-toolchain.sh
start=$(date +%s)
"$tc" setup
echo "swift: toolchain ready in $(($(date +%s) - start)) s"
"$tc" run swift --version

# Swift 6 language mode (complete strict concurrency); any warning fails the build.
strict=(-Xswiftc -warnings-as-errors)
echo "== swift: build (debug)"
"$tc" run swift build "${strict[@]}"
echo "== swift: build (release)"
"$tc" run swift build -c release "${strict[@]}"

echo "== swift: unit tests"
"$tc" run swift test "${strict[@]}"

echo "== swift: consumer suite against the Swift decoder"
cargo build --quiet --locked -p agentwire-conformance
reports=conformance/reports
mkdir -p "$reports"
target/debug/agentwire-conformance consumer \
  --exec "$tc run .build/release/agentwire-swift-harness" \
  --junit "$reports/consumer-swift.xml" --json "$reports/consumer-swift.json"
