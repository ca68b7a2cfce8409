//! `generated/swift/Tests/AgentWireTests/Generated/Examples.swift`: one XCTest per spec example
//! (operation request and success payloads, event payloads, session messages), each decoded
//! strictly with its generated type and re-encoded by the hand-written `assertRoundTrip`.

use super::comment_header;
use super::names::{pascal, string_literal, type_name};
use crate::ir::Spec;
use serde_json::Value;

pub const PATH: &str = "generated/swift/Tests/AgentWireTests/Generated/Examples.swift";

fn json(v: &Value) -> String {
    string_literal(&crate::emit::json_text(v, false))
}

fn case(name: &str, body: &[String]) -> String {
    let mut out = format!("    func test{name}() throws {{\n");
    for line in body {
        out.push_str(&format!("        {line}\n"));
    }
    out.push_str("    }\n");
    out
}

pub fn generated(spec: &Spec) -> String {
    let mut cases = Vec::new();
    for op in &spec.operations {
        let descriptor = format!("Operations.{}", pascal(&op.method));
        for (i, ex) in op.examples.iter().enumerate() {
            cases.push(case(
                &format!("Operation{}Example{}", pascal(&op.method), i + 1),
                &[
                    format!("try assertRoundTrip({descriptor}.Request.self, {})", json(&ex.request)),
                    format!("try assertRoundTrip({descriptor}.Response.self, {})", json(&ex.response)),
                ],
            ));
        }
    }
    for e in &spec.events {
        for (i, ex) in e.examples.iter().enumerate() {
            cases.push(case(
                &format!("Event{}Example{}", pascal(&e.name), i + 1),
                &[format!("try assertRoundTrip({}.self, {})", type_name(&e.payload), json(ex))],
            ));
        }
    }
    for (i, ex) in spec.messages.examples.iter().enumerate() {
        cases.push(case(
            &format!("SessionMessageExample{}", i + 1),
            &[format!("try assertRoundTrip(TranscriptMessage.self, {})", json(ex))],
        ));
    }
    format!(
        "{}\nimport AgentWire\nimport XCTest\n\n/// Every example of the spec decodes strictly and re-encodes to the same JSON.\nfinal class GeneratedExampleTests: XCTestCase {{\n{}}}\n",
        comment_header("//"),
        cases.join("\n")
    )
}
