//! An ACP turn from the daemon's side: the agent started or reused from the pool, the ACP
//! session this daemon session last ran in read back ([`super::resume`]) so the agent can
//! `session/load` it, the turn run ([`super::turn`]), and the session it ran in recorded for
//! the next one. The agent answers from its own context: no history is loaded or sent.

use std::path::Path;

use agentwire_protocol::ErrorCode;
use tokio::sync::watch;

use super::process::StartError;
use super::routes::Launch;
use super::turn::{sign_in_failure, AcpTurn, Failure};
use super::{resume, AgentPool};
use crate::agent::calls::Calls;
use crate::agent::sink::TurnSink;
use crate::agent::Stop;
use crate::catalog::agents::AgentEntry;

/// One turn of a daemon session on an ACP agent.
pub struct TurnOnAgent<'a> {
    pub agents: &'a AgentPool,
    pub entry: AgentEntry,
    pub workspace: &'a Path,
    /// The daemon session's folder, where its ACP session is recorded; `None` when it has none.
    pub session_dir: Option<std::path::PathBuf>,
    pub session_id: &'a str,
    pub prompt: &'a str,
    pub cancel: watch::Receiver<bool>,
    /// Who `ask` verdicts go to; `None` answers them by the policy's fallback.
    pub asker: Option<&'a dyn super::ask::Asker>,
}

impl TurnOnAgent<'_> {
    /// Runs the turn; `None` when it completed, else how it stopped.
    pub async fn run(self, sink: &dyn TurnSink, calls: &Calls) -> Option<Stop> {
        let launch = Launch { entry: self.entry, workspace: self.workspace.to_path_buf() };
        let process = match self.agents.acquire_one(&launch).await {
            Ok(p) => p,
            Err(e) => {
                let failure = match &e {
                    StartError::Authenticate(_, words, methods) => {
                        sign_in_failure(&launch.entry, methods, &format!("it refused `authenticate`; {words}"))
                    }
                    other => Failure {
                        note: format!("The agent could not be started ({other})."),
                        code: ErrorCode::AgentFailed,
                    },
                };
                tracing::warn!(agent = %launch.entry.id, note = %failure.note, "agent could not be started");
                sink.service_note(&failure.note);
                return Some(Stop::Failed(failure.code));
            }
        };
        let agent_id = launch.entry.id.clone();
        let previous = match self.session_dir.clone() {
            Some(d) => {
                let id = agent_id.clone();
                tokio::task::spawn_blocking(move || resume::read(&d, &id)).await.ok().flatten()
            }
            None => None,
        };
        let turn = AcpTurn {
            process,
            session_id: self.session_id,
            previous: previous.clone(),
            workspace: self.workspace,
            prompt: self.prompt,
            sink,
            calls,
            cancel: self.cancel,
            asker: self.asker,
        };
        let ended = turn.run().await;
        if let (Some(dir), Some(session)) = (self.session_dir, ended.acp_session) {
            if previous.as_deref() != Some(session.as_str()) {
                let saved = tokio::task::spawn_blocking(move || resume::write(&dir, &agent_id, &session)).await;
                if !matches!(saved, Ok(Ok(()))) {
                    tracing::warn!("the agent's session could not be recorded for a later load");
                }
            }
        }
        ended.result.err()
    }
}
