//! One turn on an ACP agent: the session's ACP session (`session/new`, or `session/load`
//! after the agent restarted when it can), `session/prompt`, the updates and permission
//! requests mapped as they arrive, and the end:
//!
//! - `stopReason` `end_turn` → completed; `cancelled` → cancelled; `refusal`,
//!   `max_tokens`, `max_turn_requests` → failed (`agent_refused`, `agent_limit_reached`); a
//!   reason of a later ACP version → failed (`agent_failed`), named in a note;
//! - a permission request asked of the person ([`Asker`]) is a future the turn awaits among
//!   the agent's messages, so updates, further requests and a cancel go on meanwhile;
//! - `turn.cancel` answers the pending permission requests `cancelled`, then sends
//!   `session/cancel`; the turn ends when the agent answers the prompt,
//!   or after the cancel grace ([`within_cancel_grace`]), when the process is killed and the
//!   turn fails;
//! - the connection ending (the process died, a malformed or oversized line) fails the turn
//!   with `agent_failed` and a `service` note saying why (a dead process's exit status and
//!   last stderr lines);
//! - a JSON-RPC error answering `session/new`, `session/load` or `session/prompt` keeps the
//!   agent's reason in the note ([`super::said`]); one that asks for sign-in (`auth_required`)
//!   fails the turn with `agent_needs_login`, names the sign-in methods the agent offered and
//!   is remembered for `auth.status` ([`crate::auth::agent_sign_in`]) until a prompt of the
//!   agent is answered. Every note also goes to the daemon's log.

use std::sync::Arc;
use std::time::Duration;

use agent_client_protocol::v1::schema::{
    CancelNotification, ContentBlock, LoadSessionRequest, NewSessionRequest, PromptRequest, SessionModeState,
    SetSessionModeRequest, StopReason, TextContent,
};
use agentwire_protocol::ErrorCode;
use futures_util::stream::{FuturesUnordered, StreamExt};
use tokio::sync::watch;

use super::ask::{ApprovedWrites, Asker};
use super::mapping::{Mapper, Permission, Waiting};
use super::process::AgentProcess;
use super::routes::Inbound;
use super::said;
use crate::agent::calls::{within_cancel_grace, Calls};
use crate::agent::sink::TurnSink;
use crate::agent::Stop;
use crate::approvals::Resolution;
use crate::auth::agent_sign_in;
use agent_client_protocol::v1::Responder;

/// What one turn runs with.
pub struct AcpTurn<'a> {
    pub process: Arc<AgentProcess>,
    /// The daemon session's ID, and the ACP session it had before (a restart), if any.
    pub session_id: &'a str,
    pub previous: Option<String>,
    pub workspace: &'a std::path::Path,
    pub prompt: &'a str,
    pub sink: &'a dyn TurnSink,
    /// The turn's tool calls; the turn ends those still open when it settles.
    pub calls: &'a Calls,
    pub cancel: watch::Receiver<bool>,
    /// Who `ask` verdicts go to; `None` answers them by the policy's fallback.
    pub asker: Option<&'a dyn Asker>,
}

/// A permission request asked of the person: where its answer goes, and its end.
type Pending = std::pin::Pin<
    Box<dyn std::future::Future<Output = (Waiting, Box<Responder<serde_json::Value>>, Resolution)> + Send>,
>;

/// How a turn ended and the ACP session it ran in (to keep for a later `session/load`).
pub struct Ended {
    pub result: Result<(), Stop>,
    pub acp_session: Option<String>,
}

/// Why a turn failed: the `service` note, in words, and the terminal's code.
pub struct Failure {
    pub note: String,
    pub code: ErrorCode,
}

impl Failure {
    fn broken(note: String) -> Failure {
        Failure { note, code: ErrorCode::AgentFailed }
    }
}

