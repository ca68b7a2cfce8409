//! ARCHITECTURE.md's recipe "Add an operation", followed mechanically on a scratch copy of the
//! spec, so the recipe cannot rot: the recipe's TOML goes into a temporary `protocol.toml`,
//! `agentwire-codegen write --root` regenerates into a temporary folder, and every target
//! gains the operation — the Rust handler trait with the method the recipe's handler
//! implements, the TypeScript and Swift packages, the JSON Schema, the reference and the
//! request vectors — while nothing hand-written spells a count the spec decides. The recipe's
//! handler is then compiled: the crates are copied into a scratch workspace, the module
//! regenerated there, the handler put where step 3 says, and the daemon `cargo check`ed.

mod scratch;

use scratch::Scratch;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the codegen crate sits in the repository")
}

/// The first fenced block of `language` in ARCHITECTURE.md's "Add an operation" section.
fn recipe_block(language: &str) -> String {
    let doc = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let section = doc.split("\n## Add an operation\n").nth(1).expect("ARCHITECTURE.md has `## Add an operation`");
    let section = section.split("\n## ").next().unwrap_or(section);
    let fence = format!("```{language}\n");
    let start = section.find(&fence).unwrap_or_else(|| panic!("the recipe has no ```{language} block")) + fence.len();
    let len = section[start..].find("```").expect("the block ends");
    section[start..start + len].to_string()
}

/// The quoted method name of `[operations."NAME"]`.
fn method_of(toml: &str) -> String {
    let start = toml.find("[operations.\"").expect("the recipe declares an operation") + "[operations.\"".len();
    let len = toml[start..].find('"').expect("closing quote");
    toml[start..start + len].to_string()
}

fn load(text: &str) -> agentwire_codegen::ir::Spec {
    agentwire_codegen::load("protocol.toml", text).unwrap_or_else(|d| panic!("{d}"))
}

#[test]
fn the_recipe_adds_an_operation_to_every_target() {
    let addition = recipe_block("toml");
    let method = method_of(&addition);
    let original = std::fs::read_to_string(root().join("protocol.toml")).expect("protocol.toml");
    assert!(!original.contains(&format!("[operations.\"{method}\"]")), "the recipe's operation is already in the spec");

    // Step 1: protocol.toml, on a scratch copy. Step 2: `agentwire-codegen write`.
    let scratch = Scratch::new("add-an-operation");
    let scratch = scratch.path();
    let edited = format!("{original}\n{addition}");
    std::fs::write(scratch.join("protocol.toml"), &edited).expect("write the scratch spec");
    let run = |command: &str| {
        Command::new(env!("CARGO_BIN_EXE_agentwire-codegen"))
            .args([command, "--root"])
            .arg(scratch)
            .output()
            .expect("agentwire-codegen runs")
    };
    let out = run("write");
    assert!(out.status.success(), "write: {}", String::from_utf8_lossy(&out.stderr));
    let out = run("verify");
    assert!(out.status.success(), "verify after write: {}", String::from_utf8_lossy(&out.stderr));

    // Every committed target gains the operation.
    let (before, after) = (load(&original), load(&edited));
    assert_eq!(after.operations.len(), before.operations.len() + 1);
    let artifacts = agentwire_codegen::emit::artifacts(&after);
    let quoted = format!("\"{method}\"");
    for target in
        ["generated/typescript/", "generated/swift/", "generated/schema/", "docs/protocol.md", "conformance/vectors/"]
    {
        let gained = artifacts.iter().filter(|a| a.path.starts_with(target)).any(|a| {
            let text = std::fs::read_to_string(scratch.join(&a.path)).expect("written artifact");
            text.contains(&quoted) || text.contains(&format!("`{method}`"))
        });
        assert!(gained, "{target}: no generated file names `{method}`");
    }
    let paths = |s: &agentwire_codegen::ir::Spec| -> BTreeSet<String> {
        agentwire_codegen::emit::artifacts(s).into_iter().map(|a| a.path).collect()
    };
    assert_eq!(paths(&before), paths(&after), "adding an operation adds no artifact a hand edit must register");

    // Step 3: the handler. The generated trait declares the method the recipe's handler
    // implements, with the marker and response type it names (the next test compiles it).
    let handler = recipe_block("rust");
    let rust = agentwire_codegen::emit::rust::generate_unformatted(&after).replace(' ', "");
    let name = handler.split("fn ").nth(1).and_then(|s| s.split('(').next()).expect("the handler is a fn").trim();
    let marker = handler.split("op::").nth(1).and_then(|s| s.split('>').next()).expect("the handler names op::MARKER");
    let response = handler.split("Out<").nth(1).and_then(|s| s.split('>').next()).expect("the handler returns Out<T>");
    for needle in [format!("fn{name}("), format!("operation::{marker}>"), format!("Result<{response},ErrorCode>")] {
        assert!(rust.contains(&needle), "the generated handler traits lack `{needle}`");
    }
    assert!(rust.contains(&format!("\"{method}\"")), "the generated Method lacks `{method}`");
}

