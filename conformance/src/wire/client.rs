//! A wire v2 client for the suites: handshake, initialize with preflight, correlated calls, and
//! every event it reads passed through the [`EventChecker`].

use super::check::{self, Ids};
use super::conn::{Conn, Sink};
use super::handshake::{self, Hello};
use super::preflight::{preflight, Advertisement};
use super::target::Target;
use crate::events::EventChecker;
use crate::json::{self, Bounds};
use crate::verdict::Failure;
use agentwire_protocol::{limits, ErrorCode, Method};
use serde_json::{json, Value};
use std::time::Duration;

/// Default wait for one response; the daemon answers in milliseconds.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// A received response record.
#[derive(Debug, Clone)]
pub struct Resp(pub Value);

impl Resp {
    pub fn is_ok(&self) -> bool {
        self.0["error"].is_null()
    }

    pub fn code(&self) -> Option<&str> {
        self.0["error"]["code"].as_str()
    }

    pub fn payload(&self) -> &Value {
        &self.0["payload"]
    }

    /// The success payload, or a failure naming `what` was attempted.
    pub fn ok(&self, what: &str) -> Result<&Value, Failure> {
        if self.is_ok() {
            Ok(self.payload())
        } else {
            Err(Failure::new(format!("{what}: expected success, got error {}", self.0["error"])))
        }
    }

    /// An error with `code` (its fixed message is checked for every response).
    pub fn err(&self, code: &str, what: &str) -> Result<(), Failure> {
        match self.code() {
            Some(c) if c == code => Ok(()),
            Some(c) => Err(Failure::new(format!("{what}: expected `{code}`, got `{c}`"))),
            None => Err(Failure::new(format!("{what}: expected `{code}`, got success {}", self.payload()))),
        }
    }
}

pub struct Client {
    pub conn: Conn,
    pub hello: Hello,
    pub adv: Option<Advertisement>,
    pub events: EventChecker,
    pub timeout: Duration,
    next: u64,
}

impl Client {
    /// Connect and complete the identity handshake.
    pub async fn open(t: &Target, log: Sink) -> Result<Client, Failure> {
        let mut conn = Conn::connect(&t.socket, limits::MAX_RECORD_BYTES as usize, log).await.map_err(Failure::new)?;
        let timeout = Duration::from_millis(limits::HANDSHAKE_TIMEOUT_MS);
        let hello = handshake::accept(&mut conn, &t.version, &t.workspace_str(), timeout).await?;
        Ok(Client { conn, hello, adv: None, events: EventChecker::default(), timeout: DEFAULT_TIMEOUT, next: 0 })
    }

    /// Handshake, initialize and preflight.
    pub async fn initialized(t: &Target, log: Sink) -> Result<Client, Failure> {
        let mut c = Client::open(t, log).await?;
        c.initialize(t).await?;
        Ok(c)
    }

