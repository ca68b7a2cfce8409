//! Durable session storage (lifecycle §10): the append-only `transcript.jsonl`, the
//! per-session `writer.lock` that fences writes by another daemon, `meta.json`, and the one
//! bounded read of the transcript's recent window ([`RawWindow`]) that replay and the model's
//! context share.
//!
//! Lines are raw bytes here; typed session-message decoding sits above this.

use std::collections::HashSet;
use std::fs::{DirBuilder, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{DirBuilderExt, FileExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::storage::atomic_file::{sync_dir, write_atomic};
use crate::transport::instance_lock::{FileLock, LockError};

pub const TRANSCRIPT_FILE: &str = "transcript.jsonl";
pub const META_FILE: &str = "meta.json";
pub const WRITER_LOCK_FILE: &str = "writer.lock";

/// A session file that is not a regular file owned by the daemon's user: a symbolic link, a
/// FIFO, a device, a folder, or another user's file. It is never read or written.
#[derive(Debug, thiserror::Error)]
#[error("session file is not a regular file of this user")]
pub struct UnsafeFile;

/// Whether `e` is an [`UnsafeFile`] refusal.
pub fn is_unsafe_file(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<UnsafeFile>())
}

/// Opens a session file (`transcript.jsonl`, `meta.json`) without following a link
/// (`O_NOFOLLOW`) or waiting for a FIFO's other end (`O_NONBLOCK`, which changes nothing for a
/// regular file), and keeps it only when the descriptor is a regular file owned by this user:
/// checked on what was opened, so a swap after a check cannot slip a link in. A refusal is
/// [`UnsafeFile`] (logged once per file); `NotFound` passes through.
pub fn open_session_file(path: &Path, options: &mut OpenOptions) -> io::Result<File> {
    let opened = options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK).open(path);
    let file = match opened {
        Ok(file) => file,
        // What O_NOFOLLOW answers for a link.
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => return Err(refuse(path)),
        Err(e) => return Err(e),
    };
    let meta = file.metadata()?;
    if !meta.file_type().is_file() || meta.uid() != crate::transport::paths::effective_uid() {
        return Err(refuse(path));
    }
    Ok(file)
}

/// Paths refused so far: each is logged once per process.
static REFUSED: Mutex<Option<HashSet<PathBuf>>> = Mutex::new(None);

/// An [`UnsafeFile`] error for `path`, logged the first time (by session folder and file name,
/// never the full path).
pub fn refuse(path: &Path) -> io::Error {
    let first = crate::sync::lock(&REFUSED).get_or_insert_with(HashSet::new).insert(path.to_path_buf());
    if first {
        let name = |p: Option<&Path>| p.and_then(Path::file_name).map(|n| n.to_string_lossy().into_owned());
        tracing::warn!(
            session = name(path.parent()).unwrap_or_default(),
            file = name(Some(path)).unwrap_or_default(),
            "a session file is not a regular file of this user (a link, FIFO, device or another user's file); it is never read"
        );
    }
    io::Error::new(io::ErrorKind::InvalidData, UnsafeFile)
}

