//! "Nothing the spec knows (a name, bound, code or message) is written by hand anywhere else"
//! (ARCHITECTURE.md, Invariants), as a test.
//!
//! Every committed hand-written source (Rust, TypeScript/JavaScript, Swift, shell, Python; the
//! daemon, the clients, the runtimes, the conformance runner, the generator itself, tests and
//! benches) is scanned for what the spec says:
//! - `name`: a method or event name as a string literal (`"turn.start"`, `'turn.start'`); the
//!   three dotless methods (`initialize`, `status`, `capabilities`) only on a line that also says
//!   `method`, since the words are common;
//! - `code`: an error code (request or launch) as a string literal;
//! - `message`: a fixed error message, anywhere;
//! - `limit`: the value of a limit or constant on a line that also names it (all the words of its
//!   name but `max`, `bytes`, `items`, `ms`), e.g. `65536` beside `record`.
//!
//! Comment lines are not scanned (prose may name an operation). Emitted files are skipped: every
//! artifact `agentwire-codegen write` owns, and any file carrying the generated header. What is
//! left is either a defect or listed, file by file and kind by kind, with the reason, in
//! `tests/spec_strings_allowlist.toml`. An entry that no longer matches anything fails the test
//! too, so the list only shrinks.

use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

const EXTENSIONS: &[&str] = &["rs", "ts", "mts", "cts", "js", "mjs", "cjs", "swift", "sh", "py"];
const HEADER: &str = "Generated from protocol.toml";

#[derive(Deserialize)]
struct Allowlist {
    allow: Vec<Allow>,
}

#[derive(Deserialize)]
struct Allow {
    path: String,
    kinds: Vec<String>,
    why: String,
}

/// One spec fact to look for.
struct Needle {
    kind: &'static str,
    what: String,
    matcher: Matcher,
}

enum Matcher {
    /// The text as a string literal, optionally only on a line containing a context word.
    Literal { text: String, context: Option<&'static str> },
    /// The text anywhere.
    Anywhere(String),
    /// A number (written with or without `_` separators) on a line that has all these words.
    Number { value: u64, words: Vec<String> },
}

impl Matcher {
    fn hits(&self, line: &str) -> bool {
        match self {
            Matcher::Literal { text, context } => {
                context.is_none_or(|w| line.contains(w))
                    && ['"', '\''].iter().any(|q| line.contains(&format!("{q}{text}{q}")))
            }
            Matcher::Anywhere(text) => line.contains(text.as_str()),
            Matcher::Number { value, words } => {
                let lower = line.to_ascii_lowercase();
                words.iter().all(|w| lower.contains(w.as_str())) && numbers(line).contains(value)
            }
        }
    }
}

/// Every decimal integer literal of a line, `_` separators removed.
fn numbers(line: &str) -> BTreeSet<u64> {
    let mut out = BTreeSet::new();
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let starts =
            bytes[i].is_ascii_digit() && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'.'));
        if !starts {
            i += 1;
            continue;
        }
        let mut digits = String::new();
        while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'_') {
            if bytes[i] != b'_' {
                digits.push(bytes[i] as char);
            }
            i += 1;
        }
        if let Ok(n) = digits.parse() {
            out.insert(n);
        }
    }
    out
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the codegen crate sits in the repository")
}

fn spec() -> agentwire_codegen::ir::Spec {
    let text = std::fs::read_to_string(root().join("protocol.toml")).expect("protocol.toml");
    agentwire_codegen::load("protocol.toml", &text).unwrap_or_else(|d| panic!("{d}"))
}

fn needles(spec: &agentwire_codegen::ir::Spec) -> Vec<Needle> {
    let mut out = Vec::new();
    let names = spec.operations.iter().map(|o| &o.method).chain(spec.events.iter().map(|e| &e.name));
    for name in names {
        let context = (!name.contains('.')).then_some("method");
        out.push(Needle {
            kind: "name",
            what: name.clone(),
            matcher: Matcher::Literal { text: name.clone(), context },
        });
    }
    let codes = spec.errors.iter().map(|e| (&e.code, &e.message));
    let launch = spec.launch_errors.iter().map(|e| (&e.code, &e.message));
    for (code, message) in codes.chain(launch) {
        out.push(Needle {
            kind: "code",
            what: code.clone(),
            matcher: Matcher::Literal { text: code.clone(), context: None },
        });
        out.push(Needle { kind: "message", what: message.clone(), matcher: Matcher::Anywhere(message.clone()) });
    }
    let limits = spec.limits.iter().map(|l| (&l.name, l.value));
    let constants = spec.constants.iter().map(|c| (&c.name, c.value));
    for (name, value) in limits.chain(constants) {
        let words: Vec<String> =
            name.split('_').filter(|w| !["max", "bytes", "items", "ms"].contains(w)).map(String::from).collect();
        // A single-digit value on a line with one common word is noise, not a copied bound.
        if value < 10 || words.is_empty() {
            continue;
        }
        out.push(Needle {
            kind: "limit",
            what: format!("{name} = {value}"),
            matcher: Matcher::Number { value, words },
        });
    }
    out
}

