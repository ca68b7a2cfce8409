//! `agentwire chat --workspace DIR`: an interactive client for people. Streams assistant
//! deltas as they arrive, shows a spinner while tools run, sends `turn.cancel` on Ctrl-C, and
//! has `/replay`, `/sessions`, `/model` and `/quit`. On a terminal the prompt has line editing
//! and history ([`input`]). `--once PROMPT` runs one turn, prints the streamed answer and then
//! the replayed transcript, and exits (for scripts and the demo).
//!
//! It speaks only the wire contract: no settings, auth or transcript files are read; the only
//! file it keeps is its own prompt history ([`history`]).

pub mod history;
mod input;
mod spinner;

use std::path::PathBuf;
use std::process::ExitCode;

use agentwire_client::{CallError, Claim, Client, ClientOptions};
use agentwire_protocol::{
    operation, Activity, ActivityStatus, ConfigGetRequest, EventPayload, Method, ReplayItem, ReplayRole,
    SessionCreateRequest, SessionListRequest, SessionReplayRequest, TurnStatus, TurnTerminal,
};

use self::input::Prompts;
use self::spinner::Spinner;
use crate::transport::start_or_connect::{start_options, start_or_connect, DEFAULT_START_TIMEOUT};

#[derive(Debug, Clone)]
pub struct ChatOptions {
    pub workspace: PathBuf,
    /// Run this one prompt, print the replay, exit.
    pub once: Option<String>,
    /// Resume this session instead of creating one.
    pub session: Option<String>,
}

const REQUIRED: &[Method] = &[
    Method::SessionCreate,
    Method::SessionClaim,
    Method::SessionReplay,
    Method::SessionList,
    Method::TurnStart,
    Method::TurnCancel,
];

type Failure = String;

struct Chat {
    client: Client,
    claim: Claim,
}

pub async fn chat(options: ChatOptions) -> ExitCode {
    match run(options).await {
        Ok(code) => code,
        // Usage errors never get here (clap answers them with 2): this is a service that
        // refused or could not be reached.
        Err(message) => {
            eprintln!("agentwire chat: {message}");
            ExitCode::FAILURE
        }
    }
}

fn call_error(e: impl std::fmt::Display) -> Failure {
    e.to_string()
}

/// A service error as `code: message`; other failures as they describe themselves.
fn failure(e: CallError) -> Failure {
    match e {
        CallError::Service(e) => format!("{}: {}", e.code_name, e.message),
        other => other.to_string(),
    }
}