/// Metadata is tiny; anything bigger is corrupt and must not be loaded whole.
pub const DEFAULT_MAX_META_BYTES: u64 = 64 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum TranscriptError {
    /// Another writer (usually another daemon on the same state root) holds the
    /// session; the caller answers `session_busy`.
    #[error("session is held by another writer")]
    Busy,
    #[error("session already exists")]
    AlreadyExists,
    #[error("transcript line is empty or contains a newline")]
    InvalidLine,
    #[error("session metadata is invalid")]
    InvalidMeta,
    #[error("session storage failed: {0}")]
    Io(#[from] io::Error),
    #[error("session lock failed: {0}")]
    Lock(#[source] LockError),
}

/// Compaction summaries a session's metadata keeps track of (the most recent ones): enough
/// for every summary a replay or history window can still reach, and a bounded `meta.json`.
pub const MAX_COMPACTION_REFS: usize = 256;

/// `meta.json`: optional sanitized title, RFC 3339 creation/update times, and the compaction
/// records this daemon wrote into the transcript.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionMeta {
    pub title: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    /// Oldest first, at most [`MAX_COMPACTION_REFS`]. Only a `service` message named here (by
    /// ID and turn) is a compaction summary, and a failed `turn-end` named here replays as
    /// `compaction_required`: the transcript's own text never decides.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub compactions: Vec<CompactionRef>,
}

/// One compaction record: a summary (`service` message) or a `compaction_required` turn end,
/// by message `id`, written in turn `turn`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompactionRef {
    pub id: String,
    pub turn: String,
    /// For a summary: the ID of the compacting turn's user message. That prompt is appended at
    /// admission, before the summary exists, yet belongs after the history the summary
    /// replaces, so replay starts the checkpoint there and the compacting turn replays whole.
    /// Absent for a `compaction_required` turn end and in metadata written before this field
    /// existed; the checkpoint is then the summary itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt_id: Option<String>,
}

/// What the metadata says about one summary: its turn and its turn's prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SummaryRef {
    turn: String,
    prompt_id: Option<String>,
}

/// The compaction summaries a session's metadata vouches for (message ID → its turn and
/// prompt), and the prompts they name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summaries {
    refs: std::collections::HashMap<String, SummaryRef>,
    prompts: std::collections::HashSet<String>,
}

impl Summaries {
    pub fn of(meta: Option<&SessionMeta>) -> Summaries {
        let mut summaries = Summaries::default();
        for c in meta.map_or(&[][..], |m| &m.compactions) {
            summaries.prompts.extend(c.prompt_id.clone());
            summaries.refs.insert(c.id.clone(), SummaryRef { turn: c.turn.clone(), prompt_id: c.prompt_id.clone() });
        }
        summaries
    }

    /// Whether a `service` message with this ID and turn is one of the session's summaries.
    pub fn contains(&self, id: &str, turn: Option<&str>) -> bool {
        self.refs.get(id).is_some_and(|r| Some(r.turn.as_str()) == turn)
    }

    /// The prompt (user message ID) of the turn that wrote summary `id`, when recorded.
    pub fn prompt_of(&self, id: &str) -> Option<&str> {
        self.refs.get(id).and_then(|r| r.prompt_id.as_deref())
    }

    /// Whether a user message with this ID is the prompt of a compacting turn.
    pub fn is_prompt(&self, id: &str) -> bool {
        self.prompts.contains(id)
    }
}

/// Creates a new session folder (`0700`) and makes its creation durable.
pub fn create_session_dir(dir: &Path) -> Result<(), TranscriptError> {
    let parent =
        dir.parent().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "session folder has no parent"))?;
    DirBuilder::new().recursive(true).mode(0o700).create(parent)?;
    match DirBuilder::new().mode(0o700).create(dir) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Err(TranscriptError::AlreadyExists),
        Err(e) => return Err(e.into()),
    }
    sync_dir(parent)?;
    Ok(())
}

/// Message `id` and `time` of one session's stream, monotonic in append order: `time` never
/// goes back (a clock step backwards repeats the last time), and the ID is
/// `m-<13-digit time>-<6-digit counter within that millisecond>`, so IDs sort as the lines
/// were appended. One clock per attached session; it resumes from the transcript's last
/// record when a daemon opens the session.
#[derive(Debug, Default)]
pub struct MessageClock {
    last: Mutex<(u64, u64)>,
}

/// Counter values per millisecond before the clock borrows the next millisecond.
const CLOCK_COUNTER_LIMIT: u64 = 1_000_000;

impl MessageClock {
    /// The next `(id, time)`.
    pub fn next(&self) -> (String, u64) {
        let now =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        let mut last = crate::sync::lock(&self.last);
        let (mut time, mut counter) = if now > last.0 { (now, 0) } else { (last.0, last.1 + 1) };
        if counter >= CLOCK_COUNTER_LIMIT {
            time += 1;
            counter = 0;
        }
        *last = (time, counter);
        (format!("m-{time:013}-{counter:06}"), time)
    }

