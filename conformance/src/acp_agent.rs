//! `agentwire-conformance acp-agent`: the scripted Agent Client Protocol agent the approvals
//! cases need behind the daemon under test (`scenario.approvals.*`, conformance/README.md,
//! "Approvals"). It speaks ACP v1 over stdio through the official `agent-client-protocol`
//! crate, and what a turn does is chosen by the prompt's first word, so one agent entry serves
//! every case (and any other case's turn):
//!
//! - `ask-edit`: announces an `edit` tool call with a diff, asks permission offering one option
//!   of each kind (IDs that do not name their kind, so a case must choose by kind), then says
//!   `Answer: <optionId>.` or, when answered cancelled, ends the prompt (`cancelled` after a
//!   `session/cancel`);
//! - `flood N` (N at most [`MAX_FLOOD`]): asks permission for N `execute` calls at once, then
//!   says `Answers: <each optionId or cancelled>.`;
//! - anything else: says `ok.` and ends the turn.

use agent_client_protocol::v1::{ConnectionTo, Responder};
use agent_client_protocol::{Agent, Client, Error, Lines, UntypedMessage};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// The most permission requests one `flood` turn sends.
pub const MAX_FLOOD: usize = 256;

/// The option IDs `ask-edit` offers, with their kinds: the IDs say nothing of the kind.
pub const ASK_EDIT_OPTIONS: [(&str, &str, &str); 4] = [
    ("opt-1", "Allow once", "allow_once"),
    ("opt-2", "Always allow", "allow_always"),
    ("opt-3", "Reject", "reject_once"),
    ("opt-4", "Always reject", "reject_always"),
];

/// What a turn does, from its prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Script {
    AskEdit,
    Flood(usize),
    Ok,
}

impl Script {
    pub fn of_prompt(prompt: &str) -> Script {
        let mut words = prompt.split_whitespace();
        match words.next() {
            Some("ask-edit") => Script::AskEdit,
            Some("flood") => match words.next().and_then(|n| n.parse::<usize>().ok()) {
                Some(n) if (1..=MAX_FLOOD).contains(&n) => Script::Flood(n),
                _ => Script::Ok,
            },
            _ => Script::Ok,
        }
    }
}

/// ACP sessions whose prompt was cancelled (`session/cancel`).
type Cancelled = Arc<Mutex<HashSet<String>>>;

/// Runs the agent on stdin/stdout until the client closes stdin.
pub async fn run() -> Result<(), Error> {
    let incoming = futures_util::stream::unfold(BufReader::new(tokio::io::stdin()), |mut reader| async move {
        let mut line = String::new();
        match reader.read_line(&mut line).await {
            Ok(0) => None,
            Ok(_) => Some((Ok(line.trim_end().to_owned()), reader)),
            Err(e) => Some((Err(e), reader)),
        }
    });
    let outgoing = futures_util::sink::unfold(tokio::io::stdout(), |mut out, line: String| async move {
        out.write_all(line.as_bytes()).await?;
        out.write_all(b"\n").await?;
        out.flush().await?;
        Ok::<_, std::io::Error>(out)
    });
    let transport = Lines::new(Box::pin(outgoing), Box::pin(incoming));
    let cancelled: Cancelled = Arc::default();
    let on_cancel = Arc::clone(&cancelled);
    let sessions = Arc::new(Mutex::new(0u64));
    Agent
        .v1()
        .name("agentwire-conformance")
        .on_receive_notification(
            async move |message: UntypedMessage, _cx| {
                let (method, params) = message.into_parts();
                if method == "session/cancel" {
                    if let Some(s) = params.get("sessionId").and_then(Value::as_str) {
                        on_cancel.lock().unwrap_or_else(PoisonError::into_inner).insert(s.to_owned());
                    }
                }
                Ok(())
            },
            agent_client_protocol::on_receive_notification!(),
        )
        .on_receive_request(
            async move |message: UntypedMessage, responder: Responder<Value>, cx: ConnectionTo<Client>| {
                let (method, params) = message.into_parts();
                match method.as_str() {
                    "initialize" => responder.respond(json!({
                        "protocolVersion": 1,
                        "agentCapabilities": {"loadSession": false},
                        "authMethods": [],
                    })),
                    "session/new" => {
                        let n = {
                            let mut n = sessions.lock().unwrap_or_else(PoisonError::into_inner);
                            *n += 1;
                            *n
                        };
                        responder.respond(json!({"sessionId": format!("conformance-{}-{n}", std::process::id())}))
                    }
                    "session/prompt" => {
                        let cancelled = Arc::clone(&cancelled);
                        let turn_cx = cx.clone();
                        // The turn waits for answers to its own requests: outside the dispatch loop.
                        cx.spawn(async move { prompt(turn_cx, cancelled, params, responder).await })
                    }
                    _ => responder.respond_with_error(Error::method_not_found()),
                }
            },
            agent_client_protocol::on_receive_request!(),
        )
        .connect_to(transport)
        .await
}