/// Committed files, relative to the repository root, that a person writes.
fn hand_written(spec: &agentwire_codegen::ir::Spec) -> Vec<String> {
    let out = Command::new("git").arg("-C").arg(root()).args(["ls-files", "-z"]).output().expect("git ls-files runs");
    assert!(out.status.success(), "git ls-files failed: {}", String::from_utf8_lossy(&out.stderr));
    let emitted: BTreeSet<String> = agentwire_codegen::emit::artifacts(spec).into_iter().map(|a| a.path).collect();
    String::from_utf8(out.stdout)
        .expect("UTF-8 paths")
        .split('\0')
        .filter(|p| Path::new(p).extension().and_then(|e| e.to_str()).is_some_and(|e| EXTENSIONS.contains(&e)))
        .filter(|p| !emitted.contains(*p))
        .map(String::from)
        .collect()
}

fn is_comment(line: &str, path: &str) -> bool {
    let t = line.trim_start();
    let hash = path.ends_with(".sh") || path.ends_with(".py");
    t.starts_with("//") || t.starts_with("/*") || t.starts_with("* ") || t == "*" || (hash && t.starts_with('#'))
}

/// path → kind → first few hits (`line: what`).
fn scan(spec: &agentwire_codegen::ir::Spec) -> BTreeMap<String, BTreeMap<&'static str, Vec<String>>> {
    let needles = needles(spec);
    let mut found: BTreeMap<String, BTreeMap<&'static str, Vec<String>>> = BTreeMap::new();
    for path in hand_written(spec) {
        let Ok(text) = std::fs::read_to_string(root().join(&path)) else { continue };
        if text.lines().take(3).any(|l| l.contains(HEADER)) {
            continue;
        }
        for (n, line) in text.lines().enumerate() {
            if is_comment(line, &path) {
                continue;
            }
            for needle in needles.iter().filter(|needle| needle.matcher.hits(line)) {
                found.entry(path.clone()).or_default().entry(needle.kind).or_default().push(format!(
                    "{}: {}",
                    n + 1,
                    needle.what
                ));
            }
        }
    }
    found
}

#[test]
fn nothing_the_spec_knows_is_written_by_hand_outside_the_allowlist() {
    let spec = spec();
    let found = scan(&spec);
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/spec_strings_allowlist.toml"))
        .expect("the allowlist");
    let allowlist: Allowlist = toml::from_str(&text).expect("the allowlist parses");
    let mut allowed: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for entry in &allowlist.allow {
        assert!(!entry.why.trim().is_empty(), "{}: an allowlist entry says why", entry.path);
        let kinds = allowed.entry(&entry.path).or_default();
        for kind in &entry.kinds {
            assert!(
                ["name", "code", "message", "limit"].contains(&kind.as_str()),
                "{}: unknown kind {kind}",
                entry.path
            );
            assert!(kinds.insert(kind), "{}: kind {kind} listed twice", entry.path);
        }
    }
    let mut problems = Vec::new();
    for (path, kinds) in &found {
        for (kind, hits) in kinds {
            if !allowed.get(path.as_str()).is_some_and(|k| k.contains(kind)) {
                let shown: Vec<&str> = hits.iter().take(5).map(String::as_str).collect();
                problems.push(format!(
                    "{path}: the spec's {kind} written by hand (line {}); read it from generated code",
                    shown.join("; line ")
                ));
            }
        }
    }
    for (path, kinds) in &allowed {
        for kind in kinds {
            if !found.get(*path).is_some_and(|k| k.contains_key(kind)) {
                problems.push(format!("{path}: allowlisted for {kind} but has none any more; remove the entry"));
            }
        }
    }
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

/// The scanner itself finds each kind, and skips comments.
#[test]
fn the_scanner_finds_each_kind_and_skips_comments() {
    let spec = spec();
    let needles = needles(&spec);
    let kinds = |line: &str, path: &str| -> BTreeSet<&'static str> {
        if is_comment(line, path) {
            return BTreeSet::new();
        }
        needles.iter().filter(|n| n.matcher.hits(line)).map(|n| n.kind).collect()
    };
    let record = spec.limit("max_record_bytes").expect("max_record_bytes").value;
    let message = &spec.error("session_busy").expect("session_busy").message;
    assert_eq!(kinds(r#"let m = "turn.start";"#, "a.rs"), BTreeSet::from(["name"]));
    assert_eq!(kinds(r#"send({ method: 'status' })"#, "a.ts"), BTreeSet::from(["name"]));
    assert!(kinds(r#"let s = "status";"#, "a.rs").is_empty(), "a dotless name needs `method` on its line");
    assert_eq!(kinds(r#"code == "session_busy""#, "a.rs"), BTreeSet::from(["code"]));
    assert_eq!(kinds(&format!("let m = \"{message}\";"), "a.rs"), BTreeSet::from(["message"]));
    let spaced = format!("{}_{:03}", record / 1000, record % 1000);
    assert_eq!(kinds(&format!("const MAX_RECORD: usize = {spaced};"), "a.rs"), BTreeSet::from(["limit"]));
    assert!(kinds(&format!("let n = {record};"), "a.rs").is_empty(), "a bare number is not a copied limit");
    assert!(kinds(r#"// sends "turn.start""#, "a.rs").is_empty());
    assert!(kinds(r#"# sends "turn.start""#, "a.sh").is_empty());
}
