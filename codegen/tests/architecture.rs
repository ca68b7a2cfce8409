//! ARCHITECTURE.md's "Must not depend on" rules, read from `cargo metadata` instead of trusted.
//!
//! Each rule below quotes the sentence of ARCHITECTURE.md it checks. "Depends on" means: a
//! direct dependency of any kind (normal, build, dev), or anything reached from one through
//! normal dependencies. A build dependency of a dependency does not count: the daemon uses the
//! generated crate, whose build script runs `codegen`, without depending on `codegen` itself.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

const CODEGEN: &str = "agentwire-codegen";
const PROTOCOL: &str = "agentwire-protocol";
const CLIENT: &str = "agentwire-client";
const DAEMON: &str = "agentwire-daemon";
const CONFORMANCE: &str = "agentwire-conformance";
const FUZZ: &str = "agentwire-fuzz";

/// The dependency graph of one workspace: package name → (dependency name, kind) edges.
struct Graph {
    edges: BTreeMap<String, Vec<(String, Kind)>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Normal,
    Build,
    Dev,
}

impl Graph {
    /// The graph for this machine's platform: without `--filter-platform`, cargo would want the
    /// manifests of every platform's crates, which an offline cache may not hold.
    fn load(manifest: &Path) -> Graph {
        let out = cargo()
            .args(["metadata", "--format-version", "1", "--offline", "--filter-platform", &host()])
            .arg("--manifest-path")
            .arg(manifest)
            .output()
            .expect("cargo metadata runs");
        assert!(out.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&out.stderr));
        Graph::from_metadata(&serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON"))
    }

    fn from_metadata(meta: &Value) -> Graph {
        let name_of: BTreeMap<&str, &str> = meta["packages"]
            .as_array()
            .expect("packages")
            .iter()
            .map(|p| (p["id"].as_str().expect("id"), p["name"].as_str().expect("name")))
            .collect();
        let mut edges = BTreeMap::new();
        for node in meta["resolve"]["nodes"].as_array().expect("resolve.nodes") {
            let from = name_of[node["id"].as_str().expect("node id")].to_string();
            let mut out = Vec::new();
            for dep in node["deps"].as_array().expect("deps") {
                let to = name_of[dep["pkg"].as_str().expect("dep pkg")].to_string();
                for kind in dep["dep_kinds"].as_array().expect("dep_kinds") {
                    let kind = match kind["kind"].as_str() {
                        None => Kind::Normal,
                        Some("build") => Kind::Build,
                        Some("dev") => Kind::Dev,
                        Some(other) => panic!("unknown dependency kind {other}"),
                    };
                    out.push((to.clone(), kind));
                }
            }
            edges.insert(from, out);
        }
        Graph { edges }
    }

    fn direct(&self, package: &str) -> BTreeSet<&str> {
        self.edges_of(package).iter().map(|(to, _)| to.as_str()).collect()
    }

    fn direct_normal(&self, package: &str) -> BTreeSet<&str> {
        self.edges_of(package).iter().filter(|(_, k)| *k == Kind::Normal).map(|(to, _)| to.as_str()).collect()
    }

    fn edges_of(&self, package: &str) -> &[(String, Kind)] {
        self.edges.get(package).unwrap_or_else(|| panic!("{package} is not in the dependency graph"))
    }

    /// Everything `package` depends on in the sense of this file's header.
    fn reach(&self, package: &str) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<String> = self.direct(package).into_iter().map(String::from).collect();
        while let Some(next) = todo.pop() {
            if seen.insert(next.clone()) {
                todo.extend(self.direct_normal(&next).into_iter().map(String::from));
            }
        }
        seen
    }

    /// The rule "`package` must not depend on `forbidden`", as a list of violations.
    fn forbid(&self, package: &str, forbidden: &[&str], rule: &str) -> Vec<String> {
        let reach = self.reach(package);
        forbidden
            .iter()
            .filter(|f| reach.contains(**f))
            .map(|f| format!("{package} depends on {f}, but ARCHITECTURE.md says \"{rule}\""))
            .collect()
    }
}

fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

/// The host triple, from `rustc -vV`.
fn host() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = Command::new(rustc).arg("-vV").output().expect("rustc -vV runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    text.lines().find_map(|l| l.strip_prefix("host: ")).expect("rustc names its host").to_string()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the codegen crate sits in the repository")
}

/// The workspace graph, read once for all tests of this file.
fn workspace() -> &'static Graph {
    static GRAPH: std::sync::OnceLock<Graph> = std::sync::OnceLock::new();
    GRAPH.get_or_init(|| Graph::load(&root().join("Cargo.toml")))
}

