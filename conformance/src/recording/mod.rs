//! Recordings of real sessions between a front end and a daemon, and the mock daemon that
//! serves them back.
//!
//! A recording is JSON Lines, format version [`VERSION`]: a [`Header`] line, then one [`Line`]
//! per record of every connection, in the order the proxy saw them, with the connection, the
//! direction and the time since the recording started. [`record`] writes one from the proxy;
//! [`mock`] serves one to a front end. Secrets never reach the file: the members the seed calls
//! transient ("Auth events and callback requests are transient") are replaced by
//! [`REDACTED`] and the line says where ([`redact`]).

pub mod chat;
pub mod check;
pub mod mock;
pub mod record;
pub mod redact;

use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;

/// The recording format's version; a reader refuses any other.
pub const VERSION: u32 = 1;

/// The value that stands where a secret was.
pub const REDACTED: &str = "[redacted]";

/// The first line of every recording.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Always `agentwire-recording`.
    pub format: String,
    pub version: u32,
    /// The wire version the records speak.
    pub protocol_version: u16,
}

impl Header {
    pub fn new() -> Self {
        Header {
            format: "agentwire-recording".into(),
            version: VERSION,
            protocol_version: agentwire_protocol::PROTOCOL_VERSION,
        }
    }
}

impl Default for Header {
    fn default() -> Self {
        Header::new()
    }
}

/// Who wrote a record, or what happened to the connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    /// A record the front end sent (the first is its handshake line).
    Client,
    /// A record the daemon sent (the first is its handshake reply).
    Daemon,
    /// The front end connected.
    Open,
    /// The connection ended.
    Close,
}

/// One line after the header.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Line {
    /// Milliseconds since the recording started.
    pub t_ms: u64,
    /// Connection number, from 1 in the order the front end connected.
    pub conn: u32,
    pub dir: Dir,
    /// The record, when it was JSON.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<Value>,
    /// The record's size, when it was not JSON: its text is not kept, since nothing could
    /// find a secret in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unparsed_bytes: Option<usize>,
    /// JSON pointers of the members replaced by [`REDACTED`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redacted: Vec<String>,
    /// Why a daemon record is one no daemon may send (the mock refuses such a recording).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub violation: Option<String>,
}

/// A recording read back: its lines after the header.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Recording {
    pub lines: Vec<Line>,
}

impl Recording {
    pub fn read(path: &Path) -> Result<Recording> {
        let text = std::fs::read_to_string(path).map_err(|e| Error::io(path, e))?;
        Recording::parse(&text).map_err(|msg| Error::format(path, msg))
    }

    pub fn parse(text: &str) -> std::result::Result<Recording, String> {
        let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
        let (_, first) = lines.next().ok_or("empty recording: no header line")?;
        let header: Header = serde_json::from_str(first).map_err(|e| format!("line 1: not a recording header: {e}"))?;
        if header.format != "agentwire-recording" || header.version != VERSION {
            return Err(format!(
                "line 1: format {:?} version {} is not agentwire-recording version {VERSION}",
                header.format, header.version
            ));
        }
        let lines = lines
            .map(|(i, l)| serde_json::from_str(l).map_err(|e| format!("line {}: {e}", i + 1)))
            .collect::<std::result::Result<Vec<Line>, String>>()?;
        Ok(Recording { lines })
    }

    /// The connection numbers in the order they first appear.
    pub fn connections(&self) -> Vec<u32> {
        let mut seen = Vec::new();
        for l in &self.lines {
            if !seen.contains(&l.conn) {
                seen.push(l.conn);
            }
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recording_of_another_version_is_refused() {
        let text = "{\"format\":\"agentwire-recording\",\"version\":2,\"protocol_version\":2}\n";
        let err = Recording::parse(text).unwrap_err();
        assert!(err.contains("version 2 is not agentwire-recording version 1"), "{err}");
    }

    #[test]
    fn lines_round_trip() {
        let header = serde_json::to_string(&Header::new()).unwrap();
        let line = Line {
            t_ms: 3,
            conn: 1,
            dir: Dir::Client,
            record: Some(serde_json::json!({"a": 1})),
            unparsed_bytes: None,
            redacted: vec!["/payload/input".into()],
            violation: None,
        };
        let text = format!("{header}\n{}\n", serde_json::to_string(&line).unwrap());
        assert_eq!(Recording::parse(&text).unwrap().lines, vec![line]);
    }
}
