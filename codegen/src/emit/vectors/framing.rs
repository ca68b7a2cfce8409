//! Framing vectors (`framing.json`): what is written to a connection, byte for byte and write by
//! write, and which records the reader must then delimit, how each decodes, and whether the
//! connection stays open. Server frames drive the daemon's JSONL reader; consumer frames drive
//! a client's reader of the daemon's output.

use super::consumer::{Known, Reason};
use super::node::Node;
use super::records::{self, layout, Which};
use super::server::Failure;
use super::{base64, rules, Cx, Side};
use crate::ir::{Operation, Spec, TypeRef};
use serde_json::{json, Value};

/// One thing the peer does to the connection.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Write(Vec<u8>),
    /// Send nothing for this long, keeping the connection open.
    Idle(u64),
    /// Close the writing half (end of file for the reader).
    Eof,
}

/// What one delimited record must decode to.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Server: decoded; the response carries this request ID.
    Request(String),
    /// Server: rejected with this failure.
    Rejected(Failure),
    /// Consumer: a valid response.
    Response,
    /// Consumer: rejected for this reason.
    Refused(Reason),
}

/// Connection state after the actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Connection {
    Open,
    /// The server closes it.
    Closed,
    /// The consumer stops trusting the stream and disconnects.
    Failed,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub id: String,
    pub side: Side,
    pub context: Option<Node>,
    pub actions: Vec<Action>,
    pub records: Vec<Outcome>,
    pub connection: Connection,
    pub rule: &'static str,
}

impl Frame {
    pub fn node(&self, spec: &Spec) -> Node {
        let side = match self.side {
            Side::Server => "server",
            Side::Consumer => "consumer",
        };
        let mut n = Node::object([("id", Node::str(&self.id)), ("applies_to", Node::str(side))]);
        if let Some(c) = &self.context {
            n.push("context", c.clone());
        }
        n.push("actions", Node::Array(self.actions.iter().map(action_node).collect()));
        let records = self.records.iter().map(|o| outcome_node(spec, o)).collect();
        let connection = match self.connection {
            Connection::Open => "open",
            Connection::Closed => "closed",
            Connection::Failed => "failed",
        };
        n.push("expect", Node::object([("records", Node::Array(records)), ("connection", Node::str(connection))]));
        n.push("rule", Node::str(self.rule));
        n
    }
}

fn action_node(a: &Action) -> Node {
    match a {
        Action::Write(bytes) => match std::str::from_utf8(bytes) {
            Ok(text) => Node::object([("write", Node::str(text))]),
            Err(_) => Node::object([("write_base64", Node::str(&base64(bytes)))]),
        },
        Action::Idle(ms) => Node::object([("idle_ms", Node::Scalar(json!(ms)))]),
        Action::Eof => Node::object([("eof", Node::Scalar(json!(true)))]),
    }
}

fn outcome_node(spec: &Spec, o: &Outcome) -> Node {
    match o {
        Outcome::Request(id) => Node::object([("outcome", Node::str("accept")), ("request_id", Node::str(id))]),
        Outcome::Rejected(f) => {
            let message = spec.error(f.code()).map_or("", |e| e.message.as_str());
            Node::object([
                ("outcome", Node::str("reject")),
                ("code", Node::str(f.code())),
                ("message", Node::str(message)),
            ])
        }
        Outcome::Response => Node::object([("outcome", Node::str("accept")), ("result", Node::str("success"))]),
        Outcome::Refused(r) => Node::object([("outcome", Node::str("reject")), ("reason", Node::str(r.name()))]),
    }
}

/// The method of the requests (and responses) the frames are made of.
pub fn base_method(spec: &Spec) -> Option<&str> {
    records::plain_read_op(spec).map(|o| o.method.as_str())
}

pub fn vectors(cx: &Cx) -> Vec<Frame> {
    let Some(op) = records::plain_read_op(cx.spec) else {
        return Vec::new();
    };
    let mut out = server_frames(cx, op);
    out.extend(consumer_frames(cx, op));
    out
}

/// A valid request record with this request ID, without its newline.
fn request(cx: &Cx, op: &Operation, id: &str) -> String {
    let payload = op.examples.first().map_or_else(|| json!({}), |e| e.request.clone());
    let mut record = records::request(cx, op, payload);
    record["request_id"] = json!(id);
    layout(cx, Which::Request, &record, None).compact()
}

