//! The Codex login worker: one login per service, from `auth.login.start` to its one
//! `auth.login.terminal`.
//!
//! States: authorization URL and `waiting` → a redirect on the loopback listener or a
//! manual `auth.login.callback` (accepted once) → `callback_received` → state check →
//! `callback_accepted` → code exchange (bounded; not interrupted by cancel) → commit
//! against the Codex generation seen at start. Cancellation (request, logout, disconnect)
//! wins until the commit begins and never after, so a commit that won the race finishes.

use super::events::LoginOrigin;
use super::loopback::{Loopback, Redirect};
use super::oauth::{self, Endpoints, Pkce};
use super::store::{self, StoreError};
use crate::catalog::providers::OPENAI_CODEX;
use crate::operations::{OperationTable, Outcome, ResponseGate, Work};
use agentwire_protocol::{
    constants, AuthLoginTerminal, ErrorCode, EventPayload, LoginProgress, LoginProgressAuthorizationUrl,
    LoginProgressCallbackAccepted, LoginProgressCallbackReceived, LoginProgressWaiting, LoginTerminalState,
    OutcomeStatus,
};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{oneshot, Notify};

/// Shortens the five-minute redirect wait (tests); never lengthens it.
pub const LOGIN_WAIT_ENV: &str = "AGENTWIRE_LOGIN_WAIT_MS";

/// Why a login was asked to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CancelReason {
    Requested,
    Disconnected,
    /// Codex logout: the store changed under the login.
    LoggedOut,
}

impl CancelReason {
    fn terminal(self) -> LoginTerminalState {
        match self {
            CancelReason::LoggedOut => LoginTerminalState::AuthChanged,
            CancelReason::Requested | CancelReason::Disconnected => LoginTerminalState::Cancelled,
        }
    }
}

#[derive(Default)]
struct SignalState {
    cancel: Option<CancelReason>,
    committing: bool,
    /// The manual-callback slot; taken by the first callback, manual or loopback.
    callback: Option<oneshot::Sender<String>>,
}

/// What the request handlers tell a login's worker, shared between them: cancellation (and
/// its reason), the commit point after which it no longer applies, the manual-callback slot.
#[derive(Default)]
struct LoginSignals {
    state: Mutex<SignalState>,
    cancelled: Notify,
}

impl LoginSignals {
    fn lock(&self) -> MutexGuard<'_, SignalState> {
        crate::sync::lock(&self.state)
    }

    fn cancel(&self, reason: CancelReason) {
        self.lock().cancel.get_or_insert(reason);
        self.cancelled.notify_one();
    }

    fn cancel_reason(&self) -> Option<CancelReason> {
        self.lock().cancel
    }

    /// From here on cancellation no longer applies; `Some` if it already won.
    fn begin_commit(&self) -> Option<CancelReason> {
        let mut s = self.lock();
        if s.cancel.is_none() {
            s.committing = true;
        }
        s.cancel
    }
}

/// The login in the service's one slot, from its start to its worker's end.
struct RunningLogin {
    login_id: String,
    conn_seq: u64,
    signals: Arc<LoginSignals>,
}

/// The service's single login slot.
#[derive(Default)]
pub struct Logins {
    active: Mutex<Option<RunningLogin>>,
}

/// Everything one worker needs.
struct Job {
    login_id: String,
    state_root: PathBuf,
    generation: u64,
    attempt: Attempt,
    callback: oneshot::Receiver<String>,
    /// Opens once the start response is written.
    response: ResponseGate,
    signals: Arc<LoginSignals>,
    origin: LoginOrigin,
    operations: Arc<OperationTable>,
    logins: Arc<Logins>,
}

/// One authorization attempt: endpoints, PKCE, the loopback listener and the URL.
struct Attempt {
    endpoints: Endpoints,
    pkce: Pkce,
    redirect_uri: String,
    url: String,
    loopback: Option<Loopback>,
}

