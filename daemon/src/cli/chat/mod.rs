//! `agentwire chat --workspace DIR`: an interactive client for people. Streams assistant
//! deltas as they arrive, shows a spinner while tools run, sends `turn.cancel` on Ctrl-C, and
//! has `/replay`, `/sessions`, `/model` and `/quit`. On a terminal the prompt has line editing
//! and history ([`input`]). `--once PROMPT` runs one turn, prints the streamed answer and then
//! the replayed transcript, and exits (for scripts and the demo). An agent's permission request
//! is shown and asked of the person through the approvals profile ([`approval`]); `--once`
//! opts in only when stdin is a terminal. `--session ID` (with `--take-over`, from another
//! front end) picks up a turn that is still running there: chat follows it to its end first,
//! showing its pending requests (re-delivered after the claim) and asking them.
//!
//! It speaks only the wire contract: no settings, auth or transcript files are read; the only
//! file it keeps is its own prompt history ([`history`]).

mod approval;
pub mod history;
mod input;
mod spinner;

use std::collections::{HashSet, VecDeque};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use agentwire_client::{CallError, Claim, Client, ClientOptions, EventStream};
use agentwire_protocol::{
    operation, Activity, ActivityStatus, ApprovalRequested, ConfigGetRequest, EventPayload, Method, ReplayItem,
    ReplayRole, SessionCreateRequest, SessionListRequest, SessionReplayRequest, TurnStatus, TurnTerminal,
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
    /// Claim the session even when another connection controls it (revoking its control).
    pub take_over: bool,
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
    // Approvals are asked where the answer can be typed: always in the interactive chat (piped,
    // the answer is the next line), with `--once` only when stdin is a terminal. Otherwise the
    // ordinary profile: the daemon's policy answers `ask` with its fallback (reject).
    let asks = o.once.is_none() || std::io::stdin().is_terminal();
    if asks {
        // Before the claim, as the profile requires.
        if let Err(e) = client.opt_in_approvals().await {
            eprintln!("agentwire chat: approvals are not asked here ({e}); the daemon's policy answers them");
        }
    }
    // Subscribed before the claim: the requests a running turn has pending are re-delivered
    // right after the claim's response.
    let session_events = client.session_events(&session_id);
    let claim = client.claim(&session_id, o.take_over).await.map_err(failure)?;
    let chat = Chat { client, claim };
    let running = Running { events: session_events, turn: chat.claim.response().snapshot.turn.clone() };
    match o.once {
        Some(prompt) => {
            let mut prompts = asks.then(Prompts::open);
            chat.follow_running(running, prompts.as_mut()).await?;
            let terminal = chat.turn(&prompt, prompts.as_mut()).await?;
            println!("\n--- replay of session {} ---", chat.claim.session_id());
            chat.replay().await?;
            Ok(if terminal.status == TurnStatus::Completed { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        None => chat.interactive(running).await.map(|()| ExitCode::SUCCESS),
    }
}

/// The session's turn running at the claim (started by another front end), with the session's
/// events from before the claim.
struct Running {
    events: EventStream,
    turn: Option<agentwire_protocol::SnapshotTurn>,
}

impl Chat {
    async fn interactive(&self, running: Running) -> Result<(), Failure> {
        println!(
            "agentwire chat — session {}. /replay, /sessions, /model, /quit. Ctrl-C stops a running turn.",
            self.claim.session_id()
        );
        let mut prompts = Prompts::open();
        if let Err(e) = self.follow_running(running, Some(&mut prompts)).await {
            eprintln!("error: {e}");
        }
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
                prompt => self.turn(prompt, Some(&mut prompts)).await.map(drop),
            };
            if let Err(e) = outcome {
                eprintln!("error: {e}");
            }
        }
    }

    /// Follows the turn that was running at the claim to its end, as [`Chat::turn`] does its
    /// own: "a connection that claims or takes over the session receives the pending requests
    /// and can answer them", and a request the person was not asked about is still shown,
    /// with who answered it.
    async fn follow_running(&self, running: Running, answers: Option<&mut Prompts>) -> Result<(), Failure> {
        let Some(turn) = running.turn else { return Ok(()) };
        println!("[a turn started elsewhere is running; following it to its end]");
        self.follow(&turn.turn_id, running.events, turn.assistant_text, answers).await.map(drop)
    }

    /// Runs one turn, streaming its text; returns its terminal. Approval requests are shown
    /// and, with `answers`, asked there one at a time.
    async fn turn(&self, prompt: &str, answers: Option<&mut Prompts>) -> Result<TurnTerminal, Failure> {
        let (started, events) = self.claim.start_turn(prompt).await.map_err(failure)?;
        self.follow(&started.turn_id, events, String::new(), answers).await
    }

    /// Streams the turn `turn_id`'s events from `events` (other turns' are passed over) until
    /// its terminal, starting with the text `shown` so far.
    async fn follow(
        &self,
        turn_id: &str,
        mut events: EventStream,
        shown: String,
        mut answers: Option<&mut Prompts>,
    ) -> Result<TurnTerminal, Failure> {
        let spin = Spinner::start();
        spin.print(&shown);
        let mut shown = shown;
        let mut approvals = Approvals::default();
        let mut cancel_sent = false;
        // The tool calls under way, by activity ID: one queued (an ACP agent's call goes from
        // pending straight to completed), running or writing shows the spinner.
        let mut running_tools = HashSet::new();
        // One listener for the whole turn: a fresh `ctrl_c()` per event would miss a Ctrl-C
        // that arrives while the previous event is being printed.
        let interrupted = tokio::signal::ctrl_c();
        tokio::pin!(interrupted);
        loop {
            if let Some(prompts) = answers.as_deref_mut() {
                approvals.ask_next(prompts, &spin);
            }
            let asking = approvals.asking.is_some();
            let event = tokio::select! {
                ev = events.next() => ev,
                line = async { answers.as_deref_mut()?.answer().await }, if asking => {
                    match line {
                        Some(line) => approvals.answered(&self.claim, &line, &spin).await,
                        None if !cancel_sent => {
                            // No answer can come (Ctrl-C, Ctrl-D, the end of piped input):
                            // the turn stops, and the daemon answers the request `cancelled`.
                            cancel_sent = true;
                            approvals.asking = None;
                            spin.note("[no answer; stopping…]");
                            let (claim, turn) = (self.claim.clone(), turn_id.to_owned());
                            tokio::spawn(async move {
                                if let Err(e) = claim.cancel(&turn).await {
                                    eprintln!("cancel failed: {}", failure(e));
                                }
                            });
                        }
                        None => approvals.asking = None,
                    }
                    continue;
                }
                _ = &mut interrupted, if !cancel_sent => {
                    cancel_sent = true;
                    spin.note("[stopping…]");
                    // Sent from a task: this loop keeps reading the turn's events meanwhile.
                    let (claim, turn) = (self.claim.clone(), turn_id.to_owned());
                    tokio::spawn(async move {
                        if let Err(e) = claim.cancel(&turn).await {
                            eprintln!("cancel failed: {}", failure(e));
                        }
                    });
                    continue;
                }
            };
            let event = event.ok_or("the turn's events ended before its terminal")?.map_err(call_error)?;
            if !of_turn(&event.payload, turn_id) {
                continue;
            }
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
                        spin.set_running(if approvals.asking.is_some() { 0 } else { running_tools.len() });
                    }
                }
                EventPayload::ApprovalRequested(r) => approvals.requested(*r, &spin),
                EventPayload::ApprovalResolved(r) => {
                    approvals.resolved(&r, &spin);
                    if approvals.asking.is_none() {
                        spin.set_running(running_tools.len());
                    }
                }
                EventPayload::TurnTerminal(t) => {
                    spin.set_running(0);
                    if let Some(prompts) = answers.as_deref_mut() {
                        if prompts.outstanding() {
                            // The terminal still reads the answer to a question that went
                            // away: the next line typed only goes on.
                            spin.note("[the turn ended; press Enter]");
                            let _ = prompts.answer().await;
                        }
                    }
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
                    // Why, in the agent's own words (and how to sign in), as the daemon noted it.
                    if let Some(notice) = &t.notice {
                        println!("{}", approval::printable(notice));
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

/// Whether `payload` is an event of `turn_id` (a session's events carry every turn's).
fn of_turn(payload: &EventPayload, turn_id: &str) -> bool {
    match payload {
        EventPayload::TurnStarted(p) => p.turn_id == turn_id,
        EventPayload::TurnAssistantDelta(p) => p.turn_id == turn_id,
        EventPayload::TurnActivity(p) => p.turn_id == turn_id,
        EventPayload::TurnTerminal(p) => p.turn_id == turn_id,
        EventPayload::ApprovalRequested(p) => p.turn_id == turn_id,
        EventPayload::ApprovalResolved(p) => p.turn_id == turn_id,
        _ => true,
    }
}

/// The approval requests of one turn: shown as they arrive, asked one at a time.
#[derive(Default)]
struct Approvals {
    /// Shown, not yet resolved, not yet asked.
    queue: VecDeque<ApprovalRequested>,
    /// The one being asked.
    asking: Option<ApprovalRequested>,
    /// Titles of the requests seen, to name them when resolved.
    titles: std::collections::HashMap<String, String>,
    /// Those this chat answered (so "decided by the person" can say "you").
    answered: HashSet<String>,
}

impl Approvals {
    fn requested(&mut self, request: ApprovalRequested, spin: &Spinner) {
        spin.set_running(0);
        for line in approval::describe(&request) {
            spin.note(&line);
        }
        self.titles.insert(request.approval_id.clone(), request.title.clone());
        self.queue.push_back(request);
    }

    fn ask_next(&mut self, prompts: &mut Prompts, spin: &Spinner) {
        if self.asking.is_some() {
            return;
        }
        let Some(next) = self.queue.pop_front() else {
            return;
        };
        spin.set_running(0);
        prompts.ask(&approval::prompt(&approval::keys(&next.options)));
        self.asking = Some(next);
    }

    async fn answered(&mut self, claim: &Claim, line: &str, spin: &Spinner) {
        let Some(request) = self.asking.take() else {
            return;
        };
        let keys = approval::keys(&request.options);
        let Some(option) = approval::chosen(&keys, line) else {
            spin.note(&format!("  answer with one key: {}", approval::prompt(&keys).trim_end()));
            // Asked again, first in line.
            self.queue.push_front(request);
            return;
        };
        self.answered.insert(request.approval_id.clone());
        if let Err(e) = claim.respond(&request.approval_id, &option.id).await {
            // `approval_unknown`: the policy, the deadline or another front end was first;
            // their resolution is shown when it arrives.
            self.answered.remove(&request.approval_id);
            spin.note(&format!("  [answer not taken: {}]", failure(e)));
        }
    }

    fn resolved(&mut self, resolved: &agentwire_protocol::ApprovalResolved, spin: &Spinner) {
        let id = &resolved.approval_id;
        if self.asking.as_ref().is_some_and(|a| &a.approval_id == id) {
            self.asking = None;
        }
        self.queue.retain(|r| &r.approval_id != id);
        let ours = self.answered.contains(id);
        spin.note(&approval::resolution(self.titles.get(id).map(String::as_str), resolved, ours));
    }
}
