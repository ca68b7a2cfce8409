//! `auth.status` readiness judged with stored credentials in each state (seed
//! "Authentication", "`status`"): ready, refreshable, expired and malformed. Every other case
//! only talks to the target; these need credentials on its disk, so each starts a daemon of
//! its own (`--executable`) on a fresh state root the runner writes first, and stops it after.
//! The store is the reference daemon's shared store (`$MC_HOME/auth.json`, the format its
//! `auth/store.rs` documents), with fake tokens only; the settings select `openai-codex`, so
//! `status.provider_auth_ready` follows the same record.
//!
//! No credential value reaches the runner's output: a response carrying one fails the case
//! with a message that does not quote it, and the case's transcript and failure text have every
//! fake value replaced by [`REDACTED`] before they are kept.

use super::{b, present, s, BoxFut, Ctx, Run, Scenario};
use crate::recording::REDACTED;
use crate::verdict::{Failure, Outcome};
use crate::wire::{target, Client, Sink, Target};
use agentwire_protocol::{AuthMethod, AuthSource, ErrorCode, Method, Readiness};
use serde_json::{json, Value};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::Duration;

const REQUIRES: &[Method] = &[Method::AuthStatus, Method::Status, Method::Capabilities];

pub const ALL: &[Scenario] = &[
    Scenario {
        id: "scenario.auth.stored.ready",
        rule: "Codex uses the shared OAuth record. Anthropic prefers a nonempty `ANTHROPIC_API_KEY`, otherwise its shared API-key record. ... `ready` is the matching boolean.",
        requires: REQUIRES,
        run: ready,
    },
    Scenario {
        id: "scenario.auth.stored.refreshable",
        rule: "Refreshable Codex credentials count as ready; this does not guarantee a future refresh succeeds. ... This check never refreshes credentials, mutates auth, or makes a network request.",
        requires: REQUIRES,
        run: refreshable,
    },
    Scenario {
        id: "scenario.auth.stored.expired",
        rule: "Missing or invalid credentials report `false`.",
        requires: REQUIRES,
        run: expired,
    },
    Scenario {
        id: "scenario.auth.stored.malformed",
        rule: "Malformed or unreadable storage returns a fixed `internal_error`, not file contents or a path.",
        requires: REQUIRES,
        run: malformed,
    },
];

const CODEX: &str = "openai-codex";
const ANTHROPIC: &str = "anthropic";
/// An access token's distance from now, either way: far from any clock skew.
const HOUR_MS: i64 = 3_600_000;
/// Where a daemon that refreshed anyway would send its token request: a closed loopback port
/// (the reference daemon's issuer override), so no case ever reaches a network.
const ISSUER_ENV: (&str, &str) = ("AGENTWIRE_CODEX_ISSUER", "http://127.0.0.1:9");

/// What the runner stores, and the fake secret values in it.
struct Stored {
    auth_json: String,
    secrets: Vec<String>,
}

impl Stored {
    fn new(cx: &Ctx, state: &str, make: impl FnOnce(&dyn Fn(&str) -> String) -> String) -> Stored {
        let secrets = std::cell::RefCell::new(Vec::new());
        let fake = |what: &str| {
            let v = format!("aw-fake-{what}-{}-{state}", cx.run_id);
            secrets.borrow_mut().push(v.clone());
            v
        };
        let auth_json = make(&fake);
        Stored { auth_json, secrets: secrets.into_inner() }
    }

    /// A store of format version 1 holding `records`.
    fn store(records: Value) -> String {
        let generations: serde_json::Map<String, Value> =
            records.as_object().into_iter().flatten().map(|(k, _)| (k.clone(), json!(1))).collect();
        json!({"version": 1, "generations": generations, "records": records}).to_string()
    }
}

