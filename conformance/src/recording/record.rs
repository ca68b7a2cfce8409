//! Writing a recording from the proxy: every record of every connection, redacted and checked
//! against the spec on the way (a daemon record that fails is still written, with the reason,
//! and reported on stderr: the mock refuses to serve it).

use super::{check, redact, Dir, Header, Line};
use agentwire_protocol::Method;
use serde_json::Value;
use std::collections::HashMap;
use std::fs::File;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// One recording file shared by every connection of the proxy.
pub struct Recorder {
    file: Mutex<File>,
    start: Instant,
    next_conn: AtomicU32,
}

impl Recorder {
    /// Create (or truncate) the file, owner-only: it holds conversation text.
    pub fn create(path: &Path) -> std::io::Result<Arc<Recorder>> {
        let file = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
        let recorder = Recorder { file: Mutex::new(file), start: Instant::now(), next_conn: AtomicU32::new(1) };
        recorder.write_json(&serde_json::to_value(Header::new()).unwrap_or_default());
        Ok(Arc::new(recorder))
    }

    /// A front end connected.
    pub fn connection(self: &Arc<Self>) -> Connection {
        let conn = self.next_conn.fetch_add(1, Ordering::Relaxed);
        let c = Connection { recorder: Arc::clone(self), conn, state: Mutex::default() };
        c.write(Dir::Open, None, None, Vec::new(), None);
        c
    }

    fn write_json(&self, v: &Value) {
        let mut text = v.to_string();
        text.push('\n');
        let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
        // A recording that cannot be written is reported once per record, never fatal to the
        // connection being recorded.
        if let Err(e) = file.write_all(text.as_bytes()) {
            eprintln!("recording: write failed: {e}");
        }
    }
}

#[derive(Default)]
struct State {
    client_lines: u64,
    daemon_lines: u64,
    /// Request ID → method, for checking responses.
    methods: HashMap<String, Method>,
}

/// The recording of one connection.
pub struct Connection {
    recorder: Arc<Recorder>,
    conn: u32,
    state: Mutex<State>,
}

impl Connection {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A complete record the front end sent (without its newline).
    pub fn client(&self, bytes: &[u8]) {
        let (record, unparsed) = parse(bytes);
        let mut redacted = Vec::new();
        let record = record.map(|mut v| {
            redacted = redact::redact(&mut v);
            let method = v.get("method").and_then(Value::as_str).and_then(Method::from_wire);
            if let (Some(id), Some(m)) = (v.get("request_id").and_then(Value::as_str), method) {
                self.state().methods.insert(id.to_owned(), m);
            }
            v
        });
        self.state().client_lines += 1;
        self.write(Dir::Client, record, unparsed, redacted, None);
    }

    /// A complete record the daemon sent (without its newline).
    pub fn daemon(&self, bytes: &[u8]) {
        let (record, unparsed) = parse(bytes);
        let first = {
            let mut s = self.state();
            s.daemon_lines += 1;
            s.daemon_lines == 1
        };
        let mut redacted = Vec::new();
        let mut violation = None;
        let record = record.map(|mut v| {
            violation = if first {
                check::handshake_reply(&v).err()
            } else {
                let methods = self.state().methods.clone();
                check::wire_record(&v, |id| methods.get(id).copied()).err()
            };
            redacted = redact::redact(&mut v);
            v
        });
        if record.is_none() {
            violation = Some("not JSON".into());
        }
        if let Some(why) = &violation {
            eprintln!("recording: connection {}: the daemon sent a record no daemon may send: {why}", self.conn);
        }
        self.write(Dir::Daemon, record, unparsed, redacted, violation);
    }

    /// The connection ended.
    pub fn closed(&self) {
        self.write(Dir::Close, None, None, Vec::new(), None);
    }

    fn write(
        &self,
        dir: Dir,
        record: Option<Value>,
        unparsed_bytes: Option<usize>,
        redacted: Vec<String>,
        violation: Option<String>,
    ) {
        let line = Line {
            t_ms: self.recorder.start.elapsed().as_millis() as u64,
            conn: self.conn,
            dir,
            record,
            unparsed_bytes,
            redacted,
            violation,
        };
        self.recorder.write_json(&serde_json::to_value(&line).unwrap_or_default());
    }
}

/// JSON when it parses; otherwise only its size.
fn parse(bytes: &[u8]) -> (Option<Value>, Option<usize>) {
    match serde_json::from_slice::<Value>(bytes) {
        Ok(v) => (Some(v), None),
        Err(_) => (None, Some(bytes.len())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recording::Recording;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_recording_is_owner_only_holds_no_callback_input_and_flags_bad_daemon_records() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let recorder = Recorder::create(&path).unwrap();
        let c = recorder.connection();
        c.client(br#"{"handshake":"agentwire-unix","version":"0.1.0","workspace":"/w"}"#);
        c.daemon(br#"{"handshake":"agentwire-unix","status":"accepted","version":"0.1.0","pid":1,"instance_id":"i","workspace_id":"w","state_root_id":"s"}"#);
        c.client(br#"{"kind":"request","request_id":"r1","method":"auth.login.callback","payload":{"login_id":"l","input":"https://x/cb?code=SECRET-CODE"}}"#);
        c.daemon(br#"{"kind":"response","request_id":"r1","payload":{"status":"made up"}}"#);
        c.client(b"not json SECRET-TOO");
        c.closed();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("SECRET"), "{text}");
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        let lines = Recording::parse(&text).unwrap().lines;
        assert_eq!(
            lines.iter().map(|l| l.dir).collect::<Vec<_>>(),
            [Dir::Open, Dir::Client, Dir::Daemon, Dir::Client, Dir::Daemon, Dir::Client, Dir::Close]
        );
        assert_eq!(lines[3].redacted, ["/payload/input"]);
        assert!(lines[2].violation.is_none());
        assert!(lines[4].violation.is_some(), "a response no daemon may send is flagged");
        assert_eq!(lines[5].unparsed_bytes, Some(19));
    }
}