impl Attempt {
    async fn prepare() -> Result<Attempt, ErrorCode> {
        let endpoints = Endpoints::current();
        let pkce = Pkce::new();
        // "If loopback is unavailable, manual submission remains available."
        let (loopback, port) = match Loopback::bind(endpoints.callback_port).await {
            Ok((l, port)) => (Some(l), port),
            Err(_) => {
                tracing::warn!("login loopback listener unavailable; manual callback only");
                (None, endpoints.callback_port)
            }
        };
        let redirect_uri = endpoints.redirect_uri(port);
        let url = oauth::authorization_url(&endpoints, &pkce, &redirect_uri).map_err(|_| ErrorCode::InternalError)?;
        if url.len() as u64 > constants::LOGIN_URL_MAX_BYTES {
            return Err(ErrorCode::InternalError);
        }
        Ok(Attempt { endpoints, pkce, redirect_uri, url, loopback })
    }
}

fn wait_time() -> Duration {
    let max = constants::LOGIN_WAIT_MS;
    let ms =
        std::env::var(LOGIN_WAIT_ENV).ok().and_then(|v| v.trim().parse::<u64>().ok()).map_or(max, |v| v.clamp(1, max));
    Duration::from_millis(ms)
}

impl Logins {
    fn slot(&self) -> MutexGuard<'_, Option<RunningLogin>> {
        crate::sync::lock(&self.active)
    }

    fn signals_of(&self, login_id: &str) -> Option<Arc<LoginSignals>> {
        self.slot().as_ref().filter(|a| a.login_id == login_id).map(|a| Arc::clone(&a.signals))
    }

    /// Start the one login. The worker owns everything from here to its terminal.
    pub async fn start(
        self: &Arc<Self>,
        state_root: PathBuf,
        origin: LoginOrigin,
        work: &Work,
        operations: Arc<OperationTable>,
    ) -> Result<String, ErrorCode> {
        if self.slot().is_some() {
            return Err(ErrorCode::AuthBusy);
        }
        let generation =
            store::read_off_thread(&state_root).await.map_err(|_| ErrorCode::InternalError)?.generation(OPENAI_CODEX);
        let attempt = Attempt::prepare().await?;
        let login_id = format!("login_{}", crate::transport::instance_id::random_hex(12));
        let (signals, callback) = self.claim(&login_id, origin.conn_seq)?;
        let response = work.login(&login_id);
        let logins = Arc::clone(self);
        let job = Job {
            login_id: login_id.clone(),
            state_root,
            generation,
            attempt,
            callback,
            response,
            signals,
            origin,
            operations,
            logins,
        };
        tokio::spawn(run(job));
        Ok(login_id)
    }

    /// Take the login slot; `auth_busy` when another login got it first.
    fn claim(
        &self,
        login_id: &str,
        conn_seq: u64,
    ) -> Result<(Arc<LoginSignals>, oneshot::Receiver<String>), ErrorCode> {
        let mut slot = self.slot();
        if slot.is_some() {
            return Err(ErrorCode::AuthBusy);
        }
        let (tx, rx) = oneshot::channel();
        let signals = Arc::new(LoginSignals::default());
        signals.lock().callback = Some(tx);
        *slot = Some(RunningLogin { login_id: login_id.to_owned(), conn_seq, signals: Arc::clone(&signals) });
        Ok((signals, rx))
    }

    /// Hand a manual callback to the login; accepted once, then `auth_busy` while active.
    pub fn callback(&self, login_id: &str, input: String) -> Result<(), ErrorCode> {
        let signals = self.signals_of(login_id).ok_or(ErrorCode::UnknownLogin)?;
        let sender = signals.lock().callback.take().ok_or(ErrorCode::AuthBusy)?;
        // The worker may have just ended; the login is then no longer active.
        sender.send(input).map_err(|_| ErrorCode::UnknownLogin)
    }

    /// Ask the named login to stop.
    pub fn cancel(&self, login_id: &str) -> Result<(), ErrorCode> {
        self.signals_of(login_id).ok_or(ErrorCode::UnknownLogin)?.cancel(CancelReason::Requested);
        Ok(())
    }

    /// Stop whatever login is active (Codex logout).
    pub fn cancel_active(&self, reason: CancelReason) {
        if let Some(a) = self.slot().as_ref() {
            a.signals.cancel(reason);
        }
    }

    /// A connection went away: stop the login it started.
    pub fn disconnect(&self, conn_seq: u64) {
        if let Some(a) = self.slot().as_ref().filter(|a| a.conn_seq == conn_seq) {
            a.signals.cancel(CancelReason::Disconnected);
        }
    }

    fn finish(&self, login_id: &str) {
        let mut slot = self.slot();
        if slot.as_ref().is_some_and(|a| a.login_id == login_id) {
            *slot = None;
        }
    }
}