/// The Codex OAuth record: expiring `expires_in_ms` from now, with a refresh token or not.
fn codex(fake: &dyn Fn(&str) -> String, expires_in_ms: i64, refreshable: bool) -> Value {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64);
    let mut r = json!({"type": "oauth", "access_token": fake("access"), "expires_at_ms": now + expires_in_ms,
                       "account_id": fake("account")});
    if refreshable {
        r["refresh_token"] = json!(fake("refresh"));
    }
    r
}

/// A daemon of the runner's own on a state root it wrote; stopped and removed on drop.
struct Private {
    target: Target,
    auth_file: PathBuf,
    state_root: PathBuf,
    _dir: tempfile::TempDir,
}

impl Private {
    fn start(executable: &Path, stored: &Stored) -> Result<Private, Failure> {
        let io = |e: std::io::Error| Failure::new(format!("preparing the state root: {e}"));
        // Short: the daemon's socket lives under the state root (sun_path limit).
        let dir = tempfile::Builder::new().prefix("awauth").tempdir_in("/tmp").map_err(io)?;
        let root = dir.path().canonicalize().map_err(io)?;
        let (state_root, workspace) = (root.join("mc"), root.join("ws"));
        std::fs::DirBuilder::new().mode(0o700).create(&state_root).map_err(io)?;
        std::fs::create_dir(&workspace).map_err(io)?;
        let auth_file = state_root.join("auth.json");
        private_file(&auth_file, &stored.auth_json).map_err(io)?;
        private_file(&state_root.join("settings.toml"), &format!("provider = \"{CODEX}\"\n")).map_err(io)?;
        let target = target::start_private(executable, &workspace, &state_root, &[ISSUER_ENV])
            .map_err(|e| Failure::new(format!("the daemon did not start on the prepared state root: {e}")))?;
        Ok(Private { target, auth_file, state_root, _dir: dir })
    }
}

impl Drop for Private {
    fn drop(&mut self) {
        target::stop_and_wait(&self.target, Duration::from_secs(2));
    }
}

/// An owner-only file, as the daemon requires of its store.
fn private_file(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?.write_all(text.as_bytes())
}

/// What one state's daemon answered: `status` and `auth.status`, each a success payload or an
/// error code.
struct Answers {
    status: Result<Value, String>,
    auth: Result<Value, String>,
}

/// Start a daemon on `stored`, ask `status` and `auth.status`, check that nothing secret came
/// back and the store is unchanged, then judge the answers. Skipped without an executable.
async fn with_stored(cx: &mut Ctx, stored: Stored, judge: impl FnOnce(&Answers) -> Result<(), Failure>) -> Run {
    let Some(exe) = cx.target.executable.clone() else {
        return Ok(Outcome::skipped(
            "needs the daemon executable (--executable) to start a daemon on a state root holding stored credentials",
        ));
    };
    let result = ask(cx, &exe, &stored).await.and_then(|a| judge(&a));
    scrub(&cx.log, &stored.secrets);
    result.map(|()| Outcome::pass()).map_err(|f| Failure::new(redact(&f.0, &stored.secrets)))
}

async fn ask(cx: &Ctx, exe: &Path, stored: &Stored) -> Result<Answers, Failure> {
    let daemon = Private::start(exe, stored)?;
    let mut c = Client::initialized(&daemon.target, cx.log.clone()).await?;
    let status = c.read(Method::Status.as_str(), None, json!({})).await?;
    let auth = c.read(Method::AuthStatus.as_str(), None, json!({})).await?;
    // "a request-level error never kills a recoverable connection"; this round trip also reads
    // (and checks) every event sent before it, as the usual closing `status` would, which a
    // malformed store fails.
    c.read(Method::Capabilities.as_str(), None, json!({})).await?.ok("capabilities after auth.status")?;
    drop(c);
    for (r, what) in [(&status.0, Method::Status.as_str()), (&auth.0, Method::AuthStatus.as_str())] {
        let text = r.to_string();
        crate::ensure!(
            !stored.secrets.iter().any(|v| text.contains(v.as_str())),
            "the {what} response carries a stored credential value (redacted here)"
        );
        crate::ensure!(
            !text.contains(&*daemon.state_root.to_string_lossy()),
            "the {what} response carries the state root's path"
        );
    }
    let after =
        std::fs::read_to_string(&daemon.auth_file).map_err(|e| Failure::new(format!("rereading the store: {e}")))?;
    crate::ensure!(
        after == stored.auth_json,
        "the store changed while only status and auth.status were asked (\"never refreshes credentials, mutates auth\")"
    );
    let answer = |r: crate::wire::Resp| match r.code() {
        Some(code) => Err(code.to_owned()),
        None => Ok(r.payload().clone()),
    };
    Ok(Answers { status: answer(status), auth: answer(auth) })
}

