//! JSONL framing over byte streams: bounded record reads with a framing deadline, and
//! deadline-bounded record writes.
//!
//! Records are the bytes before `\n`. A `\r\n` ending leaves `\r` in the record; JSON
//! treats it as trailing whitespace, so nothing is stripped here.

use std::io;
use std::time::Duration;

use std::future::Future;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::time::Instant;

/// What one [`RecordReader::next_record`] call produced; [`RecordReader::next_in_place`] lends
/// the record instead.
#[derive(Debug, PartialEq, Eq)]
pub enum ReadOutcome<R = Vec<u8>> {
    /// One complete record without its trailing `\n`.
    Record(R),
    /// The peer closed the stream between records.
    Eof,
    /// The peer closed the stream inside a record; the partial bytes are dropped.
    EofMidRecord,
    /// More than the maximum record size arrived before a newline. Framing cannot be
    /// recovered: the caller answers `record_too_large` and closes.
    TooLarge,
    /// A started record did not end within the framing timeout; the caller disconnects.
    Timeout,
}

/// Once framing is lost every later call repeats the failure instead of guessing
/// where the next record starts.
#[derive(Debug, Clone, Copy)]
enum Failure {
    TooLarge,
    Timeout,
}

/// Reads newline-terminated records. Holds at most `max_record_bytes + 1` bytes, so an
/// oversized record is detected without buffering it.
///
/// `next_record` is cancel-safe: received bytes and the record deadline live in the
/// reader, so it can sit in a `select!` loop.
#[derive(Debug)]
pub struct RecordReader<R> {
    inner: R,
    buf: Box<[u8]>,
    len: usize,
    /// Prefix of `buf[..len]` known to hold no newline.
    scanned: usize,
    /// Length (newline included) of the record last lent by `next_in_place`, still at the
    /// front of `buf` until the next call.
    lent: usize,
    framing_timeout: Duration,
    /// When the record in progress must be complete; `None` between records.
    deadline: Option<Instant>,
    last_read_at: Instant,
    failure: Option<Failure>,
}

impl<R: AsyncRead + Unpin> RecordReader<R> {
    pub fn new(inner: R, max_record_bytes: usize, framing_timeout: Duration) -> Self {
        RecordReader {
            inner,
            buf: vec![0; max_record_bytes.saturating_add(1)].into_boxed_slice(),
            len: 0,
            scanned: 0,
            lent: 0,
            framing_timeout,
            deadline: None,
            last_read_at: Instant::now(),
            failure: None,
        }
    }

    pub fn max_record_bytes(&self) -> usize {
        self.buf.len() - 1
    }

    /// Read and drop what the peer still sends, until it closes, `limit` passes or `max_bytes`
    /// were dropped. Closing a Unix socket with unread input resets the peer's side, which can
    /// destroy a final error record it has not read yet; lingering first lets it arrive.
    pub async fn discard_remaining(&mut self, limit: Duration, max_bytes: usize) {
        let drain = async {
            let mut dropped = 0;
            while dropped < max_bytes {
                match self.inner.read(&mut self.buf).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => dropped += n,
                }
            }
        };
        let _ = tokio::time::timeout(limit, drain).await;
    }

    pub async fn next_record(&mut self) -> io::Result<ReadOutcome> {
        Ok(self.next_in_place().await?.map(<[u8]>::to_vec))
    }

    /// Like [`next_record`](Self::next_record), but the record is lent from the reader's buffer
    /// (no copy) until the next call.
    pub async fn next_in_place(&mut self) -> io::Result<ReadOutcome<&[u8]>> {
        self.drop_lent();
        loop {
            if let Some(failure) = self.failure {
                return Ok(failure.into());
            }
            if let Some(end) = self.take_record() {
                return Ok(ReadOutcome::Record(&self.buf[..end]));
            }
            if self.len == self.buf.len() {
                self.failure = Some(Failure::TooLarge);
                continue;
            }
            let Some(n) = self.fill().await? else {
                self.failure = Some(Failure::Timeout);
                continue;
            };
            if n == 0 {
                return Ok(if self.len == 0 { ReadOutcome::Eof } else { ReadOutcome::EofMidRecord });
            }
        }
    }

    /// Reads more bytes; `None` when the framing deadline passed first.
    async fn fill(&mut self) -> io::Result<Option<usize>> {
        let read = self.inner.read(&mut self.buf[self.len..]);
        let n = match self.deadline {
            Some(deadline) => match tokio::time::timeout_at(deadline, read).await {
                Ok(result) => result?,
                Err(_elapsed) => return Ok(None),
            },
            None => read.await?,
        };
        let ends_records = n > 0 && self.buf[self.len + n - 1] == b'\n';
        self.len += n;
        // Bytes ending in a newline leave no record in progress, so there is no deadline to date.
        if n > 0 && !ends_records {
            self.last_read_at = Instant::now();
            if self.deadline.is_none() {
                self.deadline = Some(self.last_read_at + self.framing_timeout);
            }
        }
        Ok(Some(n))
    }

    /// Find the next complete record at the front of the buffer and lend it: its end, newline
    /// excluded.
    fn take_record(&mut self) -> Option<usize> {
        let found = memchr::memchr(b'\n', &self.buf[self.scanned..self.len]);
        let Some(offset) = found else {
            self.scanned = self.len;
            return None;
        };
        let end = self.scanned + offset;
        self.lent = end + 1;
        self.scanned = self.lent;
        // Leftover bytes started the next record when they were read, not now.
        self.deadline = (self.len > self.lent).then(|| self.last_read_at + self.framing_timeout);
        Some(end)
    }

    fn drop_lent(&mut self) {
        if self.lent > 0 {
            self.buf.copy_within(self.lent..self.len, 0);
            self.len -= self.lent;
            self.scanned -= self.lent;
            self.lent = 0;
        }
    }

    /// Bytes received beyond the records returned so far.
    pub fn buffered(&self) -> &[u8] {
        &self.buf[self.lent..self.len]
    }

    pub fn get_ref(&self) -> &R {
        &self.inner
    }
}

