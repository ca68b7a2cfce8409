//! The pending approvals: permission requests an agent is waiting on while a person decides
//! (issue #38, the `approvals` profile). Each pending request is a oneshot future the turn
//! awaits (no thread is held); the registry is bounded per session and per daemon, and
//! every request ends exactly once:
//!
//! - the first valid answer of the person wins ([`Approvals::respond`]); a second, late or
//!   unknown answer, or an option that was not offered, is an error that changes nothing;
//! - the deadline answers reject, never allow: a reject option if offered, else `cancelled`;
//! - a cancel of the turn answers `cancelled` ([`Approvals::cancel_turn`]);
//! - a turn that goes away (its [`Ticket`] dropped) takes its requests with it.
//!
//! Nothing is persisted: a daemon restart leaves nothing pending. Delivering the events and
//! recording the stream are the caller's; the registry only decides who answered, and what.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use agentwire_protocol::PermissionKind;
use tokio::sync::oneshot;

use crate::transport::instance_id::random_hex;

/// The registry's bounds and deadline (the profile's limits; the deadline is configurable).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub per_session: usize,
    pub per_daemon: usize,
    pub max_options: usize,
    pub deadline: Duration,
}

/// One option the agent offered, as the person sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offered {
    pub option_id: String,
    pub name: String,
    pub kind: PermissionKind,
}

/// What a request ended with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Selected { option_id: String, kind: PermissionKind },
    Cancelled,
}

/// Who decided: the person, the policy, the deadline or a cancel (the spec's type).
pub type DecidedBy = agentwire_protocol::ApprovalDecider;

/// The end of one request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolution {
    pub outcome: Outcome,
    pub decided_by: DecidedBy,
}

/// Why a request could not become pending; the caller answers it by the policy at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RegisterError {
    #[error("the session has as many pending approvals as it may")]
    SessionFull,
    #[error("the daemon has as many pending approvals as it may")]
    DaemonFull,
    #[error("the request offers no option, or more than an approval may carry")]
    Options,
}

/// Why an answer changed nothing (the spec's `approval_unknown` and `approval_option_unknown`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RespondError {
    /// Unknown, already resolved (a second or late answer), or of another session.
    #[error("{}", agentwire_protocol::ErrorCode::ApprovalUnknown.message())]
    Unknown,
    #[error("{}", agentwire_protocol::ErrorCode::ApprovalOptionUnknown.message())]
    OptionUnknown,
}

/// One pending request as listed for delivery: its ID, when its deadline passes, and what
/// the caller registered with it.
#[derive(Debug, Clone)]
pub struct Listed<D> {
    pub approval_id: String,
    pub expires_at: SystemTime,
    pub details: D,
}

struct Pending<D> {
    session_id: String,
    turn_id: String,
    /// Registration order, so a listing is in the order the agent asked.
    seq: u64,
    options: Vec<Offered>,
    expires_at: SystemTime,
    details: D,
    answer: oneshot::Sender<Resolution>,
}

struct Inner<D> {
    pending: HashMap<String, Pending<D>>,
    seq: u64,
}

/// The daemon's pending approvals; `D` is what the caller keeps with each (the request as
/// it is delivered). Cheap to clone.
pub struct Approvals<D> {
    inner: Arc<Mutex<Inner<D>>>,
    limits: Limits,
}

impl<D> Clone for Approvals<D> {
    fn clone(&self) -> Self {
        Approvals { inner: Arc::clone(&self.inner), limits: self.limits }
    }
}

/// A turn's hold on one pending request: [`Ticket::resolved`] waits for its end. Dropping it
/// unresolved removes the request (its turn went away).
pub struct Ticket<D> {
    approval_id: String,
    expires_at: SystemTime,
    deadline: tokio::time::Instant,
    answer: Option<oneshot::Receiver<Resolution>>,
    registry: Approvals<D>,
}

/// The deadline's and the fallback's answer: reject, never allow — a reject option if one
/// was offered (once before always), else `cancelled`.
pub fn reject(options: &[Offered]) -> Outcome {
    [PermissionKind::RejectOnce, PermissionKind::RejectAlways]
        .iter()
        .find_map(|wanted| options.iter().find(|o| o.kind == *wanted))
        .map_or(Outcome::Cancelled, |o| Outcome::Selected { option_id: o.option_id.clone(), kind: o.kind })
}