/// The failure of an agent that refused for want of sign-in: its words, the sign-in methods
/// it offered and what a person can do; the refusal is remembered for `auth.status`.
pub fn sign_in_failure(entry: &crate::catalog::agents::AgentEntry, methods: &[String], words: &str) -> Failure {
    agent_sign_in::refused(entry);
    let id = &entry.id;
    let offered = if methods.is_empty() {
        "It offers no sign-in method over ACP: sign in with the agent's own command, as the user the daemon runs as."
            .to_owned()
    } else {
        format!(
            "It offers these sign-in methods: {}. Sign in with the agent's own command, as the user the daemon runs as, or name a method that needs no browser as `agents.{id}.auth_method` with its key in `agents.{id}.env`.",
            methods.join(", ")
        )
    };
    let note = format!("The agent needs sign-in: {words}. {offered}");
    Failure { note, code: ErrorCode::AgentNeedsLogin }
}

impl AcpTurn<'_> {
    pub async fn run(self) -> Ended {
        let acp_session = match self.session().await {
            Ok(s) => s,
            Err(failure) => return Ended { result: Err(self.fail(failure)), acp_session: None },
        };
        let mut mapper = Mapper::new(self.sink, self.calls, self.process.entry().permissions.clone());
        let cx = self.process.connection();
        let prompt = self.prompt(&acp_session, &mut mapper);
        let on_cancel = || {
            // ACP: the client answers its pending permission requests `cancelled` when it
            // cancels the prompt.
            if let Some(asker) = self.asker {
                asker.cancel_turn();
            }
            let _ = cx.send_notification(CancelNotification::new(acp_session.clone()));
        };
        let result = match within_cancel_grace(self.cancel.clone(), prompt, on_cancel).await {
            Some(result) => result,
            None => {
                self.process.kill();
                let note =
                    "The agent did not stop within the cancel grace period after `session/cancel`; it was killed.";
                Err(self.fail(Failure::broken(note.to_owned())))
            }
        };
        mapper.finish();
        Ended { result, acp_session: Some(acp_session) }
    }

    /// The `service` note of a failure, also in the daemon's log; the turn's stop.
    fn fail(&self, failure: Failure) -> Stop {
        tracing::warn!(agent = %self.process.id(), code = failure.code.as_str(), note = %failure.note, "agent turn failed");
        self.sink.service_note(&failure.note);
        Stop::Failed(failure.code)
    }

    /// A JSON-RPC error the agent answered the request `method` with, in words (`what`
    /// opens the note).
    fn refusal(&self, method: &str, what: &str, error: &agent_client_protocol::Error) -> Failure {
        let env = &self.process.entry().env;
        let words = said::error(error, env);
        if said::needs_sign_in(error) {
            let methods = said::sign_in_methods(&self.process.auth_methods, env);
            return sign_in_failure(self.process.entry(), &methods, &format!("it refused `{method}`; {words}"));
        }
        Failure::broken(format!("{what}: {words}."))
    }

    /// The ACP session of this daemon session in this process: reused, loaded, or new.
    async fn session(&self) -> Result<String, Failure> {
        let mut sessions = self.process.sessions().lock().await;
        if let Some(id) = sessions.get(self.session_id) {
            return Ok(id.clone());
        }
        let cx = self.process.connection();
        let ended = self.process.ended();
        tokio::pin!(ended);
        let mut not_loaded = "The agent was restarted and cannot load its earlier session".to_owned();
        if let Some(previous) = self.previous.as_deref().filter(|_| self.process.load_session) {
            let load = cx.send_request(LoadSessionRequest::new(previous.to_owned(), self.workspace.to_path_buf()));
            let loaded = tokio::select! {
                r = load.block_task() => r,
                f = &mut ended => return Err(Failure::broken(self.process.fault_words(f).await)),
            };
            match loaded {
                Ok(r) => {
                    self.set_mode(previous, r.modes.as_ref()).await?;
                    sessions.insert(self.session_id.to_owned(), previous.to_owned());
                    return Ok(previous.to_owned());
                }
                Err(e) if said::needs_sign_in(&e) => {
                    return Err(self.refusal("session/load", "The agent could not load its session", &e))
                }
                Err(e) => {
                    let words = said::error(&e, &self.process.entry().env);
                    not_loaded = format!("The agent could not load its earlier session ({words})");
                }
            }
        }
        let created = tokio::select! {
            r = cx.send_request(NewSessionRequest::new(self.workspace.to_path_buf())).block_task() => r,
            f = &mut ended => return Err(Failure::broken(self.process.fault_words(f).await)),
        };
        let created = created.map_err(|e| self.refusal("session/new", "The agent could not start a session", &e))?;
        let id = created.session_id.to_string();
        self.set_mode(&id, created.modes.as_ref()).await?;
        if self.previous.is_some() {
            self.sink.service_note(&format!(
                "{not_loaded}: its context was reset, and it does not remember the conversation above."
            ));
        }
        sessions.insert(self.session_id.to_owned(), id.clone());
        Ok(id)
    }

    /// `session/set_mode` with the entry's `mode`, which must be one the agent offered for
    /// the session; nothing when the entry names none.
    async fn set_mode(&self, acp_session: &str, offered: Option<&SessionModeState>) -> Result<(), Failure> {
        let Some(mode) = &self.process.entry().mode else { return Ok(()) };
        let env = &self.process.entry().env;
        let modes: Vec<String> =
            offered.map_or(&[][..], |m| &m.available_modes[..]).iter().map(|m| m.id.to_string()).collect();
        if !modes.contains(mode) {
            let id = self.process.id();
            let offered = match modes
                .iter()
                .map(|m| format!("`{}`", said::scrub(m, env, said::MAX_NAME_SHOWN)))
                .collect::<Vec<_>>()
            {
                m if m.is_empty() => "it offers no modes".to_owned(),
                m => format!("it offers {}", m.join(", ")),
            };
            return Err(Failure::broken(format!(
                "agents.{id}.mode: `{}` is not a mode the agent offers for this session; {offered}.",
                said::scrub(mode, env, said::MAX_NAME_SHOWN)
            )));
        }
        let request = SetSessionModeRequest::new(acp_session.to_owned(), mode.clone());
        let ended = self.process.ended();
        tokio::select! {
            r = self.process.connection().send_request(request).block_task() => {
                r.map(drop).map_err(|e| self.refusal("session/set_mode", "The agent could not set the session mode", &e))
            }
            f = ended => Err(Failure::broken(self.process.fault_words(f).await)),
        }
    }

    async fn prompt(&self, acp_session: &str, mapper: &mut Mapper<'_>) -> Result<(), Stop> {
        let (route, mut inbound) = self.process.route(acp_session);
        let writes = route.writes();
        writes.remember(self.process.always_edits.get(acp_session));
        let cx = self.process.connection();
        let request = PromptRequest::new(
            acp_session.to_owned(),
            vec![ContentBlock::Text(TextContent::new(self.prompt.to_owned()))],
        );
        let answer = cx.send_request(request).block_task();
        tokio::pin!(answer);
        let ended = self.process.ended();
        tokio::pin!(ended);
        let mut asked: FuturesUnordered<Pending> = FuturesUnordered::new();
        let result = 'turn: loop {
            tokio::select! {
                biased;
                item = inbound.recv() => match item {
                    Some(item) => if let Err(stop) = self.handle(item, mapper, &mut asked).await {
                        break Err(stop);
                    },
                    None => break Err(Stop::Failed(ErrorCode::AgentFailed)),
                },
                Some((waiting, responder, resolution)) = asked.next(), if !asked.is_empty() => {
                    self.answer(mapper, (acp_session, writes), &waiting, responder, &resolution);
                }
                r = &mut answer => {
                    // Whatever arrived before the answer belongs to the turn.
                    while let Ok(item) = inbound.try_recv() {
                        if let Err(stop) = self.handle(item, mapper, &mut asked).await {
                            break 'turn Err(stop);
                        }
                    }
                    break match r {
                        Ok(response) => {
                            agent_sign_in::succeeded(self.process.entry());
                            stop_of(response.stop_reason, self.sink)
                        }
                        Err(e) => {
                            let failure = match tokio::time::timeout(Duration::from_millis(200), &mut ended).await {
                                Ok(f) => Failure::broken(self.process.fault_words(f).await),
                                Err(_) => self.refusal("session/prompt", "The agent answered the prompt with an error", &e),
                            };
                            Err(self.fail(failure))
                        }
                    };
                }
                f = &mut ended => {
                    let words = self.process.fault_words(f).await;
                    break Err(self.fail(Failure::broken(words)));
                }
            }
        };
        // The turn ends with requests still pending (the agent answered its prompt, or went
        // away): each is answered `cancelled`, so nothing stays pending past its turn.
        if !asked.is_empty() {
            if let Some(asker) = self.asker {
                asker.cancel_turn();
            }
            while let Some((waiting, responder, resolution)) = asked.next().await {
                self.answer(mapper, (acp_session, writes), &waiting, responder, &resolution);
            }
        }
        result
    }

    /// Ends an asked request: recorded, the files the person allowed it to edit remembered for
    /// the turn's writes and an "always" answer to an edit for the session's (before the agent
    /// hears the answer and writes), answered to the agent, told to the front ends.
    fn answer(
        &self,
        mapper: &mut Mapper<'_>,
        (acp_session, writes): (&str, &ApprovedWrites),
        waiting: &Waiting,
        responder: Box<Responder<serde_json::Value>>,
        resolution: &Resolution,
    ) {
        let answer = mapper.permission_resolved(waiting, resolution);
        if let Some(always) = writes.record(self.workspace, waiting.edit, &waiting.paths, resolution) {
            self.process.always_edits.set(acp_session, always);
        }
        let _ = responder.respond(answer);
        if let Some(asker) = self.asker {
            asker.resolved(&waiting.approval_id, resolution);
        }
    }

    async fn handle(
        &self,
        item: Inbound,
        mapper: &mut Mapper<'_>,
        asked: &mut FuturesUnordered<Pending>,
    ) -> Result<(), Stop> {
        match item {
            Inbound::Update(params) => {
                mapper.update(&params).await.map_err(|_| Stop::Failed(ErrorCode::OutputLimitExceeded))?;
            }
            Inbound::Permission(params, responder) => match mapper.permission(params, self.asker) {
                Permission::Answered(answer) => {
                    let _ = responder.respond(answer);
                }
                Permission::Asked(waiting, resolution) => {
                    asked.push(Box::pin(async move { (waiting, responder, resolution.await) }));
                }
            },
            Inbound::Unsupported(method) => mapper.unsupported(&method),
        }
        Ok(())
    }
}

