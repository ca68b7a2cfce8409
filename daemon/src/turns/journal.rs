//! The transcript records a turn writes, appended live (session protocol: "messages are never
//! updated, only appended"): each record goes to the turn's [`writer`] the moment it is
//! complete — a text segment when its model step ends or a tool call begins, thinking when
//! its block ends, each `tool-call-start`/`tool-call-end` and `service` note as it happens,
//! the `turn-end` at settlement — so a crash loses at most the message in progress. The
//! writer appends whatever is queued in one write and `fsync`s within [`GROUP_COMMIT`]; the
//! settlement waits for its own `fsync`.
//!
//! The journal lives outside the runtime's future, so a cancelled turn (its future dropped)
//! still settles. IDs and times come from the session's [`MessageClock`] under the journal's
//! lock, in the order records are queued, so they are monotonic in append order. Call IDs are
//! allocated here too, unique within the session whatever the provider sends.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use agentwire_protocol::{
    limits, ErrorCode, PermissionOption, SessionId, SessionMessage, SessionMessageAgentPermissionRequest,
    SessionMessageAgentService, SessionMessageAgentText, SessionMessageAgentToolCallEnd,
    SessionMessageAgentToolCallStart, SessionMessageAgentTurnEnd, SessionMessageAgentTurnStart,
    SessionMessageUserPermissionResponse, SessionMessageUserText, TurnEndStatus,
};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use crate::agent::sink::{CallView, Origin};
use crate::approvals::DecidedBy;
use crate::redact::truncate_on_char_boundary;
use crate::sessions::Sessions;
use crate::storage::transcript::{CompactionRef, Durability, MessageClock};

use super::stored_args::stored_args;

/// The longest a written record waits for its `fsync` (bounded group commit); the turn's
/// settlement is `fsync`ed before its terminal is sent.
pub const GROUP_COMMIT: Duration = Duration::from_millis(agentwire_protocol::constants::JOURNAL_COMMIT_MS);

/// Most queued records one write takes.
const MAX_BATCH: usize = 256;

fn bounded(text: &str) -> String {
    truncate_on_char_boundary(text, usize::try_from(limits::MAX_STRING_BYTES).unwrap_or(usize::MAX)).to_owned()
}

fn max_id_bytes() -> usize {
    usize::try_from(limits::MAX_ID_BYTES).unwrap_or(usize::MAX)
}

/// What the journal hands its writer.
#[derive(Debug)]
pub enum Entry {
    Record(SessionMessage),
    /// A record the session metadata must name before it is appended (a compaction summary,
    /// a `compaction_required` turn end).
    Noted(SessionMessage, CompactionRef),
    /// Make everything before it durable; answers whether every record was written.
    Flush(oneshot::Sender<Result<(), ErrorCode>>),
}

#[derive(Debug, Default)]
struct Inner {
    /// `None` once settled: later records are dropped.
    sink: Option<mpsc::UnboundedSender<Entry>>,
    /// Bytes of the main agent's accepted text already written as segments.
    text_journaled: usize,
    /// Message ID of the turn's prompt, once [`Journal::admission`] wrote it.
    prompt_id: Option<String>,
    /// The runtime could not continue without a compaction it could not do.
    compaction_required: bool,
    /// Call IDs handed out in this turn, and the counter of generated ones.
    calls: HashSet<String>,
    generated: u64,
    /// The last `service` note written, for the terminal's `notice`.
    last_note: Option<String>,
}

#[derive(Debug)]
pub struct Journal {
    turn_id: String,
    clock: Arc<MessageClock>,
    inner: Mutex<Inner>,
}

impl Journal {
    /// A turn's journal and the queue its [`writer`] drains.
    pub fn new(turn_id: &str, clock: Arc<MessageClock>) -> (Journal, mpsc::UnboundedReceiver<Entry>) {
        let (tx, rx) = mpsc::unbounded_channel();
        let inner = Inner { sink: Some(tx), ..Inner::default() };
        (Journal { turn_id: turn_id.to_owned(), clock, inner: Mutex::new(inner) }, rx)
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        crate::sync::lock(&self.inner)
    }

    /// The records the turn's admission appends: the user's prompt and the `turn-start`. The
    /// journal keeps the prompt's ID so the turn's compaction summaries can name it: replay
    /// starts a checkpoint at that prompt ([`CompactionRef::prompt_id`]).
    pub fn admission(&self, prompt: &str) -> [SessionMessage; 2] {
        let mut inner = self.lock();
        let (id, time) = self.clock.next();
        inner.prompt_id = Some(id.clone());
        let user = SessionMessage::UserText(
            SessionMessageUserText::new(id, time, prompt.to_owned()).with_turn(self.turn_id.clone()),
        );
        let (id, time) = self.clock.next();
        let start = SessionMessage::AgentTurnStart(SessionMessageAgentTurnStart::new(id, time, self.turn_id.clone()));
        [user, start]
    }