impl<D: Clone> Approvals<D> {
    pub fn new(limits: Limits) -> Self {
        Approvals { inner: Arc::new(Mutex::new(Inner { pending: HashMap::new(), seq: 0 })), limits }
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Makes a request pending for the session's turn, with its deadline starting now;
    /// `details` makes what is kept with it from its ID and deadline.
    pub fn register(
        &self,
        session_id: &str,
        turn_id: &str,
        options: Vec<Offered>,
        details: impl FnOnce(&str, SystemTime) -> D,
    ) -> Result<Ticket<D>, RegisterError> {
        if options.is_empty() || options.len() > self.limits.max_options {
            return Err(RegisterError::Options);
        }
        let mut inner = crate::sync::lock(&self.inner);
        if inner.pending.len() >= self.limits.per_daemon {
            return Err(RegisterError::DaemonFull);
        }
        if inner.pending.values().filter(|p| p.session_id == session_id).count() >= self.limits.per_session {
            return Err(RegisterError::SessionFull);
        }
        let approval_id = format!("ap-{}", random_hex(12));
        let (tx, rx) = oneshot::channel();
        let expires_at = SystemTime::now() + self.limits.deadline;
        inner.seq += 1;
        let seq = inner.seq;
        inner.pending.insert(
            approval_id.clone(),
            Pending {
                session_id: session_id.to_owned(),
                turn_id: turn_id.to_owned(),
                seq,
                options,
                expires_at,
                details: details(&approval_id, expires_at),
                answer: tx,
            },
        );
        Ok(Ticket {
            approval_id,
            expires_at,
            deadline: tokio::time::Instant::now() + self.limits.deadline,
            answer: Some(rx),
            registry: self.clone(),
        })
    }

    /// The person's answer for a request of `session_id`. The first valid answer wins; the
    /// option's kind is returned.
    pub fn respond(
        &self,
        session_id: &str,
        approval_id: &str,
        option_id: &str,
    ) -> Result<PermissionKind, RespondError> {
        let mut inner = crate::sync::lock(&self.inner);
        let pending =
            inner.pending.get(approval_id).filter(|p| p.session_id == session_id).ok_or(RespondError::Unknown)?;
        let kind = pending.options.iter().find(|o| o.option_id == option_id).ok_or(RespondError::OptionUnknown)?.kind;
        let Some(pending) = inner.pending.remove(approval_id) else { return Err(RespondError::Unknown) };
        let outcome = Outcome::Selected { option_id: option_id.to_owned(), kind };
        // Sent under the lock: a deadline that finds the request gone finds the answer ready.
        let _ = pending.answer.send(Resolution { outcome, decided_by: DecidedBy::Person });
        Ok(kind)
    }

    /// Answers every pending request of the turn `cancelled` (a `turn.cancel`); returns how many.
    pub fn cancel_turn(&self, session_id: &str, turn_id: &str) -> usize {
        let mut inner = crate::sync::lock(&self.inner);
        let ids: Vec<String> = inner
            .pending
            .iter()
            .filter(|(_, p)| p.session_id == session_id && p.turn_id == turn_id)
            .map(|(id, _)| id.clone())
            .collect();
        for id in &ids {
            if let Some(p) = inner.pending.remove(id) {
                let _ = p.answer.send(Resolution { outcome: Outcome::Cancelled, decided_by: DecidedBy::Cancel });
            }
        }
        ids.len()
    }

    /// The session's pending requests in the order they were made (for a claim or take-over).
    pub fn pending(&self, session_id: &str) -> Vec<Listed<D>> {
        let inner = crate::sync::lock(&self.inner);
        let mut listed: Vec<(u64, Listed<D>)> = inner
            .pending
            .iter()
            .filter(|(_, p)| p.session_id == session_id)
            .map(|(id, p)| {
                (p.seq, Listed { approval_id: id.clone(), expires_at: p.expires_at, details: p.details.clone() })
            })
            .collect();
        listed.sort_unstable_by_key(|(seq, _)| *seq);
        listed.into_iter().map(|(_, l)| l).collect()
    }

    /// How many requests are pending in the whole daemon.
    pub fn len(&self) -> usize {
        crate::sync::lock(&self.inner).pending.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The deadline passed: the request, if still pending, is answered reject.
    fn expire(&self, approval_id: &str) -> Option<Resolution> {
        let pending = crate::sync::lock(&self.inner).pending.remove(approval_id)?;
        Some(Resolution { outcome: reject(&pending.options), decided_by: DecidedBy::Deadline })
    }
}

impl<D: Clone> Ticket<D> {
    pub fn approval_id(&self) -> &str {
        &self.approval_id
    }

    pub fn expires_at(&self) -> SystemTime {
        self.expires_at
    }

    /// Waits for the request's end: an answer, a cancel, or the deadline.
    pub async fn resolved(mut self) -> Resolution {
        let Some(mut answer) = self.answer.take() else {
            return Resolution { outcome: Outcome::Cancelled, decided_by: DecidedBy::Cancel };
        };
        tokio::select! {
            r = &mut answer => return r.unwrap_or(Resolution { outcome: Outcome::Cancelled, decided_by: DecidedBy::Cancel }),
            () = tokio::time::sleep_until(self.deadline) => {}
        }
        match self.registry.expire(&self.approval_id) {
            Some(resolution) => resolution,
            // Answered as the deadline passed: the answer was sent before the request left.
            None => answer.await.unwrap_or(Resolution { outcome: Outcome::Cancelled, decided_by: DecidedBy::Cancel }),
        }
    }
}

impl<D> Drop for Ticket<D> {
    fn drop(&mut self) {
        crate::sync::lock(&self.registry.inner).pending.remove(&self.approval_id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    fn limits() -> Limits {
        Limits { per_session: 2, per_daemon: 3, max_options: 3, deadline: 10 * SECOND }
    }

    fn option(id: &str, kind: PermissionKind) -> Offered {
        Offered { option_id: id.to_owned(), name: id.to_owned(), kind }
    }

    fn options() -> Vec<Offered> {
        vec![option("yes", PermissionKind::AllowOnce), option("no", PermissionKind::RejectOnce)]
    }

    fn registry() -> Approvals<&'static str> {
        Approvals::new(limits())
    }

    #[tokio::test]
    async fn the_first_valid_answer_wins_and_a_second_changes_nothing() {
        // "The first valid answer wins; a second, a late or an unknown one gets a defined
        // error and changes nothing."
        let r = registry();
        let ticket = r.register("s1", "t1", options(), move |_, _| "call").unwrap();
        let id = ticket.approval_id().to_owned();
        assert_eq!(r.respond("s1", &id, "yes"), Ok(PermissionKind::AllowOnce));
        assert_eq!(r.respond("s1", &id, "no"), Err(RespondError::Unknown));
        let resolution = ticket.resolved().await;
        assert_eq!(
            resolution,
            Resolution {
                outcome: Outcome::Selected { option_id: "yes".to_owned(), kind: PermissionKind::AllowOnce },
                decided_by: DecidedBy::Person,
            }
        );
        assert!(r.is_empty());
        // Late: after its end, the answer is unknown.
        assert_eq!(r.respond("s1", &id, "yes"), Err(RespondError::Unknown));
    }

    #[tokio::test]
    async fn unknown_approvals_options_and_other_sessions_answers_change_nothing() {
        // "approval_unknown ... changes nothing", "approval_option_unknown (option is not one
        // the approval offered; changes nothing)".
        let r = registry();
        let ticket = r.register("s1", "t1", options(), move |_, _| "call").unwrap();
        let id = ticket.approval_id().to_owned();
        assert_eq!(r.respond("s1", "ap-000000000000000000000000", "yes"), Err(RespondError::Unknown));
        assert_eq!(r.respond("s2", &id, "yes"), Err(RespondError::Unknown), "another session's controller");
        assert_eq!(r.respond("s1", &id, "maybe"), Err(RespondError::OptionUnknown));
        assert_eq!(r.len(), 1, "still pending");
        assert_eq!(r.respond("s1", &id, "no"), Ok(PermissionKind::RejectOnce));
        assert_eq!(ticket.resolved().await.decided_by, DecidedBy::Person);
    }

    #[tokio::test(start_paused = true)]
    async fn the_deadline_answers_reject_never_allow_and_says_deadline() {
        // "Deadline passes -> reject (never allow): a reject option if offered, else ACP
        // `cancelled`; the stream and the resolved event say `deadline`."
        let r = registry();
        let ticket = r.register("s1", "t1", options(), move |_, _| "call").unwrap();
        let id = ticket.approval_id().to_owned();
        let resolution = ticket.resolved().await;
        assert_eq!(
            resolution,
            Resolution {
                outcome: Outcome::Selected { option_id: "no".to_owned(), kind: PermissionKind::RejectOnce },
                decided_by: DecidedBy::Deadline,
            }
        );
        assert_eq!(r.respond("s1", &id, "yes"), Err(RespondError::Unknown), "a late answer");
        // Only allow options offered: cancelled, never allow.
        let only_allow = vec![option("a", PermissionKind::AllowOnce), option("b", PermissionKind::AllowAlways)];
        let ticket = r.register("s1", "t1", only_allow, move |_, _| "call").unwrap();
        let started = tokio::time::Instant::now();
        let resolution = ticket.resolved().await;
        assert_eq!(resolution, Resolution { outcome: Outcome::Cancelled, decided_by: DecidedBy::Deadline });
        assert_eq!(started.elapsed(), limits().deadline);
        // reject_always when it is the only reject option.
        let always = vec![option("a", PermissionKind::AllowOnce), option("r", PermissionKind::RejectAlways)];
        assert_eq!(
            reject(&always),
            Outcome::Selected { option_id: "r".to_owned(), kind: PermissionKind::RejectAlways }
        );
    }

    #[tokio::test]
    async fn cancel_of_a_turn_answers_its_pending_requests_cancelled() {
        // "`turn.cancel` while a request is pending answers the agent `cancelled`".
        let r = registry();
        let a = r.register("s1", "t1", options(), move |_, _| "a").unwrap();
        let other = r.register("s2", "t2", options(), move |_, _| "b").unwrap();
        assert_eq!(r.cancel_turn("s1", "t1"), 1);
        assert_eq!(a.resolved().await, Resolution { outcome: Outcome::Cancelled, decided_by: DecidedBy::Cancel });
        assert_eq!(r.pending("s2").len(), 1, "another turn's request stays");
        assert_eq!(r.cancel_turn("s1", "t1"), 0);
        drop(other);
    }

    #[tokio::test]
    async fn pending_requests_are_bounded_per_session_and_per_daemon() {
        // "Pending requests are bounded per session and per daemon (advertised): an agent
        // flooding requests gets rejections past the bound".
        let r = registry();
        let a = r.register("s1", "t1", options(), move |_, _| "a").unwrap();
        let _b = r.register("s1", "t1", options(), move |_, _| "b").unwrap();
        assert_eq!(r.register("s1", "t1", options(), move |_, _| "c").err(), Some(RegisterError::SessionFull));
        let _c = r.register("s2", "t2", options(), move |_, _| "c").unwrap();
        assert_eq!(r.register("s3", "t3", options(), move |_, _| "d").err(), Some(RegisterError::DaemonFull));
        assert_eq!(r.len(), 3);
        // "options (1..=max_approval_options)".
        assert_eq!(r.register("s4", "t4", vec![], move |_, _| "e").err(), Some(RegisterError::Options));
        drop(a);
        assert_eq!(r.len(), 2, "a dropped ticket frees its place");
        let d = r.register("s1", "t1", options(), move |_, _| "d").unwrap();
        let four = [options(), options()].concat();
        drop(d);
        assert_eq!(r.register("s1", "t1", four, move |_, _| "e").err(), Some(RegisterError::Options));
    }

    #[tokio::test]
    async fn a_sessions_pending_requests_are_listed_in_the_order_they_were_made() {
        // "A connection that claims or takes over a session with pending approvals receives
        // one `approval.requested` for each".
        let r = registry();
        let a = r.register("s1", "t1", options(), move |_, _| "first").unwrap();
        let _x = r.register("s2", "t2", options(), move |_, _| "elsewhere").unwrap();
        let b = r.register("s1", "t1", options(), move |_, _| "second").unwrap();
        let listed = r.pending("s1");
        let details: Vec<&str> = listed.iter().map(|l| l.details).collect();
        assert_eq!(details, ["first", "second"]);
        assert_eq!(listed[0].approval_id, a.approval_id());
        assert_eq!(listed[1].expires_at, b.expires_at());
        r.respond("s1", a.approval_id(), "yes").unwrap();
        assert_eq!(r.pending("s1").len(), 1);
    }

    #[tokio::test(start_paused = true)]
    async fn a_pending_request_holds_no_task_until_its_answer() {
        // "the turn waits (no thread held: a future)": many pending requests are only futures.
        let r: Approvals<u32> = Approvals::new(Limits { per_session: 64, per_daemon: 64, ..limits() });
        let tickets: Vec<_> = (0..64).map(|i| r.register("s1", "t1", options(), move |_, _| i).unwrap()).collect();
        let ids: Vec<String> = tickets.iter().map(|t| t.approval_id().to_owned()).collect();
        let waits = futures_util::future::join_all(tickets.into_iter().map(Ticket::resolved));
        let answer = async {
            tokio::task::yield_now().await;
            for id in &ids {
                r.respond("s1", id, "yes").unwrap();
            }
        };
        let (resolutions, ()) = tokio::join!(waits, answer);
        assert!(resolutions.iter().all(|r| r.decided_by == DecidedBy::Person));
        assert!(r.is_empty());
    }
}
