//! The cached replay projection of one session's recent transcript window.
//!
//! Replaying a window page by page must not re-parse it for every page, so the projection is
//! kept between requests and only bytes appended since the last read are parsed. The cache is
//! trusted only while the file is provably the same append-only file: same (device, inode),
//! not shorter than what was parsed, the same first line, and the same bytes just before the
//! parsed end. Anything else (rewrite, replacement, truncation) drops it and re-reads the
//! window from scratch.
//!
//! The window is the one [`RawWindow`] the model's context reads too: the lines that start
//! within the last `max_bytes` of the file, at most `max_records` of them (newest kept), each
//! decoded once from its raw bytes (which also give the record fingerprints). Where a
//! compaction checkpoint starts is [`Checkpoints`]' computation, shared the same way.
//!
//! Fingerprints tell whether a transcript is still the file a projection or a cursor was
//! made from: FNV-1a of the first line and of the bytes just before the parsed end, and a
//! polynomial chain hash over line fingerprints (an item cursor carries the chain of the lines
//! ending with its record). Stable across builds and platforms, unlike `std`'s hasher.

use std::collections::VecDeque;
use std::fs::File;
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

use agentwire_protocol::{decode_session_message, ReplayItem};

use super::allowlist::{self, project, Checkpoint, Checkpoints};
use crate::storage::transcript::{
    open_transcript, read_meta, read_range, RawLines, RawWindow, Summaries, WindowLimits, DEFAULT_MAX_META_BYTES,
    META_FILE,
};

/// The head fingerprint covers at most this much of the first line: enough to tell
/// transcripts apart, and a bounded read on every request.
const HEAD_PROBE_BYTES: u64 = 4096;
/// Bytes just before the parsed end that must be unchanged for the cache to be reused.
const TAIL_PROBE_BYTES: u64 = 64;

/// FNV-1a, 64 bit.
pub(crate) fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Most lines an item cursor's chain covers: changes this far before a cursor are noticed.
pub(crate) const CHAIN_MAX_LINES: usize = 64;
/// The chain is a polynomial hash modulo the Mersenne prime 2^61−1 over line fingerprints:
/// prefix values make the hash of any run of lines an O(1) difference, whatever line the
/// cache happened to start at (so it is the same after a restart).
pub(crate) const CHAIN_MOD: u64 = (1 << 61) - 1;
pub(crate) const CHAIN_BASE: u64 = 0x1b87_3593_cc9e_2d51 % CHAIN_MOD;

/// `a * b mod 2^61−1` for `a, b < 2^61−1`, by the Mersenne folding `2^61 ≡ 1` (no u128 division).
pub(crate) const fn mul_mod(a: u64, b: u64) -> u64 {
    let p = a as u128 * b as u128;
    ((p as u64 & CHAIN_MOD) + (p >> 61) as u64) % CHAIN_MOD
}

/// `CHAIN_BASE^n` for `n ≤ CHAIN_MAX_LINES`.
pub(crate) const CHAIN_POWERS: [u64; CHAIN_MAX_LINES + 1] = {
    let mut powers = [1u64; CHAIN_MAX_LINES + 1];
    let mut n = 1;
    while n <= CHAIN_MAX_LINES {
        powers[n] = mul_mod(powers[n - 1], CHAIN_BASE);
        n += 1;
    }
    powers
};

/// Fingerprint of the first line (up to [`HEAD_PROBE_BYTES`], newline excluded), which stays
/// the same as the file grows.
pub(crate) fn head_fingerprint(file: &File, len: u64) -> io::Result<u64> {
    let head = read_range(file, 0, len.min(HEAD_PROBE_BYTES))?;
    let first_line = memchr::memchr(b'\n', &head).map_or(&head[..], |nl| &head[..nl]);
    Ok(fnv1a64(first_line))
}

pub(crate) fn tail_fingerprint(file: &File, parsed_to: u64) -> io::Result<u64> {
    if parsed_to == 0 {
        return Ok(0);
    }
    Ok(fnv1a64(&read_range(file, parsed_to.saturating_sub(TAIL_PROBE_BYTES), parsed_to)?))
}