/// The recipe counts every step it asks for: the number its first sentence spells is the number
/// of its numbered steps, and its hand edits and commands add up to it.
#[test]
fn the_recipe_counts_its_steps() {
    let doc = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let section = doc.split("\n## Add an operation\n").nth(1).expect("the recipe");
    let section = section.split("\n## ").next().unwrap_or(section);
    let steps = section
        .lines()
        .filter(|l| l.split_once(". ").is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())))
        .count();
    const WORDS: [&str; 10] = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
    let number = |word: &str| WORDS.iter().position(|w| w.eq_ignore_ascii_case(word));
    let words: Vec<&str> = section.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let count_before = |noun: &str| {
        words
            .windows(3)
            .find_map(|w| (w[1..].join(" ") == noun).then(|| number(w[0])).flatten())
            .or_else(|| words.windows(2).find_map(|w| (w[1] == noun).then(|| number(w[0])).flatten()))
    };
    assert_eq!(count_before("steps"), Some(steps), "the recipe's first sentence counts {steps} numbered steps");
    let (edits, commands) = (count_before("hand edits"), count_before("commands"));
    assert_eq!(edits.zip(commands).map(|(e, c)| e + c), Some(steps), "hand edits and commands add up to the steps");
}

/// `Name` of a `snake_case` domain, as the generated handler traits spell it (`SessionHandler`).
fn camel(domain: &str) -> String {
    domain.split('_').map(|w| w[..1].to_ascii_uppercase() + &w[1..]).collect()
}

/// Copies `from` to `to`: files, and links as links; build output and the TypeScript and Swift
/// packages (not part of any crate) are left out.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create a scratch folder");
    for entry in std::fs::read_dir(from).expect("read a crate folder") {
        let entry = entry.expect("dir entry");
        let name = entry.file_name();
        if ["target", "node_modules", "typescript", "swift", ".build"].iter().any(|n| name == *n) {
            continue;
        }
        let (source, dest) = (entry.path(), to.join(&name));
        let kind = entry.file_type().expect("file type");
        if kind.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(&source).expect("read a link"), &dest).expect("copy a link");
        } else if kind.is_dir() {
            copy_tree(&source, &dest);
        } else {
            std::fs::copy(&source, &dest).expect("copy a file");
        }
    }
}

