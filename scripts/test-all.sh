#!/usr/bin/env bash
# The one command that runs every test: formatting and lints, the spec checks (freshness of
# generated artifacts, evolution against the previous commit), all Rust tests, the Node tests
# of the generated TypeScript, JSON Schema and Swift artifacts, and the conformance suite
# against the real daemon. Installs what the tests need from the package registries.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n== %s\n' "$*"; }

step "toolchain"
cargo --version
node --version
npm --version

step "format and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
# The generator as the protocol crate's build script compiles it: without `artifacts`.
cargo clippy -p agentwire-codegen --no-default-features --lib --locked -- -D warnings

step "spec: generated artifacts are fresh"
cargo run --quiet --locked -p agentwire-codegen -- check protocol.toml
cargo run --quiet --locked -p agentwire-codegen -- verify

step "spec: evolution against the previous commit"
cargo run --quiet --locked -p agentwire-codegen -- compat --against-git HEAD~1

step "node: TypeScript package"
bash generated/typescript/test.sh

step "node: JSON Schema and Swift sources"
bash generated/test-node.sh

step "python: JSON Schema with an independent validator (jsonschema)"
bash generated/schema/test/jsonschema_test.sh

if [ -x scripts/conformance.sh ]; then
  step "conformance: the server suite against the real daemon"
  # The protocol documents sit beside the checkout in CI; trace says so if they are not there.
  bash scripts/conformance.sh ../shared
fi

step "mutation: a fixed sample of daemon mutants, each killed by the black-box server suite"
bash scripts/mutants-sample.sh

step "swift: the package with a real compiler (unit, consumer suite, live daemon)"
bash scripts/swift.sh

step "terminal tools for the chat screen tests (tmux; util-linux script)"
if ! command -v tmux >/dev/null; then
  apt-get update -qq && apt-get install -y -qq tmux
fi
tmux -V

step "packaging: agentwire-codegen, agentwire-protocol and agentwire-client package and would publish"
# One run packages all three and verifies each against the others through a local registry.
# Cargo unpacks that registry's crates under the cargo home once per version and never again,
# so an unpacking left by an earlier run of the same version would be verified instead of today's
# sources (it failed CI once: a build script missed a constant added since). Drop those first,
# and build in a target of its own whose agentwire fingerprints are dropped too: cargo takes a
# registry crate of an unchanged version as unchanged, so a stale build would also be reused.
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/agentwire-{codegen,protocol,client}-*
rm -rf target/publish-check/debug/.fingerprint/agentwire-*
CARGO_TARGET_DIR="$PWD/target/publish-check" \
  cargo publish --dry-run --locked --allow-dirty -p agentwire-codegen -p agentwire-protocol -p agentwire-client

step "client: examples and a fresh project against a live daemon"
bash scripts/client-examples.sh

step "README.md: every snippet, verbatim, against a live daemon and in a fresh clone"
bash scripts/readme-snippets.sh

step "fuzz: lints, regression inputs and a short run of every target (scripts/fuzz.sh)"
cargo fmt --manifest-path fuzz/Cargo.toml --check
CARGO_TARGET_DIR="$PWD/target" cargo clippy --manifest-path fuzz/Cargo.toml --all-targets --locked -- -D warnings
bash scripts/fuzz.sh short

step "acp: the example agent (npm ci from its lockfile) behind the daemon, one chat --once run"
bash scripts/acp-chat-once.sh

step "acp: the real Claude and Codex adapters (npm ci from their lockfile) behind the daemon, as far as they run offline"
bash scripts/acp-real-agents.sh

step "rust: every test"
cargo test --workspace --locked --no-fail-fast
