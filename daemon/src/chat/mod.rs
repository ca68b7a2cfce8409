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
use std::sync::Arc;

use agentwire_protocol::{
    Activity, ActivityStatus, ConfigGetRequest, Control, EventPayload, Method, ReplayItem, ReplayRole, RequestPayload,
    ResponsePayload, SessionClaimRequest, SessionCreateRequest, SessionListRequest, SessionReplayRequest,
    TurnCancelRequest, TurnStartRequest, TurnStatus, TurnTerminal,
};

use self::input::Prompts;
use self::spinner::Spinner;
use crate::client::Client;
use crate::start_or_connect::{start_options, start_or_connect, DEFAULT_START_TIMEOUT};

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
    client: Arc<Client>,
    session_id: String,
    control: Control,
}

pub async fn chat(options: ChatOptions) -> ExitCode {
    match run(options).await {
        Ok(code) => code,
        Err(message) => {
            eprintln!("agentwire chat: {message}");
            ExitCode::from(2)
        }
    }
}

fn call_error(e: impl std::fmt::Display) -> Failure {
    e.to_string()
}

async fn request(
    client: &Client,
    session: Option<&str>,
    control: Option<Control>,
    payload: RequestPayload,
) -> Result<ResponsePayload, Failure> {
    match client.call(session, control, payload).await.map_err(call_error)? {
        Ok(p) => Ok(p),
        Err(e) => Err(format!("{}: {}", e.code, e.message)),
    }
}

async fn run(o: ChatOptions) -> Result<ExitCode, Failure> {
    let executable = std::env::current_exe().map_err(|_| "cannot locate the agentwire executable".to_string())?;
    let start = start_options(o.workspace, executable, DEFAULT_START_TIMEOUT);
    let discovery = start_or_connect(&start).await.map_err(|e| e.message().to_string())?;
    let workspace = crate::launch_args::canonical_workspace(&start.workspace).map_err(|e| e.to_string())?;
    let workspace = workspace.to_str().ok_or("workspace path is not UTF-8")?.to_owned();
    let client = Client::connect(discovery.socket.as_ref(), &workspace, &discovery.version, REQUIRED)
        .await
        .map_err(call_error)?;
    let client = Arc::new(client);
    let session_id = match o.session {
        Some(id) => id,
        None => match request(&client, None, None, RequestPayload::SessionCreate(SessionCreateRequest {})).await? {
            ResponsePayload::SessionCreate(r) => r.session_id,
            _ => return Err("unexpected session.create response".into()),
        },
    };
    let control = claim(&client, &session_id).await?;
    let chat = Chat { client, session_id, control };
    match o.once {
        Some(prompt) => {
            let terminal = chat.turn(&prompt).await?;
            println!("\n--- replay of session {} ---", chat.session_id);
            chat.replay().await?;
            Ok(if terminal.status == TurnStatus::Completed { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        None => chat.interactive().await.map(|()| ExitCode::SUCCESS),
    }
}

async fn claim(client: &Client, session_id: &str) -> Result<Control, Failure> {
    match request(
        client,
        Some(session_id),
        None,
        RequestPayload::SessionClaim(SessionClaimRequest { take_over: false }),
    )
    .await?
    {
        ResponsePayload::SessionClaim(r) => Ok(Control { claim_id: r.claim_id, grant_generation: r.grant_generation }),
        _ => Err("unexpected session.claim response".into()),
    }
}

impl Chat {
    async fn interactive(&self) -> Result<(), Failure> {
        println!(
            "agentwire chat — session {}. /replay, /sessions, /model, /quit. Ctrl-C stops a running turn.",
            self.session_id
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
        let payload = RequestPayload::TurnStart(TurnStartRequest { prompt: prompt.to_owned() });
        let turn_id = match request(&self.client, Some(&self.session_id), Some(self.control.clone()), payload).await? {
            ResponsePayload::TurnStart(r) => r.turn_id,
            _ => return Err("unexpected turn.start response".into()),
        };
        let spin = Spinner::start();
        let mut shown = String::new();
        let mut cancel_sent = false;
        let mut running_tools = 0usize;
        // One listener for the whole turn: a fresh `ctrl_c()` per event would miss a Ctrl-C
        // that arrives while the previous event is being printed.
        let interrupted = tokio::signal::ctrl_c();
        tokio::pin!(interrupted);
        loop {
            let event = tokio::select! {
                ev = self.client.next_event() => ev,
                _ = &mut interrupted, if !cancel_sent => {
                    cancel_sent = true;
                    spin.note("[stopping…]");
                    // Sent from a task: this loop keeps draining events meanwhile.
                    let (client, session, control, turn) = (Arc::clone(&self.client), self.session_id.clone(), self.control.clone(), turn_id.clone());
                    tokio::spawn(async move {
                        let payload = RequestPayload::TurnCancel(TurnCancelRequest { turn_id: turn });
                        if let Err(e) = request(&client, Some(&session), Some(control), payload).await {
                            eprintln!("cancel failed: {e}");
                        }
                    });
                    continue;
                }
            };
            let event = event.ok_or("connection closed")?.map_err(call_error)?;
            match event.payload {
                EventPayload::TurnAssistantDelta(d) if d.turn_id == turn_id => {
                    shown.push_str(&d.text);
                    // Through the spinner, which clears a shown frame first.
                    spin.print(&d.text);
                }
                EventPayload::TurnActivity(a) if a.turn_id == turn_id => {
                    if let Activity::Tool(t) = a.activity {
                        match t.status {
                            ActivityStatus::Running => running_tools += 1,
                            _ => running_tools = running_tools.saturating_sub(1),
                        }
                        spin.set_running(running_tools);
                    }
                }
                EventPayload::TurnTerminal(t) if t.turn_id == turn_id => {
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
            let payload = RequestPayload::SessionReplay(SessionReplayRequest { after: after.clone(), limit: 32 });
            let page = match request(&self.client, Some(&self.session_id), None, payload).await? {
                ResponsePayload::SessionReplay(p) => p,
                _ => return Err("unexpected session.replay response".into()),
            };
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
        let payload = RequestPayload::SessionList(SessionListRequest { after: None, limit: 32 });
        let ResponsePayload::SessionList(list) = request(&self.client, None, None, payload).await? else {
            return Err("unexpected session.list response".into());
        };
        for s in list.sessions {
            let mark = if s.session_id == self.session_id { "*" } else { " " };
            println!("{mark} {}  {}  {}", s.session_id, s.updated_at, s.title.unwrap_or_default());
        }
        if list.truncated {
            println!("  …");
        }
        Ok(())
    }

    async fn model(&self) -> Result<(), Failure> {
        let advertised = self.client.init.capabilities.operations.iter().any(|o| o == Method::ConfigGet.as_str());
        if !advertised {
            println!("this service does not offer config.get");
            return Ok(());
        }
        let projection = request(&self.client, None, None, RequestPayload::ConfigGet(ConfigGetRequest {})).await?;
        println!("{}", serde_json::to_string_pretty(&projection).map_err(call_error)?);
        Ok(())
    }
}