    pub fn ids(&self) -> Ids<'_> {
        match &self.adv {
            Some(a) => Ids::After { instance_id: &a.instance_id, connection_id: &a.connection_id },
            None => Ids::Before,
        }
    }

    pub fn adv(&self) -> &Advertisement {
        // Only called by cases that run after `initialize` succeeded.
        static EMPTY: std::sync::OnceLock<Advertisement> = std::sync::OnceLock::new();
        self.adv.as_ref().unwrap_or_else(|| EMPTY.get_or_init(Advertisement::default))
    }

    /// `initialize` requiring nothing, then the full preflight.
    pub async fn initialize(&mut self, t: &Target) -> Result<&Advertisement, Failure> {
        let env = self.request(
            Method::Initialize.as_str(),
            None,
            None,
            None,
            json!({"supported_protocol_versions":[2],"requested_capabilities":[]}),
        );
        let r = self.call(&env).await?;
        let init = r.ok(Method::Initialize.as_str())?;
        let adv = preflight(init, &self.hello, Some(&t.expected_workspace_id()))?;
        if r.0["instance_id"] != json!(adv.instance_id) || r.0["connection_id"] != json!(adv.connection_id) {
            return Err(Failure::new("initialize's response envelope does not carry the identities it established"));
        }
        self.events.initialized(&adv.instance_id, &adv.connection_id, adv.events.iter().cloned());
        Ok(self.adv.insert(adv))
    }

    fn next_request_id(&mut self) -> String {
        self.next += 1;
        format!("r{}", self.next)
    }

    /// A request envelope with a fresh request ID and this connection's identities.
    pub fn request(
        &mut self,
        method: &str,
        session: Option<&str>,
        operation: Option<&str>,
        control: Option<Value>,
        payload: Value,
    ) -> Value {
        let (inst, conn) = match (&self.adv, method) {
            (Some(a), m) if m != Method::Initialize.as_str() => (json!(a.instance_id), json!(a.connection_id)),
            _ => (Value::Null, Value::Null),
        };
        json!({"protocol_version":2,"kind":"request","request_id":self.next_request_id(),"instance_id":inst,"connection_id":conn,
               "session_id":session,"operation_id":operation,"control":control.unwrap_or(Value::Null),"method":method,"payload":payload})
    }

    /// A read (no operation ID, no control).
    pub async fn read(&mut self, method: &str, session: Option<&str>, payload: Value) -> Result<Resp, Failure> {
        let env = self.request(method, session, None, None, payload);
        self.call(&env).await
    }

    /// A mutation under `operation`.
    pub async fn mutate(
        &mut self,
        method: &str,
        session: Option<&str>,
        operation: &str,
        control: Option<Value>,
        payload: Value,
    ) -> Result<Resp, Failure> {
        let env = self.request(method, session, Some(operation), control, payload);
        self.call(&env).await
    }

    /// Send one envelope and return its correlated response.
    pub async fn call(&mut self, env: &Value) -> Result<Resp, Failure> {
        let mut line = serde_json::to_vec(env).map_err(|e| Failure::new(e.to_string()))?;
        line.push(b'\n');
        if let Some(op) = env["operation_id"].as_str() {
            self.events.awaiting(op);
        }
        self.conn.write(&line).await.map_err(Failure::new)?;
        let r = self.next_response().await?;
        if let Some(op) = env["operation_id"].as_str() {
            self.events.answered(op);
        }
        check::correlates(&r.0, env)?;
        self.observe(env, &r);
        Ok(r)
    }

    /// Track claims so events can be judged against control.
    fn observe(&mut self, env: &Value, r: &Resp) {
        let method = env["method"].as_str().and_then(Method::from_wire);
        let session = env["session_id"].as_str().unwrap_or("");
        let p = r.payload();
        match (method, r.is_ok()) {
            (Some(Method::SessionClaim), true) => {
                let turn = &p["snapshot"]["turn"];
                let snapshot = turn["turn_id"].as_str().map(|t| {
                    (t, turn["sequence"].as_u64().unwrap_or(0), turn["assistant_text"].as_str().unwrap_or(""))
                });
                let (generation, live) = (p["grant_generation"].as_u64(), p["live_sequence"].as_u64());
                self.events.claimed(session, generation.unwrap_or(0), live.unwrap_or(0), snapshot);
            }
            (Some(Method::SessionDetach), true) => self.events.released(session),
            (Some(Method::ProfileNegotiate), true) => {
                let events = p["events"].as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_owned);
                self.events.negotiated(events, &p["limits"]);
            }
            (Some(Method::TurnStart | Method::AuthLoginStart), true) => {
                let id = p["turn_id"].as_str().or(p["login_id"].as_str());
                if let (Some(op), Some(id)) = (env["operation_id"].as_str(), id) {
                    self.events.started(op, id);
                }
            }
            (Some(Method::SessionStatus), true) if p["controlled_by_caller"] == json!(false) => {
                self.events.released(session)
            }
            (_, false) if r.code() == Some(ErrorCode::StaleGrant.as_str()) => self.events.released(session),
            _ => {}
        }
    }

    /// Write raw bytes (framing cases, malformed records).
    pub async fn send_raw(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.conn.write(bytes).await.map_err(Failure::new)
    }

    /// The next response; events met on the way are checked, anything else fails the stream.
    pub async fn next_response(&mut self) -> Result<Resp, Failure> {
        loop {
            let record =
                self.conn.recv(self.timeout).await.map_err(|e| Failure::new(format!("waiting for a response: {e}")))?;
            let v =
                json::parse(&record, &Bounds::local()).map_err(|e| Failure::new(format!("received record: {e}")))?;
            match v.get("kind").and_then(Value::as_str) {
                Some("response") => {
                    check::response(&v, self.ids())?;
                    return Ok(Resp(v));
                }
                Some("event") => self.events.check(&v).map_err(|e| Failure::new(format!("event: {e}")))?,
                other => {
                    return Err(Failure::new(format!("a record of unknown kind {other:?} invalidates the stream")))
                }
            }
        }
    }

    /// Read until `id` (a turn or login) has its terminal; every event on the way is checked.
    pub async fn until_terminal(&mut self, id: &str, wait: Duration) -> Result<Value, Failure> {
        self.paced_until_terminal(id, wait, Duration::ZERO).await
    }

    /// Like `until_terminal`, pausing `pace` before each record: a slow reader, so the target's
    /// queues for this connection stay full while its turns settle.
    pub async fn paced_until_terminal(&mut self, id: &str, wait: Duration, pace: Duration) -> Result<Value, Failure> {
        loop {
            if !pace.is_zero() {
                tokio::time::sleep(pace).await;
            }
            if let Some(t) = self.events.terminal(id) {
                return Ok(t.clone());
            }
            let record = self
                .conn
                .recv(wait)
                .await
                .map_err(|e| Failure::new(format!("waiting for the terminal of {id}: {e}")))?;
            let v =
                json::parse(&record, &Bounds::local()).map_err(|e| Failure::new(format!("received record: {e}")))?;
            if v.get("kind").and_then(Value::as_str) != Some("event") {
                return Err(Failure::new(format!(
                    "a record other than an event while waiting for the terminal of {id}: {v}"
                )));
            }
            self.events.check(&v).map_err(|e| Failure::new(format!("event: {e}")))?;
        }
    }

    /// Read events until `done` holds for what this connection's checker has seen (every event
    /// on the way is checked), within `wait`.
    pub async fn until(
        &mut self,
        what: &str,
        wait: Duration,
        done: impl Fn(&EventChecker) -> bool,
    ) -> Result<(), Failure> {
        let deadline = tokio::time::Instant::now() + wait;
        while !done(&self.events) {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let record = self.conn.recv(left).await.map_err(|e| Failure::new(format!("waiting for {what}: {e}")))?;
            let v =
                json::parse(&record, &Bounds::local()).map_err(|e| Failure::new(format!("received record: {e}")))?;
            if v.get("kind").and_then(Value::as_str) != Some("event") {
                return Err(Failure::new(format!("a record other than an event while waiting for {what}: {v}")));
            }
            self.events.check(&v).map_err(|e| Failure::new(format!("event: {e}")))?;
        }
        Ok(())
    }

    /// One `status` round trip: every event sent before it has been read and checked.
    pub async fn sync(&mut self) -> Result<(), Failure> {
        self.read("status", None, json!({})).await?.ok("status (sync)").map(|_| ())
    }

    /// End the case on this connection: a last sync (unless closed) so every event sent so far
    /// has been checked.
    pub async fn finish(mut self) -> Result<(), Failure> {
        if self.conn.is_closed() || self.adv.is_none() {
            return Ok(());
        }
        self.sync().await
    }
}
