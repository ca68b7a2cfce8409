//! Stop and resume: start a turn, cancel it after its first delta (on the slow `local`
//! provider, `local_turn_ms` in the global settings, it always ends `cancelled`), drop the
//! connection, then resume on a new one from the cursor saved at the claim: the lookup of the
//! turn's operation and the durable replay, nothing resent.
//!
//! ```sh
//! cargo run -p agentwire-client --example stop -- "$PWD" [AGENTWIRE_EXECUTABLE]
//! ```

use agentwire_client::protocol::{EventPayload, Method, ReplayItem, SessionCreateRequest};
use agentwire_client::{operation, resume, Client, ResumeOptions, StartOptions};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [workspace, rest @ ..] = &args[..] else {
        return Err("usage: stop WORKSPACE [AGENTWIRE_EXECUTABLE]".into());
    };
    let executable = rest.first().map_or("agentwire", String::as_str);
    let required = [Method::SessionCreate, Method::SessionClaim, Method::TurnStart, Method::TurnCancel];
    let client = Client::start_or_connect(StartOptions::new(workspace, executable), &required).await?;
    let session = client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await?.session_id;
    let claim = client.claim(&session, false).await?;
    let saved_cursor = claim.response().snapshot.replay_cursor.clone();
    let (started, mut events) = claim.start_turn("Talk slowly").await?;
    let mut operation = None;
    while let Some(event) = events.next().await {
        let event = event?;
        operation = operation.or(event.operation_id);
        match event.payload {
            EventPayload::TurnAssistantDelta(_) if operation.is_some() => {
                // Stop: the cancel is a request; the turn's terminal settles it.
                claim.cancel(&started.turn_id).await?;
                println!("cancel requested");
                break;
            }
            _ => {}
        }
    }
    while let Some(event) = events.next().await {
        if let EventPayload::TurnTerminal(t) = event?.payload {
            println!("[turn {}]", t.status.as_str());
        }
    }
    let identity = client.identity().clone();
    client.close();

    // A new connection: look up the turn's operation, claim, replay from the saved cursor.
    let discovery = agentwire_client::start_or_connect(&StartOptions::new(workspace, executable)).await?;
    let workspace = std::fs::canonicalize(workspace)?;
    let options = ResumeOptions::new(discovery.socket, workspace.to_string_lossy(), session)
        .after(saved_cursor)
        .uncertain(operation);
    let resumed = resume(options).await?;
    assert_eq!(resumed.client.identity().instance_id, identity.instance_id, "the same daemon");
    for op in &resumed.operations {
        println!("lookup: {} {}", op.method.as_ref().map_or("?", |m| m.as_str()), op.state.as_str());
    }
    for item in &resumed.items {
        match item {
            ReplayItem::Message(m) => println!("replay {}: {}", m.role.as_str(), m.text),
            ReplayItem::Summary(s) => println!("replay summary: {}", s.text),
            ReplayItem::Terminal(t) => println!("replay [{}]", t.status.as_str()),
        }
    }
    Ok(())
}