fn write(text: &str) -> Action {
    Action::Write(text.as_bytes().to_vec())
}

fn frame(id: &str, actions: Vec<Action>, records: Vec<Outcome>, connection: Connection, rule: &'static str) -> Frame {
    Frame { id: format!("frame.{id}"), side: Side::Server, context: None, actions, records, connection, rule }
}

fn server_frames(cx: &Cx, op: &Operation) -> Vec<Frame> {
    let mut out = delimiting(cx, op);
    out.extend(bounds(cx, op));
    out
}

/// Where records start and end, and recovery after a bad record.
fn delimiting(cx: &Cx, op: &Operation) -> Vec<Frame> {
    let r = |id: &str| request(cx, op, id);
    let ok = |id: &str| Outcome::Request(id.to_string());
    let invalid = || Outcome::Rejected(Failure::Json);
    let open = Connection::Open;
    let split = r("f-é").into_bytes();
    // Cut inside `protocol_version` and between the two bytes of `é`.
    let at = split.iter().position(|b| *b == 0xc3).unwrap_or(split.len() / 2) + 1;
    let pieces = [&split[..5], &split[5..at], &split[at..], b"\n"].map(|p| Action::Write(p.to_vec()));
    // A byte that is never UTF-8, inside the request ID string.
    let mut bad = r("f-1").into_bytes();
    bad.insert(r("f-1").find("f-1").map_or(0, |i| i + 3), 0xff);
    bad.push(b'\n');
    let (one, two, three) = (r("f-1"), r("f-2"), r("f-3"));
    vec![
        frame("single", vec![write(&format!("{one}\n"))], vec![ok("f-1")], open, rules::RECORD_END),
        frame("crlf", vec![write(&format!("{one}\r\n"))], vec![ok("f-1")], open, rules::RECORD_END),
        frame(
            "two_records_one_write",
            vec![write(&format!("{one}\n{two}\n"))],
            vec![ok("f-1"), ok("f-2")],
            open,
            rules::RECORD_END,
        ),
        frame("split_writes", pieces.to_vec(), vec![ok("f-é")], open, rules::RECORD_END),
        frame(
            "two_objects_one_line",
            vec![write(&format!("{one}{two}\n{three}\n"))],
            vec![invalid(), ok("f-3")],
            open,
            rules::FRAMING_RECOVERY,
        ),
        frame(
            "invalid_utf8",
            vec![Action::Write(bad), write(&format!("{two}\n"))],
            vec![invalid(), ok("f-2")],
            open,
            rules::FRAMING_RECOVERY,
        ),
        frame(
            "newline_inside_string",
            vec![write(&format!("{{\"a\":\"x\ny\"}}\n{three}\n"))],
            vec![invalid(), invalid(), ok("f-3")],
            open,
            rules::RECORD_END,
        ),
        frame(
            "cr_is_not_a_terminator",
            vec![write(&format!("{one}\r{two}\n"))],
            vec![invalid()],
            open,
            rules::RECORD_END,
        ),
        frame(
            "empty_line",
            vec![write(&format!("\n{one}\n"))],
            vec![invalid(), ok("f-1")],
            open,
            rules::ONE_VALUE_PER_LINE,
        ),
        frame(
            "eof_mid_line",
            vec![write(&format!("{one}\n{two}")), Action::Eof],
            vec![ok("f-1")],
            Connection::Closed,
            rules::RECORD_END,
        ),
    ]
}

