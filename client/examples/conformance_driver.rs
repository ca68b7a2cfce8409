//! The conformance client suite's driver for this crate: reads one JSON command per line on
//! stdin, runs it through `agentwire-client`, writes one JSON reply per line on stdout
//! (`conformance/README.md`, "Client driver protocol"). It is a small application, so it also
//! does what an application must: it settles a turn's display from the terminal's
//! `assistant_text` and saves a replay cursor only after accepting the item.
//!
//! ```sh
//! agentwire-conformance client --exec 'target/debug/examples/conformance_driver'
//! ```

use agentwire_client::{operation, CallError, Claim, Client, ClientOptions, EventStream, ProfileError};
use agentwire_protocol::{
    Activity, ApprovalRequested, ApprovalResolved, AuthLoginStartRequest, EventPayload, Method, PermissionKind,
    SessionCreateRequest, SessionReplayRequest, StatusRequest,
};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

#[derive(Default)]
struct Driver {
    client: Option<Client>,
    claim: Option<Claim>,
    /// Whether this connection opted into approvals (turn replies then show them).
    approvals: bool,
}

fn failed(error: impl std::fmt::Display) -> Value {
    json!({"ok": false, "error": error.to_string()})
}

/// A failed call; `code` when the service answered with an error object.
fn call_failed(e: CallError) -> Value {
    match &e {
        CallError::Service(s) => json!({"ok": false, "error": e.to_string(), "code": s.code_name}),
        _ => failed(e),
    }
}

impl Driver {
    fn client(&self) -> Result<&Client, Value> {
        self.client.as_ref().ok_or_else(|| failed("not connected"))
    }

    async fn run(&mut self, cmd: &Value) -> Value {
        let result = match cmd["cmd"].as_str().unwrap_or_default() {
            "connect" => self.connect(cmd).await,
            "create" => self.create().await,
            "claim" => self.claim(cmd).await,
            "turn" => self.turn(cmd).await,
            "replay" => self.replay(cmd).await,
            "status" => self.status().await,
            "login" => self.login(cmd).await,
            "opt_in" => self.opt_in().await,
            "respond" => self.respond(cmd).await,
            other => Err(json!({"ok": false, "error": format!("unsupported command `{other}`")})),
        };
        result.unwrap_or_else(|e| e)
    }

    async fn connect(&mut self, cmd: &Value) -> Result<Value, Value> {
        // A new connection replaces the old one (and its claim).
        self.client = None;
        self.claim = None;
        self.approvals = false;
        let s = |k: &str| cmd[k].as_str().unwrap_or_default().to_owned();
        let required: Vec<Method> = cmd["require"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|m| m.as_str().and_then(Method::from_wire))
            .collect();
        let options = ClientOptions::new(s("socket"), s("workspace")).version(s("version")).require(&required);
        let client = Client::connect(options).await.map_err(failed)?;
        self.client = Some(client);
        Ok(json!({"ok": true}))
    }

    async fn create(&mut self) -> Result<Value, Value> {
        let created = self.client()?.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await;
        Ok(json!({"ok": true, "session_id": created.map_err(call_failed)?.session_id}))
    }

    async fn claim(&mut self, cmd: &Value) -> Result<Value, Value> {
        let session = cmd["session_id"].as_str().unwrap_or_default();
        let take_over = cmd["take_over"].as_bool().unwrap_or(false);
        let client = self.client()?.clone();
        // With `answer`, the session's turn is already running: its events, the pending
        // requests first, follow the claim's response at once, so the stream is taken before.
        let running = cmd["answer"].is_string().then(|| client.session_events(session));
        let claim = client.claim(session, take_over).await.map_err(call_failed)?;
        self.claim = Some(claim.clone());
        match running {
            Some(events) => self.follow(&claim, events, answer_of(cmd)).await,
            None => Ok(json!({"ok": true})),
        }
    }

    async fn turn(&mut self, cmd: &Value) -> Result<Value, Value> {
        let claim = self.claim.clone().ok_or_else(|| failed("no claim"))?;
        let prompt = cmd["prompt"].as_str().unwrap_or_default();
        let (_started, events) = claim.start_turn(prompt).await.map_err(call_failed)?;
        self.follow(&claim, events, answer_of(cmd)).await
    }

    /// Reads a turn's events through its terminal as the screen shows them, answering each
    /// permission request with its option of kind `answer`.
    async fn follow(
        &self,
        claim: &Claim,
        mut events: EventStream,
        answer: Option<PermissionKind>,
    ) -> Result<Value, Value> {
        // What the screen shows while the turn runs; the terminal's text replaces it.
        let mut live = String::new();
        // The tool activity the screen shows, as `name:status` (the hashed ID where no name).
        let mut tools = Vec::new();
        // The permission requests and resolutions the screen shows.
        let (mut asked, mut resolved) = (Vec::new(), Vec::new());
        while let Some(event) = events.next().await {
            match event.map_err(failed)?.payload {
                EventPayload::TurnAssistantDelta(d) => live.push_str(&d.text),
                EventPayload::TurnActivity(a) => {
                    if let Activity::Tool(t) = a.activity {
                        tools.push(format!("{}:{}", t.tool_name.unwrap_or(t.tool_id), t.status.as_str()));
                    }
                }
                EventPayload::ApprovalRequested(a) => asked.push(ask(claim, &a, answer).await),
                EventPayload::ApprovalResolved(r) => resolved.push(resolution(&r)),
                EventPayload::TurnTerminal(t) => {
                    let (status, display) = (t.status.as_str(), t.assistant_text);
                    let mut reply = json!({"ok": true, "status": status, "display": display, "tools": tools});
                    if self.approvals {
                        reply["approvals"] = json!(asked);
                        reply["resolutions"] = json!(resolved);
                    }
                    return Ok(reply);
                }
                _ => {}
            }
        }
        Err(json!({"ok": false, "error": "the turn's stream ended without a terminal", "display": live}))
    }