fn assert_none(violations: Vec<String>) {
    assert!(violations.is_empty(), "dependency rules broken:\n{}", violations.join("\n"));
}

#[test]
fn codegen_must_not_depend_on_the_generated_crate_or_the_daemon() {
    let graph = workspace();
    assert_none(graph.forbid(
        CODEGEN,
        &[PROTOCOL, DAEMON, CLIENT, CONFORMANCE],
        "codegen must not depend on: the generated crate or the daemon",
    ));
}

#[test]
fn the_generated_crate_must_not_depend_on_the_daemon() {
    let graph = workspace();
    // Its dev-dependency on codegen (tests that lower the spec) is allowed; the daemon is not.
    assert_none(graph.forbid(PROTOCOL, &[DAEMON, CLIENT, CONFORMANCE], "generated: must not depend on the daemon"));
}

#[test]
fn the_client_depends_only_on_the_generated_crate_tokio_thiserror_libc_futures_core() {
    let graph = workspace();
    let rule = "client: must not depend on the daemon or codegen (only the generated crate, tokio, thiserror, libc, futures-core)";
    let mut violations = graph.forbid(CLIENT, &[DAEMON, CODEGEN, CONFORMANCE], rule);
    let allowed = [PROTOCOL, "tokio", "thiserror", "libc", "futures-core"];
    for dep in graph.direct_normal(CLIENT) {
        if !allowed.contains(&dep) {
            violations.push(format!("{CLIENT} depends on {dep}, but ARCHITECTURE.md says \"{rule}\""));
        }
    }
    assert_none(violations);
}

#[test]
fn the_daemon_must_not_depend_on_codegen() {
    let graph = workspace();
    assert_none(graph.forbid(
        DAEMON,
        &[CODEGEN, CONFORMANCE],
        "daemon: must not depend on codegen (only the generated crate)",
    ));
}

#[test]
fn conformance_must_not_depend_on_the_daemon() {
    let graph = workspace();
    assert_none(graph.forbid(CONFORMANCE, &[DAEMON, CLIENT, CODEGEN], "conformance: must not depend on the daemon"));
}

#[test]
fn nothing_depends_on_the_fuzz_crate() {
    let graph = workspace();
    let rule = "fuzz: nothing depends on it";
    let violations: Vec<String> = graph
        .edges
        .keys()
        .filter(|p| graph.reach(p).contains(FUZZ))
        .map(|p| format!("{p} depends on {FUZZ}, but ARCHITECTURE.md says \"{rule}\""))
        .collect();
    assert_none(violations);
}