/// The session part of every cursor of `session_id`.
pub(crate) fn session_tag(session_id: &str) -> u32 {
    let h = fnv1a64(session_id.as_bytes());
    // Fold instead of truncating so every input byte influences the tag.
    (h ^ (h >> 32)) as u32
}

/// The window for the file length being read.
#[derive(Debug, Clone, Copy)]
struct Bounds {
    /// Lines starting before this byte are outside the window.
    byte_start: u64,
    max_records: usize,
}

/// A complete line of the window.
#[derive(Debug, Clone, Copy)]
struct Line {
    offset: u64,
    /// Chain prefix through this line: `prev * CHAIN_BASE + fp(line)` modulo `CHAIN_MOD`.
    prefix: u64,
}

/// One projected item and the record it came from. Its `item.cursor` is empty: cursors are
/// issued per page by `Projection::cursor_for` (in `replay`), against the window of that moment.
#[derive(Debug, Clone)]
pub(crate) struct ProjItem {
    /// Byte offset of the source record's first byte.
    pub offset: u64,
    /// Byte offset just after the source record's newline.
    pub end: u64,
    /// Index of this item among the record's items.
    pub index: u32,
    /// Sequence number of the source line since the cache was (re)built.
    line_seq: u64,
    pub item: ReplayItem,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FileKey {
    dev: u64,
    ino: u64,
}

/// Length and change times seen at the last read. An append always grows the file, so a
/// file of the same length whose times changed was rewritten in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    len: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl Stamp {
    fn of(meta: &std::fs::Metadata) -> Stamp {
        Stamp { len: meta.len(), mtime: (meta.mtime(), meta.mtime_nsec()), ctime: (meta.ctime(), meta.ctime_nsec()) }
    }
}

#[derive(Debug)]
pub(crate) struct Projection {
    tag: u32,
    file: Option<FileKey>,
    stamp: Option<Stamp>,
    head_fp: u64,
    /// End of the last complete line consumed; always a line start.
    parsed_to: u64,
    tail_fp: u64,
    /// The complete lines in the window (the record bound counts them).
    lines: VecDeque<Line>,
    /// Chain prefix of the line before `lines.front()` (0 when unknown: only differences
    /// of prefixes are ever used).
    popped_prefix: u64,
    /// Sequence numbers of `lines.front()` and of the next line to arrive.
    front_seq: u64,
    next_seq: u64,
    items: VecDeque<ProjItem>,
    /// Start offsets of window lines that are malformed or not session messages.
    gaps: VecDeque<u64>,
    /// Bytes after `parsed_to` without a newline: a torn append (e.g. after `kill -9`) or one
    /// in flight. Never consumed, so it is re-examined until it is completed.
    torn_tail: bool,
    /// Total bytes handed to the decoder over this cache's life (the no-rescan proof).
    parsed_bytes: u64,
    /// The compaction summaries `meta.json` vouches for, and the metadata file they were read
    /// from (identity and times: every metadata write replaces the file).
    summaries: Summaries,
    meta_seen: Option<(FileKey, Stamp)>,
    /// The latest compaction checkpoint in the window. Items and gaps before its start are
    /// dropped: the projection starts there.
    checkpoint: Option<Checkpoint>,
    /// The compacting turns' prompts seen in the window.
    checkpoints: Checkpoints,
}

impl Projection {
    pub(crate) fn new(session_id: &str) -> Projection {
        Projection {
            tag: session_tag(session_id),
            file: None,
            stamp: None,
            head_fp: fnv1a64(b""),
            parsed_to: 0,
            tail_fp: 0,
            lines: VecDeque::new(),
            popped_prefix: 0,
            front_seq: 0,
            next_seq: 0,
            items: VecDeque::new(),
            gaps: VecDeque::new(),
            torn_tail: false,
            parsed_bytes: 0,
            summaries: Summaries::default(),
            meta_seen: None,
            checkpoint: None,
            checkpoints: Checkpoints::default(),
        }
    }