/// Replace every fake secret in the case's transcript: in its text, and in bytes that were not
/// UTF-8 (kept as base64), which then are kept as text with invalid bytes replaced.
fn scrub(log: &Sink, secrets: &[String]) {
    let mut log = log.lock().unwrap_or_else(|p| p.into_inner());
    for e in &mut log.entries {
        if let Some(t) = &mut e.text {
            *t = redact(t, secrets);
        } else if let Some(bytes) = e.payload().filter(|b| secrets.iter().any(|v| contains(b, v.as_bytes()))) {
            e.text = Some(redact(&String::from_utf8_lossy(&bytes), secrets));
            e.base64 = None;
        }
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn redact(text: &str, secrets: &[String]) -> String {
    secrets.iter().fold(text.to_owned(), |t, v| t.replace(v.as_str(), REDACTED))
}

/// The entry of `provider` in an `auth.status` payload, its `ready` checked against readiness.
fn entry<'a>(auth: &'a Result<Value, String>, provider: &str) -> Result<&'a Value, Failure> {
    let payload = auth.as_ref().map_err(|code| Failure::new(format!("auth.status failed with `{code}`")))?;
    let providers =
        present(payload, "providers")?.as_array().ok_or_else(|| Failure::new("`providers` is not an array"))?;
    let e = providers
        .iter()
        .find(|p| p["provider_id"] == provider)
        .ok_or_else(|| Failure::new(format!("auth.status lacks provider {provider}")))?;
    let readiness = s(e, "readiness")?;
    crate::ensure!(Readiness::from_wire(readiness).is_some(), "{provider}: readiness {readiness}");
    crate::ensure!(
        b(e, "ready")? == (readiness == Readiness::Ready.as_str()),
        "{provider}: `ready` is not the matching boolean of readiness {readiness}"
    );
    Ok(e)
}

/// `provider`'s entry says ready (or not), from the shared store with `method`.
fn judge_entry(auth: &Result<Value, String>, provider: &str, method: AuthMethod, ready: bool) -> Result<(), Failure> {
    let e = entry(auth, provider)?;
    crate::ensure!(
        s(e, "auth_method")? == method.as_str(),
        "{provider}: auth_method {} for a stored {} record",
        e["auth_method"],
        method.as_str()
    );
    crate::ensure!(
        b(e, "ready")? == ready,
        "{provider}: readiness {} where the stored record makes it {}",
        e["readiness"],
        if ready { "ready" } else { "not ready" }
    );
    if ready {
        crate::ensure!(
            s(e, "source")? == AuthSource::SharedStore.as_str(),
            "{provider}: source {} for a credential only the shared store holds",
            e["source"]
        );
    }
    Ok(())
}

/// `status.provider_auth_ready` of the selected `openai-codex`.
fn judge_status(status: &Result<Value, String>, ready: bool) -> Result<(), Failure> {
    let payload = status.as_ref().map_err(|code| Failure::new(format!("status failed with `{code}`")))?;
    crate::ensure!(
        b(payload, "provider_auth_ready")? == ready,
        "status.provider_auth_ready is {} with {CODEX} selected and its stored record {}",
        payload["provider_auth_ready"],
        if ready { "usable" } else { "unusable" }
    );
    Ok(())
}

