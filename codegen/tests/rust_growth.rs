//! "Generated public structs and enums that the spec lets grow are `#[non_exhaustive]` with
//! constructors, so a new optional member is not a breaking Rust change." The Rust emitter and
//! the compat checker must agree: a type is non-exhaustive exactly when the checker calls the
//! addition it could receive non-breaking, and growing it changes no constructor signature.

use agentwire_codegen::compat::{self, Category, Report};
use agentwire_codegen::ir::{Field, Presence, Spec, TypeKind, TypeRef};
use std::collections::BTreeSet;

fn spec() -> Spec {
    let text = include_str!("../../protocol.toml");
    agentwire_codegen::load("protocol.toml", text).unwrap_or_else(|d| panic!("{d}"))
}

fn rust(spec: &Spec) -> String {
    agentwire_codegen::emit::rust::generate(spec).unwrap_or_else(|e| panic!("{e}"))
}

fn added_later() -> Field {
    Field {
        name: "added_later".into(),
        doc: "A member a later spec adds.".into(),
        ty: TypeRef::Bool,
        presence: Presence::Optional,
        nullable: false,
        constant: None,
    }
}

/// `spec` with an optional member appended to the object type `name`.
fn with_optional_member(spec: &Spec, name: &str) -> Spec {
    let mut grown = spec.clone();
    let def = grown.types.iter_mut().find(|t| t.name == name).unwrap_or_else(|| panic!("no type {name}"));
    match &mut def.kind {
        TypeKind::Object(o) => o.fields.push(added_later()),
        _ => panic!("{name} is not an object"),
    }
    grown
}

/// The text of `impl <name> { /// doc \n pub fn new(..) -> Self`: its constructor signature.
fn constructor(code: &str, name: &str) -> String {
    let head = format!("\nimpl {name} {{\n");
    let at = code.find(&head).unwrap_or_else(|| panic!("no inherent impl of {name}"));
    let rest = &code[at..];
    let start = rest.find("pub fn new(").unwrap_or_else(|| panic!("{name} has no constructor"));
    let end = rest[start..].find("-> Self").expect("constructor returns Self");
    rest[start..start + end].to_string()
}

/// Names of the generated types marked `#[non_exhaustive]`.
fn non_exhaustive(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut lines = code.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "#[non_exhaustive]" {
            let decl = lines.next().unwrap_or_default();
            let name = decl.split_whitespace().nth(2).unwrap_or_default();
            out.insert(name.split(['<', ' ', '{']).next().unwrap_or_default().to_string());
        }
    }
    out
}

fn breaking(report: &Report) -> bool {
    report.version_bump_required() || report.findings.iter().any(|f| f.category == Category::Breaking)
}

#[test]
fn a_new_optional_member_keeps_every_constructor_and_is_not_breaking() {
    let base = spec();
    let base_code = rust(&base);
    // One type per direction: a request payload, an event payload, and one read both ways.
    for name in ["TurnStartRequest", "TurnStarted", "Selection"] {
        let grown = with_optional_member(&base, name);
        let report = compat::compare(&base, &grown);
        assert!(!breaking(&report), "{name}: {:?}", report.findings);
        assert!(report.ok(), "{name}: the addition must ship without a protocol version bump");
        assert_eq!(report.findings.len(), 1, "{name}: {:?}", report.findings);
        let rule = report.findings[0].rule.id();
        assert!(rule.starts_with("OPTIONAL_") && rule.ends_with("_FIELD_ADDED"), "{name}: {rule}");

        let grown_code = rust(&grown);
        assert_eq!(constructor(&base_code, name), constructor(&grown_code, name), "{name}: `new` changed");
        assert!(grown_code.contains("pub fn with_added_later("), "{name}: the new member has a setter");
        assert!(non_exhaustive(&base_code).contains(name), "{name} must be #[non_exhaustive]");
    }
}

#[test]
fn a_struct_is_non_exhaustive_exactly_when_the_checker_lets_it_grow() {
    let base = spec();
    let marked = non_exhaustive(&rust(&base));
    for t in base.types.iter().filter(|t| matches!(t.kind, TypeKind::Object(_))) {
        let report = compat::compare(&base, &with_optional_member(&base, &t.name));
        assert_eq!(marked.contains(&t.name), !breaking(&report), "{}: {:?}", t.name, report.findings);
    }
}

#[test]
fn an_enum_is_non_exhaustive_exactly_when_the_checker_lets_it_gain_a_value() {
    // "Unknown semantic enums need an explicit fallback or negotiated profile": a new value of
    // an enum consumers decode breaks them, so those enums stay exhaustive.
    let base = spec();
    let marked = non_exhaustive(&rust(&base));
    let mut seen = 0;
    for t in base.types.iter().filter(|t| matches!(t.kind, TypeKind::Enum(_))) {
        let mut grown = base.clone();
        let def = grown.types.iter_mut().find(|x| x.name == t.name).expect("same types");
        if let TypeKind::Enum(e) = &mut def.kind {
            e.values.push("added_later".into());
        }
        let report = compat::compare(&base, &grown);
        assert_eq!(marked.contains(&t.name), !breaking(&report), "{}: {:?}", t.name, report.findings);
        seen += 1;
    }
    assert!(seen > 0, "the spec has enums");
}

#[test]
fn a_new_operation_error_or_event_name_is_no_breaking_rust_change() {
    // "unused operations and additional limit keys may be added"; "An unknown error code may be
    // represented as a generic unsuccessful response": the enums they extend are open.
    let marked = non_exhaustive(&rust(&spec()));
    for name in ["Method", "RequestPayload", "ResponsePayload", "EventName", "EventPayload", "ErrorCode", "LimitMap"] {
        assert!(marked.contains(name), "{name} must be #[non_exhaustive]");
    }
}
