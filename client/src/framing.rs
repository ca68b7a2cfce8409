//! Reading newline-framed records from the service, bounded by `max_record_bytes`: a line is
//! refused as soon as it outgrows the bound, before it is buffered whole.

use std::io;
use tokio::io::{AsyncRead, AsyncReadExt};

/// What reading the next record gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// One record, newline stripped.
    Record(Vec<u8>),
    /// The service closed the connection between records.
    Eof,
    /// The service closed the connection inside a record.
    EofMidRecord,
    /// A record longer than the bound.
    TooLarge,
}

pub struct LineReader<R> {
    inner: R,
    buf: Vec<u8>,
    /// Start of the unread bytes in `buf`.
    start: usize,
    max: usize,
}

const READ_CHUNK: usize = 64 * 1024;

impl<R: AsyncRead + Unpin> LineReader<R> {
    pub fn new(inner: R, max_record_bytes: usize) -> Self {
        LineReader { inner, buf: Vec::with_capacity(READ_CHUNK), start: 0, max: max_record_bytes }
    }

    pub async fn next(&mut self) -> io::Result<Line> {
        let mut scanned = 0;
        loop {
            let unread = &self.buf[self.start..];
            if let Some(i) = unread[scanned..].iter().position(|b| *b == b'\n') {
                let end = self.start + scanned + i;
                let record = self.buf[self.start..end].to_vec();
                self.start = end + 1;
                return Ok(Line::Record(record));
            }
            scanned = unread.len();
            if scanned > self.max {
                return Ok(Line::TooLarge);
            }
            // Keep the unread tail at the front, then read more after it.
            if self.start > 0 {
                self.buf.drain(..self.start);
                self.start = 0;
            }
            let len = self.buf.len();
            self.buf.resize(len + READ_CHUNK, 0);
            let n = self.inner.read(&mut self.buf[len..]).await;
            self.buf.truncate(len + *n.as_ref().unwrap_or(&0));
            match n? {
                0 if self.buf.is_empty() => return Ok(Line::Eof),
                0 => return Ok(Line::EofMidRecord),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    #[tokio::test]
    async fn records_split_and_joined_come_out_one_by_one() {
        let (mut w, r) = tokio::io::duplex(8);
        let mut reader = LineReader::new(r, 64);
        tokio::spawn(async move {
            w.write_all(b"{\"a\":1}\n{\"b\"").await.unwrap();
            w.write_all(b":2}\n\n").await.unwrap();
        });
        assert_eq!(reader.next().await.unwrap(), Line::Record(b"{\"a\":1}".to_vec()));
        assert_eq!(reader.next().await.unwrap(), Line::Record(b"{\"b\":2}".to_vec()));
        assert_eq!(reader.next().await.unwrap(), Line::Record(Vec::new()));
        assert_eq!(reader.next().await.unwrap(), Line::Eof);
    }

    #[tokio::test]
    async fn a_line_over_the_bound_is_too_large_and_a_cut_record_is_eof_mid_record() {
        let mut reader = LineReader::new(&[b'x'; 100][..], 10);
        assert_eq!(reader.next().await.unwrap(), Line::TooLarge);
        let mut reader = LineReader::new(&b"{\"a\""[..], 10);
        assert_eq!(reader.next().await.unwrap(), Line::EofMidRecord);
        let mut reader = LineReader::new(&b"0123456789\n"[..], 10);
        assert_eq!(reader.next().await.unwrap(), Line::Record(b"0123456789".to_vec()));
    }
}