fn ready(cx: &mut Ctx) -> BoxFut<'_> {
    // An unexpired Codex token without a refresh token, and an Anthropic key in the store.
    Box::pin(async move {
        let stored = Stored::new(cx, "ready", |fake| {
            Stored::store(json!({CODEX: codex(fake, HOUR_MS, false),
                                 ANTHROPIC: {"type": "api_key", "api_key": fake("api-key")}}))
        });
        with_stored(cx, stored, |a| {
            judge_entry(&a.auth, CODEX, AuthMethod::Oauth, true)?;
            judge_entry(&a.auth, ANTHROPIC, AuthMethod::ApiKey, true)?;
            judge_status(&a.status, true)
        })
        .await
    })
}

/// A Codex access token that expired an hour ago: ready exactly when a refresh token is stored
/// with it (and nothing is refreshed either way).
async fn expired_token(cx: &mut Ctx, state: &str, refreshable: bool) -> Run {
    let stored = Stored::new(cx, state, |fake| Stored::store(json!({CODEX: codex(fake, -HOUR_MS, refreshable)})));
    with_stored(cx, stored, |a| {
        judge_entry(&a.auth, CODEX, AuthMethod::Oauth, refreshable)?;
        judge_status(&a.status, refreshable)
    })
    .await
}

fn refreshable(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(expired_token(cx, "refreshable", true))
}

fn expired(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(expired_token(cx, "expired", false))
}

fn malformed(cx: &mut Ctx) -> BoxFut<'_> {
    // A store cut off mid-record (with a token in what is there): both reads fail with the
    // fixed internal_error (the runner checks every error's message), quoting nothing of it.
    Box::pin(async move {
        let stored = Stored::new(cx, "malformed", |fake| {
            let whole = Stored::store(json!({CODEX: codex(fake, HOUR_MS, true)}));
            whole[..whole.len() - 3].to_owned()
        });
        with_stored(cx, stored, |a| {
            let internal = ErrorCode::InternalError.as_str();
            for (r, what) in [(&a.auth, Method::AuthStatus.as_str()), (&a.status, Method::Status.as_str())] {
                match r {
                    Err(code) if code == internal => {}
                    Err(code) => {
                        return Err(Failure::new(format!("{what} on a malformed store: `{code}`, not `{internal}`")))
                    }
                    Ok(_) => return Err(Failure::new(format!("{what} succeeded on a malformed store"))),
                }
            }
            Ok(())
        })
        .await
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fake_value_is_redacted() {
        let secrets = vec!["aw-fake-access-1-x".to_owned(), "aw-fake-refresh-1-x".to_owned()];
        let text = r#"{"a":"aw-fake-access-1-x","b":"aw-fake-refresh-1-x"}"#;
        assert_eq!(redact(text, &secrets), format!(r#"{{"a":"{REDACTED}","b":"{REDACTED}"}}"#));
    }

    #[test]
    fn no_fake_value_survives_in_a_transcript() {
        // "Secrets (tokens, ...) never appear in a response, event, log line, recording or error":
        // the case's own transcript included, whether the bytes were UTF-8 or not.
        use crate::transcript::{Dir, Entry};
        let secrets = vec!["aw-fake-access-1-x".to_owned()];
        let log = crate::wire::sink();
        log.lock().unwrap().push(Entry::bytes(1, Dir::Recv, b"{\"t\":\"aw-fake-access-1-x\"}"));
        log.lock().unwrap().push(Entry::bytes(1, Dir::Recv, b"\xff aw-fake-access-1-x"));
        log.lock().unwrap().push(Entry::bytes(1, Dir::Recv, b"\xff clean"));
        scrub(&log, &secrets);
        let text = log.lock().unwrap().to_jsonl();
        assert!(!text.contains("aw-fake"), "{text}");
        assert_eq!(text.matches(REDACTED).count(), 2);
        assert!(log.lock().unwrap().entries[2].base64.is_some(), "bytes without a secret stay as they were");
    }
}