#[test]
fn the_fuzz_crate_depends_on_no_workspace_crate_but_those_it_fuzzes() {
    // The fuzz workspace has its own lock file and third-party crates (libfuzzer-sys) that may
    // not be in the offline cache, so its manifest is read without resolving (`--no-deps`).
    let out = cargo()
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline", "--manifest-path"])
        .arg(root().join("fuzz/Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&out.stderr));
    let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON");
    let fuzz =
        meta["packages"].as_array().expect("packages").iter().find(|p| p["name"] == FUZZ).expect("the fuzz crate");
    // The crates it fuzzes: the decoders, the daemon's framing/handshake/cursors/settings.
    let fuzzed = [PROTOCOL, DAEMON];
    let violations: Vec<String> = fuzz["dependencies"]
        .as_array()
        .expect("dependencies")
        .iter()
        .filter_map(|d| d["name"].as_str())
        .filter(|name| name.starts_with("agentwire-") && !fuzzed.contains(name))
        .map(|name| format!("{FUZZ} depends on {name}, but ARCHITECTURE.md says \"fuzz: must not depend on anything but the crates it fuzzes\""))
        .collect();
    assert_none(violations);
}

/// The checker itself: a forbidden edge, reached through a normal dependency of a dependency,
/// is found; a build dependency of a dependency is not an edge of the dependent.
#[test]
fn the_checker_finds_a_transitive_violation_and_ignores_a_dependency_build_script() {
    let meta = serde_json::json!({
        "packages": [
            {"id": "a", "name": "a"}, {"id": "b", "name": "b"},
            {"id": "c", "name": "c"}, {"id": "g", "name": "g"}
        ],
        "resolve": {"nodes": [
            {"id": "a", "deps": [{"pkg": "b", "dep_kinds": [{"kind": null}]}]},
            {"id": "b", "deps": [{"pkg": "c", "dep_kinds": [{"kind": null}]},
                                 {"pkg": "g", "dep_kinds": [{"kind": "build"}]}]},
            {"id": "c", "deps": []},
            {"id": "g", "deps": []}
        ]}
    });
    let graph = Graph::from_metadata(&meta);
    assert_eq!(graph.forbid("a", &["c"], "a must not depend on c").len(), 1);
    assert!(graph.forbid("a", &["g"], "a must not depend on g").is_empty());
    assert_eq!(graph.forbid("b", &["g"], "b must not depend on g").len(), 1);
}

/// "Each input has one owner": a published crate (codegen, the generated crate, the client)
/// reads no file of another crate's folder from its sources, neither through a symlink nor an
/// `include_str!`/`include_bytes!`/`#[path]` that climbs out of the crate. The one exception is
/// the generated crate's `protocol.toml`, a symlink to the repository's one spec, whose content
/// `cargo package` copies into the crate; and unit tests (a `tests.rs` module or code after a
/// `#[cfg(test)]`), which the package never builds, may read that spec as their fixture.
#[test]
fn published_crates_read_only_their_own_files() {
    const CRATES: &[&str] = &["codegen", "generated", "client"];
    const SPEC_LINK: &str = "generated/protocol.toml";
    let out = Command::new("git").arg("-C").arg(root()).args(["ls-files", "-s", "-z"]).output().expect("git ls-files");
    assert!(out.status.success(), "git ls-files failed");
    let listing = String::from_utf8(out.stdout).expect("UTF-8 listing");
    let mut violations = Vec::new();
    for entry in listing.split('\0').filter(|e| !e.is_empty()) {
        let (meta, path) = entry.split_once('\t').expect("mode sha stage\\tpath");
        let Some(krate) = CRATES.iter().find(|c| path.starts_with(&format!("{c}/"))) else { continue };
        if meta.starts_with("120000") && path != SPEC_LINK {
            violations.push(format!("{path}: a symlink out of `{krate}`; give the file one owner instead"));
        }
        let built = path.starts_with(&format!("{krate}/src/")) || path == format!("{krate}/build.rs");
        if !built || !path.ends_with(".rs") {
            continue;
        }
        let text = std::fs::read_to_string(root().join(path)).unwrap_or_default();
        for (at, target) in included_paths(&text) {
            let test_code = path.ends_with("/tests.rs") || text[..at].contains("#[cfg(test)]");
            if test_code && resolve(path, &target) == ["protocol.toml"] {
                continue;
            }
            if escapes(path, &target, krate) {
                violations.push(format!("{path}: reads `{target}`, outside `{krate}/`"));
            }
        }
    }
    assert_none(violations);
}

/// The literal paths of `include_str!`, `include_bytes!` and `#[path = …]` in a source, with
/// their byte offsets.
fn included_paths(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for opener in ["include_str!(\"", "include_bytes!(\"", "#[path = \""] {
        let mut from = 0;
        while let Some(at) = text[from..].find(opener) {
            let start = from + at + opener.len();
            let Some(end) = text[start..].find('"') else { break };
            out.push((from + at, text[start..start + end].to_string()));
            from = start + end;
        }
    }
    out
}

/// Whether `target`, relative to the folder of `file`, leaves the crate folder `krate`.
fn escapes(file: &str, target: &str, krate: &str) -> bool {
    resolve(file, target).first().copied() != Some(krate)
}

/// `target` relative to the folder of `file`, as repository path segments.
fn resolve<'a>(file: &'a str, target: &'a str) -> Vec<&'a str> {
    let mut parts: Vec<&str> = file.split('/').collect();
    parts.pop();
    for part in target.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    parts
}

#[test]
fn the_include_checker_resolves_relative_paths() {
    assert!(escapes("codegen/src/emit/vectors/handwritten.rs", "../../../../conformance/x.json", "codegen"));
    assert!(!escapes("codegen/src/emit/vectors/handwritten.rs", "../../../data/consumer_table.json", "codegen"));
    assert!(escapes("codegen/src/lib.rs", "../../generated/src/runtime/rfc3339.rs", "codegen"));
    let found = included_paths("#[path = \"a.rs\"]\nconst T: &str = include_str!(\"b.json\");");
    assert_eq!(found, [(33, "b.json".to_string()), (0, "a.rs".to_string())]);
    assert_eq!(resolve("codegen/src/emit/rust/inline_size.rs", "../../../../protocol.toml"), ["protocol.toml"]);
}