impl<R> ReadOutcome<R> {
    /// The same outcome with its record (if any) transformed.
    pub fn map<S>(self, f: impl FnOnce(R) -> S) -> ReadOutcome<S> {
        match self {
            ReadOutcome::Record(record) => ReadOutcome::Record(f(record)),
            ReadOutcome::Eof => ReadOutcome::Eof,
            ReadOutcome::EofMidRecord => ReadOutcome::EofMidRecord,
            ReadOutcome::TooLarge => ReadOutcome::TooLarge,
            ReadOutcome::Timeout => ReadOutcome::Timeout,
        }
    }
}

impl<R> From<Failure> for ReadOutcome<R> {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::TooLarge => ReadOutcome::TooLarge,
            Failure::Timeout => ReadOutcome::Timeout,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("record contains a newline")]
    EmbeddedNewline,
    #[error("framed record does not end in a newline")]
    Unterminated,
    #[error("record exceeds the maximum outbound size")]
    TooLarge,
    #[error("peer did not accept the record before the write deadline")]
    Timeout,
    #[error("stream is unusable after an earlier write failure")]
    Poisoned,
    #[error("write failed: {0}")]
    Io(#[from] io::Error),
}

/// Writes one record plus `\n` and flushes, within a deadline, so a peer that stops
/// reading is detected instead of stalling the writer forever.
#[derive(Debug)]
pub struct RecordWriter<W> {
    inner: W,
    max_record_bytes: usize,
    write_timeout: Duration,
    poisoned: bool,
}

impl<W: AsyncWrite + Unpin> RecordWriter<W> {
    /// `max_record_bytes` bounds the encoded record including its newline.
    pub fn new(inner: W, max_record_bytes: usize, write_timeout: Duration) -> Self {
        RecordWriter { inner, max_record_bytes, write_timeout, poisoned: false }
    }

    pub async fn write_record(&mut self, record: &[u8]) -> Result<(), WriteError> {
        if record.contains(&b'\n') {
            return Err(WriteError::EmbeddedNewline);
        }
        let mut framed = Vec::with_capacity(record.len() + 1);
        framed.extend_from_slice(record);
        framed.push(b'\n');
        self.write_framed(&framed).await
    }