/// Steps 1 to 3 on a scratch workspace, and the daemon must compile: the recipe's handler body
/// is type-checked against the regenerated module and the daemon's own types, so a recipe
/// whose body no longer compiles fails here. The scratch crates sit one folder deeper (`ws/`)
/// than the real ones, so cargo gives them their own artifacts in the shared target folder
/// (it hashes a member by its path inside the workspace) and the registry dependencies, already
/// built there, are reused: a check of three crates, not a cold build.
#[test]
fn the_recipes_handler_compiles_in_the_daemon() {
    let addition = recipe_block("toml");
    let handler = recipe_block("rust");
    let scratch = Scratch::new("recipe-compiles");
    let (top, ws) = (scratch.path(), scratch.path().join("ws"));
    for krate in ["generated", "client", "daemon"] {
        copy_tree(&root().join(krate), &ws.join(krate));
    }
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let members = manifest.lines().find(|l| l.starts_with("members = ")).expect("the workspace lists its members");
    // The generator is the real one, outside the scratch workspace: the protocol crate's build
    // script compiles it, and its build is then reused from one run to the next.
    let codegen = root().join("codegen").display().to_string();
    let manifest = manifest
        .replace(members, r#"members = ["ws/generated", "ws/client", "ws/daemon"]"#)
        .replace("{ path = \"codegen\"", &format!("{{ path = {codegen:?}"))
        .replace("{ path = \"generated\"", "{ path = \"ws/generated\"")
        .replace("{ path = \"client\"", "{ path = \"ws/client\"");
    std::fs::write(top.join("Cargo.toml"), manifest).expect("write the scratch manifest");
    std::fs::copy(root().join("Cargo.lock"), top.join("Cargo.lock")).expect("copy Cargo.lock");

    // Step 1 and step 2.
    let original = std::fs::read_to_string(root().join("protocol.toml")).expect("protocol.toml");
    std::fs::write(ws.join("protocol.toml"), format!("{original}\n{addition}")).expect("write the scratch spec");
    let out = Command::new(env!("CARGO_BIN_EXE_agentwire-codegen"))
        .args(["write", "--root"])
        .arg(&ws)
        .output()
        .expect("agentwire-codegen runs");
    assert!(out.status.success(), "write: {}", String::from_utf8_lossy(&out.stderr));

    // Step 3: the handler, in the impl of the domain's generated trait in handlers.rs.
    let domain = addition
        .lines()
        .find_map(|l| l.trim().strip_prefix("domain = \""))
        .and_then(|rest| rest.split('"').next())
        .expect("the recipe names the operation's domain");
    let handlers_rs = ws.join("daemon/src/service/handlers.rs");
    let handlers = std::fs::read_to_string(&handlers_rs).expect("handlers.rs");
    let open = format!("impl {}Handler for Service {{\n", camel(domain));
    assert!(handlers.contains(&open), "handlers.rs has no `{}`", open.trim());
    let body: String = handler.lines().map(|l| format!("    {l}\n")).collect();
    std::fs::write(&handlers_rs, handlers.replacen(&open, &format!("{open}{body}\n"), 1)).expect("write handlers.rs");

    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), Into::into);
    let out = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["check", "--offline", "--quiet", "-p", "agentwire-daemon", "--lib", "--manifest-path"])
        .arg(top.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", target)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "the daemon with the recipe's handler does not compile:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The count the spec decides is read from it: no hand-written Rust line that talks about
/// operations spells today's number of them (the conformance preflight test once asserted 22).
#[test]
fn no_hand_written_code_spells_the_operation_count() {
    let spec = load(&std::fs::read_to_string(root().join("protocol.toml")).expect("protocol.toml"));
    let count = spec.operations.len().to_string();
    let out = Command::new("git").arg("-C").arg(root()).args(["ls-files", "-z", "*.rs"]).output().expect("git runs");
    let files = String::from_utf8(out.stdout).expect("UTF-8 paths");
    let mut found = Vec::new();
    for path in files.split('\0').filter(|p| !p.is_empty() && !p.starts_with("codegen/") && !p.starts_with("fuzz/")) {
        let Ok(text) = std::fs::read_to_string(root().join(path)) else { continue };
        for (n, line) in text.lines().enumerate() {
            let words: Vec<&str> = line.split(|c: char| !c.is_ascii_alphanumeric()).collect();
            if line.to_ascii_lowercase().contains("operations") && words.contains(&count.as_str()) {
                found.push(format!("{path}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "read the count from the spec (Method::ALL.len()):\n{}", found.join("\n"));
}
