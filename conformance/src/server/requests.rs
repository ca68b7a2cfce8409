//! `requests.json` against a daemon: each record on an initialized connection (placeholders
//! replaced by its identities), or, for `initialize` records, on a connection that has not
//! initialized yet. Records are sent one at a time; a connection the target closes (after
//! `record_too_large`) is replaced for the next record.

use super::judge::{judge, DecodeCodes};
use super::placeholders::substitute;
use super::Env;
use crate::vectors::RequestVector;
use crate::verdict::{CaseResult, Outcome, Suite, Verdict};
use crate::wire::{drain, sink, Client, Sink};
use agentwire_protocol::{ErrorCode, Method};
use serde_json::Value;
use std::time::{Duration, Instant};

/// How long a connection gets to close after `record_too_large`.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// A connection with the transcript of its setup, which every case run on it repeats.
struct Shared {
    client: Client,
    setup: crate::transcript::Transcript,
}

async fn open(env: &Env, initialize: bool) -> Result<Shared, String> {
    let log: Sink = sink();
    let client = if initialize {
        Client::initialized(&env.target, log.clone()).await
    } else {
        Client::open(&env.target, log.clone()).await
    };
    let mut client = client.map_err(|f| f.0)?;
    if initialize {
        // Every profile the target offers, negotiated before anything else: its operations'
        // records are judged like the ordinary ones.
        for p in env.adv.offered_profiles() {
            let env = client.request(
                Method::ProfileNegotiate.as_str(),
                None,
                None,
                None,
                serde_json::json!({"profile": p.as_str(), "version": p.version()}),
            );
            client
                .call(&env)
                .await
                .and_then(|r| r.ok(Method::ProfileNegotiate.as_str()).map(|_| ()))
                .map_err(|f| f.0)?;
        }
    }
    Ok(Shared { client, setup: drain(&log) })
}

/// Why a vector does not run against this target, if it does not.
fn skip_reason(env: &Env, v: &RequestVector) -> Option<String> {
    let method = v.method()?;
    // A spec operation the target does not serve would be answered `unsupported_operation`
    // whatever the record: nothing about its decoding can be judged.
    (Method::from_wire(&method).is_some() && !env.adv.serves(&method))
        .then(|| format!("operation `{method}` is not advertised by the target"))
}

pub async fn run(env: &Env, vectors: &[RequestVector]) -> Vec<CaseResult> {
    let mut results = Vec::new();
    let mut main: Option<Shared> = None;
    let mut fresh: Option<Shared> = None;
    let codes = DecodeCodes::of(vectors);
    for v in vectors.iter().filter(|v| env.selects(&v.id)) {
        let start = Instant::now();
        if let Some(reason) = skip_reason(env, v) {
            results.push(CaseResult {
                rule: v.rule.clone(),
                ..CaseResult::new(&v.id, Suite::Server, Outcome::skipped(reason))
            });
            continue;
        }
        let is_init = v.method().as_deref() == Some(Method::Initialize.as_str());
        let slot = if is_init { &mut fresh } else { &mut main };
        if slot.is_none() {
            match open(env, !is_init).await {
                Ok(s) => *slot = Some(s),
                Err(e) => {
                    results.push(CaseResult::new(
                        &v.id,
                        Suite::Server,
                        Outcome::fail(format!("could not open a connection: {e}")),
                    ));
                    continue;
                }
            }
        }
        let Some(shared) = slot.as_mut() else { continue };
        let log = sink();
        shared.client.conn.set_sink(log.clone());
        let (outcome, keep) = run_one(env, &codes, shared, v).await;
        let mut transcript = shared.setup.clone();
        transcript.entries.extend(drain(&log).entries);
        if !keep {
            *slot = None;
        }
        results.push(CaseResult {
            rule: v.rule.clone(),
            duration_ms: start.elapsed().as_millis() as u64,
            transcript,
            ..CaseResult::new(&v.id, Suite::Server, outcome)
        });
    }
    results
}

/// Run one vector; the flag says whether the connection can serve the next one.
async fn run_one(env: &Env, codes: &DecodeCodes, shared: &mut Shared, v: &RequestVector) -> (Outcome, bool) {
    let bytes = match v.bytes() {
        Ok(b) => b,
        Err(e) => return (Outcome::fail(format!("unreadable vector: {e}")), true),
    };
    let (inst, conn) = (
        env.adv.instance_id.clone(),
        shared.client.adv.as_ref().map_or(env.adv.connection_id.clone(), |a| a.connection_id.clone()),
    );
    let mut record = substitute(&[bytes], &inst, &conn).concat();
    let sent: Option<Value> = serde_json::from_slice(&record).ok();
    record.push(b'\n');
    let client = &mut shared.client;
    if let Err(f) = client.send_raw(&record).await {
        return (Outcome::fail(format!("could not send the record: {f}")), false);
    }
    let resp = match client.next_response().await {
        Ok(r) => r,
        Err(f) => return (Outcome::fail(f.0), false),
    };
    let mut outcome = judge(codes, &v.expect, &resp.0, sent.as_ref());
    let code = resp.code().unwrap_or("");
    // "record_too_large (the socket closes)"
    if code == ErrorCode::RecordTooLarge.as_str() {
        if outcome.verdict != Verdict::Fail {
            match client.conn.closes_within(CLOSE_WAIT).await {
                Ok(true) => {}
                Ok(false) => outcome = Outcome::fail("the connection stayed open after record_too_large"),
                Err(e) => outcome = Outcome::fail(e),
            }
        }
        return (outcome, false);
    }
    // An accepted initialize leaves the connection initialized: the next initialize record
    // needs another one.
    let initialized = sent.as_ref().is_some_and(|s| s["method"] == Method::Initialize.as_str()) && resp.is_ok();
    (outcome, !initialized)
}