    /// Write a record that already ends in its newline (as `encode_record` produces it), sparing
    /// the copy. Its JSON encoder escapes every other newline, so only the ending is checked.
    pub async fn write_framed(&mut self, framed: &[u8]) -> Result<(), WriteError> {
        if self.poisoned {
            return Err(WriteError::Poisoned);
        }
        if framed.last() != Some(&b'\n') {
            return Err(WriteError::Unterminated);
        }
        if framed.len() > self.max_record_bytes {
            return Err(WriteError::TooLarge);
        }
        // A partial write leaves the stream mid-record; nothing more may be sent.
        self.poisoned = true;
        let write = async {
            self.inner.write_all(framed).await?;
            self.inner.flush().await
        };
        let mut write = std::pin::pin!(write);
        // Nearly every record fits the socket buffer at once; only a write that has to wait
        // pays for arming the deadline timer.
        let now = write.as_mut().poll(&mut std::task::Context::from_waker(std::task::Waker::noop()));
        let outcome = match now {
            std::task::Poll::Ready(r) => Ok(r),
            std::task::Poll::Pending => tokio::time::timeout(self.write_timeout, write).await,
        };
        match outcome {
            Ok(Ok(())) => {
                self.poisoned = false;
                Ok(())
            }
            Ok(Err(e)) => Err(WriteError::Io(e)),
            Err(_elapsed) => Err(WriteError::Timeout),
        }
    }

    /// The bound on one write: a record, or records written together.
    pub fn max_record_bytes(&self) -> usize {
        self.max_record_bytes
    }

    pub async fn shutdown(&mut self) -> io::Result<()> {
        self.inner.shutdown().await
    }

    pub fn get_ref(&self) -> &W {
        &self.inner
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{duplex, DuplexStream};

    const SECOND: Duration = Duration::from_secs(1);

    fn reader(max: usize) -> (DuplexStream, RecordReader<DuplexStream>) {
        let (client, server) = duplex(1024);
        (client, RecordReader::new(server, max, Duration::from_secs(10)))
    }

    #[tokio::test]
    async fn a_record_split_across_writes_is_joined() {
        let (mut tx, mut rx) = reader(64);
        tx.write_all(b"{\"a\"").await.unwrap();
        tx.write_all(b":1}").await.unwrap();
        tx.write_all(b"\n").await.unwrap();
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Record(b"{\"a\":1}".to_vec()));
    }