fn notify(cx: &ConnectionTo<Client>, session: &str, update: Value) -> Result<(), Error> {
    cx.send_notification(UntypedMessage::new("session/update", json!({"sessionId": session, "update": update}))?)
}

fn say(cx: &ConnectionTo<Client>, session: &str, text: &str) -> Result<(), Error> {
    notify(cx, session, json!({"sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": text}}))
}

/// The chosen option ID of a `session/request_permission` answer; `None` when cancelled or
/// not understood.
fn chosen(answer: &Value) -> Option<&str> {
    let outcome = answer.get("outcome")?;
    (outcome.get("outcome")?.as_str()? == "selected").then(|| outcome.get("optionId")?.as_str()).flatten()
}

async fn ask(cx: &ConnectionTo<Client>, params: Value) -> Result<Value, Error> {
    cx.send_request(UntypedMessage::new("session/request_permission", params)?).block_task().await
}

async fn prompt(
    cx: ConnectionTo<Client>,
    cancelled: Cancelled,
    params: Value,
    responder: Responder<Value>,
) -> Result<(), Error> {
    let session = params.get("sessionId").and_then(Value::as_str).unwrap_or_default().to_owned();
    let text: String = params
        .get("prompt")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|block| block.get("text").and_then(Value::as_str))
        .collect::<Vec<_>>()
        .join(" ");
    let was_cancelled = || cancelled.lock().unwrap_or_else(PoisonError::into_inner).remove(&session);
    let end = |reason: &str| responder.respond(json!({"stopReason": reason}));
    match Script::of_prompt(&text) {
        Script::AskEdit => {
            let diff = json!({"type": "diff", "path": "/w/config.toml", "oldText": "debug = false\n", "newText": "debug = true\n"});
            let call = json!({"toolCallId": "e1", "title": "Edit `config.toml`", "kind": "edit", "content": [diff], "rawInput": {"path": "/w/config.toml"}});
            let mut announce = call.clone();
            announce["sessionUpdate"] = json!("tool_call");
            announce["status"] = json!("pending");
            notify(&cx, &session, announce)?;
            let options: Vec<Value> = ASK_EDIT_OPTIONS
                .iter()
                .map(|(id, name, kind)| json!({"optionId": id, "name": name, "kind": kind}))
                .collect();
            let answer = ask(&cx, json!({"sessionId": session, "toolCall": call, "options": options})).await?;
            let Some(option) = chosen(&answer) else {
                return end(if was_cancelled() { "cancelled" } else { "end_turn" });
            };
            let allowed = ASK_EDIT_OPTIONS.iter().any(|(id, _, kind)| *id == option && kind.starts_with("allow"));
            let status = if allowed { "completed" } else { "failed" };
            notify(&cx, &session, json!({"sessionUpdate": "tool_call_update", "toolCallId": "e1", "status": status}))?;
            say(&cx, &session, &format!("Answer: {option}."))?;
            end(if was_cancelled() { "cancelled" } else { "end_turn" })
        }
        Script::Flood(n) => {
            let asks = (0..n).map(|i| {
                let call = json!({"toolCallId": format!("f{i}"), "title": format!("Run step {i}"), "kind": "execute", "rawInput": {"command": format!("step {i}")}});
                let options = json!([
                    {"optionId": "yes", "name": "Allow", "kind": "allow_once"},
                    {"optionId": "no", "name": "Reject", "kind": "reject_once"},
                ]);
                let cx = cx.clone();
                let session = session.clone();
                async move { ask(&cx, json!({"sessionId": session, "toolCall": call, "options": options})).await }
            });
            let answers = futures_util::future::join_all(asks).await;
            let said: Vec<String> =
                answers.iter().map(|a| a.as_ref().ok().and_then(chosen).unwrap_or("cancelled").to_owned()).collect();
            say(&cx, &session, &format!("Answers: {}.", said.join(",")))?;
            end(if was_cancelled() { "cancelled" } else { "end_turn" })
        }
        Script::Ok => {
            say(&cx, &session, "ok.")?;
            end("end_turn")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prompt_picks_the_script() {
        assert_eq!(Script::of_prompt("ask-edit please"), Script::AskEdit);
        assert_eq!(Script::of_prompt("flood 7"), Script::Flood(7));
        assert_eq!(Script::of_prompt("flood 0"), Script::Ok);
        assert_eq!(Script::of_prompt(&format!("flood {}", MAX_FLOOD + 1)), Script::Ok);
        assert_eq!(Script::of_prompt("Say hi."), Script::Ok);
    }

    #[test]
    fn only_a_selected_outcome_names_an_option() {
        assert_eq!(chosen(&json!({"outcome": {"outcome": "selected", "optionId": "opt-1"}})), Some("opt-1"));
        assert_eq!(chosen(&json!({"outcome": {"outcome": "cancelled"}})), None);
        assert_eq!(chosen(&json!({})), None);
    }
}
