//! One turn on an ACP agent: the session's ACP session (`session/new`, or `session/load`
//! after the agent restarted when it can), `session/prompt`, the updates and permission
//! requests mapped as they arrive, and the end:
//!
//! - `stopReason` `end_turn` → completed; `cancelled` → cancelled; `refusal`,
//!   `max_tokens`, `max_turn_requests` → failed (`agent_refused`, `agent_limit_reached`);
//! - a permission request asked of the person ([`Asker`]) is a future the turn awaits among
//!   the agent's messages, so updates, further requests and a cancel go on meanwhile;
//! - `turn.cancel` answers the pending permission requests `cancelled`, then sends
//!   `session/cancel`; the turn ends when the agent answers the prompt,
//!   or after the cancel grace ([`within_cancel_grace`]), when the process is killed and the
//!   turn fails;
//! - the connection ending (the process died, a malformed or oversized line) fails the turn
//!   with `agent_failed` and a `service` note saying why.

use std::sync::Arc;
use std::time::Duration;

use agent_client_protocol::v1::schema::{
    CancelNotification, ContentBlock, LoadSessionRequest, NewSessionRequest, PromptRequest, StopReason, TextContent,
};
use agentwire_protocol::ErrorCode;
use futures_util::stream::{FuturesUnordered, StreamExt};
use tokio::sync::watch;

use super::ask::Asker;
use super::mapping::{Mapper, Permission, Waiting};
use super::process::AgentProcess;
use super::routes::Inbound;
use crate::agent::calls::{within_cancel_grace, Calls};
use crate::agent::sink::TurnSink;
use crate::agent::Stop;
use crate::approvals::Resolution;
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

impl AcpTurn<'_> {
    pub async fn run(self) -> Ended {
        let acp_session = match self.session().await {
            Ok(s) => s,
            Err(note) => {
                self.sink.service_note(note);
                return Ended { result: Err(Stop::Failed(ErrorCode::AgentFailed)), acp_session: None };
            }
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
                self.sink.service_note(
                    "The agent did not stop within the cancel grace period after `session/cancel`; it was killed.",
                );
                Err(Stop::Failed(ErrorCode::AgentFailed))
            }
        };
        mapper.finish();
        Ended { result, acp_session: Some(acp_session) }
    }

    /// The ACP session of this daemon session in this process: reused, loaded, or new.
    async fn session(&self) -> Result<String, &'static str> {
        let mut sessions = self.process.sessions().lock().await;
        if let Some(id) = sessions.get(self.session_id) {
            return Ok(id.clone());
        }
        let cx = self.process.connection();
        let ended = self.process.ended();
        tokio::pin!(ended);
        if let Some(previous) = self.previous.as_deref().filter(|_| self.process.load_session) {
            let load = cx.send_request(LoadSessionRequest::new(previous.to_owned(), self.workspace.to_path_buf()));
            tokio::select! {
                r = load.block_task() => if r.is_ok() {
                    sessions.insert(self.session_id.to_owned(), previous.to_owned());
                    return Ok(previous.to_owned());
                },
                f = &mut ended => return Err(f.note()),
            }
        }
        let created = tokio::select! {
            r = cx.send_request(NewSessionRequest::new(self.workspace.to_path_buf())).block_task() => r,
            f = &mut ended => return Err(f.note()),
        };
        let id = created.map_err(|_| "The agent could not start a session.")?.session_id.to_string();
        if self.previous.is_some() {
            self.sink.service_note(
                "The agent was restarted and cannot load its earlier session: its context was reset, and it does not remember the conversation above.",
            );
        }
        sessions.insert(self.session_id.to_owned(), id.clone());
        Ok(id)
    }

    async fn prompt(&self, acp_session: &str, mapper: &mut Mapper<'_>) -> Result<(), Stop> {
        let (_route, mut inbound) = self.process.route(acp_session);
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
                    self.answer(mapper, &waiting, responder, &resolution);
                }
                r = &mut answer => {
                    // Whatever arrived before the answer belongs to the turn.
                    while let Ok(item) = inbound.try_recv() {
                        if let Err(stop) = self.handle(item, mapper, &mut asked).await {
                            break 'turn Err(stop);
                        }
                    }
                    break match r {
                        Ok(response) => stop_of(response.stop_reason, self.sink),
                        Err(_) => {
                            let fault = tokio::time::timeout(Duration::from_millis(200), &mut ended).await;
                            self.sink.service_note(fault.map_or("The agent answered the prompt with an error.", |f| f.note()));
                            Err(Stop::Failed(ErrorCode::AgentFailed))
                        }
                    };
                }
                f = &mut ended => {
                    self.sink.service_note(f.note());
                    break Err(Stop::Failed(ErrorCode::AgentFailed));
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
                self.answer(mapper, &waiting, responder, &resolution);
            }
        }
        result
    }

    /// Ends an asked request: recorded, answered to the agent, told to the front ends.
    fn answer(
        &self,
        mapper: &mut Mapper<'_>,
        waiting: &Waiting,
        responder: Box<Responder<serde_json::Value>>,
        resolution: &Resolution,
    ) {
        let answer = mapper.permission_resolved(waiting, resolution);
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
                mapper.update(params).await.map_err(|_| Stop::Failed(ErrorCode::OutputLimitExceeded))?;
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
        _ => {
            sink.service_note("The agent reached its limit of model requests (`stopReason: max_turn_requests`).");
            Err(Stop::Failed(ErrorCode::AgentLimitReached))
        }
    }
}