    /// Continues after a record already in the transcript: its `time`, and its counter when
    /// its ID has this clock's shape.
    pub fn resume(&self, time: u64, id: &str) {
        let counter = id
            .strip_prefix("m-")
            .and_then(|rest| rest.split_once('-'))
            .filter(|(t, _)| t.parse::<u64>().ok() == Some(time))
            .and_then(|(_, c)| c.parse::<u64>().ok())
            .unwrap_or(0);
        let mut last = crate::sync::lock(&self.last);
        if (time, counter) > *last {
            *last = (time, counter);
        }
    }
}

/// Whether an append waits for the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    /// `fsync`ed before the append returns.
    Synced,
    /// Written to the file; made durable by a later [`SessionWriter::sync`].
    Written,
}

/// Exclusive write access to one session folder, held through the writer lock.
/// Appends and metadata writes exist only on this type, so they cannot skip the fence.
#[derive(Debug)]
pub struct SessionWriter {
    dir: PathBuf,
    _lock: FileLock,
    /// The session's message IDs and times, shared with the turns that write to it.
    pub clock: Arc<MessageClock>,
    /// Whether the transcript's tail was checked for a turn left open by a crash (and the
    /// clock resumed from it) since the lock was taken or an append failed.
    pub checked: bool,
}

impl SessionWriter {
    /// Takes `writer.lock` without waiting; [`TranscriptError::Busy`] when held.
    pub fn try_acquire(session_dir: &Path) -> Result<SessionWriter, TranscriptError> {
        match FileLock::try_exclusive(&session_dir.join(WRITER_LOCK_FILE)) {
            Ok(lock) => {
                Ok(SessionWriter { dir: session_dir.to_path_buf(), _lock: lock, clock: Arc::default(), checked: false })
            }
            Err(LockError::Held) => Err(TranscriptError::Busy),
            Err(e) => Err(TranscriptError::Lock(e)),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Appends lines durably: one `fsync` for the batch. Each line must be one JSON record
    /// without a newline; all are checked before anything is written.
    pub fn append<L: AsRef<[u8]>>(&mut self, lines: &[L]) -> Result<(), TranscriptError> {
        self.append_with(lines, Durability::Synced)
    }

    /// Appends lines; [`Durability::Written`] leaves the `fsync` to a later [`Self::sync`] (the
    /// bytes are in the kernel's page cache, so they survive the process, not the machine).
    pub fn append_with<L: AsRef<[u8]>>(&mut self, lines: &[L], durability: Durability) -> Result<(), TranscriptError> {
        if lines.iter().any(|l| l.as_ref().is_empty() || l.as_ref().contains(&b'\n')) {
            return Err(TranscriptError::InvalidLine);
        }
        if lines.is_empty() {
            return Ok(());
        }
        let path = self.dir.join(TRANSCRIPT_FILE);
        let created = !path.exists();
        let mut file = open_for_append(&path)?;
        let mut batch = Vec::new();
        // A crash can leave a torn last line; end it so it stays one isolated gap
        // instead of swallowing the first new record.
        if !ends_with_newline(&file)? {
            batch.push(b'\n');
        }
        for line in lines {
            batch.extend_from_slice(line.as_ref());
            batch.push(b'\n');
        }
        file.write_all(&batch)?;
        if durability == Durability::Synced {
            file.sync_data()?;
        }
        if created {
            sync_dir(&self.dir)?;
        }
        Ok(())
    }

    /// Makes every line written so far durable (`fsync` of the transcript; nothing to do when
    /// there is none yet).
    pub fn sync(&self) -> Result<(), TranscriptError> {
        match open_session_file(&self.dir.join(TRANSCRIPT_FILE), OpenOptions::new().read(true)) {
            Ok(file) => Ok(file.sync_data()?),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    pub fn write_meta(&self, meta: &SessionMeta) -> Result<(), TranscriptError> {
        let json = serde_json::to_vec(meta).map_err(|_| TranscriptError::InvalidMeta)?;
        write_atomic(&self.dir.join(META_FILE), &json, 0o600)?;
        Ok(())
    }
}

fn open_for_append(path: &Path) -> io::Result<File> {
    open_session_file(path, OpenOptions::new().read(true).append(true).create(true).mode(0o600))
}

fn ends_with_newline(file: &File) -> io::Result<bool> {
    let len = file.metadata()?.len();
    if len == 0 {
        return Ok(true);
    }
    let mut last = [0u8; 1];
    file.read_exact_at(&mut last, len - 1)?;
    Ok(last[0] == b'\n')
}

/// Opens the session's transcript for reading through [`open_session_file`].
pub fn open_transcript(session_dir: &Path) -> io::Result<File> {
    open_session_file(&session_dir.join(TRANSCRIPT_FILE), OpenOptions::new().read(true))
}

/// Reads `meta.json` (bounded); `None` when the session has none yet.
pub fn read_meta(session_dir: &Path, max_bytes: u64) -> Result<Option<SessionMeta>, TranscriptError> {
    let file = match open_session_file(&session_dir.join(META_FILE), OpenOptions::new().read(true)) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let mut bytes = Vec::new();
    file.take(max_bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(TranscriptError::InvalidMeta);
    }
    serde_json::from_slice(&bytes).map(Some).map_err(|_| TranscriptError::InvalidMeta)
}

/// Bounds of a transcript read window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WindowLimits {
    pub max_bytes: u64,
    pub max_records: usize,
}

impl Default for WindowLimits {
    /// The seed's replay window: 2 MiB and 100,000 records.
    fn default() -> Self {
        WindowLimits { max_bytes: 2 * 1024 * 1024, max_records: 100_000 }
    }
}

/// The raw bytes of a transcript's recent window: every line that starts within the last
/// `max_bytes` of the file. Replay's projection cache and the model's context both read their
/// window through this, so the cut is made in one place; each consumer decodes a line's raw
/// bytes exactly once (strict I-JSON, duplicate keys refused), which a re-serialized value
/// could not give.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RawWindow {
    /// File bytes from `base` to the file length read.
    data: Vec<u8>,
    /// File offset of `data[0]`.
    base: u64,
    /// Index in `data` of the first line that starts inside the window.
    first: usize,
}

impl RawWindow {
    /// Reads the window of `file` (of length `len`): at most `max_bytes` from its end, plus the
    /// byte before, which tells whether the window's first line is whole.
    pub fn read(file: &File, len: u64, max_bytes: u64) -> io::Result<RawWindow> {
        let start = len.saturating_sub(max_bytes);
        let base = start.saturating_sub(1);
        let data = read_range(file, base, len)?;
        let first = if start > 0 { memchr::memchr(b'\n', &data).map_or(data.len(), |i| i + 1) } else { 0 };
        Ok(RawWindow { data, base, first })
    }

    /// The window of the session's transcript; empty when it has none yet.
    pub fn read_session(session_dir: &Path, max_bytes: u64) -> io::Result<RawWindow> {
        match open_transcript(session_dir) {
            Ok(file) => RawWindow::read(&file, file.metadata()?.len(), max_bytes),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(RawWindow::default()),
            Err(e) => Err(e),
        }
    }

    /// File offset of the first line inside the window.
    pub fn start(&self) -> u64 {
        self.base + self.first as u64
    }

    /// Older bytes exist before the window.
    pub fn cut_before(&self) -> bool {
        self.start() > 0
    }

    /// The window ends in bytes without a newline (a torn or in-flight append).
    pub fn torn_tail(&self) -> bool {
        self.data.len() > self.first && self.data.last() != Some(&b'\n')
    }

    /// The window's complete lines, oldest first (a torn last line is not one of them).
    pub fn lines(&self) -> RawLines<'_> {
        RawLines::new(&self.data, self.base, self.first)
    }
}

/// Reads file bytes `[from, to)`.
pub fn read_range(file: &File, from: u64, to: u64) -> io::Result<Vec<u8>> {
    let n = usize::try_from(to.saturating_sub(from)).map_err(io::Error::other)?;
    let mut data = vec![0u8; n];
    file.read_exact_at(&mut data, from)?;
    Ok(data)
}

/// One complete transcript line, without its newline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawLine<'a> {
    /// File offset of the line's first byte.
    pub offset: u64,
    /// File offset just after its newline.
    pub end: u64,
    pub bytes: &'a [u8],
}