    /// Rereads the summaries when `meta.json` changed; true when they differ from those the
    /// cached items were projected with (the cache must then be rebuilt).
    fn refresh_summaries(&mut self, session_dir: &Path) -> bool {
        let path = session_dir.join(META_FILE);
        let seen =
            std::fs::symlink_metadata(&path).ok().map(|m| (FileKey { dev: m.dev(), ino: m.ino() }, Stamp::of(&m)));
        if seen.is_some() && seen == self.meta_seen {
            return false;
        }
        self.meta_seen = seen;
        // Unreadable metadata vouches for nothing.
        let summaries = Summaries::of(read_meta(session_dir, DEFAULT_MAX_META_BYTES).ok().flatten().as_ref());
        if summaries == self.summaries {
            return false;
        }
        self.summaries = summaries;
        true
    }

    pub(crate) fn items(&self) -> &VecDeque<ProjItem> {
        &self.items
    }

    pub(crate) fn session_tag(&self) -> u32 {
        self.tag
    }

    pub(crate) fn head_fp(&self) -> u64 {
        self.head_fp
    }

    /// Offset of the window's first line (where the projection starts).
    pub(crate) fn base(&self) -> u64 {
        self.lines.front().map_or(self.parsed_to, |l| l.offset)
    }

    /// Older lines exist before the window and no checkpoint in the window stands for them.
    /// History folded into a checkpoint's summary is not an omission (`gap` stays `false`);
    /// once the checkpoint itself — or the prompt of its compacting turn — leaves the window,
    /// the window start is an omission again.
    pub(crate) fn omitted_before(&self) -> bool {
        self.base() > 0 && self.checkpoint.is_none_or(|c| c.prompt_cut)
    }

    /// For a record of the checkpoint's head: the summary's offset, which cursors of its items
    /// carry (see `cursor`).
    pub(crate) fn head_summary(&self, offset: u64) -> Option<u64> {
        self.checkpoint.and_then(|c| c.head_of(offset))
    }

    pub(crate) fn torn_tail(&self) -> bool {
        self.torn_tail
    }

    #[cfg(test)]
    pub(crate) fn parsed_bytes(&self) -> u64 {
        self.parsed_bytes
    }

    /// Whether a malformed line starts in `[from, to)`.
    pub(crate) fn has_gap_in(&self, from: u64, to: u64) -> bool {
        let i = self.gaps.partition_point(|&g| g < from);
        self.gaps.get(i).is_some_and(|&g| g < to)
    }

    pub(crate) fn any_gap(&self) -> bool {
        self.omitted_before() || self.torn_tail || !self.gaps.is_empty()
    }

    /// The chain an item's cursor carries: `(span, chain)` over up to [`CHAIN_MAX_LINES`]
    /// lines ending with the item's record. While the window starts at the file start it cannot
    /// move, so the chain takes every line it can. Once the window slides, the chain takes only
    /// the newer half of the window lines before the item: a cursor handed out near the window
    /// start then survives the window moving by about as many lines again instead of dying with
    /// the next append, and one near the end (the usual saved cursor) survives almost a whole
    /// window of appends.
    pub(crate) fn item_chain(&self, it: &ProjItem) -> (u32, u64) {
        let i = usize::try_from(it.line_seq.saturating_sub(self.front_seq)).unwrap_or(usize::MAX);
        let covered = if self.base() == 0 { i.saturating_add(1) } else { i.saturating_add(2) / 2 };
        let span = covered.clamp(1, CHAIN_MAX_LINES);
        (span as u32, self.chain(i, span).unwrap_or_default())
    }