    /// The session call ID of a provider's tool call: `<turn>/<provider id>` when that is
    /// unused in this turn and fits an ID, else `<turn>/call-<n>`. Turn IDs are unique in the
    /// session, so call IDs are too; a provider that repeats or omits IDs cannot merge calls.
    pub fn call_id(&self, provider_id: &str) -> String {
        let mut inner = self.lock();
        let kept = format!("{}/{provider_id}", self.turn_id);
        if !provider_id.is_empty() && kept.len() <= max_id_bytes() && !inner.calls.contains(&kept) {
            inner.calls.insert(kept.clone());
            return kept;
        }
        loop {
            inner.generated += 1;
            let id = format!("{}/call-{}", self.turn_id, inner.generated);
            if inner.calls.insert(id.clone()) {
                return id;
            }
        }
    }

    /// Queues one record, built with the next ID and time under the lock (queue order is ID
    /// order). Dropped once the turn settled.
    fn push(&self, inner: &mut Inner, build: impl FnOnce(String, u64) -> SessionMessage) {
        if let Some(sink) = &inner.sink {
            let (id, time) = self.clock.next();
            let _ = sink.send(Entry::Record(build(id, time)));
        }
    }

    fn text(&self, inner: &mut Inner, origin: &Origin, text: &str, thinking: bool) {
        let turn = self.turn_id.clone();
        self.push(inner, |id, time| {
            SessionMessage::AgentText(
                SessionMessageAgentText::new(id, time, turn, bounded(text))
                    .with_parent_id(origin.parent_id.clone())
                    .with_agent_id(origin.agent_id.clone())
                    .with_thinking(thinking.then_some(true)),
            )
        });
    }

    /// Journals the main agent's text accepted since the last segment (`accepted` is the whole
    /// accepted text so far).
    pub fn main_text(&self, accepted: &str) {
        let mut inner = self.lock();
        self.main_text_locked(&mut inner, accepted);
    }

    fn main_text_locked(&self, inner: &mut Inner, accepted: &str) {
        let Some(segment) = accepted.get(inner.text_journaled..).filter(|s| !s.is_empty()) else { return };
        let segment = segment.to_owned();
        inner.text_journaled = accepted.len();
        self.text(inner, &Origin::default(), &segment, false);
    }

    pub fn child_text(&self, origin: &Origin, text: &str) {
        if !text.is_empty() {
            self.text(&mut self.lock(), origin, text, false);
        }
    }

    /// Reasoning a provider supplied: a `text` record with `thinking:true`, which replay and
    /// the model history never show.
    pub fn thinking(&self, origin: &Origin, text: &str) {
        if !text.trim().is_empty() {
            self.text(&mut self.lock(), origin, text, true);
        }
    }

    pub fn tool_start(&self, origin: &Origin, call_id: &str, view: &CallView, args: &Value) {
        let turn = self.turn_id.clone();
        let args = Value::Object(stored_args(args));
        self.push(&mut self.lock(), |id, time| {
            SessionMessage::AgentToolCallStart(
                SessionMessageAgentToolCallStart::new(
                    id,
                    time,
                    turn,
                    call_id.to_owned(),
                    bounded_name(&view.tool_name),
                    bounded(&view.title),
                    bounded(&view.description),
                    args,
                )
                .with_parent_id(origin.parent_id.clone())
                .with_agent_id(origin.agent_id.clone())
                .with_agent_title(view.agent_title.as_deref().map(bounded)),
            )
        });
    }

    pub fn tool_end(&self, origin: &Origin, call_id: &str, error: Option<&str>) {
        let turn = self.turn_id.clone();
        self.push(&mut self.lock(), |id, time| {
            SessionMessage::AgentToolCallEnd(
                SessionMessageAgentToolCallEnd::new(id, time, turn, call_id.to_owned())
                    .with_parent_id(origin.parent_id.clone())
                    .with_agent_id(origin.agent_id.clone())
                    .with_error(error.map(bounded)),
            )
        });
    }

