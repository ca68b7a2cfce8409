//! Scenario traces written as code: sequences of requests over one or more connections whose
//! combined answers the spec constrains (sessions, control, replay, operations, limits,
//! lifecycle errors, identities). Each runs on its own connections and only through the
//! protocol; a scenario whose operations the target does not advertise is skipped.

mod approvals;
mod control;
mod events;
mod handshake;
mod lifecycle;
mod limits;
mod operations;
mod pressure;
mod replay;
mod rules;
mod sessions;
mod settings;
mod stored_credentials;

use super::Env;
use crate::verdict::{CaseResult, Failure, Outcome, Suite};
use crate::wire::{drain, sink, Advertisement, Client, Conn, Sink, Target};
use agentwire_protocol::Method;
use serde_json::{json, Value};
use std::future::Future;
use std::pin::Pin;
use std::time::{Duration, Instant};

pub type Run = Result<Outcome, Failure>;
pub type BoxFut<'a> = Pin<Box<dyn Future<Output = Run> + 'a>>;

/// One scenario: its ID, the spec words it checks and the operations it needs.
pub struct Scenario {
    pub id: &'static str,
    pub rule: &'static str,
    pub requires: &'static [Method],
    pub run: fn(&mut Ctx) -> BoxFut<'_>,
}

/// How a case runs.
pub type RunFn = Box<dyn for<'a> Fn(&'a mut Ctx) -> BoxFut<'a> + Send + Sync>;

/// One case to run: a written scenario, or one generated from the spec's rule tables (one per
/// method, connection or mismatch kind a rule governs, see `rules.rs`).
pub struct Case {
    pub id: String,
    pub rule: String,
    pub requires: Vec<Method>,
    pub run: RunFn,
}

impl From<&'static Scenario> for Case {
    fn from(sc: &'static Scenario) -> Case {
        Case { id: sc.id.to_owned(), rule: sc.rule.to_owned(), requires: sc.requires.to_vec(), run: Box::new(sc.run) }
    }
}

/// Every case, in run order: the written scenarios, then the generated rule cases.
pub fn all() -> Vec<Case> {
    let mut cases: Vec<Case> = written().into_iter().map(Case::from).collect();
    cases.extend(rules::cases());
    cases
}

/// The written scenarios.
fn written() -> Vec<&'static Scenario> {
    let groups: [&'static [Scenario]; 12] = [
        handshake::ALL,
        lifecycle::ALL,
        limits::ALL,
        sessions::ALL,
        replay::ALL,
        operations::ALL,
        events::ALL,
        control::ALL,
        pressure::ALL,
        settings::ALL,
        stored_credentials::ALL,
        approvals::ALL,
    ];
    groups.into_iter().flatten().collect()
}

/// Scenario IDs (for traceability).
pub fn ids() -> Vec<String> {
    all().into_iter().map(|s| s.id).collect()
}

/// A whole scenario may not take longer than this.
const CASE_TIMEOUT: Duration = Duration::from_secs(60);

/// What a scenario works with.
pub struct Ctx {
    pub target: Target,
    pub adv: Advertisement,
    /// Unique per run, so operation IDs never meet a previous run's on a long-lived daemon.
    pub run_id: String,
    pub slow: bool,
    pub log: Sink,
}

impl Ctx {
    /// A connection after handshake, initialize and preflight.
    pub async fn client(&self) -> Result<Client, Failure> {
        Client::initialized(&self.target, self.log.clone()).await
    }

    /// A connection after the handshake only.
    pub async fn open(&self) -> Result<Client, Failure> {
        Client::open(&self.target, self.log.clone()).await
    }

    /// A raw connection (no handshake).
    pub async fn raw(&self) -> Result<Conn, Failure> {
        Conn::connect(&self.target.socket, agentwire_protocol::limits::MAX_RECORD_BYTES as usize, self.log.clone())
            .await
            .map_err(Failure::new)
    }

    /// A fresh operation ID for this run.
    pub fn op(&self, name: &str) -> String {
        format!("op-{}-{name}", self.run_id)
    }