/// Record bytes at the limit and past it, and the framing deadline.
fn bounds(cx: &Cx, op: &Operation) -> Vec<Frame> {
    let r = |id: &str| request(cx, op, id);
    let max = usize::try_from(cx.spec.limit_value("max_record_bytes")).unwrap_or(0);
    let timeout = cx.spec.limit_value("framing_timeout_ms");
    // Trailing whitespace pads a valid record to any length.
    let padded = |n: usize| format!("{}{}", r("f-1"), " ".repeat(n.saturating_sub(r("f-1").len())));
    let too_large = || vec![Outcome::Rejected(Failure::Record)];
    let (ok1, ok2) = (Outcome::Request("f-1".into()), Outcome::Request("f-2".into()));
    let (one, two) = (r("f-1"), r("f-2"));
    vec![
        frame(
            "line_at_max",
            vec![write(&format!("{}\n", padded(max)))],
            vec![ok1.clone()],
            Connection::Open,
            rules::RECORD_BYTES,
        ),
        frame(
            "line_above_max",
            vec![write(&format!("{}\n{two}\n", padded(max + 1)))],
            too_large(),
            Connection::Closed,
            rules::RECORD_TOO_LARGE_CLOSES,
        ),
        frame(
            "above_max_without_newline",
            vec![write(&padded(max + 1))],
            too_large(),
            Connection::Closed,
            rules::RECORD_TOO_LARGE_CLOSES,
        ),
        frame(
            "stalled_line",
            vec![write(&one[..10]), Action::Idle(timeout + 1000)],
            vec![],
            Connection::Closed,
            rules::FRAMING_TIMEOUT,
        ),
        frame(
            "idle_between_records",
            vec![write(&format!("{one}\n")), Action::Idle(timeout + 1000), write(&format!("{two}\n"))],
            vec![ok1, ok2],
            Connection::Open,
            rules::FRAMING_TIMEOUT,
        ),
    ]
}

/// A valid success response to `op` with this request ID, without its newline.
fn response(cx: &Cx, op: &Operation, id: &str) -> (String, Value) {
    let payload = op.examples.first().map_or_else(|| json!({}), |e| e.response.clone());
    let mut record = records::response(cx, op, payload, None);
    record["request_id"] = json!(id);
    (layout(cx, Which::Response, &record, Some(&TypeRef::Named(op.response.clone()))).compact(), record)
}

fn consumer_frames(cx: &Cx, op: &Operation) -> Vec<Frame> {
    let (one, record) = response(cx, op, "f-1");
    let (two, _) = response(cx, op, "f-2");
    // The client has both requests pending.
    let known = Known::of(&record, Some(&op.method));
    let mut context = known.node();
    if let Some(Node::Object(members)) = context.member_mut("request") {
        members.retain(|(k, _)| k != "request_id");
        members.push(("request_ids".into(), Node::Array(vec![Node::str("f-1"), Node::str("f-2")])));
    }
    let max = usize::try_from(cx.spec.limit_value("max_record_bytes")).unwrap_or(0);
    let padded = |n: usize| format!("{one}{}", " ".repeat(n.saturating_sub(one.len())));
    let bytes = one.clone().into_bytes();
    let at = bytes.len() / 2;
    let frame =
        |id: &str, actions: Vec<Action>, records: Vec<Outcome>, connection: Connection, rule: &'static str| Frame {
            id: format!("frame.consumer.{id}"),
            side: Side::Consumer,
            context: Some(context.clone()),
            actions,
            records,
            connection,
            rule,
        };
    vec![
        frame("crlf", vec![write(&format!("{one}\r\n"))], vec![Outcome::Response], Connection::Open, rules::RECORD_END),
        frame(
            "two_records_one_read",
            vec![write(&format!("{one}\n{two}\n"))],
            vec![Outcome::Response, Outcome::Response],
            Connection::Open,
            rules::RECORD_END,
        ),
        frame(
            "split_reads",
            vec![Action::Write(bytes[..at].to_vec()), Action::Write(bytes[at..].to_vec()), write("\n")],
            vec![Outcome::Response],
            Connection::Open,
            rules::RECORD_END,
        ),
        // An outbound record counts its newline: max_record_bytes - 1 before it is the most.
        frame(
            "line_at_max",
            vec![write(&format!("{}\n", padded(max.saturating_sub(1))))],
            vec![Outcome::Response],
            Connection::Open,
            rules::RECORD_BYTES,
        ),
        frame(
            "line_above_max",
            vec![write(&format!("{}\n", padded(max)))],
            vec![Outcome::Refused(Reason::Record)],
            Connection::Failed,
            rules::CONSUMER_BOUND,
        ),
        frame(
            "eof_mid_line",
            vec![write(&format!("{one}\n{}", &two[..10])), Action::Eof],
            vec![Outcome::Response],
            Connection::Failed,
            rules::RECORD_END,
        ),
    ]
}