    /// An agent's permission request for a call it announced (or that the bridge announced for
    /// it), with the answers offered; `options` is cut to the array bound.
    pub fn permission_request(&self, call_id: &str, view: &CallView, args: &Value, mut options: Vec<PermissionOption>) {
        options.truncate(usize::try_from(limits::MAX_ARRAY_ITEMS).unwrap_or(usize::MAX));
        let turn = self.turn_id.clone();
        let args = Value::Object(stored_args(args));
        self.push(&mut self.lock(), |id, time| {
            SessionMessage::AgentPermissionRequest(
                SessionMessageAgentPermissionRequest::new(
                    id,
                    time,
                    turn,
                    call_id.to_owned(),
                    bounded_name(&view.tool_name),
                    bounded(&view.title),
                    options,
                )
                .with_description(Some(bounded(&view.description)))
                .with_args(Some(args)),
            )
        });
    }

    /// The answer to a permission request: the configured policy's (no `decidedBy`: the
    /// `user` role records that it stands in for the person), or that of a request asked of
    /// the person, naming who decided (see the reference's session message section).
    pub fn permission_response(&self, call_id: &str, option_id: &str, decided_by: Option<DecidedBy>) {
        self.push(&mut self.lock(), |id, time| {
            SessionMessage::UserPermissionResponse(
                SessionMessageUserPermissionResponse::new(id, time, call_id.to_owned(), option_id.to_owned())
                    .with_decided_by(decided_by),
            )
        });
    }

    /// A `service` message of this turn.
    pub fn service_note(&self, text: &str) {
        let turn = self.turn_id.clone();
        let mut inner = self.lock();
        inner.last_note = Some(text.to_owned());
        self.push(&mut inner, |id, time| {
            SessionMessage::AgentService(SessionMessageAgentService::new(id, time, bounded(text)).with_turn(turn))
        });
    }

    /// The turn's last service note as its terminal's `notice`: the same words the stream
    /// keeps, cut to the notice's bound; `None` when the turn wrote none.
    pub fn notice(&self) -> Option<String> {
        let max = usize::try_from(agentwire_protocol::constants::TURN_NOTICE_MAX_BYTES).unwrap_or(usize::MAX);
        let note = self.lock().last_note.clone()?;
        let cut = truncate_on_char_boundary(note.trim(), max);
        (!cut.is_empty()).then(|| cut.to_owned())
    }

    /// A compaction summary: a top-level `service` message of this turn. What makes it a
    /// summary is not its ID or text but the session metadata's record of it, which the
    /// writer makes before it appends the summary.
    pub fn compaction_summary(&self, summary: &str) {
        let inner = self.lock();
        let Some(sink) = &inner.sink else { return };
        let (id, time) = self.clock.next();
        let record = SessionMessage::AgentService(
            SessionMessageAgentService::new(id.clone(), time, bounded(summary)).with_turn(self.turn_id.clone()),
        );
        let note = CompactionRef { id, turn: self.turn_id.clone(), prompt_id: inner.prompt_id.clone() };
        let _ = sink.send(Entry::Noted(record, note));
        drop(inner);
    }

    /// The turn cannot continue: compaction failed, or the context is still over the
    /// provider's window after it. A `failed` settlement then records its `turn-end` in the
    /// session metadata, the same way as a summary, so replay shows `compaction_required`.
    pub fn compaction_required(&self) {
        self.lock().compaction_required = true;
    }

    /// Queues the rest of the accepted text and the `turn-end`, closes the journal, and
    /// returns the flush the settlement waits for (`Err` when any record of the turn could not
    /// be written).
    pub fn settle(&self, accepted: &str, status: TurnEndStatus) -> oneshot::Receiver<Result<(), ErrorCode>> {
        let mut inner = self.lock();
        self.main_text_locked(&mut inner, accepted);
        let (done, answer) = oneshot::channel();
        let Some(sink) = inner.sink.take() else {
            let _ = done.send(Err(ErrorCode::PersistenceFailed));
            return answer;
        };
        let (id, time) = self.clock.next();
        let end = SessionMessage::AgentTurnEnd(SessionMessageAgentTurnEnd::new(
            id.clone(),
            time,
            self.turn_id.clone(),
            status,
        ));
        let entry = if inner.compaction_required && status == TurnEndStatus::Failed {
            // A turn end is no checkpoint: it names no prompt.
            Entry::Noted(end, CompactionRef { id, turn: self.turn_id.clone(), prompt_id: None })
        } else {
            Entry::Record(end)
        };
        let _ = sink.send(entry);
        let _ = sink.send(Entry::Flush(done));
        answer
    }
}

/// A tool name as the model or MCP server gave it, within the name bound.
fn bounded_name(name: &str) -> String {
    let max = usize::try_from(agentwire_protocol::constants::TOOL_NAME_MAX_BYTES).unwrap_or(usize::MAX);
    let cut = truncate_on_char_boundary(name, max);
    if cut.is_empty() {
        "unnamed".to_owned()
    } else {
        cut.to_owned()
    }
}

