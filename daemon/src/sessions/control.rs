//! Control of sessions (lifecycle §7): claims, grants, revocation and attachments, as a pure
//! in-memory state machine. File locks are the caller's business: the attachment handle `A`
//! is whatever keeps a session's writer lock alive (a unit value in tests).
//!
//! Vocabulary: a *grant* is the control one connection holds (`claim_id` +
//! `grant_generation`); an *attachment* is a session with a live actor in this daemon (a
//! controller, a pending claim or a running turn), bounded by `max_session_attachments`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use agentwire_protocol::{limits, Control, RunningTurn, SnapshotTurn};

use super::error::SessionError;
use crate::operations::ResponseGate;
use crate::wire::Fence;

/// Identifies one client connection for the life of the daemon.
pub type ConnectionId = u64;

#[derive(Debug, Clone, PartialEq, Eq)]
struct Grant {
    conn: ConnectionId,
    claim_id: String,
    generation: u64,
    /// The running turn and sequence this grant's snapshot reflected: that turn's events up to
    /// it are in the snapshot, so only later ones go to this controller.
    floor: Option<(String, u64)>,
    /// Opens once the response that made this grant is written; events under the grant wait.
    announced: ResponseGate,
}

/// Where a running turn's events go: the session's current controller, with the identities
/// its events carry (turn module).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipient {
    pub conn: ConnectionId,
    pub grant_generation: u64,
    pub live_sequence: u64,
    /// Events of `floor.0` with a sequence up to `floor.1` were in this controller's snapshot.
    pub floor: Option<(String, u64)>,
    /// Valid while this controller still controls the session.
    pub fence: Fence,
    /// Opens once the `session.claim` response that made this grant is written.
    pub announced: ResponseGate,
}

impl Recipient {
    /// Whether this is still the session's controller (no control transition since).
    pub fn is_current(&self) -> bool {
        self.fence.is_current()
    }
}

#[derive(Debug)]
struct Entry<A> {
    /// Latest generation granted; 0 when never granted. Kept after release so it keeps
    /// increasing over the daemon's life.
    grant_generation: u64,
    /// The session's `live_sequence`. Written only under the table's lock (so transitions are
    /// ordered), read lock-free through [`Fence`]s.
    live: Arc<AtomicU64>,
    holder: Option<Grant>,
    attachment: Option<A>,
    /// Claims between reservation and grant: the attachment must outlive them.
    pending: u32,
    /// Hook for the turn module: the running turn, reported by claims and status.
    running_turn: Option<SnapshotTurn>,
}

impl<A> Entry<A> {
    fn new() -> Self {
        Entry {
            grant_generation: 0,
            live: Arc::default(),
            holder: None,
            attachment: None,
            pending: 0,
            running_turn: None,
        }
    }

    fn live_sequence(&self) -> u64 {
        self.live.load(Ordering::Acquire)
    }

    /// A control transition: advances `live_sequence`, which stales every fence taken before.
    fn advance(&mut self) -> u64 {
        self.live.fetch_add(1, Ordering::AcqRel) + 1
    }

    fn fence(&self) -> Fence {
        Fence::new(Arc::clone(&self.live), self.live_sequence())
    }

    fn held_by_other(&self, conn: ConnectionId) -> bool {
        self.holder.as_ref().is_some_and(|h| h.conn != conn)
    }

    /// An attachment lives while anything acts on the session; an uncontrolled running
    /// turn keeps it until its cleanup ends.
    fn release_if_idle(&mut self) -> Option<A> {
        if self.holder.is_none() && self.running_turn.is_none() && self.pending == 0 {
            self.attachment.take()
        } else {
            None
        }
    }
}

/// Result of a successful grant.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Granted {
    pub grant_generation: u64,
    pub live_sequence: u64,
    pub running_turn: Option<SnapshotTurn>,
}

/// What `session.status` reports.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct StatusView {
    pub controlled: bool,
    pub controlled_by_caller: bool,
    pub grant_generation: u64,
    pub live_sequence: u64,
    pub turn: Option<RunningTurn>,
}

#[derive(Debug)]
pub(crate) struct ControlTable<A> {
    entries: HashMap<String, Entry<A>>,
    attached: usize,
    max_attachments: usize,
    /// Per connection, the sessions it was ever granted and the last generation it held:
    /// a proof from such a session is `stale_grant`, one from a never-granted session is
    /// `control_required`. Dropped on disconnect.
    held: HashMap<ConnectionId, HashMap<String, u64>>,
}

