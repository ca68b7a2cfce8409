//! Issue #18's "one name per thing": no type the daemon defines shadows a type of the protocol
//! crate (`Control`, `Call`, `Cursor`, `Response` meant one thing on the wire and another in the
//! daemon). The protocol crate's names are the generated code's, emitted here from the spec,
//! and its hand-written modules'.

mod common;

use common::{root, rust_files};
use std::collections::BTreeSet;

/// The types a source defines (`struct`, `enum`, `type`, `trait`, at any visibility), with
/// their line numbers. An indented `type` without visibility is an associated type of an
/// impl or trait (`type Context = RequestCx;`), which defines no name of the module.
fn defined_types(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut rest = line.trim_start();
        let indented = rest.len() != line.len();
        let mut visible = false;
        if let Some(after) = rest.strip_prefix("pub") {
            visible = true;
            rest = after.strip_prefix(['(']).map_or(after, |a| a.split_once(')').map_or(a, |(_, r)| r)).trim_start();
        }
        for keyword in ["struct ", "enum ", "type ", "trait "] {
            if keyword == "type " && indented && !visible {
                continue;
            }
            if let Some(after) = rest.strip_prefix(keyword) {
                let name: String = after.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                    out.push((n + 1, name));
                }
            }
        }
    }
    out
}

/// Every type name of the `agentwire-protocol` crate: the emitted code and the hand-written
/// runtime beside it.
fn protocol_types() -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join("protocol.toml")).expect("read protocol.toml");
    let spec = agentwire_codegen::load("protocol.toml", &text).unwrap_or_else(|d| panic!("{d}"));
    let code = agentwire_codegen::emit::rust::generate(&spec).unwrap_or_else(|e| panic!("{e}"));
    let mut names: BTreeSet<String> = defined_types(&code).into_iter().map(|(_, n)| n).collect();
    for file in rust_files(&root().join("generated/src")) {
        let text = std::fs::read_to_string(&file).expect("read a generated crate source");
        names.extend(defined_types(&text).into_iter().map(|(_, n)| n));
    }
    names
}

#[test]
fn no_daemon_type_shadows_a_protocol_type() {
    let protocol = protocol_types();
    assert!(protocol.contains("Control") && protocol.contains("ErrorCode"), "the protocol's names were read");
    let src = root().join("daemon/src");
    let mut shadows = Vec::new();
    for file in rust_files(&src) {
        let text = std::fs::read_to_string(&file).expect("read a daemon source");
        for (line, name) in defined_types(&text) {
            if protocol.contains(&name) {
                let at = file.strip_prefix(root()).expect("under the repository").display();
                shadows.push(format!("{at}:{line}: `{name}` is also a type of agentwire-protocol"));
            }
        }
    }
    assert!(shadows.is_empty(), "daemon types named like protocol types:\n{}", shadows.join("\n"));
}

#[test]
fn the_type_reader_finds_definitions_at_any_visibility() {
    let text = "pub struct A;\n    pub(crate) enum B {}\nstruct C<T>(T);\npub(super) type D = u8;\ntrait E {}\nfn f() {}\nlet struct_ = 1;\n    type Assoc = A;";
    let names: Vec<String> = defined_types(text).into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["A", "B", "C", "D", "E"]);
}