fn progress(job: &Job, state: ProgressState) -> EventPayload {
    let (login_id, provider_id) = (job.login_id.clone(), OPENAI_CODEX.to_owned());
    EventPayload::AuthLoginProgress(match state {
        ProgressState::Url => LoginProgress::AuthorizationUrl(LoginProgressAuthorizationUrl::new(
            login_id,
            provider_id,
            job.attempt.url.clone(),
        )),
        ProgressState::Waiting => LoginProgress::Waiting(LoginProgressWaiting::new(login_id, provider_id)),
        ProgressState::Received => {
            LoginProgress::CallbackReceived(LoginProgressCallbackReceived::new(login_id, provider_id))
        }
        ProgressState::Accepted => {
            LoginProgress::CallbackAccepted(LoginProgressCallbackAccepted::new(login_id, provider_id))
        }
    })
}

#[derive(Clone, Copy)]
enum ProgressState {
    Url,
    Waiting,
    Received,
    Accepted,
}

/// The worker: drive the login, clean up, settle the operation, then send the terminal.
async fn run(mut job: Job) {
    let state = drive(&mut job).await;
    // Cleanup first: the listener closes and the slot frees before anyone hears the end.
    drop(job.attempt.loopback.take());
    job.logins.finish(&job.login_id);
    job.operations.settle(
        &job.origin.operation_id,
        Outcome { status: outcome_status(state), error: None },
        Instant::now(),
    );
    tracing::info!(state = state.as_str(), "login finished");
    let terminal = AuthLoginTerminal::new(job.login_id.clone(), OPENAI_CODEX.to_owned(), state);
    job.origin.emit(EventPayload::AuthLoginTerminal(terminal)).await;
}

fn outcome_status(state: LoginTerminalState) -> OutcomeStatus {
    OutcomeStatus::from_wire(state.as_str()).unwrap_or(OutcomeStatus::InternalError)
}

/// One callback, from the browser or typed in.
enum Callback {
    Loopback(Redirect),
    Manual(String),
}

async fn drive(job: &mut Job) -> LoginTerminalState {
    // "auth.login.start ... response" comes before its events.
    job.response.opened().await;
    job.origin.emit(progress(job, ProgressState::Url)).await;
    job.origin.emit(progress(job, ProgressState::Waiting)).await;
    let callback = match wait_for_callback(job).await {
        Ok(c) => c,
        Err(state) => return state,
    };
    job.origin.emit(progress(job, ProgressState::Received)).await;
    let code = match callback {
        Callback::Manual(input) => manual_code(&input, &job.attempt.pkce.state),
        Callback::Loopback(redirect) => {
            let code = redirect_code(&redirect.query, &job.attempt.pkce.state);
            redirect.answer(code.is_some()).await;
            code
        }
    };
    // "A rejected callback ends that flow; start another login to retry."
    let Some(code) = code else {
        return LoginTerminalState::CallbackFailed;
    };
    job.origin.emit(progress(job, ProgressState::Accepted)).await;
    let record = match oauth::exchange_code(
        &job.attempt.endpoints,
        &code,
        &job.attempt.redirect_uri,
        &job.attempt.pkce.verifier,
    )
    .await
    {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!(error = %e, "login code exchange failed");
            return LoginTerminalState::ExchangeFailed;
        }
    };
    if let Some(reason) = job.signals.begin_commit() {
        return reason.terminal();
    }
    commit(job, record).await
}

async fn wait_for_callback(job: &mut Job) -> Result<Callback, LoginTerminalState> {
    if let Some(reason) = job.signals.cancel_reason() {
        return Err(reason.terminal());
    }
    let signals = Arc::clone(&job.signals);
    let loopback = job.attempt.loopback.as_ref();
    let redirect = async {
        match loopback {
            Some(l) => l.next_redirect().await,
            None => std::future::pending().await,
        }
    };
    let outcome = tokio::select! {
        () = signals.cancelled.notified() => Err(signals.cancel_reason().map_or(LoginTerminalState::Cancelled, CancelReason::terminal)),
        () = tokio::time::sleep(wait_time()) => Err(LoginTerminalState::CallbackTimeout),
        input = &mut job.callback => input.map(Callback::Manual).map_err(|_| LoginTerminalState::InternalError),
        r = redirect => Ok(Callback::Loopback(r)),
    };
    // Whatever arrived, the callback is consumed: a later manual submission is auth_busy.
    drop(signals.lock().callback.take());
    outcome
}