impl<A: Clone> ControlTable<A> {
    pub(crate) fn new() -> Self {
        let max_attachments = usize::try_from(limits::MAX_SESSION_ATTACHMENTS).unwrap_or(usize::MAX);
        ControlTable { entries: HashMap::new(), attached: 0, max_attachments, held: HashMap::new() }
    }

    #[cfg(test)]
    pub(crate) fn attached_count(&self) -> usize {
        self.attached
    }

    pub(crate) fn attachment(&self, session: &str) -> Option<A> {
        self.entries.get(session).and_then(|e| e.attachment.clone())
    }

    /// Claim, phase one: refuses a session controlled by another connection (unless
    /// `take_over`), then makes sure the session is attached, calling `attach` (which takes
    /// the writer lock) only when it is not yet. The returned handle is held while the
    /// snapshot is taken; [`ControlTable::grant`] or [`ControlTable::abort`] must follow.
    pub(crate) fn reserve(
        &mut self,
        conn: ConnectionId,
        session: &str,
        take_over: bool,
        attach: impl FnOnce() -> Result<A, SessionError>,
    ) -> Result<A, SessionError> {
        if !take_over && self.entries.get(session).is_some_and(|e| e.held_by_other(conn)) {
            return Err(SessionError::Busy);
        }
        let handle = match self.attachment(session) {
            Some(handle) => handle,
            None => {
                if self.attached >= self.max_attachments {
                    return Err(SessionError::AttachmentLimit);
                }
                let handle = attach()?;
                self.entries.entry(session.to_string()).or_insert_with(Entry::new).attachment = Some(handle.clone());
                self.attached += 1;
                handle
            }
        };
        if let Some(e) = self.entries.get_mut(session) {
            e.pending += 1;
        }
        Ok(handle)
    }

    /// Claim, phase two: grants control to `conn`. Whatever grant existed (another
    /// connection's under `take_over`, or this connection's older one) is revoked by this
    /// same transition, so its proof turns stale. On error the caller still calls `abort`.
    pub(crate) fn grant(
        &mut self,
        conn: ConnectionId,
        session: &str,
        take_over: bool,
        claim_id: String,
        announced: ResponseGate,
    ) -> Result<Granted, SessionError> {
        let e = self.entries.get_mut(session).ok_or(SessionError::Unavailable)?;
        // Re-checked: another claim may have been granted while the snapshot was taken.
        if !take_over && e.held_by_other(conn) {
            return Err(SessionError::Busy);
        }
        e.pending = e.pending.saturating_sub(1);
        e.grant_generation += 1;
        let live_sequence = e.advance();
        let floor = e.running_turn.as_ref().map(|t| (t.turn_id.clone(), t.sequence));
        e.holder = Some(Grant { conn, claim_id, generation: e.grant_generation, floor, announced });
        self.held.entry(conn).or_default().insert(session.to_string(), e.grant_generation);
        Ok(Granted { grant_generation: e.grant_generation, live_sequence, running_turn: e.running_turn.clone() })
    }

    /// Ends a reservation that did not become a grant; returns a released attachment.
    pub(crate) fn abort(&mut self, session: &str) -> Option<A> {
        let e = self.entries.get_mut(session)?;
        e.pending = e.pending.saturating_sub(1);
        let released = e.release_if_idle();
        self.count_release(&released);
        released
    }

    /// Ok when `control` is `conn`'s current grant of `session`.
    pub(crate) fn check(&self, conn: ConnectionId, session: &str, control: &Control) -> Result<(), SessionError> {
        let mine = self.entries.get(session).and_then(|e| e.holder.as_ref()).filter(|h| h.conn == conn);
        match mine {
            Some(h) if h.claim_id == control.claim_id && h.generation == control.grant_generation => Ok(()),
            // This connection holds control, but the proof is an older one.
            Some(_) => Err(SessionError::StaleGrant),
            // The connection held this session once: its grant was revoked or released.
            None if self.held.get(&conn).is_some_and(|m| m.contains_key(session)) => Err(SessionError::StaleGrant),
            None => Err(SessionError::ControlRequired),
        }
    }

    /// Releases `conn`'s current control (a running turn goes on); returns the new live
    /// sequence and a released attachment.
    pub(crate) fn detach(
        &mut self,
        conn: ConnectionId,
        session: &str,
        control: &Control,
    ) -> Result<(u64, Option<A>), SessionError> {
        self.check(conn, session, control)?;
        let e = self.entries.get_mut(session).ok_or(SessionError::ControlRequired)?;
        e.holder = None;
        let sequence = e.advance();
        let released = e.release_if_idle();
        self.count_release(&released);
        Ok((sequence, released))
    }

