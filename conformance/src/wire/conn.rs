//! One raw Unix socket connection: byte-exact writes, newline-delimited reads bounded by the
//! record limit, and a transcript of both.

use crate::transcript::{Dir, Entry, Transcript};
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::UnixStream;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecvError {
    #[error("no record within {0} ms")]
    Timeout(u64),
    #[error("the peer closed the connection")]
    Closed,
    #[error("the peer closed the connection in the middle of a record ({0} bytes without newline)")]
    ClosedMidRecord(usize),
    #[error("a record of more than {0} bytes (newline included) arrived")]
    TooLarge(usize),
    #[error("read failed: {0}")]
    Io(String),
}

/// Connection numbers in transcripts, unique within the run.
fn next_conn_id() -> u32 {
    static NEXT: AtomicU32 = AtomicU32::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

pub struct Conn {
    pub id: u32,
    reader: OwnedReadHalf,
    writer: Option<OwnedWriteHalf>,
    buf: Vec<u8>,
    /// Largest record accepted from the peer, newline included (`max_record_bytes`).
    max_record: usize,
    closed: bool,
    log: Sink,
}

/// Where a connection writes its transcript; shared so nothing is lost when a case stops early.
pub type Sink = Arc<Mutex<Transcript>>;

pub fn sink() -> Sink {
    Arc::default()
}

/// Take everything written to `sink` so far.
pub fn drain(sink: &Sink) -> Transcript {
    std::mem::take(&mut *sink.lock().unwrap_or_else(|p| p.into_inner()))
}

impl Conn {
    /// Connect and check the server runs under our uid ("The client checks the server's peer
    /// uid too").
    pub async fn connect(path: &Path, max_record: usize, log: Sink) -> Result<Conn, String> {
        let stream = UnixStream::connect(path).await.map_err(|e| format!("connect {}: {e}", path.display()))?;
        let cred = stream.peer_cred().map_err(|e| format!("peer credentials: {e}"))?;
        // SAFETY: getuid has no preconditions and cannot fail.
        let uid = unsafe { libc::getuid() };
        if cred.uid() != uid {
            return Err(format!("server runs as uid {}, not {uid}", cred.uid()));
        }
        let (reader, writer) = stream.into_split();
        let id = next_conn_id();
        let conn = Conn { id, reader, writer: Some(writer), buf: Vec::new(), max_record, closed: false, log };
        conn.record(Entry::mark(id, Dir::Open, Some(path.display().to_string())));
        Ok(conn)
    }

    fn record(&self, e: Entry) {
        self.log.lock().unwrap_or_else(|p| p.into_inner()).push(e);
    }

    /// Send further transcript entries to another sink (a new case on a shared connection).
    pub fn set_sink(&mut self, log: Sink) {
        self.log = log;
    }

    /// One write call with exactly these bytes.
    pub async fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.record(Entry::bytes(self.id, Dir::Send, bytes));
        let w = self.writer.as_mut().ok_or("the writing half is closed")?;
        w.write_all(bytes).await.map_err(|e| format!("write failed: {e}"))?;
        w.flush().await.map_err(|e| format!("flush failed: {e}"))
    }

    pub async fn idle(&mut self, ms: u64) {
        self.record(Entry::idle(self.id, ms));
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }

    /// Close our writing half; the peer reads end of stream.
    pub async fn shutdown_write(&mut self) {
        self.record(Entry::mark(self.id, Dir::Eof, None));
        if let Some(mut w) = self.writer.take() {
            let _ = w.shutdown().await;
        }
    }

    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The next record (without its newline), waiting at most `timeout`.
    pub async fn recv(&mut self, timeout: Duration) -> Result<Vec<u8>, RecvError> {
        match tokio::time::timeout(timeout, self.recv_inner()).await {
            Ok(r) => r,
            Err(_) => Err(RecvError::Timeout(timeout.as_millis() as u64)),
        }
    }

    async fn recv_inner(&mut self) -> Result<Vec<u8>, RecvError> {
        let mut scanned = 0;
        loop {
            if let Some(i) = self.buf[scanned..].iter().position(|&b| b == b'\n').map(|i| i + scanned) {
                if i + 1 > self.max_record {
                    return Err(self.too_large());
                }
                let record: Vec<u8> = self.buf.drain(..=i).take(i).collect();
                self.record(Entry::bytes(self.id, Dir::Recv, &record));
                return Ok(record);
            }
            scanned = self.buf.len();
            // A record that already fills the bound cannot end within it.
            if self.buf.len() >= self.max_record {
                return Err(self.too_large());
            }
            if self.closed {
                return Err(RecvError::Closed);
            }
            let mut chunk = vec![0u8; 64 * 1024];
            match self.reader.read(&mut chunk).await {
                Ok(0) => {
                    self.closed = true;
                    self.record(Entry::mark(self.id, Dir::Closed, None));
                    if !self.buf.is_empty() {
                        let n = self.buf.len();
                        let partial = std::mem::take(&mut self.buf);
                        self.record(Entry::bytes(self.id, Dir::Recv, &partial));
                        return Err(RecvError::ClosedMidRecord(n));
                    }
                    return Err(RecvError::Closed);
                }
                Ok(n) => self.buf.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                    self.closed = true;
                    self.record(Entry::mark(self.id, Dir::Closed, Some(format!("reset: {e}"))));
                    return Err(RecvError::Closed);
                }
                Err(e) => return Err(RecvError::Io(e.to_string())),
            }
        }
    }

    fn too_large(&mut self) -> RecvError {
        let head: Vec<u8> = self.buf.iter().take(200).copied().collect();
        self.record(Entry::mark(
            self.id,
            Dir::Note,
            Some(format!("oversized record from the peer, starting {}", String::from_utf8_lossy(&head))),
        ));
        self.buf.clear();
        RecvError::TooLarge(self.max_record)
    }

    /// Whether the peer closes the connection within `timeout` without sending another record.
    pub async fn closes_within(&mut self, timeout: Duration) -> Result<bool, String> {
        match self.recv(timeout).await {
            Err(RecvError::Closed | RecvError::ClosedMidRecord(_)) => Ok(true),
            Err(RecvError::Timeout(_)) => Ok(false),
            Err(e) => Err(e.to_string()),
            Ok(r) => {
                Err(format!("expected the connection to close, got another record: {}", String::from_utf8_lossy(&r)))
            }
        }
    }

    pub fn sink(&self) -> Sink {
        Arc::clone(&self.log)
    }
}