/// The code of a redirect query whose `state` matches and that reports no error.
fn redirect_code(query: &str, expected_state: &str) -> Option<String> {
    let pairs: Vec<(String, String)> =
        reqwest::Url::parse(&format!("http://callback/?{query}")).ok()?.query_pairs().into_owned().collect();
    let get = |k: &str| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    if get("error").is_some() || get("state") != Some(expected_state) {
        return None;
    }
    get("code").filter(|c| valid_code(c)).map(str::to_owned)
}

/// A manual submission: a redirect URL (or its query) must match `state`; a bare code is
/// tied to this login by its ID alone.
fn manual_code(input: &str, expected_state: &str) -> Option<String> {
    let input = input.trim();
    if input.starts_with("http://") || input.starts_with("https://") {
        let url = reqwest::Url::parse(input).ok()?;
        return redirect_code(url.query().unwrap_or(""), expected_state);
    }
    if input.contains("code=") {
        return redirect_code(input.trim_start_matches('?'), expected_state);
    }
    valid_code(input).then(|| input.to_owned())
}

fn valid_code(code: &str) -> bool {
    !code.is_empty() && code.bytes().all(|b| b.is_ascii_graphic())
}

/// Errors of the commit step.
enum CommitError {
    Changed,
    Store,
}

impl From<StoreError> for CommitError {
    fn from(_: StoreError) -> Self {
        CommitError::Store
    }
}

/// Store the new record only if the Codex generation is still the one seen at start.
async fn commit(job: &Job, record: store::CodexRecord) -> LoginTerminalState {
    let generation = job.generation;
    let result = store::update(&job.state_root, |s| {
        if s.generation(OPENAI_CODEX) != generation {
            return Err(CommitError::Changed);
        }
        s.set_oauth(OPENAI_CODEX, record).map_err(CommitError::from)
    })
    .await;
    match result {
        Ok(()) => LoginTerminalState::ExchangeSucceeded,
        Err(CommitError::Changed) => LoginTerminalState::AuthChanged,
        Err(CommitError::Store) => LoginTerminalState::StorageFailed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callbacks_must_match_state() {
        // "Redirect URLs must match the attempt's OAuth state. Bare codes use the existing manual-code flow"
        assert_eq!(redirect_code("code=abc&state=s1", "s1").as_deref(), Some("abc"));
        assert_eq!(redirect_code("code=abc&state=s2", "s1"), None);
        assert_eq!(redirect_code("error=access_denied&state=s1", "s1"), None);
        assert_eq!(redirect_code("state=s1", "s1"), None);
        assert_eq!(manual_code("http://127.0.0.1:1/auth/callback?code=abc&state=s1", "s1").as_deref(), Some("abc"));
        assert_eq!(manual_code("http://127.0.0.1:1/auth/callback?code=abc&state=bad", "s1"), None);
        assert_eq!(manual_code("?code=abc&state=s1", "s1").as_deref(), Some("abc"));
        assert_eq!(manual_code("  bare-code_1 ", "s1").as_deref(), Some("bare-code_1"));
        assert_eq!(manual_code("two words", "s1"), None);
    }

    #[test]
    fn cancellation_wins_until_the_commit_begins_and_never_after() {
        let c = LoginSignals::default();
        assert_eq!(c.begin_commit(), None);
        c.cancel(CancelReason::Requested);
        let c = LoginSignals::default();
        c.cancel(CancelReason::LoggedOut);
        assert_eq!(c.begin_commit().map(CancelReason::terminal), Some(LoginTerminalState::AuthChanged));
    }

    #[test]
    fn the_wait_is_shortened_but_never_lengthened() {
        assert!(wait_time() <= Duration::from_millis(constants::LOGIN_WAIT_MS));
    }
}
