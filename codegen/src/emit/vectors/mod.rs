//! Conformance vectors generated from the spec: language-neutral JSON records with the outcome
//! every decoder must reach under docs/decoding.md.
//!
//! - `requests.json`: request records for the strict server decoder (checks 1–9, error code and
//!   fixed message, echoed identities);
//! - `consumer.json`: response, event and session-message records for tolerant-but-validating
//!   consumer decoders, plus the hand-written rows of the seed's consumer-outcome table;
//! - `framing.json`: byte sequences written to a connection and the records and connection state
//!   that must follow;
//! - `README.md`: the format.
//!
//! Expectations come from the IR (mutation kinds and the precedence table), never typed in, except
//! the hand-written table rows in the generator's input `codegen/data/consumer_table.json`.

mod consumer;
mod framing;
mod handwritten;
mod mutate;
mod node;
mod noncharacters;
mod readme;
mod records;
mod rules;
mod sample;
mod server;
#[cfg(test)]
mod tests;

use super::{Artifact, REGENERATE};
use crate::ir::{Spec, TypeRef};
use crate::validate::Mode;
use node::Node;
use serde_json::json;

/// Where the vectors live, relative to the repository root.
pub const DIR: &str = "conformance/vectors";

/// Version of the vector file format described in the README.
pub const FORMAT: u64 = 1;

/// What every part of the generator shares: the spec, its sample values, and the identities
/// `initialize` is assumed to have returned.
pub struct Cx<'a> {
    pub spec: &'a Spec,
    pub samples: sample::Samples<'a>,
    pub instance_id: String,
    pub connection_id: String,
}

impl<'a> Cx<'a> {
    pub fn new(spec: &'a Spec) -> Self {
        let init = crate::advertise::initialize_example(spec);
        let id = |k: &str| init[k].as_str().unwrap_or_default().to_string();
        Cx {
            spec,
            samples: sample::Samples::new(spec),
            instance_id: id("instance_id"),
            connection_id: id("connection_id"),
        }
    }
}

/// Which decoder a vector is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Server,
    Consumer,
}

impl Side {
    fn name(self) -> &'static str {
        match self {
            Side::Server => "server",
            Side::Consumer => "consumer",
        }
    }
}