    #[tokio::test]
    async fn two_records_in_one_write_come_out_separately() {
        let (mut tx, mut rx) = reader(64);
        tx.write_all(b"{}\n[1]\r\n").await.unwrap();
        drop(tx);
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Record(b"{}".to_vec()));
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Record(b"[1]\r".to_vec()));
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Eof);
    }

    #[tokio::test]
    async fn records_lent_in_place_come_out_one_by_one() {
        let (mut tx, mut rx) = reader(64);
        tx.write_all(b"{\"a\":1}\n[2]\n{\"c\"").await.unwrap();
        assert_eq!(rx.next_in_place().await.unwrap(), ReadOutcome::Record(&b"{\"a\":1}"[..]));
        // The lent record is not among the bytes still buffered.
        assert_eq!(rx.buffered(), b"[2]\n{\"c\"");
        assert_eq!(rx.next_in_place().await.unwrap(), ReadOutcome::Record(&b"[2]"[..]));
        tx.write_all(b":3}\n").await.unwrap();
        assert_eq!(rx.next_in_place().await.unwrap(), ReadOutcome::Record(&b"{\"c\":3}"[..]));
        drop(tx);
        assert_eq!(rx.next_in_place().await.unwrap(), ReadOutcome::Eof);
    }

    #[tokio::test]
    async fn empty_lines_are_empty_records() {
        let (mut tx, mut rx) = reader(8);
        tx.write_all(b"\n\n").await.unwrap();
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Record(Vec::new()));
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Record(Vec::new()));
    }

    #[tokio::test]
    async fn a_record_of_exactly_the_maximum_is_accepted() {
        let (mut tx, mut rx) = reader(8);
        tx.write_all(b"12345678\n").await.unwrap();
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Record(b"12345678".to_vec()));
    }

    #[tokio::test]
    async fn an_oversized_line_is_too_large_without_buffering_it() {
        let (mut tx, mut rx) = reader(8);
        tx.write_all(b"ok\n123456789").await.unwrap();
        let writer = tokio::spawn(async move {
            // Keeps sending a huge line; the reader must not need to consume it.
            let _ = tx.write_all(&[b'x'; 4096]).await;
            tx
        });
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Record(b"ok".to_vec()));
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::TooLarge);
        assert!(rx.buffered().len() <= 9);
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::TooLarge);
        drop(rx);
        writer.await.unwrap();
    }

    #[tokio::test]
    async fn eof_between_and_inside_records() {
        let (mut tx, mut rx) = reader(64);
        tx.write_all(b"{}\n{\"partial\"").await.unwrap();
        drop(tx);
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Record(b"{}".to_vec()));
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::EofMidRecord);

        let (tx, mut rx) = reader(64);
        drop(tx);
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Eof);
    }

    #[tokio::test(start_paused = true)]
    async fn a_started_record_must_end_within_the_framing_timeout() {
        let (mut tx, server) = duplex(1024);
        let mut rx = RecordReader::new(server, 64, 10 * SECOND);
        tx.write_all(b"{\"slow\":").await.unwrap();
        let started = Instant::now();
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Timeout);
        assert_eq!(started.elapsed(), 10 * SECOND);
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Timeout);
    }

    #[tokio::test(start_paused = true)]
    async fn idle_time_between_records_is_not_limited() {
        let (mut tx, server) = duplex(1024);
        let mut rx = RecordReader::new(server, 64, 10 * SECOND);
        let sender = tokio::spawn(async move {
            tokio::time::sleep(60 * SECOND).await;
            tx.write_all(b"{}\n").await.unwrap();
            tokio::time::sleep(5 * SECOND).await;
            tx.write_all(b"[").await.unwrap();
            tokio::time::sleep(5 * SECOND).await;
            tx.write_all(b"]\n").await.unwrap();
            tx
        });
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Record(b"{}".to_vec()));
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Record(b"[]".to_vec()));
        drop(sender.await.unwrap());
    }

    #[tokio::test(start_paused = true)]
    async fn a_record_finished_late_restarts_the_clock_for_what_follows_it() {
        let (mut tx, server) = duplex(1024);
        let mut rx = RecordReader::new(server, 64, 10 * SECOND);
        let sender = tokio::spawn(async move {
            tx.write_all(b"{\"a\"").await.unwrap();
            tokio::time::sleep(8 * SECOND).await;
            tx.write_all(b":1}\n{\"b\"").await.unwrap();
            tx
        });
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Record(b"{\"a\":1}".to_vec()));
        // "{\"b\"" arrived at 8 s, so it has until 18 s, not the first record's 10 s.
        let waited = Instant::now();
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Timeout);
        assert_eq!(waited.elapsed(), 10 * SECOND);
        drop(sender.await.unwrap());
    }

    #[tokio::test(start_paused = true)]
    async fn leftover_bytes_start_the_next_record_clock() {
        let (mut tx, server) = duplex(1024);
        let mut rx = RecordReader::new(server, 64, 10 * SECOND);
        tx.write_all(b"{}\n{\"rest\"").await.unwrap();
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Record(b"{}".to_vec()));
        tokio::time::sleep(4 * SECOND).await;
        let waited = Instant::now();
        assert_eq!(rx.next_record().await.unwrap(), ReadOutcome::Timeout);
        assert_eq!(waited.elapsed(), 6 * SECOND);
    }

    #[tokio::test]
    async fn writer_appends_newline_and_flushes() {
        let (client, mut server) = duplex(1024);
        let mut tx = RecordWriter::new(client, 64, SECOND);
        tx.write_record(b"{\"a\":1}").await.unwrap();
        let mut got = [0u8; 8];
        server.read_exact(&mut got).await.unwrap();
        assert_eq!(&got, b"{\"a\":1}\n");
    }

    #[tokio::test]
    async fn writer_rejects_newlines_and_oversized_records() {
        let (client, _server) = duplex(1024);
        let mut tx = RecordWriter::new(client, 8, SECOND);
        assert!(matches!(tx.write_record(b"a\nb").await, Err(WriteError::EmbeddedNewline)));
        // The bound includes the newline.
        assert!(matches!(tx.write_record(b"12345678").await, Err(WriteError::TooLarge)));
        tx.write_record(b"1234567").await.unwrap();
        assert!(matches!(tx.write_framed(b"{}").await, Err(WriteError::Unterminated)));
        assert!(matches!(tx.write_framed(b"12345678\n").await, Err(WriteError::TooLarge)));
        tx.write_framed(b"1234567\n").await.unwrap();
    }

    #[tokio::test(start_paused = true)]
    async fn a_peer_that_stops_reading_hits_the_write_deadline() {
        let (client, _server_never_reads) = duplex(16);
        let mut tx = RecordWriter::new(client, 1024, 3 * SECOND);
        let big = vec![b'x'; 100];
        assert!(matches!(tx.write_record(&big).await, Err(WriteError::Timeout)));
        assert!(matches!(tx.write_record(b"{}").await, Err(WriteError::Poisoned)));
    }
}