/// Appends a turn's records as the journal queues them: everything queued is one write, and
/// written records are `fsync`ed within [`GROUP_COMMIT`] or at the next flush. After a failed
/// append nothing more of the turn is written (the stream must not skip a record), and the
/// flush reports the failure.
pub async fn writer(sessions: Sessions, session_id: SessionId, mut queue: mpsc::UnboundedReceiver<Entry>) {
    let mut w = Writer { sessions, session_id, failed: false, unsynced: None };
    loop {
        let next = match w.unsynced {
            Some(since) => tokio::select! {
                entry = queue.recv() => entry,
                () = tokio::time::sleep_until(since + GROUP_COMMIT) => {
                    w.sync().await;
                    continue;
                }
            },
            None => queue.recv().await,
        };
        let Some(first) = next else { break };
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(entry) => batch.push(entry),
                Err(_) => break,
            }
        }
        w.take(batch).await;
    }
    w.sync().await;
}

struct Writer {
    sessions: Sessions,
    session_id: SessionId,
    failed: bool,
    /// When the oldest record not yet `fsync`ed was written.
    unsynced: Option<tokio::time::Instant>,
}

impl Writer {
    async fn take(&mut self, batch: Vec<Entry>) {
        let mut pending = Vec::new();
        for entry in batch {
            match entry {
                Entry::Record(m) => pending.push(m),
                Entry::Noted(m, note) => {
                    self.put(std::mem::take(&mut pending), Durability::Written).await;
                    // The metadata names the record before it is appended.
                    if !self.failed {
                        if let Err(code) = self.sessions.record_compactions(&self.session_id, vec![note]).await {
                            tracing::warn!(?code, "compaction record could not be written");
                        }
                    }
                    pending.push(m);
                }
                Entry::Flush(done) => {
                    if pending.is_empty() {
                        self.sync().await;
                    } else {
                        self.put(std::mem::take(&mut pending), Durability::Synced).await;
                    }
                    let _ = done.send(if self.failed { Err(ErrorCode::PersistenceFailed) } else { Ok(()) });
                }
            }
        }
        self.put(pending, Durability::Written).await;
    }

    async fn put(&mut self, records: Vec<SessionMessage>, durability: Durability) {
        if records.is_empty() || self.failed {
            return;
        }
        match self.sessions.append_with(&self.session_id, &records, durability).await {
            Ok(()) if durability == Durability::Synced => self.unsynced = None,
            Ok(()) => {
                self.unsynced.get_or_insert_with(tokio::time::Instant::now);
            }
            Err(code) => {
                tracing::warn!(?code, "turn records could not be persisted");
                self.failed = true;
            }
        }
    }

