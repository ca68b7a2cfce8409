//! The JSONL framing reader against a model of the framing rules. The input's first bytes say
//! how the peer's writes are cut (any split of a stream must read the same), the rest is the
//! stream. With a small maximum record size the reader must lend exactly each newline-ended
//! record of at most that size, then `TooLarge` for good at the first longer one, and end with
//! `Eof` (nothing pending) or `EofMidRecord` (a short partial record).
#![no_main]

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use agentwire_daemon::transport::framing::{ReadOutcome, RecordReader};
use libfuzzer_sys::fuzz_target;
use tokio::io::{AsyncRead, ReadBuf};

/// Small enough that the fuzzer reaches the size limit often.
const MAX_RECORD: usize = 48;
/// How many leading bytes describe the cuts.
const CUT_BYTES: usize = 4;

/// A peer whose writes arrive in the given sizes (cycled), each read returning at most one.
struct Chunked<'a> {
    rest: &'a [u8],
    cuts: &'a [u8],
    turn: usize,
}

impl AsyncRead for Chunked<'_> {
    fn poll_read(mut self: Pin<&mut Self>, _: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let cut = self.cuts.get(self.turn % self.cuts.len().max(1)).map_or(usize::MAX, |&c| usize::from(c % 64) + 1);
        self.turn += 1;
        let n = cut.min(buf.remaining()).min(self.rest.len());
        let (head, tail) = self.rest.split_at(n);
        buf.put_slice(head);
        self.rest = tail;
        Poll::Ready(Ok(()))
    }
}

/// What the framing rules say the reader yields for `stream`. Only the first `MAX_RECORD + 1`
/// bytes of the rest can hold the newline of an acceptable record, so only they are searched:
/// a newline further on ends a record that is too large anyway. (Searching the whole rest made
/// the model quadratic in the stream, and long seeds made the target crawl.)
fn model(stream: &[u8]) -> Vec<ReadOutcome<&[u8]>> {
    let mut out = Vec::new();
    let mut rest = stream;
    loop {
        let window = &rest[..rest.len().min(MAX_RECORD + 1)];
        match window.iter().position(|&b| b == b'\n') {
            Some(end) => {
                out.push(ReadOutcome::Record(&rest[..end]));
                rest = &rest[end + 1..];
            }
            None if rest.len() > MAX_RECORD => return push(out, ReadOutcome::TooLarge),
            None if rest.is_empty() => return push(out, ReadOutcome::Eof),
            None => return push(out, ReadOutcome::EofMidRecord),
        }
    }
}

fn push<'a>(mut out: Vec<ReadOutcome<&'a [u8]>>, last: ReadOutcome<&'a [u8]>) -> Vec<ReadOutcome<&'a [u8]>> {
    out.push(last);
    out
}

thread_local! {
    /// The reader's deadlines need a time driver; one runtime serves every input.
    static RUNTIME: tokio::runtime::Runtime =
        tokio::runtime::Builder::new_current_thread().enable_time().build().expect("runtime");
}

/// Reads as many outcomes as the model expects and compares each as it is lent (no copies):
/// the reader must yield exactly the model's records, then its final outcome.
fn check(reader: &mut RecordReader<Chunked<'_>>, expected: &[ReadOutcome<&[u8]>], stream: &[u8]) {
    RUNTIME.with(|runtime| {
        runtime.block_on(async {
            for (i, want) in expected.iter().enumerate() {
                let got = reader.next_in_place().await.expect("an in-memory peer never fails");
                assert_eq!(&got, want, "outcome {i} of stream {:?}", String::from_utf8_lossy(stream));
            }
            // Lost framing stays lost: the next call repeats the failure.
            if matches!(expected.last(), Some(ReadOutcome::TooLarge)) {
                let again = reader.next_in_place().await.expect("in memory");
                assert_eq!(again, ReadOutcome::TooLarge);
            }
        })
    });
}

fuzz_target!(|data: &[u8]| {
    let (cuts, stream) = data.split_at(data.len().min(CUT_BYTES));
    let peer = Chunked { rest: stream, cuts, turn: 0 };
    let mut reader = RecordReader::new(peer, MAX_RECORD, Duration::from_secs(3600));
    check(&mut reader, &model(stream), stream);
});
