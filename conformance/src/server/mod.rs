//! The server suite: request vectors, framing vectors and scenarios against one target.

pub mod framing;
pub mod judge;
pub mod placeholders;
pub mod requests;
pub mod scenarios;

use crate::select::Selection;
use crate::vectors::Vectors;
use crate::verdict::{CaseResult, Outcome, Suite};
use crate::wire::{drain, sink, Advertisement, Client, Target};

/// Options of a server run.
#[derive(Debug, Clone, Default)]
pub struct ServerOptions {
    /// Run cases that wait out the framing timeout.
    pub slow: bool,
}

/// What every case of a server run shares.
pub struct Env {
    pub target: Target,
    pub adv: Advertisement,
    pub selection: Selection,
    pub slow: bool,
    pub run_id: String,
}

impl Env {
    pub fn selects(&self, id: &str) -> bool {
        self.selection.selects(id)
    }
}

/// A run token for operation IDs: distinct across runs against one long-lived daemon.
fn run_id() -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("{:x}{:x}", std::process::id(), nanos & 0xffff_ffff_ffff)
}

/// Every case ID of the server suite (vectors and scenarios), in run order.
pub fn case_ids(vectors: &Vectors) -> Vec<(Suite, String)> {
    let r = vectors.requests.iter().map(|v| (Suite::Server, v.id.clone()));
    let f = vectors.framing.iter().filter(|v| v.applies_to == "server").map(|v| (Suite::Framing, v.id.clone()));
    let s = scenarios::ids().into_iter().map(|id| (Suite::Scenario, id));
    r.chain(f).chain(s).collect()
}

/// Run the server suite against `target`.
pub async fn run(target: &Target, vectors: &Vectors, selection: &Selection, opts: &ServerOptions) -> Vec<CaseResult> {
    // Nothing runs before one connection passes initialization and preflight.
    let log = sink();
    let adv = match Client::initialized(target, log.clone()).await {
        Ok(c) => {
            let adv = c.adv().clone();
            drop(c);
            adv
        }
        Err(f) => {
            let transcript = drain(&log);
            return case_ids(vectors)
                .into_iter()
                .filter(|(_, id)| selection.selects(id))
                .map(|(suite, id)| CaseResult {
                    transcript: transcript.clone(),
                    ..CaseResult::new(
                        id,
                        suite,
                        Outcome::fail(format!("not run: initialization or preflight failed: {f}")),
                    )
                })
                .collect();
        }
    };
    let env = Env { target: target.clone(), adv, selection: selection.clone(), slow: opts.slow, run_id: run_id() };
    let mut results = requests::run(&env, &vectors.requests).await;
    results.extend(framing::run(&env, &vectors.framing).await);
    results.extend(scenarios::run(&env).await);
    results
}