    async fn sync(&mut self) {
        if self.unsynced.take().is_some() && !self.failed {
            if let Err(code) = self.sessions.sync(&self.session_id).await {
                tracing::warn!(?code, "turn records could not be made durable");
                self.failed = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn journal(turn: &str) -> (Journal, mpsc::UnboundedReceiver<Entry>) {
        Journal::new(turn, Arc::default())
    }

    /// Everything queued so far, with the metadata notes.
    fn drain(rx: &mut mpsc::UnboundedReceiver<Entry>) -> (Vec<SessionMessage>, Vec<CompactionRef>) {
        let (mut records, mut notes) = (Vec::new(), Vec::new());
        while let Ok(entry) = rx.try_recv() {
            match entry {
                Entry::Record(m) => records.push(m),
                Entry::Noted(m, n) => {
                    records.push(m);
                    notes.push(n);
                }
                Entry::Flush(_) => {}
            }
        }
        (records, notes)
    }

    fn view(name: &str) -> CallView {
        CallView { tool_name: name.into(), title: "t".into(), description: "d".into(), agent_title: None }
    }

    #[test]
    fn each_record_is_queued_when_it_is_complete_not_at_settlement() {
        // "each message appended when complete": the writer sees a record as soon as it exists.
        let (j, mut rx) = journal("t");
        j.main_text("Let me look.");
        let id = j.call_id("c1");
        j.tool_start(&Origin::default(), &id, &view("list_folder"), &json!({"path":"."}));
        let (queued, _) = drain(&mut rx);
        assert!(matches!(&queued[..], [SessionMessage::AgentText(_), SessionMessage::AgentToolCallStart(_)]));
        j.tool_end(&Origin::default(), &id, None);
        let _flush = j.settle("Let me look. Found it.", TurnEndStatus::Cancelled);
        let (records, _) = drain(&mut rx);
        let texts: Vec<&str> = records
            .iter()
            .filter_map(|r| match r {
                SessionMessage::AgentText(t) => Some(t.text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(texts, [" Found it."]);
        assert!(
            matches!(records.last(), Some(SessionMessage::AgentTurnEnd(e)) if e.status == TurnEndStatus::Cancelled)
        );
        // Nothing after settlement.
        j.tool_end(&Origin::default(), &id, None);
        assert!(rx.try_recv().is_err());
    }

    #[test]
    fn call_ids_are_namespaced_by_turn_and_unique_whatever_the_provider_sends() {
        // "callId unique within the session whatever the provider sends"
        let (j, _rx) = journal("t-1");
        let (other, _rx2) = journal("t-2");
        assert_eq!(j.call_id("toolu_1"), "t-1/toolu_1", "a unique provider ID is kept");
        let repeated: Vec<String> = (0..3).map(|_| j.call_id("call_0")).collect();
        assert_eq!(repeated[0], "t-1/call_0");
        assert_ne!(repeated[1], repeated[2]);
        assert!(!repeated[1..].contains(&repeated[0]));
        assert_ne!(j.call_id(""), j.call_id(""), "missing IDs are generated");
        assert_ne!(j.call_id("x"), other.call_id("x"), "another turn, another namespace");
        let long = "z".repeat(200);
        assert!(j.call_id(&long).len() <= max_id_bytes());
    }

    #[test]
    fn ids_and_times_are_monotonic_in_queue_order() {
        let (j, mut rx) = journal("t");
        let admission = j.admission("q");
        for i in 0..50 {
            j.child_text(&Origin::default(), &format!("segment {i}"));
        }
        let _flush = j.settle("", TurnEndStatus::Completed);
        let (records, _) = drain(&mut rx);
        let ids: Vec<(String, u64)> = admission
            .iter()
            .chain(&records)
            .map(|m| {
                let v = serde_json::to_value(m).unwrap();
                (v["id"].as_str().unwrap().to_owned(), v["time"].as_u64().unwrap())
            })
            .collect();
        assert!(ids.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1), "{ids:?}");
    }

    #[test]
    fn thinking_is_a_thinking_text_record_and_the_prompt_carries_its_turn() {
        let (j, mut rx) = journal("t");
        let [SessionMessage::UserText(prompt), _] = j.admission("Question") else { panic!("the prompt first") };
        assert_eq!(prompt.turn.as_deref(), Some("t"));
        j.thinking(&Origin::default(), "let me think");
        let (records, _) = drain(&mut rx);
        assert!(matches!(&records[..], [SessionMessage::AgentText(t)] if t.thinking == Some(true)));
    }

    #[test]
    fn a_compaction_summary_names_the_prompt_of_its_turn_so_replay_shows_the_turn_whole() {
        // Issue "Turns" 5: the prompt is appended at admission, before the summary exists; the
        // summary's metadata record names it so replay can start the checkpoint there.
        let (j, mut rx) = journal("t");
        let admission = j.admission("Question");
        let SessionMessage::UserText(prompt) = &admission[0] else { panic!("the prompt first") };
        assert_eq!(prompt.text, "Question");
        assert!(matches!(&admission[1], SessionMessage::AgentTurnStart(s) if s.turn == "t"));
        j.main_text("Round one.");
        j.compaction_summary("Earlier: the README.");
        let _flush = j.settle("Round one. Round two.", TurnEndStatus::Completed);
        let (records, notes) = drain(&mut rx);
        let Some(SessionMessage::AgentService(summary)) =
            records.iter().find(|r| matches!(r, SessionMessage::AgentService(_)))
        else {
            panic!("the summary is journaled")
        };
        let expected = CompactionRef { id: summary.id.clone(), turn: "t".into(), prompt_id: Some(prompt.id.clone()) };
        assert_eq!(notes, [expected]);
    }

    #[test]
    fn a_failed_turn_that_needed_compaction_names_its_turn_end_for_the_metadata() {
        let (j, mut rx) = journal("t");
        j.compaction_required();
        let _flush = j.settle("", TurnEndStatus::Failed);
        let (records, notes) = drain(&mut rx);
        let Some(SessionMessage::AgentTurnEnd(end)) = records.last() else { panic!("turn-end last") };
        assert_eq!(notes, [CompactionRef { id: end.id.clone(), turn: "t".into(), prompt_id: None }]);
        // Any other outcome (say, cancelled meanwhile) is not `compaction_required`.
        let (j, mut rx) = journal("t");
        j.compaction_required();
        let _flush = j.settle("", TurnEndStatus::Cancelled);
        assert!(drain(&mut rx).1.is_empty());
    }
}
