//! `framing.json` (server reader) against a daemon: byte sequences on a fresh initialized
//! connection, then the records that must follow and the connection's state.

use super::placeholders::substitute;
use super::Env;
use crate::vectors::{Action, FrameVector, Outcome as Expected};
use crate::verdict::{CaseResult, Failure, Outcome, Suite};
use crate::wire::{drain, sink, Client};
use agentwire_protocol::limits;
use std::time::{Duration, Instant};

/// How long to wait for the server to close a connection it must close (beyond any framing
/// timeout the vector waits out itself).
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// Whether the vector waits out the framing timeout (slow; only with `--slow`).
fn waits_for_timeout(v: &FrameVector) -> bool {
    v.actions.iter().any(|a| matches!(a, Action::Idle { idle_ms } if *idle_ms >= limits::FRAMING_TIMEOUT_MS))
}

pub async fn run(env: &Env, vectors: &[FrameVector]) -> Vec<CaseResult> {
    let mut results = Vec::new();
    for v in vectors.iter().filter(|v| v.applies_to == "server" && env.selects(&v.id)) {
        let start = Instant::now();
        let outcome = if waits_for_timeout(v) && !env.slow {
            Outcome::skipped(format!(
                "waits out framing_timeout_ms ({} ms); run with --slow",
                limits::FRAMING_TIMEOUT_MS
            ))
        } else {
            let log = sink();
            let r = run_one(env, v, log.clone()).await;
            let transcript = drain(&log);
            results.push(CaseResult {
                rule: v.rule.clone(),
                duration_ms: start.elapsed().as_millis() as u64,
                transcript,
                ..CaseResult::new(&v.id, Suite::Framing, r.map_or_else(Outcome::from, |()| Outcome::pass()))
            });
            continue;
        };
        results.push(CaseResult { rule: v.rule.clone(), ..CaseResult::new(&v.id, Suite::Framing, outcome) });
    }
    results
}

async fn run_one(env: &Env, v: &FrameVector, log: crate::wire::Sink) -> Result<(), Failure> {
    let mut c = Client::initialized(&env.target, log).await?;
    let (inst, conn) = (c.adv().instance_id.clone(), c.adv().connection_id.clone());
    let mut writes = Vec::new();
    for a in &v.actions {
        if let Some(b) = a.bytes(&v.id).map_err(|e| Failure::new(e.to_string()))? {
            writes.push(b);
        }
    }
    let mut writes = substitute(&writes, &inst, &conn).into_iter();
    let mut eof = false;
    for a in &v.actions {
        match a {
            Action::Write { .. } | Action::WriteBase64 { .. } => {
                let bytes = writes.next().unwrap_or_default();
                // The server may close mid-write (oversized records): what it answered before
                // closing is still read below.
                if c.conn.write(&bytes).await.is_err() {
                    break;
                }
            }
            Action::Idle { idle_ms } => c.conn.idle(*idle_ms).await,
            Action::Eof { .. } => {
                c.conn.shutdown_write().await;
                eof = true;
            }
        }
    }
    let mut got = Vec::new();
    for i in 0..v.expect.records.len() {
        got.push(c.next_response().await.map_err(|f| Failure::new(format!("record {i}: {f}")))?);
    }
    for (i, want) in v.expect.records.iter().enumerate() {
        // "Correlate responses to requests": a server may answer records that arrived together
        // in any order, so each expected record takes the first unmatched response with its
        // request ID (`null` for a record too broken to name one).
        let at = got
            .iter()
            .position(|r| r.0["request_id"].as_str() == want.request_id.as_deref())
            .ok_or_else(|| Failure::new(format!("record {i}: no response with request_id {:?}", want.request_id)))?;
        let r = got.remove(at);
        match want.outcome {
            Expected::Accept => {
                if !r.is_ok() {
                    return Err(Failure::new(format!("record {i}: expected success, got {}", r.0["error"])));
                }
            }
            Expected::Reject => {
                let code = want.code.as_deref().unwrap_or("");
                r.err(code, &format!("record {i}"))?;
                if r.0["error"]["message"].as_str() != want.message.as_deref() {
                    return Err(Failure::new(format!(
                        "record {i}: message {} is not {:?}",
                        r.0["error"]["message"], want.message
                    )));
                }
            }
        }
    }
    match v.expect.connection.as_str() {
        "closed" => match c.conn.closes_within(CLOSE_WAIT).await {
            Ok(true) => Ok(()),
            Ok(false) => Err(Failure::new("the connection stayed open")),
            Err(e) => Err(Failure::new(e)),
        },
        // Open: a further request is still answered (and nothing unexpected came first).
        "open" if !eof => c.finish().await,
        "open" => Ok(()),
        other => Err(Failure::new(format!("unknown expected connection state `{other}`"))),
    }
}
