//! The Swift file declares every type once, decodes strictly and stays stable; its syntax is
//! checked by tree-sitter in `generated/swift/test`.

use super::generated;
use super::names::{type_name, variant_type};
use crate::ir::{Spec, TypeKind};

fn spec() -> Spec {
    crate::load("protocol.toml", include_str!("../../../../protocol.toml")).expect("the repository spec lowers")
}

fn declares(swift: &str, name: &str) -> bool {
    ["struct", "enum"].iter().any(|k| {
        swift.contains(&format!("public {k} {name}: "))
            || swift.contains(&format!("public {k} {name}<"))
            || swift.contains(&format!("public {k} {name} {{"))
    })
}

#[test]
fn starts_with_the_header() {
    let s = spec();
    assert!(generated(&s).starts_with("// Generated from protocol.toml. Do not edit.\n"));
}

#[test]
fn declares_every_type_variant_envelope_and_operation() {
    let s = spec();
    let swift = generated(&s);
    for t in &s.types {
        assert!(declares(&swift, &type_name(&t.name)), "{}", t.name);
        if let TypeKind::Union(u) = &t.kind {
            for v in &u.variants {
                assert!(declares(&swift, &variant_type(&t.name, &v.name)), "{}.{}", t.name, v.name);
            }
        }
    }
    for e in ["RequestEnvelope", "ResponseEnvelope", "EventEnvelope", "ServerEvent", "Limits", "ErrorCode"] {
        assert!(declares(&swift, e), "{e}");
    }
    for op in &s.operations {
        assert!(swift.contains(&format!("public static let method = \"{}\"", op.method)), "{}", op.method);
    }
    for e in &s.errors {
        assert!(swift.contains(&format!("return \"{}\"", e.message)), "{}", e.code);
    }
}

#[test]
fn decodes_absent_and_null_apart() {
    let swift = generated(&spec());
    assert!(!swift.contains("decodeIfPresent"), "decodeIfPresent conflates absent and null");
    assert!(swift.contains(
        "self.requestedCapabilities = try c.decodeDefaulted([Name].self, forKey: .requestedCapabilities, default: [])"
    ));
    assert!(
        swift.contains("self.parentActivityID = try c.decodeOptionalNonNull(OpaqueID.self, forKey: .parentActivityID)")
    );
    assert!(swift.contains("self.sessionID = try c.decodeRequiredNullable(SessionID.self, forKey: .sessionID)"));
}

#[test]
fn checks_bounds_and_consts() {
    let swift = generated(&spec());
    assert!(swift.contains("try Check.string(value, minBytes: 1, maxBytes: 128, at: path())"));
    assert!(swift.contains("try Check.constant(value, true, at: c.path(.detailsOmitted))"));
    assert!(swift.contains("try Check.count(value.count, min: 1, max: 8, at: c.path(.supportedProtocolVersions))"));
    assert!(swift.contains("try Check.range(value, min: 1, max: 32, at: c.path(.limit))"));
}

#[test]
fn output_is_stable() {
    let s = spec();
    assert_eq!(generated(&s), generated(&s));
}

#[test]
fn every_example_gets_a_round_trip_test() {
    let s = spec();
    let tests = super::examples::generated(&s);
    let examples = s.operations.iter().map(|o| o.examples.len()).sum::<usize>()
        + s.events.iter().map(|e| e.examples.len()).sum::<usize>()
        + s.messages.examples.len();
    assert!(examples > 0);
    assert_eq!(tests.matches("    func test").count(), examples);
    assert!(tests.contains("try assertRoundTrip(Operations.TurnStart.Request.self, "));
}

#[test]
fn names_follow_the_swift_api_design_guidelines() {
    let swift = generated(&spec());
    assert!(swift.contains("public let sessionID: "));
    assert!(swift.contains("public struct OpaqueID: "));
    assert!(swift.contains("public static let maxJSONDepth: UInt64"));
    assert!(!swift.contains("sessionId"), "no lower-cased initialism survives");
}

#[test]
fn carries_the_workspace_package_version() {
    // "Each client package carries its own package version, generated from the one version the
    // workspace declares" (#28).
    let swift = generated(&spec());
    let line = format!("public let packageVersion = PackageVersion(unchecked: \"{}\")", env!("CARGO_PKG_VERSION"));
    assert!(swift.contains(&line), "{line}");
}