    /// `session.create` → the new session's ID.
    pub async fn create(&self, c: &mut Client, tag: &str) -> Result<String, Failure> {
        let r = c.mutate("session.create", None, &self.op(tag), None, json!({})).await?;
        Ok(s(r.ok("session.create")?, "session_id")?.to_owned())
    }

    /// `session.claim` → its success payload.
    pub async fn claim(&self, c: &mut Client, session: &str, tag: &str, take_over: bool) -> Result<Value, Failure> {
        let r = c.mutate("session.claim", Some(session), &self.op(tag), None, json!({"take_over": take_over})).await?;
        r.ok("session.claim").cloned()
    }
}

/// The control proof of a claim's payload.
pub fn control(claim: &Value) -> Value {
    json!({"claim_id": claim["claim_id"], "grant_generation": claim["grant_generation"]})
}

pub fn pass() -> Run {
    Ok(Outcome::pass())
}

pub fn present<'a>(v: &'a Value, name: &str) -> Result<&'a Value, Failure> {
    v.get(name).ok_or_else(|| Failure::new(format!("required member `{name}` is missing from {v}")))
}

pub fn s<'a>(v: &'a Value, name: &str) -> Result<&'a str, Failure> {
    present(v, name)?
        .as_str()
        .filter(|x| !x.is_empty())
        .ok_or_else(|| Failure::new(format!("`{name}` is not a nonempty string in {v}")))
}

pub fn u(v: &Value, name: &str) -> Result<u64, Failure> {
    present(v, name)?.as_u64().ok_or_else(|| Failure::new(format!("`{name}` is not a nonnegative integer in {v}")))
}

pub fn b(v: &Value, name: &str) -> Result<bool, Failure> {
    present(v, name)?.as_bool().ok_or_else(|| Failure::new(format!("`{name}` is not a boolean in {v}")))
}

/// A required member that is `null` or a nonempty string.
pub fn nullable_s<'a>(v: &'a Value, name: &str) -> Result<Option<&'a str>, Failure> {
    match present(v, name)? {
        Value::Null => Ok(None),
        Value::String(x) if !x.is_empty() => Ok(Some(x)),
        other => Err(Failure::new(format!("`{name}` is neither null nor a nonempty string: {other}"))),
    }
}

/// Close a connection at the end of a scenario: a last sync checks every event sent to it.
pub async fn done(c: Client) -> Result<(), Failure> {
    c.finish().await
}

pub async fn run(env: &Env) -> Vec<CaseResult> {
    let mut results = Vec::new();
    for sc in all() {
        if !env.selects(&sc.id) {
            continue;
        }
        let start = Instant::now();
        if let Some(m) = sc.requires.iter().find(|m| !env.adv.serves(m.as_str())) {
            let r = CaseResult::new(
                &sc.id,
                Suite::Scenario,
                Outcome::skipped(format!("needs `{m}`, which the target does not advertise")),
            );
            results.push(CaseResult { rule: Some(sc.rule.clone()), ..r });
            continue;
        }
        let mut cx = Ctx {
            target: env.target.clone(),
            adv: env.adv.clone(),
            run_id: env.run_id.clone(),
            slow: env.slow,
            log: sink(),
        };
        let outcome = match tokio::time::timeout(CASE_TIMEOUT, (sc.run)(&mut cx)).await {
            Ok(Ok(o)) => o,
            Ok(Err(f)) => Outcome::from(f),
            Err(_) => Outcome::fail(format!("did not finish within {} s", CASE_TIMEOUT.as_secs())),
        };
        results.push(CaseResult {
            rule: Some(sc.rule.clone()),
            duration_ms: start.elapsed().as_millis() as u64,
            transcript: drain(&cx.log),
            ..CaseResult::new(&sc.id, Suite::Scenario, outcome)
        });
    }
    results
}

#[cfg(test)]
mod tests {
    #[test]
    fn scenario_ids_are_unique_and_namespaced() {
        let mut ids = super::ids();
        assert!(ids.iter().all(|i| i.starts_with("scenario.")));
        assert!(super::all().iter().all(|c| !c.rule.is_empty()), "every case quotes its rule");
        let n = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), n);
    }
}