/// The turn's end for the agent's `stopReason`.
fn stop_of(reason: StopReason, sink: &dyn TurnSink) -> Result<(), Stop> {
    match reason {
        StopReason::EndTurn => Ok(()),
        StopReason::Cancelled => Err(Stop::Cancelled),
        StopReason::Refusal => {
            sink.service_note("The agent refused to continue (`stopReason: refusal`).");
            Err(Stop::Failed(ErrorCode::AgentRefused))
        }
        StopReason::MaxTokens => {
            sink.service_note("The agent reached its token limit (`stopReason: max_tokens`).");
            Err(Stop::Failed(ErrorCode::AgentLimitReached))
        }
        StopReason::MaxTurnRequests => {
            sink.service_note("The agent reached its limit of model requests (`stopReason: max_turn_requests`).");
            Err(Stop::Failed(ErrorCode::AgentLimitReached))
        }
        // A reason of a later ACP version: not one of the above, whatever it means.
        other => {
            let name = serde_json::to_value(other).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
            let name = said::scrub(&name, &[], said::MAX_NAME_SHOWN);
            sink.service_note(&format!(
                "The agent ended the turn with a stop reason this daemon does not know (`{name}`)."
            ));
            Err(Stop::Failed(ErrorCode::AgentFailed))
        }
    }
}