    /// Opts into approvals: the accepted version and limits, or the typed reason it is not
    /// available.
    async fn opt_in(&mut self) -> Result<Value, Value> {
        match self.client()?.opt_in_approvals().await {
            Ok(terms) => {
                self.approvals = true;
                Ok(json!({"ok": true, "version": terms.version, "limits": terms.limits}))
            }
            Err(e) => {
                let reason = e.reason().map(|r| r.as_str());
                let mut reply = match e {
                    ProfileError::Call(c) => call_failed(c),
                    other => failed(other),
                };
                reply["reason"] = json!(reason);
                Err(reply)
            }
        }
    }

    async fn respond(&mut self, cmd: &Value) -> Result<Value, Value> {
        let claim = self.claim.as_ref().ok_or_else(|| failed("no claim"))?;
        let s = |k: &str| cmd[k].as_str().unwrap_or_default();
        let answered = claim.respond(s("approval_id"), s("option_id")).await.map_err(call_failed)?;
        Ok(json!({"ok": true, "option_kind": answered.option_kind.as_str()}))
    }

    async fn replay(&mut self, cmd: &Value) -> Result<Value, Value> {
        let client = self.client()?;
        let session = cmd["session_id"].as_str().unwrap_or_default();
        let limit = cmd["limit"].as_u64().unwrap_or(32) as u32;
        let mut saved: Option<String> = None;
        let mut items = 0;
        loop {
            let request = SessionReplayRequest::new().with_after(saved.clone()).with_limit(limit);
            let page = match client.call::<operation::SessionReplay>(session, request).await {
                Ok(page) => page,
                Err(e) => {
                    let mut reply = call_failed(e);
                    reply["cursor"] = json!(saved);
                    return Err(reply);
                }
            };
            // A page is accepted whole (its items decoded and checked) or not at all: only an
            // accepted page's cursor is saved, and it is where the next page continues.
            items += page.events.len();
            saved = Some(page.next_cursor);
            if !page.truncated {
                return Ok(json!({"ok": true, "items": items, "cursor": saved}));
            }
        }
    }

    async fn login(&mut self, cmd: &Value) -> Result<Value, Value> {
        let client = self.client()?;
        // Subscribed before the start: the login's events may follow its response at once.
        let mut events = client.events();
        let provider_id = cmd["provider_id"].as_str().unwrap_or_default().to_owned();
        let started = client
            .call::<operation::AuthLoginStart>(&(), AuthLoginStartRequest::new(provider_id))
            .await
            .map_err(call_failed)?;
        while let Some(event) = events.next().await {
            if let EventPayload::AuthLoginTerminal(t) = event.map_err(failed)?.payload {
                if t.login_id == started.login_id {
                    return Ok(json!({"ok": true, "state": t.state.as_str()}));
                }
            }
        }
        Err(failed("the login's events ended without a terminal"))
    }

    async fn status(&mut self) -> Result<Value, Value> {
        self.client()?.call::<operation::Status>(&(), StatusRequest::new()).await.map_err(call_failed)?;
        Ok(json!({"ok": true}))
    }
}

/// Shows one permission request and answers it with its first option of kind `answer` (chosen
/// by kind, never by ID); a refused answer is shown with its code.
async fn ask(claim: &Claim, a: &ApprovalRequested, answer: Option<PermissionKind>) -> Value {
    let options: Vec<&str> = a.options.iter().map(|o| o.kind.as_str()).collect();
    let mut shown =
        json!({"approval_id": a.approval_id, "title": a.title, "kind": a.kind.as_str(), "options": options});
    let Some(option) = answer.and_then(|k| a.options.iter().find(|o| o.kind == k)) else { return shown };
    shown["answered"] = json!(option.id);
    match claim.respond(&a.approval_id, &option.id).await {
        Ok(r) => shown["option_kind"] = json!(r.option_kind.as_str()),
        Err(e) => shown["code"] = call_failed(e)["code"].clone(),
    }
    shown
}

/// The option kind the person answers every permission request with (none: unanswered).
fn answer_of(cmd: &Value) -> Option<PermissionKind> {
    cmd["answer"].as_str().and_then(PermissionKind::from_wire)
}

fn resolution(r: &ApprovalResolved) -> Value {
    json!({
        "approval_id": r.approval_id,
        "outcome": r.outcome.as_str(),
        "option_id": r.option_id,
        "option_kind": r.option_kind.map(|k| k.as_str()),
        "decided_by": r.decided_by.as_str(),
    })
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::io::Result<()> {
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut out = tokio::io::stdout();
    let mut driver = Driver::default();
    while let Some(line) = lines.next_line().await? {
        let reply = match serde_json::from_str::<Value>(&line) {
            Ok(cmd) => driver.run(&cmd).await,
            Err(e) => failed(format!("command is not JSON: {e}")),
        };
        let mut text = reply.to_string();
        text.push('\n');
        out.write_all(text.as_bytes()).await?;
        out.flush().await?;
    }
    Ok(())
}