/// The complete lines of a byte range of a transcript.
#[derive(Debug, Clone)]
pub struct RawLines<'a> {
    data: &'a [u8],
    base: u64,
    pos: usize,
}

impl<'a> RawLines<'a> {
    /// The lines of `data[from..]`, where `data[0]` is file byte `base`.
    pub fn new(data: &'a [u8], base: u64, from: usize) -> RawLines<'a> {
        RawLines { data, base, pos: from }
    }

    /// Bytes after the last complete line: a torn append (e.g. after `kill -9`) or one in
    /// flight. Meaningful once the iterator is exhausted.
    pub fn torn_tail(&self) -> bool {
        self.pos < self.data.len()
    }
}

impl<'a> Iterator for RawLines<'a> {
    type Item = RawLine<'a>;

    fn next(&mut self) -> Option<RawLine<'a>> {
        let rest = self.data.get(self.pos..)?;
        let nl = memchr::memchr(b'\n', rest)?;
        let offset = self.base + self.pos as u64;
        let line = RawLine { offset, end: offset + nl as u64 + 1, bytes: &rest[..nl] };
        self.pos += nl + 1;
        Some(line)
    }
}

/// Simulates a crash mid-append (bytes without a final newline).
#[cfg(test)]
fn append_raw(dir: &Path, bytes: &[u8]) {
    let mut f = open_for_append(&dir.join(TRANSCRIPT_FILE)).unwrap();
    f.write_all(bytes).unwrap();
}