    /// Revokes every grant `conn` holds; returns the attachments this releases.
    pub(crate) fn disconnect(&mut self, conn: ConnectionId) -> Vec<A> {
        let mut released = Vec::new();
        for session in self.held.remove(&conn).unwrap_or_default().into_keys() {
            let Some(e) = self.entries.get_mut(&session) else { continue };
            if e.holder.as_ref().is_some_and(|h| h.conn == conn) {
                e.holder = None;
                e.advance();
                released.extend(e.release_if_idle());
            }
        }
        self.attached -= released.len();
        released
    }

    pub(crate) fn status(&self, conn: ConnectionId, session: &str) -> StatusView {
        let Some(e) = self.entries.get(session) else {
            return StatusView {
                controlled: false,
                controlled_by_caller: false,
                grant_generation: 0,
                live_sequence: 0,
                turn: None,
            };
        };
        StatusView {
            controlled: e.holder.is_some(),
            controlled_by_caller: e.holder.as_ref().is_some_and(|h| h.conn == conn),
            grant_generation: e.grant_generation,
            live_sequence: e.live_sequence(),
            turn: e.running_turn.as_ref().map(|t| RunningTurn::new(t.turn_id.clone())),
        }
    }

    /// A turn starts: `control` must be `conn`'s current grant and the session must have no
    /// running turn; `turn` becomes it. Returns the attachment the running state keeps alive.
    pub(crate) fn begin_turn(
        &mut self,
        conn: ConnectionId,
        session: &str,
        control: &Control,
        turn: SnapshotTurn,
    ) -> Result<A, SessionError> {
        self.check(conn, session, control)?;
        let e = self.entries.get_mut(session).ok_or(SessionError::ControlRequired)?;
        let attachment = e.attachment.clone().ok_or(SessionError::ControlRequired)?;
        if e.running_turn.is_some() {
            return Err(SessionError::Busy);
        }
        e.running_turn = Some(turn);
        Ok(attachment)
    }

    /// Records (or clears) the running turn of an attached session. Clearing it may release
    /// the attachment of an uncontrolled session.
    #[cfg(test)]
    pub(crate) fn set_running_turn(
        &mut self,
        session: &str,
        turn: Option<SnapshotTurn>,
    ) -> Result<Option<A>, SessionError> {
        let e =
            self.entries.get_mut(session).filter(|e| e.attachment.is_some()).ok_or(SessionError::ControlRequired)?;
        e.running_turn = turn;
        let released = e.release_if_idle();
        self.count_release(&released);
        Ok(released)
    }

    /// Turn-module hook: publishes the running turn's progress and names the current controller
    /// in one step, so a concurrent claim either sees the old snapshot (and then this controller
    /// is the claimant, who receives these events) or the new one (and does not).
    pub(crate) fn publish_turn(
        &mut self,
        session: &str,
        turn: SnapshotTurn,
    ) -> Result<Option<Recipient>, SessionError> {
        let e =
            self.entries.get_mut(session).filter(|e| e.attachment.is_some()).ok_or(SessionError::ControlRequired)?;
        e.running_turn = Some(turn);
        Ok(Self::recipient_of(e))
    }

    /// Turn-module hook: clears `turn_id` as the running turn (when it still is) and names the
    /// controller its terminal goes to; may release the attachment of an uncontrolled session.
    pub(crate) fn end_turn(&mut self, session: &str, turn_id: &str) -> (Option<Recipient>, Option<A>) {
        let Some(e) = self.entries.get_mut(session) else { return (None, None) };
        if e.running_turn.as_ref().is_some_and(|t| t.turn_id == turn_id) {
            e.running_turn = None;
        }
        let recipient = Self::recipient_of(e);
        let released = e.release_if_idle();
        self.count_release(&released);
        (recipient, released)
    }

    /// The session's current controller, if any (approvals go to it, outside any turn's
    /// event batch).
    pub(crate) fn controller(&self, session: &str) -> Option<Recipient> {
        self.entries.get(session).and_then(Self::recipient_of)
    }

    fn recipient_of(e: &Entry<A>) -> Option<Recipient> {
        e.holder.as_ref().map(|h| Recipient {
            conn: h.conn,
            grant_generation: h.generation,
            live_sequence: e.live_sequence(),
            floor: h.floor.clone(),
            fence: e.fence(),
            announced: h.announced.clone(),
        })
    }