    /// Brings the projection up to the file's current state, parsing only what was appended
    /// when the cache is still valid.
    pub(crate) fn refresh(&mut self, session_dir: &Path, limits: WindowLimits) -> io::Result<()> {
        let file = match open_transcript(session_dir) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                self.reset(None, fnv1a64(b""));
                return Ok(());
            }
            Err(e) => return Err(e),
        };
        let meta = file.metadata()?;
        let key = FileKey { dev: meta.dev(), ino: meta.ino() };
        let len = meta.len();
        let stamp = Stamp::of(&meta);
        let head_fp = head_fingerprint(&file, len)?;
        let rewritten_in_place = self.stamp.is_some_and(|seen| seen.len == len && seen != stamp);
        let summaries_changed = self.refresh_summaries(session_dir);
        let reusable = !summaries_changed
            && self.file == Some(key)
            && !rewritten_in_place
            && len >= self.parsed_to
            && head_fp == self.head_fp
            && self.tail_fp == tail_fingerprint(&file, self.parsed_to)?
            // Appended more than a whole window: nothing cached would survive the trim, and
            // reading only the window bounds memory.
            && len - self.parsed_to <= limits.max_bytes;
        let bounds = Bounds { byte_start: len.saturating_sub(limits.max_bytes), max_records: limits.max_records };
        if reusable {
            let data = read_range(&file, self.parsed_to, len)?;
            self.consume(&data, self.parsed_to, 0, bounds);
        } else {
            self.reset(Some(key), head_fp);
            let window = RawWindow::read(&file, len, limits.max_bytes)?;
            self.parsed_to = window.start();
            self.consume_lines(window.lines(), bounds);
        }
        self.tail_fp = tail_fingerprint(&file, self.parsed_to)?;
        self.trim(bounds);
        self.stamp = Some(stamp);
        Ok(())
    }

    /// Forgets everything parsed (the session tag and the parse counter stay).
    fn reset(&mut self, file: Option<FileKey>, head_fp: u64) {
        self.file = file;
        self.stamp = None;
        self.head_fp = head_fp;
        self.parsed_to = 0;
        self.tail_fp = 0;
        self.lines.clear();
        self.popped_prefix = 0;
        self.front_seq = 0;
        self.next_seq = 0;
        self.items.clear();
        self.gaps.clear();
        self.torn_tail = false;
        self.checkpoint = None;
        self.checkpoints.clear();
    }

    /// Parses the complete lines of `data[from..]` (`data[0]` is file byte `base`).
    fn consume(&mut self, data: &[u8], base: u64, from: usize, bounds: Bounds) {
        self.consume_lines(RawLines::new(data, base, from), bounds);
    }

    fn consume_lines(&mut self, mut lines: RawLines<'_>, bounds: Bounds) {
        for raw in lines.by_ref() {
            let (line, offset, end) = (raw.bytes, raw.offset, raw.end);
            let prev = self.lines.back().map_or(self.popped_prefix, |l| l.prefix);
            let prefix = (mul_mod(prev, CHAIN_BASE) + fnv1a64(line) % CHAIN_MOD) % CHAIN_MOD;
            self.lines.push_back(Line { offset, prefix });
            self.next_seq += 1;
            // Lines leave the window as they arrive, so each cursor's chain is chosen within
            // the window that will actually be kept.
            self.trim_lines(bounds);
            self.parsed_bytes += line.len() as u64;
            self.project_line(line, offset, end);
            self.parsed_to = end;
        }
        self.torn_tail = lines.torn_tail();
    }

    fn project_line(&mut self, line: &[u8], offset: u64, end: u64) {
        // Malformed JSON, over-limit records and valid JSON that is not a session message
        // ("mismatched session records") are all gaps, never failures.
        let Ok(message) = decode_session_message(line) else {
            self.gaps.push_back(offset);
            return;
        };
        let base = self.base();
        if let Some((checkpoint, _)) = self.checkpoints.observe(&message, offset, base, &self.summaries) {
            // A newer checkpoint: the projection now starts at it, so everything projected
            // before its start (and any malformed line there) leaves the projection. Cursors
            // into the dropped prefix no longer resolve and resync.
            self.fold_into(checkpoint);
        }
        let Some(projected) = project(&message, &self.summaries) else {
            return;
        };
        // The line was just pushed.
        let line_seq = self.next_seq - 1;
        for (index, item) in (0u32..).zip(allowlist::items(&projected, |_| String::new())) {
            self.items.push_back(ProjItem { offset, end, index, line_seq, item });
        }
    }

    /// Starts the projection at `checkpoint`: what came before its start is replaced by its
    /// summary, and so is any earlier summary in its head (a compaction in an earlier
    /// tool-loop round of the same turn, which this summary summarizes in turn).
    fn fold_into(&mut self, checkpoint: Checkpoint) {
        self.checkpoint = Some(checkpoint);
        self.items.retain(|it| {
            let superseded = matches!(it.item, ReplayItem::Summary(_)) && it.offset < checkpoint.summary;
            it.offset >= checkpoint.start && !superseded
        });
        self.gaps.retain(|&g| g >= checkpoint.start);
    }

    /// Chain hash of the `span` lines ending with `lines[i]`; `None` when they are not all in
    /// the window.
    fn chain(&self, i: usize, span: usize) -> Option<u64> {
        if span == 0 || span > CHAIN_MAX_LINES || span > i + 1 {
            return None;
        }
        let last = self.lines.get(i)?.prefix;
        let before = if span == i + 1 { self.popped_prefix } else { self.lines.get(i - span)?.prefix };
        Some((last + CHAIN_MOD - mul_mod(before, CHAIN_POWERS[span])) % CHAIN_MOD)
    }

    /// The chain of the `span` lines ending with the line at `offset`, as an item cursor of
    /// that line must carry.
    pub(crate) fn chain_at(&self, offset: u64, span: u32) -> Option<u64> {
        let i = self.lines.partition_point(|l| l.offset < offset);
        if self.lines.get(i)?.offset != offset {
            return None;
        }
        self.chain(i, usize::try_from(span).ok()?)
    }

    /// Drops lines that fell out of the window: older than `max_bytes` before the end, or
    /// beyond the newest `max_records`.
    fn trim_lines(&mut self, bounds: Bounds) {
        while let Some(first) = self.lines.front() {
            if first.offset >= bounds.byte_start && self.lines.len() <= bounds.max_records {
                break;
            }
            self.popped_prefix = first.prefix;
            self.lines.pop_front();
            self.front_seq += 1;
        }
    }

    /// Drops lines, items and gaps that fell out of the window.
    fn trim(&mut self, bounds: Bounds) {
        self.trim_lines(bounds);
        let base = self.base();
        while self.items.front().is_some_and(|it| it.offset < base) {
            self.items.pop_front();
        }
        while self.gaps.front().is_some_and(|&g| g < base) {
            self.gaps.pop_front();
        }
        match self.checkpoint {
            Some(c) if c.summary < base => {
                // The summary left the window: no checkpoint is available in it any more.
                self.checkpoint = None;
            }
            Some(c) if c.start < base => {
                // The prompt left the window before its summary: start where a fresh read of
                // this window would, at the summary, with the prompt reported cut.
                self.fold_into(Checkpoint { start: c.summary, summary: c.summary, prompt_cut: true });
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mersenne_folding_matches_plain_modular_multiplication() {
        let samples =
            [0, 1, 2, CHAIN_BASE, CHAIN_MOD - 1, CHAIN_MOD - 2, 1 << 60, (1 << 61) - 3, 0x0123_4567_89ab_cdef];
        for &a in &samples {
            for &b in &samples {
                let (a, b) = (a % CHAIN_MOD, b % CHAIN_MOD);
                let plain = ((u128::from(a) * u128::from(b)) % u128::from(CHAIN_MOD)) as u64;
                assert_eq!(mul_mod(a, b), plain, "{a} * {b}");
            }
        }
        assert_eq!(CHAIN_POWERS[2], mul_mod(CHAIN_BASE, CHAIN_BASE));
    }

    #[test]
    fn tags_differ_between_sessions() {
        assert_ne!(session_tag("s-1"), session_tag("s-2"));
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
