//! Listing and error handling: page through this workspace's sessions (then every workspace's),
//! and show how each kind of failure is told apart: a service error keeps the connection, a
//! malformed ID never leaves the client, a launch error names its rule.
//!
//! ```sh
//! cargo run -p agentwire-client --example sessions -- "$PWD" [AGENTWIRE_EXECUTABLE]
//! ```

use agentwire_client::protocol::{ErrorCode, Method, SessionListRequest, SessionStatusRequest, StatusRequest};
use agentwire_client::{operation, CallError, Client, LaunchError, StartOptions};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [workspace, rest @ ..] = &args[..] else {
        return Err("usage: sessions WORKSPACE [AGENTWIRE_EXECUTABLE]".into());
    };
    let executable = rest.first().map_or("agentwire", String::as_str);
    let required = [Method::SessionList, Method::SessionStatus];
    let client = Client::start_or_connect(StartOptions::new(workspace, executable), &required).await?;

    for all_workspaces in [false, true] {
        let (mut after, mut count) = (None, 0);
        loop {
            let request = SessionListRequest::new().with_all_workspaces(all_workspaces).with_after(after);
            let page = client.call::<operation::SessionList>(&(), request).await?;
            for s in &page.sessions {
                let title = s.title.as_deref().unwrap_or("(untitled)");
                println!("{} {} {}", s.session_id, s.workspace.as_deref().unwrap_or("?"), title);
            }
            count += page.sessions.len();
            // A truncated page names the last ID it examined: the next page starts after it.
            match page.next_after {
                Some(next) if page.truncated => after = Some(next.into()),
                _ => break,
            }
        }
        println!("listed {count} sessions (all_workspaces: {all_workspaces})");
    }

    // A service error carries the spec's code; the connection goes on.
    match client.call::<operation::SessionStatus>("s-no-such-session", SessionStatusRequest::new()).await {
        Err(CallError::Service(e)) if e.is(ErrorCode::SessionUnavailable) => println!("service error: {e}"),
        other => return Err(format!("expected session_unavailable, got {other:?}").into()),
    }
    client.call::<operation::Status>(&(), StatusRequest::new()).await?;
    println!("the connection still answers");

    // A malformed session ID is refused by the client before anything is sent.
    match client.call::<operation::SessionStatus>("not a session", SessionStatusRequest::new()).await {
        Err(CallError::InvalidRequest(e)) => println!("refused locally: {e}"),
        other => return Err(format!("expected a local refusal, got {other:?}").into()),
    }

    // A relative workspace is a launch error; nothing is run.
    match Client::start_or_connect(StartOptions::new("relative/folder", executable), &required).await {
        Err(LaunchError::InvalidWorkspace(detail)) => println!("launch error: invalid_workspace: {detail}"),
        other => return Err(format!("expected invalid_workspace, got {:?}", other.err()).into()),
    }
    Ok(())
}
