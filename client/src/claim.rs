//! Control as a value: [`Claim`] is what `session.claim` returned, and the only thing that
//! fills a `control` slot. "A take-over revokes the old grant": the handle learns it from the
//! service's `stale_grant` answer (or from [`Claim::refresh`]) and then refuses to send.

use crate::client::Client;
use crate::error::{CallError, ServiceError};
use crate::streams::EventStream;
use crate::target::Target;
use agentwire_protocol::typed::{InSession, UnderControl};
use agentwire_protocol::{
    operation, ApprovalRespondRequest, ApprovalRespondResponse, Control, ErrorCode, SessionClaimRequest,
    SessionClaimResponse, SessionDetachRequest, SessionDetachResponse, SessionStatusRequest, TurnCancelRequest,
    TurnCancelResponse, TurnStartRequest, TurnStartResponse,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

struct State {
    response: SessionClaimResponse,
    control: Control,
    revoked: AtomicBool,
}

/// A claimed session: its control, and whether the grant is still ours. Clones share it.
#[derive(Clone)]
pub struct Claim {
    state: Arc<State>,
    client: Client,
}

impl Client {
    /// Claims `session_id` (`take_over` revokes another connection's control): the handle
    /// carries the control that turns and detach need. A running turn's events, its pending
    /// approvals first, follow the response at once: a stream that must see them
    /// ([`Client::session_events`]) is opened before the claim.
    pub async fn claim(&self, session_id: &str, take_over: bool) -> Result<Claim, CallError> {
        let response = self
            .call::<operation::SessionClaim>(session_id, SessionClaimRequest::new().with_take_over(take_over))
            .await?;
        Ok(Claim::new(response, self.clone()))
    }
}

impl Claim {
    fn new(response: SessionClaimResponse, client: Client) -> Self {
        let control = Control::new(response.claim_id.clone(), response.grant_generation);
        Claim { state: Arc::new(State { response, control, revoked: AtomicBool::new(false) }), client }
    }

    pub fn session_id(&self) -> &str {
        &self.state.response.session_id
    }

    pub fn control(&self) -> &Control {
        &self.state.control
    }

    /// The claim's atomic snapshot, as `session.claim` returned it.
    pub fn response(&self) -> &SessionClaimResponse {
        &self.state.response
    }

    /// Whether the grant is known to be gone (taken over, detached or stale).
    pub fn is_revoked(&self) -> bool {
        self.state.revoked.load(Ordering::Acquire)
    }

    fn revoke(&self) {
        self.state.revoked.store(true, Ordering::Release);
    }

    /// Starts a turn; the stream holds all of its events and ends after its terminal.
    pub async fn start_turn(&self, prompt: &str) -> Result<(TurnStartResponse, EventStream), CallError> {
        let started = self.client.call::<operation::TurnStart>(self, TurnStartRequest::new(prompt)).await?;
        let events = self.client.turn_events(&started.turn_id);
        Ok((started, events))
    }

    pub async fn cancel(&self, turn_id: &str) -> Result<TurnCancelResponse, CallError> {
        self.client.call::<operation::TurnCancel>(self, TurnCancelRequest::new(turn_id)).await
    }

    /// Answers a pending approval of this session with one of its offered options (the
    /// approvals profile, see [`Client::opt_in_approvals`]); the first valid answer wins.
    pub async fn respond(&self, approval_id: &str, option_id: &str) -> Result<ApprovalRespondResponse, CallError> {
        let request = ApprovalRespondRequest::new(approval_id.to_owned(), option_id.to_owned());
        self.client.call::<operation::ApprovalRespond>(self, request).await
    }

    /// Gives control back; the handle is revoked afterwards.
    pub async fn detach(&self) -> Result<SessionDetachResponse, CallError> {
        let detached = self.client.call::<operation::SessionDetach>(self, SessionDetachRequest::new()).await?;
        self.revoke();
        Ok(detached)
    }

    /// Asks the service whether this grant is still current (`session.status`); a revoked one
    /// shows on the handle from then on. Returns whether it is still held.
    pub async fn refresh(&self) -> Result<bool, CallError> {
        let status = self.client.call::<operation::SessionStatus>(self, SessionStatusRequest::new()).await?;
        let held = status.controlled_by_caller && status.grant_generation == self.state.control.grant_generation;
        if !held {
            self.revoke();
        }
        Ok(held)
    }
}

impl Target<UnderControl> for Claim {
    fn slots(&self) -> Result<UnderControl, CallError> {
        if self.is_revoked() {
            return Err(CallError::Revoked);
        }
        Ok(UnderControl { session_id: self.state.response.session_id.clone(), control: self.state.control.clone() })
    }

    fn answered(&self, error: &ServiceError) {
        if revokes(error) {
            self.revoke();
        }
    }
}

/// Whether an error means the claim's grant is gone.
fn revokes(e: &ServiceError) -> bool {
    e.is(ErrorCode::StaleGrant) || e.is(ErrorCode::ControlRequired)
}

impl Target<InSession> for Claim {
    fn slots(&self) -> Result<InSession, CallError> {
        Ok(InSession { session_id: self.state.response.session_id.clone() })
    }
}