    fn count_release(&mut self, released: &Option<A>) {
        if released.is_some() {
            self.attached -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Table = ControlTable<u32>;

    fn claim(t: &mut Table, conn: ConnectionId, s: &str, take_over: bool) -> Result<(Control, Granted), SessionError> {
        let mut next = t.attached_count() as u32;
        t.reserve(conn, s, take_over, || {
            next += 1;
            Ok(next)
        })?;
        let claim_id = format!("c{conn}-{}", t.status(conn, s).grant_generation + 1);
        match t.grant(conn, s, take_over, claim_id.clone(), ResponseGate::open()) {
            Ok(g) => Ok((Control::new(claim_id, g.grant_generation), g)),
            Err(e) => {
                t.abort(s);
                Err(e)
            }
        }
    }

    #[test]
    fn grant_generation_increments_on_every_grant_of_that_session() {
        let mut t = Table::new();
        assert_eq!(t.status(1, "s").grant_generation, 0, "0 if never granted");
        let (_, g1) = claim(&mut t, 1, "s", false).unwrap();
        let (_, g2) = claim(&mut t, 1, "s", false).unwrap();
        let (_, g3) = claim(&mut t, 2, "s", true).unwrap();
        assert_eq!([g1.grant_generation, g2.grant_generation, g3.grant_generation], [1, 2, 3]);
        let (_, other) = claim(&mut t, 3, "other", false).unwrap();
        assert_eq!(other.grant_generation, 1, "generations are per session");
    }

    #[test]
    fn live_sequence_increments_on_every_control_transition() {
        let mut t = Table::new();
        let (c1, g) = claim(&mut t, 1, "s", false).unwrap();
        assert_eq!(g.live_sequence, 1, "grant");
        let (seq, _) = t.detach(1, "s", &c1).unwrap();
        assert_eq!(seq, 2, "detach");
        let (_, g) = claim(&mut t, 1, "s", false).unwrap();
        assert_eq!(g.live_sequence, 3);
        let (_, g) = claim(&mut t, 2, "s", true).unwrap();
        assert_eq!(g.live_sequence, 4, "take-over");
        t.disconnect(2);
        assert_eq!(t.status(9, "s").live_sequence, 5, "revoke");
    }

    #[test]
    fn another_live_controller_is_session_busy_unless_take_over() {
        let mut t = Table::new();
        let (c1, _) = claim(&mut t, 1, "s", false).unwrap();
        assert!(matches!(claim(&mut t, 2, "s", false), Err(SessionError::Busy)));
        assert_eq!(t.attached_count(), 1, "a refused claim leaves attachments alone");
        let (c2, _) = claim(&mut t, 2, "s", true).unwrap();
        // take_over revokes the old grant.
        assert!(matches!(t.check(1, "s", &c1), Err(SessionError::StaleGrant)));
        assert!(t.check(2, "s", &c2).is_ok());
        let s = t.status(1, "s");
        assert!(s.controlled && !s.controlled_by_caller);
        assert!(t.status(2, "s").controlled_by_caller);
    }

    #[test]
    fn a_claim_granted_during_the_snapshot_is_rechecked() {
        let mut t = Table::new();
        t.reserve(1, "s", false, || Ok(7)).unwrap();
        claim(&mut t, 2, "s", false).unwrap();
        assert!(matches!(t.grant(1, "s", false, "late".into(), ResponseGate::open()), Err(SessionError::Busy)));
        assert_eq!(t.abort("s"), None, "the other grant keeps the attachment");
        assert_eq!(t.attached_count(), 1);
    }

    #[test]
    fn attachments_are_bounded_by_max_session_attachments() {
        let mut t = Table::new();
        let max = limits::MAX_SESSION_ATTACHMENTS as usize;
        for i in 0..max {
            claim(&mut t, 1, &format!("s{i}"), false).unwrap();
        }
        assert!(matches!(claim(&mut t, 1, "s-17th", false), Err(SessionError::AttachmentLimit)));
        // Re-claiming an attached session needs no new attachment.
        claim(&mut t, 2, "s0", true).unwrap();
        t.disconnect(1);
        assert_eq!(t.attached_count(), 1, "disconnect released the other attachments");
        claim(&mut t, 1, "s-17th", false).unwrap();
    }

    #[test]
    fn a_failing_attach_reserves_nothing() {
        let mut t = Table::new();
        assert!(matches!(t.reserve(1, "s", false, || Err(SessionError::Busy)), Err(SessionError::Busy)));
        assert_eq!(t.attached_count(), 0);
        assert_eq!(t.status(1, "s").grant_generation, 0);
    }

    #[test]
    fn detach_requires_current_control_stale_grant_or_control_required() {
        let mut t = Table::new();
        let never = Control::new("x", 1);
        // "control_required when the connection holds no control of the session"
        assert!(matches!(t.detach(1, "s", &never), Err(SessionError::ControlRequired)));
        let (old, _) = claim(&mut t, 1, "s", false).unwrap();
        let (current, _) = claim(&mut t, 1, "s", false).unwrap();
        // "stale_grant when the claim exists but is not current"
        assert!(matches!(t.detach(1, "s", &old), Err(SessionError::StaleGrant)));
        let forged = Control::new(current.claim_id.clone(), 99);
        assert!(matches!(t.check(1, "s", &forged), Err(SessionError::StaleGrant)));
        assert!(matches!(t.check(2, "s", &current), Err(SessionError::ControlRequired)), "held by this connection");
        t.detach(1, "s", &current).unwrap();
        assert!(matches!(t.detach(1, "s", &current), Err(SessionError::StaleGrant)), "released grants are stale");
        assert_eq!(t.attached_count(), 0, "detach released the idle attachment");
    }

    #[test]
    fn detach_never_stops_a_turn_and_the_turn_keeps_the_attachment() {
        let mut t = Table::new();
        let (c, _) = claim(&mut t, 1, "s", false).unwrap();
        let turn = SnapshotTurn::new("t1", "op", 3, "hi");
        t.set_running_turn("s", Some(turn.clone())).unwrap();
        t.detach(1, "s", &c).unwrap();
        let s = t.status(1, "s");
        assert!(!s.controlled);
        assert_eq!(s.turn, Some(RunningTurn::new("t1")));
        assert_eq!(t.attached_count(), 1, "uncontrolled cleanup still counts as an attachment");
        let (_, g) = claim(&mut t, 2, "s", false).unwrap();
        assert_eq!(g.running_turn, Some(turn), "the claim snapshot shows the running turn");
        t.disconnect(2);
        assert_eq!(t.attached_count(), 1);
        assert_eq!(t.set_running_turn("s", None).unwrap(), Some(1), "turn end releases the attachment");
        assert_eq!(t.attached_count(), 0);
        assert!(matches!(t.set_running_turn("s", None), Err(SessionError::ControlRequired)));
    }

    fn running(t: &mut Table, s: &str, sequence: u64) -> Recipient {
        let turn = SnapshotTurn::new("t1", "op", sequence, String::new());
        t.publish_turn(s, turn).unwrap().expect("a controller")
    }

    #[test]
    fn a_recipient_stays_current_exactly_until_the_next_control_transition() {
        // "an event is sent only to the current controller of its session"
        let mut t = Table::new();
        let (c, _) = claim(&mut t, 1, "s", false).unwrap();
        t.set_running_turn("s", None).unwrap();
        let first = running(&mut t, "s", 1);
        assert!(first.is_current());
        let again = running(&mut t, "s", 2);
        assert!(first.is_current() && again.is_current(), "publishing progress is no transition");
        assert_eq!(first.fence, again.fence);

        t.detach(1, "s", &c).unwrap();
        assert!(!first.is_current(), "detach");
        assert_eq!(t.publish_turn("s", again_turn()).unwrap(), None, "nobody controls it now");

        let (_, g) = claim(&mut t, 2, "s", false).unwrap();
        let second = running(&mut t, "s", 4);
        assert_eq!((second.conn, second.live_sequence, second.is_current()), (2, g.live_sequence, true));
        claim(&mut t, 3, "s", true).unwrap();
        assert!(!second.is_current(), "take-over");

        let third = running(&mut t, "s", 5);
        claim(&mut t, 3, "s", false).unwrap();
        assert!(!third.is_current(), "a re-claim by the same connection is a transition too");

        let fourth = running(&mut t, "s", 6);
        t.disconnect(3);
        assert!(!fourth.is_current(), "revocation by disconnect");
        let (recipient, _) = t.end_turn("s", "t1");
        assert_eq!(recipient, None);
    }

    fn again_turn() -> SnapshotTurn {
        SnapshotTurn::new("t1", "op", 3, String::new())
    }

    #[test]
    fn disconnect_revokes_every_grant_the_connection_holds() {
        let mut t = Table::new();
        let (a, _) = claim(&mut t, 1, "a", false).unwrap();
        claim(&mut t, 1, "b", false).unwrap();
        claim(&mut t, 2, "c", false).unwrap();
        let released = t.disconnect(1);
        assert_eq!(released.len(), 2);
        assert!(!t.status(1, "a").controlled && !t.status(1, "b").controlled);
        assert!(t.status(2, "c").controlled);
        assert_eq!(t.attached_count(), 1);
        assert!(matches!(t.check(1, "a", &a), Err(SessionError::ControlRequired)), "a closed connection holds nothing");
        assert!(t.disconnect(1).is_empty());
    }
}
