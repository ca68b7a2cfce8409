//! Opt into the approvals profile, run a turn and answer the agent's permission requests: show
//! each request (title, kind, the proposed change, the offered options), answer it by the
//! options' kind, and show what decided it. A daemon without the profile fails before any
//! turn, with a typed reason.
//!
//! ```sh
//! cargo run -p agentwire-client --example approvals -- "$PWD" "$(command -v agentwire)" "Turn debugging on." [allow|reject]
//! ```

use agentwire_client::{operation, Client, StartOptions};
use agentwire_protocol::{ApprovalChange, EventPayload, Method, PermissionKind, SessionCreateRequest};
use std::io::Write;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [workspace, executable, prompt, rest @ ..] = &args[..] else {
        return Err("usage: approvals WORKSPACE AGENTWIRE_EXECUTABLE PROMPT [allow|reject]".into());
    };
    let answer = match rest.first().map(String::as_str) {
        Some("reject") => PermissionKind::RejectOnce,
        _ => PermissionKind::AllowOnce,
    };
    let required = [Method::SessionCreate, Method::SessionClaim, Method::TurnStart];
    let client = Client::start_or_connect(StartOptions::new(workspace, executable), &required).await?;
    // Before any claim; the reasons are those the TypeScript and Swift clients name.
    let terms = match client.opt_in_approvals().await {
        Ok(terms) => terms,
        Err(e) => match e.reason() {
            Some(reason) => {
                eprintln!("no approvals ({}): {e}", reason.as_str()); // not_offered, rejected or mismatch
                std::process::exit(1);
            }
            None => return Err(e.into()),
        },
    };
    let deadline = terms.limits.get("approval_deadline_ms").copied().unwrap_or_default();
    println!("approvals v{}: unanswered requests are rejected after {deadline} ms", terms.version);
    let session = client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await?;
    let claim = client.claim(&session.session_id, false).await?;
    let (_started, mut events) = claim.start_turn(prompt).await?;
    while let Some(event) = events.next().await {
        match event?.payload {
            EventPayload::TurnAssistantDelta(d) => {
                print!("{}", d.text);
                std::io::stdout().flush()?;
            }
            EventPayload::ApprovalRequested(r) => {
                println!("\n? {} ({})", r.title, r.kind.as_str());
                match &r.change {
                    Some(ApprovalChange::Diff(d)) => {
                        println!("  edit {}: {:?} -> {:?}", d.path, d.old_text, d.new_text)
                    }
                    Some(ApprovalChange::Command(c)) => println!("  run {}", c.command),
                    None => {}
                }
                for o in &r.options {
                    println!("  [{}] {}", o.kind.as_str(), o.label);
                }
                // Choose by kind, never by ID; unanswered, the deadline rejects.
                if let Some(choice) = r.options.iter().find(|o| o.kind == answer) {
                    let answered = claim.respond(&r.approval_id, &choice.id).await?;
                    println!("answered {}", answered.option_kind.as_str());
                }
            }
            EventPayload::ApprovalResolved(r) => {
                let what = r.option_kind.map_or(r.outcome.as_str(), |k| k.as_str());
                println!("= {what} by {}", r.decided_by.as_str());
            }
            EventPayload::TurnTerminal(t) => println!("\n[turn {}]", t.status.as_str()),
            _ => {}
        }
    }
    Ok(())
}
