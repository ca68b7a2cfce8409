//! Per-case wire transcripts: every byte sent and received, in order, with its connection and
//! time, so a failing case can be read and replayed (`agentwire-conformance replay`).

use crate::base64;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use std::time::Instant;

/// Milliseconds since the run started: one clock for every connection of every case.
pub fn now_ms() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_millis() as u64
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    /// Bytes the runner wrote (one write call).
    Send,
    /// One record the runner read, without its newline.
    Recv,
    /// The runner stayed silent for `idle_ms`.
    Idle,
    /// The runner closed its writing half.
    Eof,
    /// The peer closed the connection.
    Closed,
    /// A connection was opened (text: the socket path).
    Open,
    /// Explanation only; never sent.
    Note,
}

/// One transcript line. Bytes are `text` when they are UTF-8, else `base64`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub t_ms: u64,
    pub conn: u32,
    pub dir: Dir,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base64: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idle_ms: Option<u64>,
}

impl Entry {
    pub fn bytes(conn: u32, dir: Dir, bytes: &[u8]) -> Self {
        let (text, b64) = match std::str::from_utf8(bytes) {
            Ok(t) => (Some(t.to_owned()), None),
            Err(_) => (None, Some(base64::encode(bytes))),
        };
        Entry { t_ms: now_ms(), conn, dir, text, base64: b64, idle_ms: None }
    }

    pub fn mark(conn: u32, dir: Dir, text: Option<String>) -> Self {
        Entry { t_ms: now_ms(), conn, dir, text, base64: None, idle_ms: None }
    }

    pub fn idle(conn: u32, ms: u64) -> Self {
        Entry { t_ms: now_ms(), conn, dir: Dir::Idle, text: None, base64: None, idle_ms: Some(ms) }
    }

    /// The bytes of a send/recv entry.
    pub fn payload(&self) -> Option<Vec<u8>> {
        match (&self.text, &self.base64) {
            (Some(t), _) => Some(t.as_bytes().to_vec()),
            (None, Some(b)) => base64::decode(b).ok(),
            (None, None) => None,
        }
    }
}

/// The entries of one case, possibly from several connections.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Transcript {
    pub entries: Vec<Entry>,
}

impl Transcript {
    pub fn push(&mut self, e: Entry) {
        self.entries.push(e);
    }

    pub fn note(&mut self, text: impl Into<String>) {
        self.entries.push(Entry::mark(0, Dir::Note, Some(text.into())));
    }

    /// Merge another connection's entries, keeping time order.
    pub fn merge(&mut self, other: Transcript) {
        self.entries.extend(other.entries);
        // Stable: entries of one connection keep their order within the same millisecond.
        self.entries.sort_by_key(|e| e.t_ms);
    }

    /// JSON Lines: one entry per line.
    pub fn to_jsonl(&self) -> String {
        let mut out = String::new();
        for e in &self.entries {
            // Entries are plain data; serialization cannot fail.
            out.push_str(&serde_json::to_string(e).unwrap_or_default());
            out.push('\n');
        }
        out
    }

    pub fn parse_jsonl(text: &str) -> Result<Transcript, serde_json::Error> {
        let entries =
            text.lines().filter(|l| !l.trim().is_empty()).map(serde_json::from_str).collect::<Result<_, _>>()?;
        Ok(Transcript { entries })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_utf8_bytes_survive_as_base64() {
        let mut t = Transcript::default();
        t.push(Entry::bytes(1, Dir::Send, b"{\"a\":\"\xff\"}\n"));
        t.push(Entry::bytes(1, Dir::Recv, b"ok"));
        let back = Transcript::parse_jsonl(&t.to_jsonl()).unwrap();
        assert_eq!(back, t);
        assert_eq!(back.entries[0].payload().unwrap(), b"{\"a\":\"\xff\"}\n");
    }
}