/// Session messages for tests of the modules that read transcripts.
#[cfg(test)]
pub(crate) mod fixtures {
    use agentwire_protocol::{SessionMessage, SessionMessageAgentText, SessionMessageUserText};

    pub fn user_text(id: &str, text: &str) -> SessionMessage {
        SessionMessage::UserText(SessionMessageUserText::new(id, 1, text))
    }

    pub fn agent_text(id: &str, turn: &str, text: &str) -> SessionMessage {
        SessionMessage::AgentText(SessionMessageAgentText::new(id, 2, turn, text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::os::unix::fs::PermissionsExt;

    fn session() -> (tempfile::TempDir, PathBuf) {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("sessions").join("s1");
        create_session_dir(&dir).unwrap();
        (tmp, dir)
    }

    use serde_json::Value;

    fn read(dir: &Path, max_bytes: u64) -> RawWindow {
        RawWindow::read_session(dir, max_bytes).unwrap()
    }

    /// `n` of each complete line that is a JSON object with one (others are skipped).
    fn records(window: &RawWindow) -> Vec<i64> {
        window
            .lines()
            .filter_map(|l| serde_json::from_slice::<Value>(l.bytes).ok()?.get("n").and_then(Value::as_i64))
            .collect()
    }

    fn line(n: usize) -> String {
        format!("{{\"n\":{n}}}")
    }

    #[test]
    fn session_dir_is_private_and_created_once() {
        let (_tmp, dir) = session();
        assert_eq!(fs::metadata(&dir).unwrap().permissions().mode() & 0o777, 0o700);
        assert!(matches!(create_session_dir(&dir), Err(TranscriptError::AlreadyExists)));
    }

    #[test]
    fn appended_batches_read_back_in_order() {
        let (_tmp, dir) = session();
        let mut w = SessionWriter::try_acquire(&dir).unwrap();
        w.append(&[line(1), line(2)]).unwrap();
        w.append(&[line(3)]).unwrap();
        let window = read(&dir, 1 << 20);
        assert_eq!(records(&window), vec![1, 2, 3]);
        assert!(!window.torn_tail() && !window.cut_before());
        let mode = fs::metadata(dir.join(TRANSCRIPT_FILE)).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn invalid_lines_are_refused_before_writing() {
        let (_tmp, dir) = session();
        let mut w = SessionWriter::try_acquire(&dir).unwrap();
        assert!(matches!(w.append(&["{}", "{\n}"]), Err(TranscriptError::InvalidLine)));
        assert!(matches!(w.append(&[""]), Err(TranscriptError::InvalidLine)));
        assert!(!dir.join(TRANSCRIPT_FILE).exists());
    }

    #[test]
    fn second_writer_is_busy() {
        let (_tmp, dir) = session();
        let first = SessionWriter::try_acquire(&dir).unwrap();
        assert!(matches!(SessionWriter::try_acquire(&dir), Err(TranscriptError::Busy)));
        drop(first);
        assert!(SessionWriter::try_acquire(&dir).is_ok());
    }

    #[test]
    fn missing_transcript_is_an_empty_window() {
        let (_tmp, dir) = session();
        assert_eq!(read(&dir, 1 << 20), RawWindow::default());
        assert_eq!(read(&dir, 1 << 20).lines().count(), 0);
    }

    #[test]
    fn every_complete_line_is_handed_on_raw_and_a_torn_tail_is_not_a_line() {
        // Malformed lines are the decoder's to judge (replay shows them as gaps); the reader
        // hands on every complete line and holds back the torn one.
        let (_tmp, dir) = session();
        let mut w = SessionWriter::try_acquire(&dir).unwrap();
        w.append(&[line(1), "not json".into(), "[1,2]".into(), line(2)]).unwrap();
        append_raw(&dir, b"{\"n\":3,\"cut");
        let window = read(&dir, 1 << 20);
        let raw: Vec<&[u8]> = window.lines().map(|l| l.bytes).collect();
        assert_eq!(raw, [line(1).as_bytes(), b"not json", b"[1,2]", line(2).as_bytes()]);
        let mut lines = window.lines();
        assert!(lines.by_ref().all(|l| l.end > l.offset));
        assert!(lines.torn_tail() && window.torn_tail());
    }

    #[test]
    fn append_after_a_torn_tail_keeps_new_records_whole() {
        let (_tmp, dir) = session();
        let mut w = SessionWriter::try_acquire(&dir).unwrap();
        w.append(&[line(1)]).unwrap();
        append_raw(&dir, b"{\"n\":2,");
        w.append(&[line(3)]).unwrap();
        let window = read(&dir, 1 << 20);
        assert_eq!(records(&window), vec![1, 3]);
        assert_eq!(window.lines().nth(1).map(|l| l.bytes), Some(&b"{\"n\":2,"[..]), "the torn line is isolated");
    }

    #[test]
    fn byte_window_skips_the_cut_first_line() {
        let (_tmp, dir) = session();
        let mut w = SessionWriter::try_acquire(&dir).unwrap();
        let lines: Vec<String> = (0..100).map(line).collect();
        w.append(&lines).unwrap();
        let full = fs::read(dir.join(TRANSCRIPT_FILE)).unwrap();
        let tail_start = full.len() - 30;
        let window = read(&dir, 30);
        assert!(window.cut_before());
        assert!(!window.torn_tail());
        let got = records(&window);
        assert_eq!(*got.last().unwrap(), 99);
        // Only lines that begin inside the window and every such line.
        let expected: Vec<i64> = (0..100)
            .filter(|&n| {
                let needle = format!("{}\n", line(n));
                let pos = full.windows(needle.len()).position(|w| w == needle.as_bytes()).unwrap();
                pos >= tail_start
            })
            .map(|n| n as i64)
            .collect();
        assert_eq!(got, expected);
        let first = window.lines().next().unwrap();
        assert!(first.offset >= tail_start as u64 && first.offset == window.start());
        assert_eq!(&full[first.offset as usize..first.end as usize - 1], first.bytes);
    }

    #[test]
    fn window_starting_exactly_on_a_line_boundary_keeps_that_line() {
        let (_tmp, dir) = session();
        let mut w = SessionWriter::try_acquire(&dir).unwrap();
        w.append(&[line(1), line(2)]).unwrap();
        let second = (line(2).len() + 1) as u64;
        let window = read(&dir, second);
        assert_eq!(records(&window), vec![2]);
        assert!(window.cut_before());
    }

    #[test]
    fn meta_of_the_previous_format_loads_with_compactions_that_name_no_prompt() {
        // `compactions` entries written before `prompt_id` existed: the session still loads and
        // its summaries are still named; replay falls back to the summary as the checkpoint.
        let (_tmp, dir) = session();
        let old = r#"{"title":null,"created_at":"a","updated_at":"b","compactions":[{"id":"m-1","turn":"t-1"}]}"#;
        fs::write(dir.join(META_FILE), old).unwrap();
        let meta = read_meta(&dir, DEFAULT_MAX_META_BYTES).unwrap().unwrap();
        assert_eq!(meta.compactions, [CompactionRef { id: "m-1".into(), turn: "t-1".into(), prompt_id: None }]);
        let summaries = Summaries::of(Some(&meta));
        assert!(summaries.contains("m-1", Some("t-1")));
        assert_eq!(summaries.prompt_of("m-1"), None);
        // Written back unchanged in shape: an entry without a prompt has no `prompt_id` key.
        let json = serde_json::to_value(&meta).unwrap();
        assert_eq!(json["compactions"], serde_json::json!([{"id":"m-1","turn":"t-1"}]));
    }

    #[test]
    fn summaries_name_the_prompt_of_each_compacting_turn() {
        let refs = vec![
            CompactionRef { id: "m-1".into(), turn: "t-1".into(), prompt_id: Some("u-1".into()) },
            CompactionRef { id: "e-2".into(), turn: "t-2".into(), prompt_id: None },
        ];
        let meta = SessionMeta { title: None, created_at: "a".into(), updated_at: "b".into(), compactions: refs };
        let summaries = Summaries::of(Some(&meta));
        assert_eq!(summaries.prompt_of("m-1"), Some("u-1"));
        assert!(summaries.is_prompt("u-1") && !summaries.is_prompt("m-1") && !summaries.is_prompt("e-2"));
        assert_eq!(summaries.prompt_of("e-2"), None);
    }

    #[test]
    fn meta_round_trips_and_is_bounded() {
        let (_tmp, dir) = session();
        assert_eq!(read_meta(&dir, DEFAULT_MAX_META_BYTES).unwrap(), None);
        let w = SessionWriter::try_acquire(&dir).unwrap();
        let meta = SessionMeta {
            title: Some("Fix the build".into()),
            created_at: "2026-01-01T00:00:00.000Z".into(),
            updated_at: "2026-01-02T00:00:00.000Z".into(),
            compactions: vec![CompactionRef { id: "m-1".into(), turn: "t-1".into(), prompt_id: Some("m-0".into()) }],
        };
        w.write_meta(&meta).unwrap();
        assert_eq!(read_meta(&dir, DEFAULT_MAX_META_BYTES).unwrap(), Some(meta));
        assert!(matches!(read_meta(&dir, 10), Err(TranscriptError::InvalidMeta)));
        fs::write(dir.join(META_FILE), b"{").unwrap();
        assert!(matches!(read_meta(&dir, DEFAULT_MAX_META_BYTES), Err(TranscriptError::InvalidMeta)));
    }
}
