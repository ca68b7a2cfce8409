//! The client side of an ACP connection: what the daemon answers when the agent calls it.
//!
//! - `session/update` notifications and `session/request_permission` requests go, in arrival
//!   order, to the turn running in the named ACP session (its route); the turn maps them
//!   into the session stream and answers permission requests by the policy.
//! - `fs/read_text_file` reads a workspace file, and `fs/write_text_file` writes one only
//!   when the policy allows `edit`, or, when it asks, to a file the person allowed an `edit`
//!   request of the running turn to change, or any file after the person's `allow_always` to
//!   an `edit` request of the session ([`ApprovedWrites`]); both are confined to the
//!   workspace by the rules of the built-in `read_file` tool ([`Workspace::resolve_absolute`]),
//!   and only for a session with a running turn.
//! - Anything else is answered `method not found` (terminals are not offered), and the
//!   running turn records that it was asked.

use std::path::PathBuf;
use std::sync::Arc;

use agent_client_protocol::v1::schema::{ReadTextFileRequest, WriteTextFileRequest};
use agent_client_protocol::v1::{ConnectionTo, Responder};
use agent_client_protocol::{Agent, Client, ConnectTo, Error, UntypedMessage};
use serde_json::Value;
use tokio::sync::oneshot;

use super::ask::ApprovedWrites;
use super::routes::{deliver_update, InFlight, Inbound, Launch, Routes};
use crate::agent::tools::Workspace;
use crate::catalog::agents::Verdict;

/// Largest file `fs/read_text_file` returns.
const MAX_READ_BYTES: u64 = 4 * 1024 * 1024;

/// Why a write nobody allowed is refused.
const WRITE_REFUSED: &str = "writes are rejected by the permission policy";

/// Runs the connection until `stop` fires or the agent closes its output; `cx` receives the
/// connection as soon as it exists.
pub async fn serve(
    launch: Launch,
    routes: Routes,
    in_flight: Arc<InFlight>,
    transport: impl ConnectTo<Client> + 'static,
    cx: oneshot::Sender<ConnectionTo<Agent>>,
    stop: oneshot::Receiver<()>,
) -> agent_client_protocol::Result<()> {
    let requests = (launch, routes.clone(), Arc::clone(&in_flight));
    Client
        .v1()
        .name("agentwire")
        .on_receive_notification(
            async move |message: UntypedMessage, _cx| {
                // The reader counts the updates it hands over, not other notifications.
                let _dispatching = (message.method() == "session/update").then(|| in_flight.dispatching());
                notification(&routes, message);
                Ok(())
            },
            agent_client_protocol::on_receive_notification!(),
        )
        .on_receive_request(
            async move |message: UntypedMessage, responder: Responder<Value>, _cx| {
                let _dispatching = requests.2.dispatching();
                request(&requests.0, &requests.1, message, responder).await
            },
            agent_client_protocol::on_receive_request!(),
        )
        .connect_with(transport, async move |connection: ConnectionTo<Agent>| {
            let _ = cx.send(connection.clone());
            tokio::select! {
                _ = stop => {}
                () = connection.incoming_closed() => {}
            }
            Ok(())
        })
        .await
}

fn session_of(params: &Value) -> Option<&str> {
    params.get("sessionId").and_then(Value::as_str)
}

fn send(routes: &Routes, session: Option<&str>, inbound: Inbound) -> Result<(), Box<Inbound>> {
    let routes = crate::sync::lock(routes);
    match session.and_then(|s| routes.get(s)) {
        Some(route) => route.send(inbound),
        None => Err(Box::new(inbound)),
    }
}

/// Updates go to the session's running turn ([`deliver_update`]): those the reader handed
/// the SDK to keep arrival order.
fn notification(routes: &Routes, message: UntypedMessage) {
    let (method, params) = message.into_parts();
    if method != "session/update" {
        tracing::debug!(%method, "agent notification ignored");
        return;
    }
    match serde_json::value::to_raw_value(&params) {
        Ok(raw) => deliver_update(routes, raw),
        Err(_) => tracing::debug!("agent update that cannot be written back ignored"),
    }
}

