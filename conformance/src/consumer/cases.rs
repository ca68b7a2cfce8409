//! Consumer vectors as harness lines and expectations.

use super::protocol::{Direction, Input};
use crate::base64;
use crate::error::Result;
use crate::vectors::{Action, ConsumerVector, Context, FrameRecord, FrameVector, Outcome, Pending, Step};

#[derive(Debug, Clone)]
pub enum Expect {
    /// One record: accept (with the response's result) or reject.
    Single { outcome: Outcome, result: Option<String> },
    /// A conversation: the index of the first rejected step, or none.
    Stream { first_reject: Option<usize> },
    /// A consumer framing vector: one verdict per delimited record, then the connection state.
    Frame { records: Vec<FrameRecord>, connection: String, tail_at_eof: bool },
}

#[derive(Debug, Clone)]
pub struct Case {
    pub id: String,
    pub rule: Option<String>,
    pub lines: Vec<Input>,
    pub expect: Expect,
}

fn record_fields(bytes: &[u8]) -> (Option<String>, Option<String>) {
    match std::str::from_utf8(bytes) {
        Ok(t) => (Some(t.to_owned()), None),
        Err(_) => (None, Some(base64::encode(bytes))),
    }
}

/// The direction a record takes: a pending request makes it a response, a connection without
/// one an event, no connection at all a session message.
fn direction_of(ctx: &Option<Context>) -> Direction {
    match ctx {
        None => Direction::Message,
        Some(c) if c.request.is_some() => Direction::Response,
        Some(_) => Direction::Event,
    }
}

fn kind_of(text: &str) -> Direction {
    let kind = serde_json::from_str::<serde_json::Value>(text).ok().and_then(|v| v["kind"].as_str().map(str::to_owned));
    match kind.as_deref() {
        Some("event") => Direction::Event,
        _ => Direction::Response,
    }
}

pub fn from_consumer(v: &ConsumerVector) -> Result<Case> {
    if let Some(steps) = &v.steps {
        let lines = steps
            .iter()
            .enumerate()
            .map(|(i, step)| {
                let (direction, text) = match step {
                    Step::Send { send } => (Direction::Request, send),
                    Step::Receive { receive } => (kind_of(receive), receive),
                };
                Input {
                    id: format!("{}#{i}", v.id),
                    direction,
                    record: Some(text.clone()),
                    record_base64: None,
                    method: None,
                    context: v.context.clone(),
                    stream: Some(v.id.clone()),
                }
            })
            .collect();
        let first_reject = match v.expect.outcome {
            Outcome::Accept => None,
            Outcome::Reject => Some(v.expect.at.unwrap_or(0)),
        };
        return Ok(Case { id: v.id.clone(), rule: v.rule.clone(), lines, expect: Expect::Stream { first_reject } });
    }
    let bytes = crate::vectors::input_bytes(&v.id, &v.input, &v.input_base64)?;
    let (record, record_base64) = record_fields(&bytes);
    let line = Input {
        id: v.id.clone(),
        direction: direction_of(&v.context),
        record,
        record_base64,
        method: v.context.as_ref().and_then(|c| c.request.as_ref()).map(|r| r.method.clone()),
        context: v.context.clone(),
        stream: None,
    };
    Ok(Case {
        id: v.id.clone(),
        rule: v.rule.clone(),
        lines: vec![line],
        expect: Expect::Single { outcome: v.expect.outcome, result: v.expect.result.clone() },
    })
}

/// A consumer framing vector: the runner delimits the bytes at `\n` (as a consumer's reader
/// must) and hands each complete record to the harness with the request it answers.
pub fn from_frame(v: &FrameVector) -> Result<Case> {
    let mut bytes = Vec::new();
    let mut eof = false;
    for a in &v.actions {
        match a.bytes(&v.id)? {
            Some(b) => bytes.extend(b),
            None => eof |= matches!(a, Action::Eof { .. }),
        }
    }
    let mut records: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    let tail = records.pop().unwrap_or_default();
    let ctx = v.context.clone().unwrap_or_default();
    let pending = ctx.request.clone().unwrap_or_default();
    let ids = pending.request_ids.clone().unwrap_or_default();
    let lines = records
        .iter()
        .take(v.expect.records.len())
        .enumerate()
        .map(|(i, r)| {
            let (record, record_base64) = record_fields(r);
            let request = Pending {
                request_id: ids.get(i).cloned().or(pending.request_id.clone()),
                request_ids: None,
                ..pending.clone()
            };
            Input {
                id: format!("{}#{i}", v.id),
                direction: Direction::Response,
                record,
                record_base64,
                method: Some(request.method.clone()),
                context: Some(Context { request: Some(request), ..ctx.clone() }),
                stream: None,
            }
        })
        .collect();
    Ok(Case {
        id: v.id.clone(),
        rule: v.rule.clone(),
        lines,
        expect: Expect::Frame {
            records: v.expect.records.clone(),
            connection: v.expect.connection.clone(),
            tail_at_eof: eof && !tail.is_empty(),
        },
    })
}
