//! "Every committed generated file starts with a header that says so and names the regenerate
//! command, and no spec hash" (ARCHITECTURE.md, Invariants: a hash would change every artifact
//! on any edit of the spec; `verify` compares contents), and its converse, which makes
//! hand-written and emitted files under `generated/` tell themselves apart (generated/README.md):
//! a committed file carries the header if and only if `agentwire-codegen write` emits it.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// How far into a file the header may start: after a JSON file's opening brace and member name,
/// or a Markdown title.
const HEADER_WITHIN: usize = 400;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the codegen crate sits in the repository")
}

fn spec_text() -> String {
    std::fs::read_to_string(root().join("protocol.toml")).expect("protocol.toml")
}

fn spec() -> agentwire_codegen::ir::Spec {
    agentwire_codegen::load("protocol.toml", &spec_text()).unwrap_or_else(|d| panic!("{d}"))
}

/// The structured header of the conformance vectors (data a harness reads, not a page a person
/// edits): `"generated": {"regenerate": …}`.
const STRUCTURED: &str = "\"generated\": {\n    \"regenerate\": ";

/// The header line, or for the conformance vectors its structured form.
fn has_header(text: &str) -> bool {
    let [first, _] = agentwire_codegen::emit::header_lines();
    let head: String = text.chars().take(HEADER_WITHIN + first.len()).collect();
    [first.as_str(), STRUCTURED].iter().any(|h| head.find(h).is_some_and(|at| at <= HEADER_WITHIN))
}

/// Any header, today's or an older one's (which named the spec's hash): a stale copy still
/// claims to be emitted.
fn claims_generated(text: &str) -> bool {
    let head: String = text.chars().take(HEADER_WITHIN + 80).collect();
    ["Generated from protocol.toml", "\"spec_sha256\": \"", STRUCTURED].iter().any(|h| head.contains(h))
}

#[test]
fn every_emitted_file_starts_with_the_header() {
    let spec = spec();
    let missing: Vec<String> = agentwire_codegen::emit::artifacts(&spec)
        .into_iter()
        .filter(|a| !has_header(&a.contents))
        .map(|a| a.path)
        .collect();
    assert!(missing.is_empty(), "emitted without the generated header: {missing:?}");
}

#[test]
fn no_emitted_header_names_the_spec_hash() {
    // A 14-line spec change once rewrote every artifact's header; `verify` compares contents.
    // The one hash a header carries is the Rust module's freshness marker, which the protocol
    // crate's build script reads (`emit::rust::freshness::is_fresh`).
    let spec = spec();
    let hashed: Vec<String> = agentwire_codegen::emit::artifacts(&spec)
        .into_iter()
        .filter(|a| a.contents.chars().take(HEADER_WITHIN + 200).collect::<String>().contains(&spec.sha256))
        .map(|a| a.path)
        .collect();
    assert!(hashed.is_empty(), "headers naming the spec hash: {hashed:?}");
}

#[test]
fn the_only_hash_in_a_generated_header_is_the_one_the_build_script_reads() {
    let spec = spec();
    let marker = agentwire_codegen::emit::rust::freshness::marker(spec.text_fnv1a64);
    let fnv = format!("{:016x}", spec.text_fnv1a64);
    for artifact in agentwire_codegen::emit::artifacts(&spec) {
        let head: String = artifact.contents.chars().take(HEADER_WITHIN + 200).collect();
        let is_module = artifact.path.ends_with(agentwire_codegen::emit::rust::freshness::MODULE_IN_CRATE);
        assert_eq!(
            head.contains(&fnv),
            is_module,
            "{}: the FNV-1a marker belongs to the Rust module alone",
            artifact.path
        );
        if is_module {
            assert!(agentwire_codegen::emit::rust::freshness::is_fresh(&artifact.contents, &spec_text()));
            assert!(
                head.lines().any(|l| l == format!("// {marker}")),
                "{}: the marker is a header line",
                artifact.path
            );
        }
    }
}

#[test]
fn a_committed_file_carries_the_header_only_if_it_is_emitted() {
    let spec = spec();
    let emitted: BTreeSet<String> = agentwire_codegen::emit::artifacts(&spec).into_iter().map(|a| a.path).collect();
    let out = Command::new("git").arg("-C").arg(root()).args(["ls-files", "-z"]).output().expect("git ls-files runs");
    assert!(out.status.success(), "git ls-files failed");
    let files = String::from_utf8(out.stdout).expect("UTF-8 paths");
    let mut wrong = Vec::new();
    for path in files.split('\0').filter(|p| !p.is_empty()) {
        // The generator's own sources and snapshots quote the header; they are not emitted files.
        if path.starts_with("codegen/") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(root().join(path)) else { continue };
        match (emitted.contains(path), claims_generated(&text)) {
            (false, true) => wrong.push(format!("{path}: carries the generated header but nothing emits it")),
            (true, false) => wrong.push(format!("{path}: emitted, but the committed copy has no header")),
            _ => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_generated_folder_says_which_files_are_hand_written() {
    let readme = std::fs::read_to_string(root().join("generated/README.md")).expect("generated/README.md");
    assert!(readme.contains("Generated from protocol.toml"), "the README names the header that marks emitted files");
    let spec = spec();
    for artifact in agentwire_codegen::emit::artifacts(&spec) {
        let Some(inside) = artifact.path.strip_prefix("generated/") else { continue };
        let folder = inside.rsplit_once('/').map_or(inside, |(dir, _)| dir);
        assert!(
            readme.contains(folder),
            "generated/README.md does not mention `{folder}`, where {} is emitted",
            artifact.path
        );
    }
}