async fn request(
    launch: &Launch,
    routes: &Routes,
    message: UntypedMessage,
    responder: Responder<Value>,
) -> agent_client_protocol::Result<()> {
    let (method, params) = message.into_parts();
    let session = session_of(&params).map(str::to_owned);
    let routed = session.as_deref().is_some_and(|s| crate::sync::lock(routes).contains_key(s));
    match method.as_str() {
        "session/request_permission" => {
            match send(routes, session.as_deref(), Inbound::Permission(params, Box::new(responder))) {
                Ok(()) => Ok(()),
                // No turn runs in the session: nobody may be asked.
                Err(unrouted) => match *unrouted {
                    Inbound::Permission(_, responder) => {
                        responder.respond(serde_json::json!({"outcome": {"outcome": "cancelled"}}))
                    }
                    _ => Ok(()),
                },
            }
        }
        "fs/read_text_file" | "fs/write_text_file" if !routed => {
            responder.respond_with_error(Error::invalid_params().data("no turn is running in this session"))
        }
        "fs/read_text_file" => {
            let Ok(req) = serde_json::from_value::<ReadTextFileRequest>(params) else {
                return responder.respond_with_error(Error::invalid_params());
            };
            let workspace = launch.workspace.clone();
            let read = tokio::task::spawn_blocking(move || read(&workspace, &req.path, req.line, req.limit)).await;
            match read {
                Ok(Ok(content)) => responder.respond(serde_json::json!({ "content": content })),
                Ok(Err(e)) => responder.respond_with_error(Error::invalid_params().data(e)),
                Err(_) => responder.respond_with_error(Error::internal_error()),
            }
        }
        "fs/write_text_file" => {
            let verdict = launch.entry.permissions.verdict("edit");
            if verdict == Verdict::Reject {
                return responder.respond_with_error(Error::invalid_params().data(WRITE_REFUSED));
            }
            let Ok(req) = serde_json::from_value::<WriteTextFileRequest>(params) else {
                return responder.respond_with_error(Error::invalid_params());
            };
            // `ask`: only what the person allowed in the running turn (or always, for the session).
            let approved: Option<Arc<ApprovedWrites>> = match verdict {
                Verdict::Allow => None,
                _ => Some(
                    session
                        .as_deref()
                        .and_then(|s| crate::sync::lock(routes).get(s).map(|r| Arc::clone(r.writes())))
                        .unwrap_or_default(),
                ),
            };
            let workspace = launch.workspace.clone();
            let permitted = move |target: &std::path::Path| approved.is_none_or(|a| a.permits(target));
            let written =
                tokio::task::spawn_blocking(move || write(&workspace, &req.path, &req.content, permitted)).await;
            match written {
                Ok(Ok(())) => responder.respond(serde_json::json!({})),
                Ok(Err(e)) => responder.respond_with_error(Error::invalid_params().data(e)),
                Err(_) => responder.respond_with_error(Error::internal_error()),
            }
        }
        _ => {
            let bounded = crate::redact::truncate_on_char_boundary(&method, 64).to_owned();
            let _ = send(routes, session.as_deref(), Inbound::Unsupported(bounded));
            responder.respond_with_error(Error::method_not_found())
        }
    }
}

/// `fs/read_text_file`: the file's text, from `line` (1-based) for `limit` lines.
fn read(
    root: &std::path::Path,
    path: &std::path::Path,
    line: Option<u32>,
    limit: Option<u32>,
) -> Result<String, String> {
    let workspace = Workspace::new(root).map_err(|_| "the workspace is unavailable".to_owned())?;
    let real = workspace.resolve_absolute(path).map_err(|e| e.to_string())?;
    let meta = std::fs::metadata(&real).map_err(|_| "path does not exist or cannot be read".to_owned())?;
    if !meta.is_file() {
        return Err("path is not a file".to_owned());
    }
    if meta.len() > MAX_READ_BYTES {
        return Err("file is too large to read".to_owned());
    }
    let text = std::fs::read_to_string(&real).map_err(|_| "file is not UTF-8 text".to_owned())?;
    let skip = line.map_or(0, |l| l.saturating_sub(1) as usize);
    if skip == 0 && limit.is_none() {
        return Ok(text);
    }
    let lines = text.split_inclusive('\n').skip(skip);
    Ok(match limit {
        Some(n) => lines.take(n as usize).collect(),
        None => lines.collect(),
    })
}

/// `fs/write_text_file`: the parent folder must resolve inside the workspace, the file
/// itself must not be a symbolic link, and `permitted` must allow the resolved file.
fn write(
    root: &std::path::Path,
    path: &std::path::Path,
    content: &str,
    permitted: impl FnOnce(&std::path::Path) -> bool,
) -> Result<(), String> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let workspace = Workspace::new(root).map_err(|_| "the workspace is unavailable".to_owned())?;
    let target: PathBuf = workspace
        .resolve_absolute_file(path)
        .ok_or_else(|| "path names no file".to_owned())?
        .map_err(|e| e.to_string())?;
    if !permitted(&target) {
        return Err(WRITE_REFUSED.to_owned());
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(&target)
        .map_err(|_| "file could not be written".to_owned())?;
    file.write_all(content.as_bytes()).map_err(|_| "file could not be written".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_stay_inside_the_workspace() {
        // "confined to the workspace by the same rules as read_file"
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        std::fs::write(root.join("a.txt"), "one\ntwo\nthree\n").unwrap();
        assert_eq!(read(&root, &root.join("a.txt"), Some(2), Some(1)).unwrap(), "two\n");
        assert!(read(&root, std::path::Path::new("/etc/passwd"), None, None).is_err());
        assert!(read(&root, &root.join("../x"), None, None).is_err());
        std::os::unix::fs::symlink("/etc", root.join("out")).unwrap();
        assert!(read(&root, &root.join("out/passwd"), None, None).is_err(), "a link out of the workspace");
        let yes = |_: &std::path::Path| true;
        write(&root, &root.join("b.txt"), "new", yes).unwrap();
        assert_eq!(std::fs::read_to_string(root.join("b.txt")).unwrap(), "new");
        assert!(write(&root, &root.join("out/x"), "no", yes).is_err());
        std::os::unix::fs::symlink(root.join("a.txt"), root.join("link.txt")).unwrap();
        assert!(write(&root, &root.join("link.txt"), "no", yes).is_err(), "a link is not followed");
        assert!(write(&root, std::path::Path::new("relative.txt"), "no", yes).is_err());
        // "otherwise refused": the resolved file is what the rule is asked about.
        let only_b = |p: &std::path::Path| p == root.join("b.txt");
        assert_eq!(write(&root, &root.join("c.txt"), "no", only_b), Err(WRITE_REFUSED.to_owned()));
        assert!(!root.join("c.txt").exists());
        write(&root, &root.join("./b.txt"), "again", only_b).unwrap();
        assert_eq!(std::fs::read_to_string(root.join("b.txt")).unwrap(), "again");
    }
}