async fn run(o: ChatOptions) -> Result<ExitCode, Failure> {
    let executable = std::env::current_exe().map_err(|_| "cannot locate the agentwire executable".to_string())?;
    let start = start_options(o.workspace, executable, DEFAULT_START_TIMEOUT);
    let discovery = start_or_connect(&start).await.map_err(|e| e.message().to_string())?;
    let workspace = crate::transport::launch_args::canonical_workspace(&start.workspace).map_err(|e| e.to_string())?;
    let workspace = workspace.to_str().ok_or("workspace path is not UTF-8")?.to_owned();
    let options =
        ClientOptions::new(&discovery.socket, workspace).version(crate::version::package_version()).require(REQUIRED);
    let client = Client::connect(options).await.map_err(call_error)?;
    let session_id = match o.session {
        Some(id) => id,
        None => client
            .call::<operation::SessionCreate>(&(), SessionCreateRequest::new())
            .await
            .map_err(failure)?
            .session_id
            .into_string(),
    };
    let claim = client.claim(&session_id, false).await.map_err(failure)?;
    let chat = Chat { client, claim };
    match o.once {
        Some(prompt) => {
            let terminal = chat.turn(&prompt).await?;
            println!("\n--- replay of session {} ---", chat.claim.session_id());
            chat.replay().await?;
            Ok(if terminal.status == TurnStatus::Completed { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        None => chat.interactive().await.map(|()| ExitCode::SUCCESS),
    }
}

impl Chat {
    async fn interactive(&self) -> Result<(), Failure> {
        println!(
            "agentwire chat — session {}. /replay, /sessions, /model, /quit. Ctrl-C stops a running turn.",
            self.claim.session_id()
        );
        let mut prompts = Prompts::open();
        loop {
            let Some(line) = prompts.next_line().await else {
                return Ok(());
            };
            let line = line.trim();
            let outcome = match line {
                "" => Ok(()),
                "/quit" | "/exit" => return Ok(()),
                "/replay" => self.replay().await,
                "/sessions" => self.sessions().await,
                "/model" => self.model().await,
                l if l.starts_with('/') => {
                    println!("unknown command; try /replay, /sessions, /model, /quit");
                    Ok(())
                }
                prompt => self.turn(prompt).await.map(drop),
            };
            if let Err(e) = outcome {
                eprintln!("error: {e}");
            }
        }
    }

    /// Runs one turn, streaming its text; returns its terminal.
    async fn turn(&self, prompt: &str) -> Result<TurnTerminal, Failure> {
        let (started, mut events) = self.claim.start_turn(prompt).await.map_err(failure)?;
        let spin = Spinner::start();
        let mut shown = String::new();
        let mut cancel_sent = false;
        // The tool calls under way, by activity ID: one queued (an ACP agent's call goes from
        // pending straight to completed), running or writing shows the spinner.
        let mut running_tools = std::collections::HashSet::new();
        // One listener for the whole turn: a fresh `ctrl_c()` per event would miss a Ctrl-C
        // that arrives while the previous event is being printed.
        let interrupted = tokio::signal::ctrl_c();
        tokio::pin!(interrupted);
        loop {
            let event = tokio::select! {
                ev = events.next() => ev,
                _ = &mut interrupted, if !cancel_sent => {
                    cancel_sent = true;
                    spin.note("[stopping…]");
                    // Sent from a task: this loop keeps reading the turn's events meanwhile.
                    let (claim, turn) = (self.claim.clone(), started.turn_id.clone());
                    tokio::spawn(async move {
                        if let Err(e) = claim.cancel(&turn).await {
                            eprintln!("cancel failed: {}", failure(e));
                        }
                    });
                    continue;
                }
            };
            let event = event.ok_or("the turn's events ended before its terminal")?.map_err(call_error)?;
            match event.payload {
                EventPayload::TurnAssistantDelta(d) => {
                    shown.push_str(&d.text);
                    // Through the spinner, which clears a shown frame first.
                    spin.print(&d.text);
                }
                EventPayload::TurnActivity(a) => {
                    if let Activity::Tool(t) = a.activity {
                        match t.status {
                            ActivityStatus::Queued | ActivityStatus::Running | ActivityStatus::Writing => {
                                running_tools.insert(t.activity_id)
                            }
                            _ => running_tools.remove(&t.activity_id),
                        };
                        spin.set_running(running_tools.len());
                    }
                }
                EventPayload::TurnTerminal(t) => {
                    spin.set_running(0);
                    // "Terminal text replaces local assembled text."
                    if t.assistant_text != shown {
                        println!("\n[final text]\n{}", t.assistant_text);
                    }
                    match (t.status, &t.error) {
                        (TurnStatus::Completed, _) => println!(),
                        (status, error) => println!(
                            "\n[turn {}{}]",
                            status.as_str(),
                            error.as_ref().map(|e| format!(": {}", e.code)).unwrap_or_default()
                        ),
                    }
                    return Ok(t);
                }
                _ => {}
            }
        }
    }

    /// Prints the durable conversation, following pages to the end.
    async fn replay(&self) -> Result<(), Failure> {
        let mut after = None;
        let mut text = String::new();
        loop {
            let request = SessionReplayRequest::new().with_after(after.clone()).with_limit(32);
            let page = self.client.call::<operation::SessionReplay>(&self.claim, request).await.map_err(failure)?;
            for item in page.events {
                match item {
                    ReplayItem::Message(m) => {
                        text.push_str(&m.text);
                        if m.last_part {
                            let who = if m.role == ReplayRole::User { "user" } else { "assistant" };
                            println!("{who}: {}", std::mem::take(&mut text));
                        }
                    }
                    ReplayItem::Summary(s) => {
                        text.push_str(&s.text);
                        if s.last_part {
                            println!("[summary] {}", std::mem::take(&mut text));
                        }
                    }
                    ReplayItem::Terminal(t) => println!("[{}]", t.status.as_str()),
                }
            }
            if page.gap {
                println!("[some history could not be read]");
            }
            if !page.truncated {
                return Ok(());
            }
            after = Some(page.next_cursor);
        }
    }

    async fn sessions(&self) -> Result<(), Failure> {
        let request = SessionListRequest::new().with_after(None).with_limit(32);
        let list = self.client.call::<operation::SessionList>(&(), request).await.map_err(failure)?;
        for s in list.sessions {
            let mark = if s.session_id == self.claim.session_id() { "*" } else { " " };
            println!("{mark} {}  {}  {}", s.session_id, s.updated_at, s.title.unwrap_or_default());
        }
        if list.truncated {
            println!("  …");
        }
        Ok(())
    }

    async fn model(&self) -> Result<(), Failure> {
        if !self.client.offers(Method::ConfigGet) {
            println!("this service does not offer config.get");
            return Ok(());
        }
        let projection =
            self.client.call::<operation::ConfigGet>(&(), ConfigGetRequest::new()).await.map_err(failure)?;
        // Parsed first: the generated type's bytes would be copied unindented.
        let projection = serde_json::to_value(&projection).map_err(call_error)?;
        println!("{}", serde_json::to_string_pretty(&projection).map_err(call_error)?);
        Ok(())
    }
}
