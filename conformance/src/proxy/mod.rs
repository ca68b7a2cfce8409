//! The fault-injecting proxy: sits between a client and a daemon on Unix sockets, forwards the
//! client's bytes untouched, and passes each server record (after the handshake line) through
//! a [`Fault`]. Usable from the CLI (`agentwire-conformance proxy`) or in-process ([`spawn`]).
//! With a [`Recorder`] it also writes every record of every connection to a recording
//! (`proxy --record FILE`), which `agentwire-conformance mock` serves back.

pub mod faults;
pub mod synth;

pub use faults::Fault;

use crate::recording::record::{Connection as Recording, Recorder};
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{UnixListener, UnixStream};
use tokio::task::JoinHandle;

/// A proxy running in this process; dropping it stops it (open sessions end with it).
pub struct ProxyHandle {
    task: JoinHandle<()>,
    pub socket: PathBuf,
}

impl Drop for ProxyHandle {
    fn drop(&mut self) {
        self.task.abort();
        let _ = std::fs::remove_file(&self.socket);
    }
}

/// Bind `listen` and serve in a task of the current runtime.
pub fn spawn(listen: &Path, upstream: &Path, fault: Fault) -> std::io::Result<ProxyHandle> {
    let listener = UnixListener::bind(listen)?;
    let task = tokio::spawn(serve(listener, upstream.to_owned(), fault, None));
    Ok(ProxyHandle { task, socket: listen.to_owned() })
}

/// Accept connections until the task is aborted.
pub async fn serve(listener: UnixListener, upstream: PathBuf, fault: Fault, recorder: Option<Arc<Recorder>>) {
    let mut sessions = tokio::task::JoinSet::new();
    while let Ok((client, _)) = listener.accept().await {
        let upstream = upstream.clone();
        let recording = recorder.as_ref().map(|r| Arc::new(r.connection()));
        sessions.spawn(async move {
            if let Ok(server) = UnixStream::connect(&upstream).await {
                session(client, server, fault, recording.clone()).await;
            }
            if let Some(r) = recording {
                r.closed();
            }
        });
    }
}

/// Request ID → method, learned from the client's records, so responses can be recognized.
type Methods = Arc<Mutex<HashMap<String, String>>>;

async fn session(client: UnixStream, server: UnixStream, fault: Fault, recording: Option<Arc<Recording>>) {
    let (cr, cw) = client.into_split();
    let (sr, sw) = server.into_split();
    let methods: Methods = Arc::default();
    let up = tokio::spawn(client_to_server(cr, sw, Arc::clone(&methods), recording.clone()));
    server_to_client(sr, cw, methods, fault, recording).await;
    up.abort();
}

fn lock(m: &Methods) -> std::sync::MutexGuard<'_, HashMap<String, String>> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Forward bytes exactly as written (framing cases depend on it); note each complete record's
/// request ID and method on the way.
async fn client_to_server(
    mut from: OwnedReadHalf,
    mut to: OwnedWriteHalf,
    methods: Methods,
    recording: Option<Arc<Recording>>,
) {
    let mut line = Vec::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        // Each complete record is noted (and recorded) before its bytes go on: the daemon's
        // answer can come back before this task runs again, and it must find its request's
        // method, and follow the request in the recording.
        for &b in &buf[..n] {
            if b != b'\n' {
                // Only the head of a record is needed to find its ID and method.
                if line.len() < 64 * 1024 + 8 {
                    line.push(b);
                }
                continue;
            }
            if let Some(r) = &recording {
                r.client(&line);
            }
            if let Ok(v) = serde_json::from_slice::<Value>(&line) {
                if let (Some(id), Some(m)) = (v["request_id"].as_str(), v["method"].as_str()) {
                    lock(&methods).insert(id.to_owned(), m.to_owned());
                }
            }
            line.clear();
        }
        if to.write_all(&buf[..n]).await.is_err() {
            break;
        }
    }
    let _ = to.shutdown().await;
}

async fn server_to_client(
    mut from: OwnedReadHalf,
    mut to: OwnedWriteHalf,
    methods: Methods,
    fault: Fault,
    recording: Option<Arc<Recording>>,
) {
    let mut pending = Vec::new();
    let mut buf = vec![0u8; 64 * 1024];
    let mut handshake_done = false;
    let mut state = faults::State::default();
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        pending.extend_from_slice(&buf[..n]);
        while let Some(i) = pending.iter().position(|&b| b == b'\n') {
            let record: Vec<u8> = pending.drain(..=i).take(i).collect();
            let out = if !handshake_done {
                handshake_done = true;
                vec![record]
            } else {
                match serde_json::from_slice::<Value>(&record) {
                    Ok(v) => {
                        let method = v["request_id"].as_str().and_then(|id| lock(&methods).get(id).cloned());
                        faults::transform(fault, v, method.as_deref(), &mut state)
                    }
                    // Not JSON: the client judges it as sent.
                    Err(_) => vec![record],
                }
            };
            for mut r in out {
                if let Some(rec) = &recording {
                    rec.daemon(&r);
                }
                r.push(b'\n');
                if to.write_all(&r).await.is_err() {
                    return;
                }
            }
        }
    }
    // A partial record at end of stream is forwarded as it is.
    let _ = to.write_all(&pending).await;
    let _ = to.shutdown().await;
}
