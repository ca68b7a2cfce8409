//! The consumer harness protocol (documented in `conformance/README.md`): one JSON line per
//! record on the harness's stdin, one verdict line per input line on its stdout.

use crate::vectors::Context;
use serde::{Deserialize, Serialize};

/// What arrived, from the consumer's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// A record received while `context.request` is pending.
    Response,
    /// A record received on an initialized connection.
    Event,
    /// One session transcript line (the session message stream).
    Message,
    /// A request the client sent (conversations only): the harness records it as pending.
    Request,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Input {
    pub id: String,
    pub direction: Direction,
    /// The record text, without its newline; or `record_base64` for bytes that are not UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record_base64: Option<String>,
    /// The pending request's method (responses), for harnesses that only route by method.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// The connection's identities and the pending request, as the vector states them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<Context>,
    /// Lines with the same stream are one conversation: state (pending requests, turn
    /// sequences, terminals) carries over, and after a rejection the stream stays failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HarnessVerdict {
    Accept,
    Reject,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Output {
    pub id: String,
    pub verdict: HarnessVerdict,
    /// The category of a rejection (informational: a conforming consumer may use its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// For an accepted response: `success` or `error`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

impl Output {
    pub fn accept(id: &str) -> Self {
        Output { id: id.to_owned(), verdict: HarnessVerdict::Accept, reason: None, result: None }
    }

    pub fn reject(id: &str, reason: impl Into<String>) -> Self {
        Output { id: id.to_owned(), verdict: HarnessVerdict::Reject, reason: Some(reason.into()), result: None }
    }
}
