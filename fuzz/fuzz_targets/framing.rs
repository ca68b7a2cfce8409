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

/// What the framing rules say the reader yields for `stream`.
fn model(stream: &[u8]) -> Vec<ReadOutcome> {
    let mut out = Vec::new();
    let mut rest = stream;
    loop {
        match rest.iter().position(|&b| b == b'\n') {
            Some(end) if end <= MAX_RECORD => {
                out.push(ReadOutcome::Record(rest[..end].to_vec()));
                rest = &rest[end + 1..];
            }
            Some(_) => return push(out, ReadOutcome::TooLarge),
            None if rest.len() > MAX_RECORD => return push(out, ReadOutcome::TooLarge),
            None if rest.is_empty() => return push(out, ReadOutcome::Eof),
            None => return push(out, ReadOutcome::EofMidRecord),
        }
    }
}

fn push(mut out: Vec<ReadOutcome>, last: ReadOutcome) -> Vec<ReadOutcome> {
    out.push(last);
    out
}

thread_local! {
    /// The reader's deadlines need a time driver; one runtime serves every input.
    static RUNTIME: tokio::runtime::Runtime =
        tokio::runtime::Builder::new_current_thread().enable_time().build().expect("runtime");
}

fn read_all(reader: &mut RecordReader<Chunked<'_>>) -> Vec<ReadOutcome> {
    RUNTIME.with(|runtime| {
        runtime.block_on(async {
            let mut out = Vec::new();
            loop {
                let outcome = reader.next_in_place().await.expect("an in-memory peer never fails").map(<[u8]>::to_vec);
                let done = !matches!(outcome, ReadOutcome::Record(_));
                out.push(outcome);
                if done {
                    // Lost framing stays lost: the next call repeats the failure.
                    if matches!(out.last(), Some(ReadOutcome::TooLarge)) {
                        let again = reader.next_in_place().await.expect("in memory").map(<[u8]>::to_vec);
                        assert_eq!(again, ReadOutcome::TooLarge);
                    }
                    return out;
                }
            }
        })
    })
}

fuzz_target!(|data: &[u8]| {
    let (cuts, stream) = data.split_at(data.len().min(CUT_BYTES));
    let peer = Chunked { rest: stream, cuts, turn: 0 };
    let mut reader = RecordReader::new(peer, MAX_RECORD, Duration::from_secs(3600));
    assert_eq!(read_all(&mut reader), model(stream), "stream {:?}", String::from_utf8_lossy(stream));
});
