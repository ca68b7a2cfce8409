//! `agentwire-conformance replay`: send a case transcript's bytes again, connection by
//! connection and in the recorded order, and compare what comes back. Identities a new
//! daemon assigns (instance and connection IDs) are mapped from the recorded ones.

use crate::error::{Error, Result};
use crate::transcript::{Dir, Transcript};
use crate::wire::{sink, Conn, RecvError};
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(5);

/// Recorded → replayed identity strings.
#[derive(Default)]
struct Ids(Vec<(String, String)>);

impl Ids {
    fn apply(&self, bytes: &[u8]) -> Vec<u8> {
        let mut text = String::from_utf8_lossy(bytes).into_owned();
        if std::str::from_utf8(bytes).is_err() {
            return bytes.to_vec();
        }
        for (old, new) in &self.0 {
            text = text.replace(old.as_str(), new);
        }
        text.into_bytes()
    }

    /// Learn the identities an initialize response (recorded vs replayed) names.
    fn learn(&mut self, recorded: &[u8], replayed: &[u8]) {
        let (Ok(a), Ok(b)) = (serde_json::from_slice::<Value>(recorded), serde_json::from_slice::<Value>(replayed))
        else {
            return;
        };
        for m in ["instance_id", "connection_id"] {
            if let (Some(x), Some(y)) = (a["payload"][m].as_str(), b["payload"][m].as_str()) {
                if x != y && !self.0.iter().any(|(o, _)| o == x) {
                    self.0.push((x.to_owned(), y.to_owned()));
                }
            }
        }
    }
}

/// Replay `file` against `socket`; prints one line per received record. True when every
/// record matched (after identity mapping).
pub async fn replay(file: &Path, socket: &Path) -> Result<bool> {
    let text = std::fs::read_to_string(file).map_err(|e| Error::io(file, e))?;
    let t = Transcript::parse_jsonl(&text).map_err(|e| Error::format(file, e.to_string()))?;
    let mut conns: HashMap<u32, Conn> = HashMap::new();
    let mut ids = Ids::default();
    let mut same = true;
    for e in &t.entries {
        match e.dir {
            Dir::Open => {
                let c = Conn::connect(socket, agentwire_protocol::limits::MAX_RECORD_BYTES as usize, sink())
                    .await
                    .map_err(Error::Target)?;
                conns.insert(e.conn, c);
            }
            Dir::Send => {
                let (Some(c), Some(bytes)) = (conns.get_mut(&e.conn), e.payload()) else { continue };
                let bytes = ids.apply(&bytes);
                println!("conn {} >> {}", e.conn, String::from_utf8_lossy(&bytes).trim_end());
                let _ = c.write(&bytes).await;
            }
            Dir::Recv => {
                let (Some(c), Some(want)) = (conns.get_mut(&e.conn), e.payload()) else { continue };
                match c.recv(WAIT).await {
                    Ok(got) => {
                        ids.learn(&want, &got);
                        let ok = ids.apply(&want) == got || normalized(&ids.apply(&want)) == normalized(&got);
                        same &= ok;
                        println!(
                            "conn {} << {} {}",
                            e.conn,
                            if ok { "same " } else { "DIFFERS" },
                            String::from_utf8_lossy(&got)
                        );
                    }
                    Err(err) => {
                        same = false;
                        println!("conn {} << DIFFERS ({err}); recorded {}", e.conn, String::from_utf8_lossy(&want));
                    }
                }
            }
            Dir::Idle => tokio::time::sleep(Duration::from_millis(e.idle_ms.unwrap_or(0))).await,
            Dir::Eof => {
                if let Some(c) = conns.get_mut(&e.conn) {
                    c.shutdown_write().await;
                }
            }
            Dir::Closed => {
                if let Some(c) = conns.get_mut(&e.conn) {
                    let closed = matches!(c.recv(WAIT).await, Err(RecvError::Closed | RecvError::ClosedMidRecord(_)));
                    same &= closed;
                    println!(
                        "conn {} -- {}",
                        e.conn,
                        if closed { "closed, as recorded" } else { "DIFFERS: still open" }
                    );
                }
            }
            Dir::Note => println!("note: {}", e.text.as_deref().unwrap_or("")),
        }
    }
    Ok(same)
}

/// Records that differ only in values a daemon chooses per run (session and claim IDs,
/// times, counts) are still worth a look; compare their member names.
fn normalized(bytes: &[u8]) -> Option<Vec<String>> {
    let v: Value = serde_json::from_slice(bytes).ok()?;
    let mut keys = Vec::new();
    fn walk(v: &Value, path: String, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => m.iter().for_each(|(k, x)| walk(x, format!("{path}.{k}"), out)),
            Value::Array(a) => a.iter().for_each(|x| walk(x, format!("{path}[]"), out)),
            _ => out.push(path),
        }
    }
    walk(&v, String::new(), &mut keys);
    Some(keys)
}