/// The bytes a vector feeds the decoder.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    /// One record, without its newline.
    Text(String),
    /// One record given as bytes, without its newline: one that is not UTF-8, or one holding a raw
    /// noncharacter (which the vector files, being I-JSON, do not carry as text).
    Bytes(Vec<u8>),
    /// A conversation: records the client sends (`send`) and receives (`receive`), in order.
    Steps(Vec<Step>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub send: bool,
    pub record: String,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Expect {
    /// Decodes; `result` says success or error for responses, `payload` is the decoded request
    /// payload when defaults fill absent members.
    Accept { result: Option<&'static str>, payload: Option<Node> },
    /// The server answers with this error code (and its fixed message); `echo` gives the
    /// identities the error response carries.
    Server { code: String, echo: Option<Node> },
    /// The consumer rejects the record (for conversations, at step `at`); `reason` is the category
    /// of the rule.
    Consumer { reason: String, at: Option<usize> },
}

/// A cross-check with `validate::check` that tests run; not written to the files.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    pub target: Target,
    /// JSON pointer to the checked value inside the record (`""` or `"/payload"`).
    pub pointer: &'static str,
    pub mode: Mode,
    pub valid: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    Type(TypeRef),
    Envelope(records::Which),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Vector {
    pub id: String,
    pub side: Side,
    pub context: Option<Node>,
    pub input: Input,
    pub expect: Expect,
    pub rule: String,
    pub check: Option<Check>,
}

impl Vector {
    fn node(&self, spec: &Spec) -> Node {
        let mut n = Node::object([("id", Node::str(&self.id)), ("applies_to", Node::str(self.side.name()))]);
        if let Some(c) = &self.context {
            n.push("context", c.clone());
        }
        match &self.input {
            Input::Text(t) => n.push("input", Node::str(t)),
            Input::Bytes(b) => n.push("input_base64", Node::str(&base64(b))),
            Input::Steps(steps) => {
                let steps = steps
                    .iter()
                    .map(|s| Node::object([(if s.send { "send" } else { "receive" }, Node::str(&s.record))]));
                n.push("steps", Node::Array(steps.collect()));
            }
        }
        n.push("expect", self.expect.node(spec));
        n.push("rule", Node::str(&self.rule));
        n
    }
}

impl Expect {
    fn node(&self, spec: &Spec) -> Node {
        match self {
            Expect::Accept { result, payload } => {
                let mut n = Node::object([("outcome", Node::str("accept"))]);
                if let Some(r) = result {
                    n.push("result", Node::str(r));
                }
                if let Some(p) = payload {
                    n.push("payload", p.clone());
                }
                n
            }
            Expect::Server { code, echo } => {
                let message = spec.error(code).map_or("", |e| e.message.as_str());
                let mut n = Node::object([
                    ("outcome", Node::str("reject")),
                    ("code", Node::str(code)),
                    ("message", Node::str(message)),
                ]);
                if let Some(e) = echo {
                    n.push("echo", e.clone());
                }
                n
            }
            Expect::Consumer { reason, at } => {
                let mut n = Node::object([("outcome", Node::str("reject")), ("reason", Node::str(reason))]);
                if let Some(at) = at {
                    n.push("at", Node::Scalar(json!(at)));
                }
                n
            }
        }
    }

    pub fn accepts(&self) -> bool {
        matches!(self, Expect::Accept { .. })
    }
}

/// Every vector, by file.
pub struct Generated {
    pub requests: Vec<Vector>,
    pub consumer: Vec<Vector>,
    pub framing: Vec<framing::Frame>,
}

/// Generate every vector; fails only if the hand-written table is malformed.
pub fn generate(spec: &Spec) -> Result<Generated, String> {
    let cx = Cx::new(spec);
    let mut requests = server::vectors(&cx);
    let mut consumer = consumer::vectors(&cx);
    for v in handwritten::vectors(&cx)? {
        match v.side {
            Side::Server => requests.push(v),
            Side::Consumer => consumer.push(v),
        }
    }
    Ok(Generated { requests, consumer, framing: framing::vectors(&cx) })
}

/// The committed vector files.
pub fn artifacts(spec: &Spec) -> Vec<Artifact> {
    // The hand-written table is compiled in, so a malformed one is a build-time defect of the
    // repository, reported with its cause; `handwritten` has a test that loads it.
    let g = generate(spec).unwrap_or_else(|e| panic!("{}: {e}", handwritten::SOURCE));
    let requests = g.requests.iter().map(|v| v.node(spec)).collect::<Vec<_>>();
    let consumer = g.consumer.iter().map(|v| v.node(spec)).collect::<Vec<_>>();
    let framing = g.framing.iter().map(|f| f.node(spec)).collect::<Vec<_>>();
    let counts = readme::Counts::of(&g);
    vec![
        file(
            spec,
            "requests",
            "Request records for the strict server decoder (docs/decoding.md, checks 1-9).",
            requests,
        ),
        file(spec, "consumer", "Response, event and session-message records for consumer decoders.", consumer),
        file(spec, "framing", "Byte sequences written to a connection and what must follow.", framing),
        Artifact { path: format!("{DIR}/README.md"), contents: readme::text(spec, &counts) },
    ]
}

fn file(spec: &Spec, name: &str, doc: &str, vectors: Vec<Node>) -> Artifact {
    let generated = Node::object([("regenerate", Node::str(REGENERATE))]);
    let n = Node::object([
        ("generated", generated),
        ("format", Node::Scalar(json!(FORMAT))),
        ("doc", Node::str(doc)),
        ("protocol_version", Node::Scalar(json!(spec.protocol_version))),
        ("count", Node::Scalar(json!(vectors.len()))),
        ("vectors", Node::Array(vectors)),
    ]);
    Artifact { path: format!("{DIR}/{name}.json"), contents: n.pretty(2) }
}

/// Standard base64 with padding (RFC 4648), for byte-level inputs.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}
