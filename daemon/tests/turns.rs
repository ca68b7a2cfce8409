//! Turns end to end: the real binary over the socket against loopback mock providers that
//! speak their real streaming formats. Every event read is checked for a strictly increasing
//! per-turn sequence and for nothing after the terminal.

mod common;
mod mock;

use std::collections::{HashMap, HashSet, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::time::{Duration, Instant};

use agentwire_protocol::ReasoningLevel;
use common::{handshake_line, raw_handshake, Sandbox};
use mock::{Mock, Part, Reply};
use serde_json::{json, Value};

/// A raw wire v2 connection that keeps events read while waiting for responses.
struct Conn {
    stream: UnixStream,
    reader: BufReader<UnixStream>,
    ids: (String, String),
    n: u64,
    events: VecDeque<Value>,
    /// Per turn: last sequence and whether its terminal arrived.
    seqs: HashMap<String, (u64, bool)>,
    /// Sessions this connection detached from: "an event is sent only to the current
    /// controller of its session", so none of theirs may follow the detach response.
    detached: HashSet<String>,
}

impl Conn {
    fn open(sb: &Sandbox, discovery: &Value) -> Conn {
        let socket = discovery["socket"].as_str().unwrap();
        let version = discovery["version"].as_str().unwrap();
        let (reply, stream) = raw_handshake(socket.as_ref(), &handshake_line(version, &sb.workspace));
        assert_eq!(reply["status"], "accepted", "{reply}");
        stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        let mut c = Conn {
            stream,
            reader,
            ids: (String::new(), String::new()),
            n: 0,
            events: VecDeque::new(),
            seqs: HashMap::new(),
            detached: HashSet::new(),
        };
        let r = c.call("initialize", None, None, json!({"supported_protocol_versions":[2]}));
        assert!(r["error"].is_null(), "{r}");
        c.ids = (
            r["payload"]["instance_id"].as_str().unwrap().into(),
            r["payload"]["connection_id"].as_str().unwrap().into(),
        );
        c
    }

    /// Reads until the connection ends; false if it is still open after the read timeout.
    fn read_until_closed(&mut self) -> bool {
        let mut line = String::new();
        loop {
            line.clear();
            match self.reader.read_line(&mut line) {
                Ok(0) => return true,
                Ok(_) => {}
                Err(e) => return e.kind() == std::io::ErrorKind::ConnectionReset,
            }
        }
    }

    fn read(&mut self) -> Option<Value> {
        let mut line = String::new();
        match self.reader.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(serde_json::from_str(&line).unwrap()),
        }
    }

    /// Records an event after checking its per-turn sequence.
    fn note(&mut self, ev: Value) {
        let p = &ev["payload"];
        if let Some(turn) = p["turn_id"].as_str() {
            let seq = if ev["event"] == "turn.started" { 0 } else { p["sequence"].as_u64().unwrap() };
            let terminal = ev["event"] == "turn.terminal";
            match self.seqs.get(turn) {
                Some((_, true)) => panic!("event after the terminal: {ev}"),
                Some((last, _)) => assert!(seq > *last, "sequence {seq} does not increase past {last}: {ev}"),
                None => {}
            }
            self.seqs.insert(turn.to_owned(), (seq, terminal));
        }
        assert_eq!(ev["connection_id"], json!(self.ids.1), "events carry the recipient's connection");
        if let Some(session) = ev["session_id"].as_str() {
            assert!(!self.detached.contains(session), "an event after the session's detach response: {ev}");
        }
        self.events.push_back(ev);
    }

    fn call(&mut self, method: &str, session: Option<&str>, control: Option<&Value>, payload: Value) -> Value {
        let id = self.send(method, session, control, payload);
        loop {
            let record = self.read().expect("connection closed while waiting for a response");
            if record["kind"] == "event" {
                self.note(record);
            } else if record["request_id"] == json!(id) {
                if method == "session.detach" && record["error"].is_null() {
                    self.detached.insert(session.unwrap_or_default().to_owned());
                }
                return record;
            }
        }
    }

    /// Writes one request without reading anything; returns its request ID. A mutation's
    /// operation ID is `op-{connection}-{n}`.
    fn send(&mut self, method: &str, session: Option<&str>, control: Option<&Value>, payload: Value) -> String {
        self.n += 1;
        let id = format!("r{}", self.n);
        let mutation = matches!(
            method,
            "session.create"
                | "session.claim"
                | "session.detach"
                | "turn.start"
                | "turn.cancel"
                | "config.set"
                | "catalog.refresh"
                | "auth.logout"
        );
        let (instance, connection) =
            if self.ids.0.is_empty() { (Value::Null, Value::Null) } else { (json!(self.ids.0), json!(self.ids.1)) };
        let op = if mutation { json!(format!("op-{}-{}", self.ids.1, self.n)) } else { Value::Null };
        let env = json!({"protocol_version":2,"kind":"request","request_id":id,"instance_id":instance,"connection_id":connection,
            "session_id":session,"operation_id":op,"control":control.cloned().unwrap_or(Value::Null),"method":method,"payload":payload});
        let mut line = serde_json::to_vec(&env).unwrap();
        line.push(b'\n');
        self.stream.write_all(&line).unwrap();
        id
    }

    fn event(&mut self) -> Option<Value> {
        if let Some(ev) = self.events.pop_front() {
            return Some(ev);
        }
        let ev = self.read()?;
        assert_eq!(ev["kind"], "event", "{ev}");
        self.note(ev);
        self.events.pop_front()
    }

    /// Events of `turn` up to and including its terminal; other turns' events stay queued.
    fn until_terminal(&mut self, turn: &str) -> (Vec<Value>, Value) {
        let mut seen = Vec::new();
        loop {
            let ev = match self.events.iter().position(|e| e["payload"]["turn_id"] == turn) {
                Some(i) => self.events.remove(i).unwrap(),
                None => {
                    let ev = self.read().expect("connection ended before the terminal");
                    assert_eq!(ev["kind"], "event", "{ev}");
                    self.note(ev);
                    continue;
                }
            };
            if ev["event"] == "turn.terminal" {
                return (seen, ev);
            }
            seen.push(ev);
        }
    }

    /// Nothing more arrives for a while ("no event after terminal").
    fn quiet_for(&mut self, d: Duration) {
        self.stream.set_read_timeout(Some(d)).unwrap();
        if let Some(ev) = self.read() {
            self.note(ev);
            panic!("unexpected record after the terminal: {:?}", self.events.back());
        }
        self.stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    }

    fn create_and_claim(&mut self) -> (String, Value) {
        let r = self.call("session.create", None, None, json!({}));
        let session = r["payload"]["session_id"].as_str().unwrap().to_owned();
        let control = self.claim(&session, false)["control"].clone();
        (session, control)
    }

    /// Claims; returns the payload plus a `control` object ready for requests.
    fn claim(&mut self, session: &str, take_over: bool) -> Value {
        let r = self.call("session.claim", Some(session), None, json!({"take_over":take_over}));
        assert!(r["error"].is_null(), "{r}");
        let mut p = r["payload"].clone();
        p["control"] = json!({"claim_id":p["claim_id"],"grant_generation":p["grant_generation"]});
        p
    }

    fn start(&mut self, session: &str, control: &Value, prompt: &str) -> String {
        let r = self.call("turn.start", Some(session), Some(control), json!({"prompt":prompt}));
        assert!(r["error"].is_null(), "{r}");
        assert_eq!(r["payload"]["status"], "accepted");
        // "returns accepted before turn.started"
        assert!(
            self.events.iter().all(|e| e["payload"]["turn_id"] != r["payload"]["turn_id"]),
            "an event preceded the response"
        );
        r["payload"]["turn_id"].as_str().unwrap().to_owned()
    }

    /// The whole durable replay as `kind:text` lines (message parts joined).
    fn replay(&mut self, session: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut after = Value::Null;
        let mut part = String::new();
        loop {
            let r = self.call("session.replay", Some(session), None, json!({"after":after,"limit":32}));
            let p = &r["payload"];
            assert!(r["error"].is_null(), "{r}");
            for item in p["events"].as_array().unwrap() {
                match item["kind"].as_str().unwrap() {
                    "terminal" => out.push(format!("terminal:{}", item["status"].as_str().unwrap())),
                    kind => {
                        part.push_str(item["text"].as_str().unwrap());
                        if item["last_part"] == true {
                            let role = item["role"].as_str().unwrap_or("summary");
                            out.push(format!(
                                "{}:{}",
                                if kind == "summary" { "summary" } else { role },
                                std::mem::take(&mut part)
                            ));
                        }
                    }
                }
            }
            if p["truncated"] != true {
                return out;
            }
            after = p["next_cursor"].clone();
        }
    }
}

/// Cleared besides [`common::CONFIG_ENV`]: the endpoints and tuning these tests set themselves.
const ENDPOINT_ENV: &[&str] = &[
    "AGENTWIRE_ANTHROPIC_BASE_URL",
    "AGENTWIRE_CODEX_BASE_URL",
    "AGENTWIRE_CODEX_ISSUER",
    "AGENTWIRE_CODEX_CLIENT_ID",
    "AGENTWIRE_CATALOG_TTL_MS",
    "MC_COMPACT_AT_TOKENS",
];

/// The daemon of a workspace with a README and a `src/` folder, `env` set.
fn start_daemon(sb: &Sandbox, env: &[(&str, &str)]) -> Value {
    std::fs::write(sb.workspace.join("README.md"), "# demo\nTODO: write docs\n").unwrap();
    std::fs::create_dir_all(sb.workspace.join("src")).unwrap();
    common::start_daemon_clearing(sb, ENDPOINT_ENV, env)
}

fn global_settings(sb: &Sandbox) -> std::path::PathBuf {
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    sb.mc_home.join("settings.toml")
}

/// Selects `provider`/`model` in the global settings (as `config.set` would write them),
/// keeping what is there and appending `tables` (provider definitions) at the end.
fn select(sb: &Sandbox, provider: &str, model: &str, tables: &str) {
    let path = global_settings(sb);
    let existing = std::fs::read_to_string(&path).unwrap_or_default();
    let text = format!("provider = {provider:?}\nmodel = {model:?}\n{existing}\n{tables}");
    std::fs::write(path, text).unwrap();
}

/// A custom OpenAI-compatible provider `mock-compat` served by `mock` with the fixed model
/// `m1` (no discovery needed), selected in the global settings; its key is read from
/// `MOCK_COMPAT_KEY`, which the returned environment sets.
fn compat(sb: &Sandbox, mock: &Mock) -> Vec<(&'static str, String)> {
    let table = format!(
        "[providers.mock-compat]\nbase_url = \"{}/v1\"\napi_key_env = \"MOCK_COMPAT_KEY\"\nmodels = [\"m1\"]\n",
        mock.url
    );
    select(sb, "mock-compat", "m1", &table);
    vec![("MOCK_COMPAT_KEY", "compat-secret".into())]
}

/// The shared auth store (`records.<id>`, as the auth module writes it).
fn write_store(sb: &Sandbox, store: &Value) {
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    let path = sb.mc_home.join("auth.json");
    std::fs::write(&path, store.to_string()).unwrap();
    std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
}

fn read_store(sb: &Sandbox) -> Value {
    serde_json::from_slice(&std::fs::read(sb.mc_home.join("auth.json")).unwrap()).unwrap()
}

fn env_refs<'a>(v: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    v.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

/// A daemon on the OpenAI-compatible `mock` (plus `extra_env`), and a connection holding a
/// freshly claimed session. Bind the fields in this order: later bindings drop first, so the
/// connection goes before the daemon's sandbox and the mock.
struct Running {
    env: Vec<(&'static str, String)>,
    mock: Mock,
    sb: Sandbox,
    discovery: Value,
    control: Value,
    session: String,
    c: Conn,
}

fn running(mock: Mock, extra_env: &[(&'static str, &str)]) -> Running {
    let sb = Sandbox::new();
    let mut env = compat(&sb, &mock);
    env.extend(extra_env.iter().map(|(k, v)| (*k, (*v).to_owned())));
    let discovery = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &discovery);
    let (session, control) = c.create_and_claim();
    Running { env, mock, sb, discovery, control, session, c }
}

/// [`running`] on a provider that streams `n` words (`"{prefix}{i} "`), one every `pause`; also
/// returns the words.
fn slow_stream(prefix: &str, n: usize, pause: Duration) -> (Vec<String>, Running) {
    let words: Vec<String> = (0..n).map(|i| format!("{prefix}{i} ")).collect();
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let body = mock::openai(&refs, &[]);
    (words, running(Mock::start(move |_, _| Reply::slow(body.clone(), pause)), &[]))
}

/// Whether a provider request is a compaction's summary request.
fn asks_for_summary(body: &Value) -> bool {
    body["messages"][0]["content"].as_str().unwrap_or_default().contains("compress conversations")
}

fn deltas(events: &[Value]) -> String {
    events
        .iter()
        .filter(|e| e["event"] == "turn.assistant_delta")
        .map(|e| e["payload"]["text"].as_str().unwrap())
        .collect()
}

fn activities(events: &[Value]) -> Vec<&Value> {
    events.iter().filter(|e| e["event"] == "turn.activity").map(|e| &e["payload"]["activity"]).collect()
}

fn is_last_user_message_tool_result(body: &Value) -> bool {
    body["messages"].as_array().and_then(|m| m.last()).is_some_and(|m| m["role"] == "tool")
}

#[test]
fn completed_turn_with_a_tool_loop_streams_in_order_persists_and_replays() {
    // "Turns use the full agent runtime, including built-in tools and continuation"
    let mock = Mock::start(|n, _| match n {
        0 => Reply::sse(mock::openai(&["Let me ", "look… "], &[("call_1", "list_folder", json!({"path":"."}))])),
        _ => Reply::sse(mock::openai(&["Found ", "README.md — ", "日本語 ✓"], &[])),
    });
    let sb = Sandbox::new();
    let env = compat(&sb, &mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "What is here?");
    let (events, terminal) = c.until_terminal(&turn);

    assert_eq!(events[0]["event"], "turn.started");
    assert_eq!(events[0]["payload"], json!({"turn_id":turn,"session_id":session,"status":"started","sequence":0}));
    assert!(events[0]["operation_id"].is_string() && events[0]["grant_generation"] == control["grant_generation"]);
    let t = &terminal["payload"];
    let text = "Let me look… Found README.md — 日本語 ✓";
    assert_eq!(t["assistant_text"], text);
    assert_eq!(deltas(&events), text, "deltas keep runtime order");
    assert_eq!(
        (t["status"].as_str(), t["persistence"].as_str(), &t["error"]),
        (Some("completed"), Some("committed"), &Value::Null)
    );
    assert_eq!(t["activity_replay_available"], false);
    assert_eq!(t["activity_dropped"], 0);
    assert!(t["sequence"].as_u64().unwrap() > events.last().unwrap()["payload"]["sequence"].as_u64().unwrap());

    // Tool activity: hashed identities, built-in name, status only.
    let tools: Vec<&Value> = activities(&events).into_iter().filter(|a| a["kind"] == "tool").collect();
    assert_eq!(tools.len(), 2, "{tools:?}");
    assert_eq!((tools[0]["status"].as_str(), tools[1]["status"].as_str()), (Some("running"), Some("completed")));
    assert_eq!(tools[0]["tool_name"], "list_folder");
    assert_eq!(tools[0]["transport"], "local");
    assert!(tools[0]["server_id"].is_null() && tools[0]["timed_out"].is_null() && tools[1]["timed_out"] == false);
    assert!(tools[0]["tool_id"].as_str().unwrap().starts_with("tool_"));
    let all = serde_json::to_string(&events).unwrap();
    assert!(!all.contains("\"path\""), "tool arguments never leave the daemon");
    assert!(activities(&events)
        .iter()
        .any(|a| a["kind"] == "usage" && a["source"] == "provider_request" && a["cache_known"] == true));
    assert!(activities(&events).iter().any(|a| a["kind"] == "context" && a["source"] == "fallback_estimate"));

    // The custom provider from settings, with its key from its api_key_env variable.
    let heads = mock.heads();
    assert!(
        heads
            .iter()
            .all(|h| h.path == "/v1/chat/completions" && h.authorization.as_deref() == Some("Bearer compat-secret")),
        "{heads:?}"
    );
    // The model got the tool result back and the conversation continued.
    let bodies = mock.bodies();
    assert_eq!(bodies[0]["model"], "m1", "the selected model");
    assert_eq!(bodies.len(), 2);
    assert!(is_last_user_message_tool_result(&bodies[1]));
    assert!(bodies[1]["messages"].to_string().contains("README.md"));

    c.quiet_for(Duration::from_millis(300));
    let replay = c.replay(&session);
    assert_eq!(
        replay,
        vec![
            "user:What is here?".to_owned(),
            "assistant:Let me look… ".into(),
            "assistant:Found README.md — 日本語 ✓".into(),
            "terminal:completed".into()
        ]
    );
    let status = c.call("session.status", Some(&session), None, json!({}));
    assert!(status["payload"]["turn"].is_null(), "{status}");
    let op = events[0]["operation_id"].as_str().unwrap();
    let lookup = c.call("operation.lookup", None, None, json!({"operation_id":op}));
    assert_eq!(lookup["payload"]["state"], "settled", "{lookup}");
    assert_eq!(lookup["payload"]["outcome"]["status"], "completed");
    assert_eq!(lookup["payload"]["turn_id"], json!(turn));
    // The next turn sees the earlier conversation.
    let turn2 = c.start(&session, &control, "And then?");
    c.until_terminal(&turn2);
    let later = &mock.bodies()[2];
    assert!(later["messages"].to_string().contains("What is here?"), "{later}");
}

#[test]
fn anthropic_messages_stream_with_tool_use_and_no_raw_thinking() {
    let mock = Mock::start(|n, _| match n {
        0 => {
            Reply::sse(mock::anthropic(&["Searching ", "…"], &[("toolu_1", "search_text", json!({"pattern":"TODO"}))]))
        }
        _ => Reply::sse(mock::anthropic(&["One TODO in README.md."], &[])),
    });
    let sb = Sandbox::new();
    select(&sb, "anthropic", "claude-test", "");
    let d = start_daemon(&sb, &[("ANTHROPIC_API_KEY", "sk-test"), ("AGENTWIRE_ANTHROPIC_BASE_URL", &mock.url)]);
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "Find TODOs");
    let (events, terminal) = c.until_terminal(&turn);
    assert_eq!(terminal["payload"]["status"], "completed", "{terminal}");
    assert_eq!(terminal["payload"]["assistant_text"], "Searching …One TODO in README.md.");
    assert_eq!(deltas(&events), "Searching …One TODO in README.md.");
    assert!(
        !serde_json::to_string(&events).unwrap().contains("raw private thoughts"),
        "raw thinking is never projected"
    );
    let heads = mock.heads();
    assert!(heads.iter().all(|h| h.path == "/v1/messages" && h.api_key.as_deref() == Some("sk-test")), "{heads:?}");
    let bodies = mock.bodies();
    assert_eq!(bodies[0]["model"], "claude-test", "the selected model");
    let second = bodies[1]["messages"].to_string();
    assert!(second.contains("tool_result") && second.contains("README.md:2: TODO: write docs"), "{second}");
    assert_eq!(
        bodies[0]["tools"].as_array().unwrap().len(),
        4,
        "read, list, search and task — nothing that writes or executes"
    );
    let names: Vec<&str> = bodies[0]["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["read_file", "list_folder", "search_text", "task"]);
    assert!(bodies[0].get("thinking").is_none(), "the default reasoning level asks for no thinking");
    assert!(
        !bodies[1].to_string().contains("raw private thoughts"),
        "a thinking block without a signature cannot be verified, so it is not sent back"
    );
}

/// Files under `root` whose bytes contain `needle`.
fn files_containing(root: &std::path::Path, needle: &str) -> Vec<std::path::PathBuf> {
    let needle = needle.as_bytes();
    common::files_under(root)
        .into_iter()
        .filter(|(_, bytes)| bytes.windows(needle.len()).any(|w| w == needle))
        .map(|(path, _)| path)
        .collect()
}

const THINKING: [&str; 3] = ["Private plan: ", "grep for TO", "DO — 日本語 ✓"];
const SIGNATURE: &str = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxDFtT+c2fA/w8sig==";
const REDACTED: &str = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwredacted==";

/// Efforts of the mock's adaptive models.
const EFFORTS: [&str; 5] = ["low", "medium", "high", "xhigh", "max"];

/// What the Anthropic mock lists for discovery: one model per thinking mode, and the two
/// fast-mode models of the documented list (one stable, one in research preview).
fn anthropic_models() -> Value {
    json!({"data":[
        mock::anthropic_model("claude-adaptive", true, true, &EFFORTS),
        mock::anthropic_model("claude-budget", false, true, &[]),
        mock::anthropic_model("claude-plain", false, false, &[]),
        mock::anthropic_model("claude-opus-5", true, false, &EFFORTS),
        mock::anthropic_model("claude-opus-5-5", true, false, &EFFORTS),
    ],"has_more":false,"first_id":"claude-adaptive","last_id":"claude-opus-5-5"})
}

/// A daemon on the Anthropic `mock` with `model` selected at `level` in the global settings,
/// and its Anthropic catalog refreshed from the mock's model list.
fn anthropic_daemon(sb: &Sandbox, mock: &Mock, model: &str, level: ReasoningLevel) -> Conn {
    select(sb, "anthropic", model, &format!("thinking_level = {:?}\n", level.as_str()));
    let d = start_daemon(sb, &[("ANTHROPIC_API_KEY", "sk-test"), ("AGENTWIRE_ANTHROPIC_BASE_URL", &mock.url)]);
    let mut c = Conn::open(sb, &d);
    let r = c.call("catalog.refresh", None, None, json!({"provider_id":"anthropic"}));
    assert_eq!(r["payload"]["state"], "fresh_cache", "{r}");
    c
}

/// A mock whose first answer thinks (signed and redacted blocks) and uses a tool, and whose
/// second thinks again and answers.
fn thinking_mock() -> Mock {
    Mock::with_models(anthropic_models(), |n, _| match n {
        0 => Reply::sse(mock::anthropic_thinking(
            &THINKING,
            SIGNATURE,
            REDACTED,
            &["Searching "],
            &[("toolu_1", "search_text", json!({"pattern":"TODO"}))],
        )),
        _ => Reply::sse(mock::anthropic_thinking(&["Second thoughts"], "sig-2", "redacted-2", &["One TODO."], &[])),
    })
}

/// Runs one tool-using turn on `thinking_mock` and checks what every thinking shape shares:
/// the assistant turn that used the tool goes back with its thinking first and unchanged, and
/// none of the raw reasoning reaches a client, the transcript or the log. The request bodies.
fn thinking_round_trip(sb: &Sandbox, mock: &Mock, c: &mut Conn) -> Vec<Value> {
    let echo = json!([
        {"type":"thinking","thinking":THINKING.concat(),"signature":SIGNATURE},
        {"type":"redacted_thinking","data":REDACTED},
        {"type":"text","text":"Searching "},
        {"type":"tool_use","id":"toolu_1","name":"search_text","input":{"pattern":"TODO"}},
    ]);
    let (session, events, terminal, bodies) = one_tool_round(mock, c, "Searching One TODO.", &echo);
    assert_eq!(bodies[0]["thinking"], bodies[1]["thinking"], "one thinking configuration for the whole turn");

    let thoughts = [THINKING[0], THINKING[1], THINKING[2], "Second thoughts"];
    let secrets = [SIGNATURE, "sig-2", REDACTED, "redacted-2"];
    assert_reasoning_kept_private(sb, c, &session, (&events, &terminal), (&thoughts, &secrets));
    assert!(mock.heads().iter().all(|h| h.anthropic_beta.is_none()), "no beta without fast");
    bodies
}

/// Runs one "Find TODOs" turn that uses one tool: it completes with `text`, and the
/// continuation sends the tool-using assistant message back as exactly `echo`, followed by the
/// tool result. Returns the session, the turn's events and terminal, and the request bodies.
fn one_tool_round(mock: &Mock, c: &mut Conn, text: &str, echo: &Value) -> (String, Vec<Value>, Value, Vec<Value>) {
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "Find TODOs");
    let (events, terminal) = c.until_terminal(&turn);
    assert_eq!(terminal["payload"]["status"], "completed", "{terminal}");
    assert_eq!(terminal["payload"]["assistant_text"], text);
    let bodies = mock.bodies();
    assert_eq!(bodies.len(), 2, "one tool round, one continuation");
    assert_eq!(bodies[1]["messages"][1]["role"], "assistant");
    assert_eq!(&bodies[1]["messages"][1]["content"], echo);
    assert_eq!(bodies[1]["messages"][2]["content"][0]["type"], "tool_result");
    (session, events, terminal, bodies)
}

/// None of the reasoning reached a client (events, terminal, replay) or the log, and no
/// thinking became a reasoning summary. The `thoughts` are stored, only in the transcript and
/// only as agent `text` with `thinking:true` ("thinking: true for reasoning/thinking tokens");
/// the `secrets` (signatures, redacted data) are stored nowhere.
fn assert_reasoning_kept_private(
    sb: &Sandbox,
    c: &mut Conn,
    session: &str,
    (events, terminal): (&[Value], &Value),
    (thoughts, secrets): (&[&str], &[&str]),
) {
    c.quiet_for(Duration::from_millis(300));
    let replay = c.replay(session).concat();
    let sent = serde_json::to_string(events).unwrap() + &terminal.to_string() + &replay;
    let transcript = sb.mc_home.join("sessions").join(session).join("transcript.jsonl");
    for raw in thoughts.iter().chain(secrets) {
        assert!(!sent.contains(raw), "raw reasoning reached a client: {raw}");
        assert!(!sb.log().contains(raw), "logged: {raw}");
    }
    for raw in thoughts {
        assert_eq!(files_containing(&sb.mc_home, raw), vec![transcript.clone()], "stored elsewhere: {raw}");
        let lines: Vec<Value> =
            transcript_lines(sb, session).into_iter().filter(|m| m.to_string().contains(raw)).collect();
        assert!(
            lines.iter().all(|m| m["type"] == "text" && m["role"] == "agent" && m["thinking"] == true),
            "thinking is stored as thinking text: {lines:?}"
        );
    }
    for raw in secrets {
        assert_eq!(files_containing(&sb.mc_home, raw), Vec::<std::path::PathBuf>::new(), "stored: {raw}");
    }
    assert!(activities(events).iter().all(|a| a["kind"] != "reasoning_summary"), "thinking is no summary");
}

/// The session's transcript, one JSON value per line.
fn transcript_lines(sb: &Sandbox, session: &str) -> Vec<Value> {
    let path = sb.mc_home.join("sessions").join(session).join("transcript.jsonl");
    std::fs::read_to_string(path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn anthropic_high_reasoning_budgets_thinking_and_sends_signed_blocks_back_unchanged() {
    // A model whose capabilities list only `enabled` thinking: `budget_tokens` below `max_tokens`.
    let (sb, mock) = (Sandbox::new(), thinking_mock());
    let mut c = anthropic_daemon(&sb, &mock, "claude-budget", ReasoningLevel::High);
    for b in thinking_round_trip(&sb, &mock, &mut c) {
        assert_eq!(b["model"], "claude-budget");
        assert_eq!(b["thinking"]["type"], "enabled", "{b}");
        let budget = b["thinking"]["budget_tokens"].as_u64().unwrap();
        assert!(budget >= 1024 && budget < b["max_tokens"].as_u64().unwrap(), "budget_tokens < max_tokens: {b}");
        assert!(b.get("output_config").is_none() && b.get("speed").is_none(), "{b}");
    }
}

#[test]
fn anthropic_adaptive_model_gets_adaptive_thinking_with_the_levels_effort() {
    // A model whose capabilities list `adaptive` (and the deprecated `enabled`) thinking gets
    // the adaptive shape: `type: "enabled"` is rejected with 400 from Claude 4.7 on.
    let (sb, mock) = (Sandbox::new(), thinking_mock());
    let mut c = anthropic_daemon(&sb, &mock, "claude-adaptive", ReasoningLevel::XHigh);
    for b in thinking_round_trip(&sb, &mock, &mut c) {
        assert_eq!(b["thinking"], json!({"type":"adaptive"}), "{b}");
        assert_eq!(b["output_config"], json!({"effort":"xhigh"}), "{b}");
        assert!(b["max_tokens"].as_u64().unwrap() > 8192, "room for thinking on top of the answer: {b}");
        assert!(b.get("speed").is_none(), "fast was not captured");
    }
}

#[test]
fn anthropic_interleaved_thinking_goes_back_block_for_block_in_the_order_received() {
    // Adaptive thinking interleaves: thinking, text, redacted thinking, thinking, text, tool
    // use. The continuation must carry exactly these blocks in this order (text blocks not
    // merged, thinking not moved) or the API rejects it.
    const LATER: [&str; 2] = ["Then grep ", "again ✓ 日本"];
    const LATER_SIGNATURE: &str = "Ep0BCkYIBxgCKkB+later/sig==";
    let mock = Mock::with_models(anthropic_models(), |n, _| match n {
        0 => Reply::sse(mock::anthropic_blocks(&[
            Part::Thinking(&THINKING, SIGNATURE),
            Part::Text(&["Looking ", "first. "]),
            Part::Redacted(REDACTED),
            Part::Thinking(&LATER, LATER_SIGNATURE),
            Part::Text(&["Searching."]),
            Part::ToolUse("toolu_1", "search_text", json!({"pattern":"TODO"})),
        ])),
        _ => Reply::sse(mock::anthropic(&[" One TODO."], &[])),
    });
    let sb = Sandbox::new();
    let mut c = anthropic_daemon(&sb, &mock, "claude-adaptive", ReasoningLevel::High);
    let echo = json!([
        {"type":"thinking","thinking":THINKING.concat(),"signature":SIGNATURE},
        {"type":"text","text":"Looking first. "},
        {"type":"redacted_thinking","data":REDACTED},
        {"type":"thinking","thinking":LATER.concat(),"signature":LATER_SIGNATURE},
        {"type":"text","text":"Searching."},
        {"type":"tool_use","id":"toolu_1","name":"search_text","input":{"pattern":"TODO"}},
    ]);
    let (session, events, terminal, _) = one_tool_round(&mock, &mut c, "Looking first. Searching. One TODO.", &echo);
    let thoughts = [THINKING[0], THINKING[1], THINKING[2], LATER[0], LATER[1]];
    assert_reasoning_kept_private(
        &sb,
        &mut c,
        &session,
        (&events, &terminal),
        (&thoughts, &[SIGNATURE, LATER_SIGNATURE, REDACTED]),
    );
    // Interleaved thinking keeps its place between the text segments and before the call.
    let order: Vec<String> = transcript_lines(&sb, &session)
        .iter()
        .filter(|m| m["role"] == "agent" && (m["type"] == "text" || m["type"] == "tool-call-start"))
        .map(|m| match (m["type"].as_str(), m["thinking"] == true) {
            (Some("text"), true) => format!("thinking:{}", m["text"].as_str().unwrap()),
            (Some("text"), false) => format!("text:{}", m["text"].as_str().unwrap()),
            _ => format!("call:{}", m["toolName"].as_str().unwrap()),
        })
        .collect();
    assert_eq!(
        order,
        [
            format!("thinking:{}", THINKING.concat()),
            "text:Looking first. ".into(),
            format!("thinking:{}", LATER.concat()),
            "text:Searching.".into(),
            "call:search_text".into(),
            "thinking:raw private thoughts".into(),
            "text: One TODO.".into(),
        ]
    );
}

#[test]
fn anthropic_model_without_thinking_offers_only_default_and_never_sends_thinking() {
    let mock = Mock::with_models(anthropic_models(), |_, _| Reply::sse(mock::anthropic(&["ok"], &[])));
    let sb = Sandbox::new();
    // Saved before the catalog knew the model: a level it cannot take resolves to the default.
    let mut c = anthropic_daemon(&sb, &mock, "claude-plain", ReasoningLevel::High);
    let models = c.call("catalog.models", None, None, json!({"provider_id":"anthropic"}));
    let plain =
        models["payload"]["entries"].as_array().unwrap().iter().find(|e| e["model_id"] == "claude-plain").cloned();
    assert_eq!(plain.unwrap()["available_thinking_levels"], json!(["default"]));
    let get = c.call("config.get", None, None, json!({}));
    assert_eq!(
        (&get["payload"]["thinking_level"], &get["payload"]["configured_thinking_level"]),
        (&json!("default"), &json!("high")),
        "{get}"
    );
    let refused = c.call("config.set", None, None, json!({"scope":"global","thinking_level":"high"}));
    assert_eq!(refused["error"]["code"], "unsupported_reasoning", "{refused}");
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "plain");
    assert_eq!(c.until_terminal(&turn).1["payload"]["status"], "completed");
    let bodies = mock.bodies();
    assert_eq!(bodies.len(), 1);
    assert!(bodies[0].get("thinking").is_none() && bodies[0].get("output_config").is_none(), "{}", bodies[0]);
}

#[test]
fn anthropic_fast_sends_speed_only_to_models_with_fast_mode() {
    let mock = Mock::with_models(anthropic_models(), |_, _| Reply::sse(mock::anthropic(&["ok"], &[])));
    let sb = Sandbox::new();
    let mut c = anthropic_daemon(&sb, &mock, "claude-budget", ReasoningLevel::Default);
    let (session, control) = c.create_and_claim();
    let turn = |c: &mut Conn, prompt: &str| {
        let turn = c.start(&session, &control, prompt);
        assert_eq!(c.until_terminal(&turn).1["payload"]["status"], "completed");
    };
    turn(&mut c, "plain");
    // Fast mode is global-only and needs no catalog; the next admission captures it, and it
    // stays on whichever model is selected.
    let r = c.call("config.set", None, None, json!({"scope":"global","fast":true}));
    assert_eq!(r["payload"]["persisted"], true, "{r}");
    turn(&mut c, "fast on a model without fast mode");
    for model in ["claude-opus-5", "claude-opus-5-5"] {
        let sel = json!({"scope":"global","selection":{"provider_id":"anthropic","model_id":model}});
        assert_eq!(c.call("config.set", None, None, sel)["payload"]["persisted"], true);
        turn(&mut c, model);
    }

    let (bodies, heads) = (mock.bodies(), mock.heads());
    assert_eq!(bodies.len(), 4);
    assert!(bodies.iter().all(|b| b.get("thinking").is_none()), "the default level asks for no thinking");
    assert_eq!(bodies[0]["max_tokens"], bodies[1]["max_tokens"], "no budget added");
    for (b, h) in bodies[..2].iter().zip(&heads) {
        assert!(b.get("speed").is_none() && h.anthropic_beta.is_none(), "no fast mode on {}: {b}", b["model"]);
    }
    assert_eq!((&bodies[2]["model"], &bodies[2]["speed"]), (&json!("claude-opus-5"), &json!("fast")));
    assert_eq!(heads[2].anthropic_beta.as_deref(), Some("fast-mode-2026-02-01"), "research preview: beta header");
    assert_eq!((&bodies[3]["model"], &bodies[3]["speed"]), (&json!("claude-opus-5-5"), &json!("fast")));
    assert_eq!(heads[3].anthropic_beta, None, "generally available: no beta header");
}

#[test]
fn fast_asks_codex_for_priority_and_sends_nothing_to_an_openai_compatible_server() {
    let codex = Mock::start(|_, _| Reply::sse(mock::codex(&["ok"], None, &[])));
    let compat_server = Mock::start(|_, _| Reply::sse(mock::openai(&["ok"], &[])));
    let sb = Sandbox::new();
    codex_login(&sb, "at-live", now_ms() + 3_600_000);
    let table = format!(
        "[providers.mock-compat]\nbase_url = \"{}/v1\"\napi_key_env = \"MOCK_COMPAT_KEY\"\nmodels = [\"m1\"]\n",
        compat_server.url
    );
    select(&sb, "openai-codex", "gpt-test", &table);
    let mut env = codex_env(&codex);
    env.push(("MOCK_COMPAT_KEY", "compat-secret".into()));
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let run_turn = |c: &mut Conn| {
        let turn = c.start(&session, &control, "hi");
        assert_eq!(c.until_terminal(&turn).1["payload"]["status"], "completed");
    };
    run_turn(&mut c);
    let r = c.call("config.set", None, None, json!({"scope":"global","fast":true}));
    assert_eq!(r["payload"]["persisted"], true, "{r}");
    run_turn(&mut c);
    std::fs::write(global_settings(&sb), format!("provider = \"mock-compat\"\nmodel = \"m1\"\nfast = true\n{table}"))
        .unwrap();
    run_turn(&mut c);

    let bodies = codex.bodies();
    assert_eq!(bodies.len(), 2);
    assert!(bodies[0].get("service_tier").is_none(), "not fast: {}", bodies[0]);
    assert_eq!(bodies[1]["service_tier"], "priority", "{}", bodies[1]);
    let compat_bodies = compat_server.bodies();
    assert_eq!(compat_bodies.len(), 1);
    for field in ["service_tier", "speed"] {
        assert!(compat_bodies[0].get(field).is_none(), "no documented fast field: {}", compat_bodies[0]);
    }
}

#[test]
fn cancel_mid_stream_keeps_the_accepted_partial_text() {
    let (_, Running { mock: _mock, sb: _sb, control, session, mut c, .. }) =
        slow_stream("w", 200, Duration::from_millis(20));
    let turn = c.start(&session, &control, "Talk slowly");
    let mut got = 0;
    while got < 3 {
        let ev = c.event().unwrap();
        if ev["event"] == "turn.assistant_delta" {
            got += 1;
        }
    }
    let r = c.call("turn.cancel", Some(&session), Some(&control), json!({"turn_id":turn}));
    assert_eq!(r["payload"], json!({"turn_id":turn,"session_id":session,"status":"cancellation_requested"}), "{r}");
    let (events, terminal) = c.until_terminal(&turn);
    let t = &terminal["payload"];
    assert_eq!(t["status"], "cancelled");
    assert_eq!(t["persistence"], "committed");
    let partial = t["assistant_text"].as_str().unwrap();
    assert!(partial.starts_with("w0 w1 w2 ") && partial.len() < 200 * 4, "{partial}");
    let mut all = c.seqs.clone();
    all.retain(|k, _| k == &turn);
    assert!(!events.is_empty() || partial.len() > 6);
    c.quiet_for(Duration::from_millis(300));
    // "Cancelled/failed terminal records preserve their accepted assistant_text"
    assert_eq!(
        c.replay(&session),
        vec!["user:Talk slowly".to_owned(), format!("assistant:{partial}"), "terminal:cancelled".into()]
    );
    let again = c.call("turn.cancel", Some(&session), Some(&control), json!({"turn_id":turn}));
    assert_eq!(again["error"]["code"], "unknown_turn");
}

#[test]
fn provider_failures_are_failed_terminals_with_internal_error() {
    let mock = Mock::start(|n, _| match n {
        0 => Reply::Status(500),
        _ => Reply::sse(mock::anthropic_error_after(&["Half an ", "answer"])),
    });
    let sb = Sandbox::new();
    // The key from the shared store this time (no ANTHROPIC_API_KEY).
    select(&sb, "anthropic", "claude-test", "");
    write_store(&sb, &json!({"version":1,"records":{"anthropic":{"type":"api_key","api_key":"sk-stored"}}}));
    let d = start_daemon(&sb, &[("AGENTWIRE_ANTHROPIC_BASE_URL", &mock.url)]);
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "one");
    let (_, terminal) = c.until_terminal(&turn);
    let t = &terminal["payload"];
    assert_eq!((t["status"].as_str(), t["persistence"].as_str()), (Some("failed"), Some("committed")));
    assert_eq!(
        t["error"],
        json!({"code":"internal_error","message":"application service failed to handle the request"})
    );
    let turn = c.start(&session, &control, "two");
    let (_, terminal) = c.until_terminal(&turn);
    let t = &terminal["payload"];
    assert_eq!((t["status"].as_str(), t["assistant_text"].as_str()), (Some("failed"), Some("Half an answer")));
    assert!(!terminal.to_string().contains("secret upstream detail"), "raw provider errors never reach the wire");
    assert!(mock.heads().iter().all(|h| h.api_key.as_deref() == Some("sk-stored")), "{:?}", mock.heads());
    assert_eq!(
        c.replay(&session),
        ["user:one", "terminal:failed", "user:two", "assistant:Half an answer", "terminal:failed"]
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
    );
}

#[test]
fn output_over_the_string_bound_fails_instead_of_truncating() {
    let chunk = "x".repeat(1024);
    let chunks: Vec<&str> = (0..17).map(|_| chunk.as_str()).collect();
    let body = mock::openai(&chunks, &[]);
    let mock = Mock::start(move |_, _| Reply::sse(body.clone()));
    let sb = Sandbox::new();
    let env = compat(&sb, &mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "long");
    let (events, terminal) = c.until_terminal(&turn);
    let t = &terminal["payload"];
    assert_eq!((t["status"].as_str(), t["error"]["code"].as_str()), (Some("failed"), Some("output_limit_exceeded")));
    assert_eq!(t["assistant_text"].as_str().unwrap().len(), 16384, "the accepted text, whole");
    assert_eq!(deltas(&events).len(), 16384);
}

#[test]
fn failed_persistence_forces_a_failed_terminal_and_replay_required() {
    let (_, Running { mock: _mock, sb, control, session, mut c, .. }) = slow_stream("p", 30, Duration::from_millis(30));
    let turn = c.start(&session, &control, "persist me");
    c.event().unwrap();
    // Make the transcript unwritable (as root, permissions would not stop the write): a
    // folder where the file was.
    let transcript = sb.mc_home.join("sessions").join(&session).join("transcript.jsonl");
    std::fs::rename(&transcript, transcript.with_extension("moved")).unwrap();
    std::fs::create_dir(&transcript).unwrap();
    let (_, terminal) = c.until_terminal(&turn);
    let t = &terminal["payload"];
    assert_eq!((t["status"].as_str(), t["persistence"].as_str()), (Some("failed"), Some("failed")));
    assert_eq!(t["error"]["code"], "persistence_failed");
    assert_eq!(t["replay_required"], true);
    assert!(t["assistant_text"].as_str().unwrap().starts_with("p0 p1"), "the terminal still carries the text");
    let op = format!("op-{}-{}", c.ids.1, 4);
    let lookup = c.call("operation.lookup", None, None, json!({"operation_id":op}));
    assert_eq!(lookup["payload"]["outcome"]["error"]["code"], "persistence_failed", "{lookup}");
}

#[test]
fn subagent_task_runs_a_child_loop_with_linked_activity_and_aggregate_usage() {
    let mock = Mock::start(|_, body| {
        let child = body["messages"][0]["content"].as_str().unwrap_or_default().contains("research subagent");
        let after_tool = is_last_user_message_tool_result(body);
        match (child, after_tool) {
            (false, false) => Reply::sse(mock::openai(
                &["Delegating. "],
                &[("task_1", "task", json!({"prompt":"List the src folder","title":"Explore src"}))],
            )),
            (true, false) => {
                Reply::sse(mock::openai(&["child thinking out loud"], &[("c_1", "list_folder", json!({"path":"src"}))]))
            }
            (true, true) => Reply::sse(mock::openai(&["src is empty."], &[])),
            (false, true) => Reply::sse(mock::openai(&["The subagent says src is empty."], &[])),
        }
    });
    let sb = Sandbox::new();
    let env = compat(&sb, &mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "Explore");
    let (events, terminal) = c.until_terminal(&turn);
    assert_eq!(terminal["payload"]["status"], "completed", "{terminal}");
    assert_eq!(
        terminal["payload"]["assistant_text"], "Delegating. The subagent says src is empty.",
        "subagent text is not assistant text"
    );
    let acts = activities(&events);
    let batch = acts.iter().find(|a| a["category"] == "subagent_batch").expect("batch start");
    let task = acts.iter().find(|a| a["category"] == "subagent_task").expect("task start");
    assert_eq!(task["parent_activity_id"], batch["activity_id"]);
    assert!(batch.get("parent_activity_id").is_none(), "omitted, not null, when there is no parent");
    let child_tool = acts
        .iter()
        .find(|a| a["kind"] == "tool" && a["parent_activity_id"] == task["activity_id"])
        .expect("child tool linked to its task");
    assert!(child_tool["timed_out"].is_null(), "timed_out is only supplied for main-agent results");
    let aggregate =
        acts.iter().find(|a| a["kind"] == "usage" && a["source"] == "subagent_aggregate").expect("aggregate usage");
    assert_eq!(
        (aggregate["effective_input"].as_u64(), aggregate["output"].as_u64()),
        (Some(240), Some(60)),
        "two child requests"
    );
    assert_eq!(aggregate["parent_activity_id"], task["activity_id"]);
    let finishes: Vec<&&Value> = acts.iter().filter(|a| a["category"] == "activity").collect();
    assert!(finishes.iter().any(|f| f["activity_id"] == task["activity_id"] && f["status"] == "completed"));
    assert!(finishes.iter().any(|f| f["activity_id"] == batch["activity_id"] && f["status"] == "completed"));
    assert!(!serde_json::to_string(&events).unwrap().contains("child thinking"), "child output is not streamed");
    // The transcript has the child's records under the task call; replay shows only the top level.
    let transcript =
        std::fs::read_to_string(sb.mc_home.join("sessions").join(&session).join("transcript.jsonl")).unwrap();
    assert!(
        transcript.contains(&format!("\"parentId\":\"{turn}/task_1\"")) && transcript.contains("\"agentId\":\"agent_"),
        "{transcript}"
    );
    assert!(transcript.contains("\"agentTitle\":\"Explore src\""));
    // "The `tool-call-end` for `task1` has no `agentId` — it's the parent agent closing the tool call"
    let task_call = format!("{turn}/task_1");
    let lines = transcript_lines(&sb, &session);
    let end = lines.iter().find(|m| m["type"] == "tool-call-end" && m["callId"] == task_call.as_str()).unwrap();
    assert!(end.get("agentId").is_none() && end.get("parentId").is_none(), "{end}");
    // Every child record names the spawning task call and one agent.
    let children: Vec<&Value> = lines.iter().filter(|m| m.get("parentId").is_some()).collect();
    assert!(
        children.len() >= 3
            && children.iter().all(|m| m["parentId"] == task_call.as_str() && m["agentId"] == children[0]["agentId"])
    );
    c.quiet_for(Duration::from_millis(200));
    assert_eq!(
        c.replay(&session),
        vec![
            "user:Explore",
            "assistant:Delegating. ",
            "assistant:The subagent says src is empty.",
            "terminal:completed"
        ]
    );
}

#[test]
fn calls_keep_the_models_order_and_get_session_unique_ids_when_the_provider_sends_none() {
    // Issue 20: asked `list_folder, task, task` was written `task, task, list_folder`; a
    // server without call IDs gave `call_0` to several calls.
    let mock = Mock::start(|_, body| {
        let child = body["messages"][0]["content"].as_str().unwrap_or_default().contains("research subagent");
        match (child, is_last_user_message_tool_result(body)) {
            (true, _) => Reply::sse(mock::openai_without_ids(&["child report"], &[])),
            (false, false) => Reply::sse(mock::openai_without_ids(
                &["Looking. "],
                &[
                    ("list_folder", json!({"path":"."})),
                    ("task", json!({"prompt":"Read the README"})),
                    ("task", json!({"prompt":"List src","title":"Source survey"})),
                ],
            )),
            (false, true) => Reply::sse(mock::openai_without_ids(&["Done."], &[])),
        }
    });
    let Running { sb, control, session, mut c, .. } = running(mock, &[]);
    let mut call_ids = HashSet::new();
    let mut agents = HashSet::new();
    for round in 0..2 {
        let turn = c.start(&session, &control, &format!("Survey {round}"));
        let (_, terminal) = c.until_terminal(&turn);
        assert_eq!(terminal["payload"]["status"], "completed", "{terminal}");
        let lines = transcript_lines(&sb, &session);
        let starts: Vec<&Value> =
            lines.iter().filter(|m| m["type"] == "tool-call-start" && m["turn"] == turn.as_str()).collect();
        let top: Vec<&str> =
            starts.iter().filter(|m| m.get("parentId").is_none()).map(|m| m["toolName"].as_str().unwrap()).collect();
        assert_eq!(top, ["list_folder", "task", "task"], "the order the model asked");
        for m in &starts {
            assert!(call_ids.insert(m["callId"].as_str().unwrap().to_owned()), "callId unique in the session: {m}");
            assert!(!m["title"].as_str().unwrap().is_empty() && !m["description"].as_str().unwrap().is_empty());
        }
        let tasks: Vec<&&Value> = starts.iter().filter(|m| m["toolName"] == "task").collect();
        let titles: Vec<&str> = tasks.iter().map(|m| m["agentTitle"].as_str().unwrap()).collect();
        assert_eq!(titles, ["Read the README", "Source survey"], "agentTitle always set for a subagent");
        for task in tasks {
            let kids: Vec<&Value> = lines.iter().filter(|m| m["parentId"] == task["callId"]).collect();
            assert!(!kids.is_empty(), "each subagent's messages name its task call");
            let agent = kids[0]["agentId"].as_str().unwrap().to_owned();
            assert!(kids.iter().all(|k| k["agentId"] == agent.as_str()));
            assert!(agents.insert(agent), "agentId unique per subagent instance");
        }
    }
    assert_eq!((call_ids.len(), agents.len()), (6, 4));
}

#[test]
fn activity_overflow_under_a_slow_reader_drops_activity_never_text() {
    struct LogOnPanic<'a>(&'a Sandbox);
    impl Drop for LogOnPanic<'_> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                eprintln!("daemon log:\n{}", self.0.log());
            }
        }
    }
    let calls: Vec<(String, &str, Value)> =
        (0..1000).map(|i| (format!("c{i}"), "list_folder", json!({"path":"."}))).collect();
    let call_refs: Vec<(&str, &str, Value)> = calls.iter().map(|(a, b, c)| (a.as_str(), *b, c.clone())).collect();
    let first = mock::openai(&["Listing a lot. "], &call_refs);
    let words: Vec<String> = (0..300).map(|i| format!("t{i} ")).collect();
    let word_refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let second = mock::openai(&word_refs, &[]);
    let mock = Mock::start(move |n, _| Reply::fast(if n == 0 { first.clone() } else { second.clone() }));
    let sb = Sandbox::new();
    let env = compat(&sb, &mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let _log = LogOnPanic(&sb);
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "flood");
    // Stop reading for a while (below the daemon's write deadline).
    std::thread::sleep(Duration::from_secs(3));
    let (events, terminal) = c.until_terminal(&turn);
    let t = &terminal["payload"];
    assert_eq!(t["status"], "completed", "{t}");
    let dropped = t["activity_dropped"].as_u64().unwrap();
    assert!(dropped > 0, "the queue overflowed");
    let expected_text: String = std::iter::once("Listing a lot. ".to_owned()).chain(words.iter().cloned()).collect();
    assert_eq!(t["assistant_text"], json!(expected_text));
    assert_eq!(deltas(&events), expected_text, "no assistant text was dropped");
    let seqs: Vec<u64> = events
        .iter()
        .map(|e| if e["event"] == "turn.started" { 0 } else { e["payload"]["sequence"].as_u64().unwrap() })
        .collect();
    let gaps = seqs.windows(2).filter(|w| w[1] > w[0] + 1).count();
    assert!(gaps > 0, "dropped activity leaves sequence gaps");
    assert_eq!(
        t["sequence"].as_u64().unwrap(),
        seqs.len() as u64 + dropped,
        "every attempted event consumed one sequence"
    );
}

#[test]
fn take_over_mid_turn_delivers_only_events_after_the_snapshot() {
    let (_, Running { mock: _mock, sb, discovery: d, control, session, c: mut a, .. }) =
        slow_stream("s", 60, Duration::from_millis(15));
    let turn = a.start(&session, &control, "go");
    for _ in 0..5 {
        a.event().unwrap();
    }
    let mut b = Conn::open(&sb, &d);
    let claim = b.claim(&session, true);
    let snap = &claim["snapshot"];
    assert_eq!(snap["state"], "running", "{claim}");
    assert_eq!(snap["turn"]["turn_id"], json!(turn));
    assert!(snap["turn"]["operation_id"].is_string());
    let floor = snap["turn"]["sequence"].as_u64().unwrap();
    let prefix = snap["turn"]["assistant_text"].as_str().unwrap().to_owned();
    let (events, terminal) = b.until_terminal(&turn);
    assert!(events.iter().all(|e| e["event"] != "turn.started"), "turn.started is not resent");
    assert!(
        events.iter().all(|e| e["payload"]["sequence"].as_u64().unwrap() > floor),
        "only events after the snapshot"
    );
    assert!(events
        .iter()
        .all(|e| e["grant_generation"] == claim["grant_generation"] && e["live_sequence"] == claim["live_sequence"]));
    assert_eq!(
        format!("{prefix}{}", deltas(&events)),
        terminal["payload"]["assistant_text"].as_str().unwrap(),
        "snapshot + later deltas = the answer"
    );
    assert_eq!(terminal["payload"]["status"], "completed");
    // The old controller's control is stale, and it got nothing after the snapshot.
    let r = a.call("turn.cancel", Some(&session), Some(&control), json!({"turn_id":turn}));
    assert_eq!(r["error"]["code"], "stale_grant");
    assert!(a.events.iter().all(|e| e["payload"]["sequence"].as_u64().unwrap_or(0) <= floor));
}

#[test]
fn disconnect_mid_turn_does_not_stop_it_then_claim_and_replay() {
    let (many, Running { mock: _mock, sb, discovery: d, control, session, c: mut a, .. }) =
        slow_stream("d", 40, Duration::from_millis(10));
    let full: String = many.concat();
    let turn = a.start(&session, &control, "keep going");
    let op = format!("op-{}-{}", a.ids.1, a.n);
    a.event().unwrap();
    drop(a);
    let mut b = Conn::open(&sb, &d);
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let l = b.call("operation.lookup", None, None, json!({"operation_id":op}));
        if l["payload"]["state"] == "settled" {
            assert_eq!(l["payload"]["outcome"]["status"], "completed", "{l}");
            break;
        }
        assert!(Instant::now() < deadline, "turn never settled");
        std::thread::sleep(Duration::from_millis(50));
    }
    let claim = b.claim(&session, false);
    assert_eq!(claim["snapshot"]["state"], "idle");
    assert_eq!(
        b.replay(&session),
        vec!["user:keep going".to_owned(), format!("assistant:{full}"), "terminal:completed".into()]
    );
    let _ = turn;
}

#[test]
fn kill_9_mid_turn_then_restart_closes_the_interrupted_turn_as_failed() {
    let (_, Running { env, mock: _mock, sb, discovery: d, control, session, mut c, .. }) =
        slow_stream("k", 100, Duration::from_millis(20));
    let turn = c.start(&session, &control, "crash during me");
    let op = format!("op-{}-{}", c.ids.1, c.n);
    for _ in 0..4 {
        c.event().unwrap();
    }
    let pid = d["pid"].as_u64().unwrap() as i32;
    // SAFETY: plain syscall on the daemon this test started.
    unsafe { libc::kill(pid, libc::SIGKILL) };
    assert!(c.read().is_none(), "the connection dies with the daemon");
    let d2 = start_daemon(&sb, &env_refs(&env));
    assert_ne!(d2["pid"], d["pid"]);
    let mut c2 = Conn::open(&sb, &d2);
    // "A turn whose daemon is gone is closed before any client can observe the session":
    // the first request after the restart, a replay with no claim, already shows it failed,
    // and status and the operation lookup agree that nothing runs.
    let replay = c2.replay(&session);
    assert_eq!(
        (replay.first().map(String::as_str), replay.last().map(String::as_str)),
        (Some("user:crash during me"), Some("terminal:failed")),
        "{replay:?}"
    );
    let status = c2.call("session.status", Some(&session), None, json!({}));
    assert!(status["payload"]["turn"].is_null() && status["payload"]["controlled"] == false, "{status}");
    let lookup = c2.call("operation.lookup", None, None, json!({"operation_id":op}));
    assert_ne!(lookup["payload"]["state"], "accepted", "{lookup}");
    let claim = c2.claim(&session, false);
    assert_eq!(claim["snapshot"]["state"], "idle", "the writer lock died with the process");
    // "An unsettled turn ... is closed durably — a service message ... and a turn-end with
    // status failed — before any new turn."
    assert_eq!(c2.replay(&session), replay, "the claim closed nothing again");
    let lines = transcript_lines(&sb, &session);
    let tail: Vec<(&str, &str)> =
        lines.iter().rev().take(2).map(|m| (m["type"].as_str().unwrap(), m["turn"].as_str().unwrap())).collect();
    assert_eq!(tail, [("turn-end", turn.as_str()), ("service", turn.as_str())]);
    assert_eq!(lines.last().unwrap()["status"], "failed");
    // Reopening again closes nothing twice.
    let control = claim["control"].clone();
    c2.call("session.detach", Some(&session), Some(&control), json!({}));
    drop(c2);
    let mut c3 = Conn::open(&sb, &d2);
    c3.claim(&session, false);
    assert_eq!(transcript_lines(&sb, &session).len(), lines.len());
}

/// A tiny deterministic generator (the soak's kill points), seeded from the clock and printed.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// Checks a transcript after any number of crashes: every turn started is ended exactly once,
/// an interrupted one by one service note and a failed `turn-end`; every call is started and
/// ended once with a session-unique `callId`; IDs and times are monotonic; a completed turn is
/// whole. Returns the turn-end statuses in order.
fn check_soak_transcript(lines: &[Value]) -> Vec<String> {
    let mut ids = Vec::new();
    let mut open: Option<String> = None;
    let mut statuses = Vec::new();
    let mut starts: HashSet<String> = HashSet::new();
    let mut ends: HashSet<String> = HashSet::new();
    let mut turn_records: Vec<&Value> = Vec::new();
    for m in lines {
        ids.push((m["id"].as_str().unwrap().to_owned(), m["time"].as_u64().unwrap()));
        match (m["role"].as_str().unwrap(), m["type"].as_str().unwrap()) {
            ("user", "text") => assert!(open.is_none(), "a prompt inside an open turn: {m}"),
            ("agent", "turn-start") => {
                assert!(open.is_none(), "a new turn while another is open: {m}");
                open = Some(m["turn"].as_str().unwrap().to_owned());
                turn_records.clear();
            }
            ("agent", "turn-end") => {
                assert_eq!(open.take().as_deref(), m["turn"].as_str(), "turn-end without its start: {m}");
                let status = m["status"].as_str().unwrap().to_owned();
                let notes = turn_records.iter().filter(|r| r["type"] == "service").count();
                if status == "completed" {
                    assert_eq!(notes, 0);
                    let calls = turn_records.iter().filter(|r| r["type"] == "tool-call-start").count();
                    assert_eq!(calls, 2, "a committed turn is intact: {turn_records:?}");
                    let last = turn_records.last().unwrap();
                    assert_eq!(last["text"], "Done.", "{turn_records:?}");
                } else {
                    assert_eq!(status, "failed");
                    assert_eq!(notes, 1, "closed exactly once: {turn_records:?}");
                    assert_eq!(turn_records.last().unwrap()["type"], "service", "the note right before the end");
                }
                statuses.push(status);
            }
            ("agent", "tool-call-start") => {
                let id = m["callId"].as_str().unwrap().to_owned();
                assert!(id.starts_with(&format!("{}/", open.as_deref().unwrap())), "namespaced per turn: {id}");
                assert!(starts.insert(id), "callId unique within the session: {m}");
            }
            ("agent", "tool-call-end") => {
                let id = m["callId"].as_str().unwrap().to_owned();
                assert!(starts.contains(&id), "an end matches a prior start: {m}");
                assert!(ends.insert(id), "one end per call: {m}");
            }
            _ => {}
        }
        if m["type"] != "turn-start" {
            turn_records.push(m);
        }
    }
    assert!(open.is_none(), "every turn is closed after the restart");
    assert!(ids.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1), "monotonic id and time: {ids:?}");
    statuses
}

#[test]
fn soak_kill_9_at_random_points_of_streaming_tool_turns_keeps_every_turn_whole_or_closed_once() {
    // 20 rounds: a turn that streams text, calls two tools (the server sends no call IDs),
    // streams again; `kill -9` at a random moment; restart; replay before any claim ("a turn
    // whose daemon is gone is closed before any client can observe the session"); claim; check.
    let words = ["Looking ", "at ", "the ", "workspace ", "first. "];
    let mock = Mock::start(move |_, body| {
        let pause = Duration::from_millis(8);
        if is_last_user_message_tool_result(body) {
            Reply::slow(mock::openai_without_ids(&["Do", "ne."], &[]), pause)
        } else {
            let calls = [("list_folder", json!({"path":"."})), ("read_file", json!({"path":"README.md"}))];
            Reply::slow(mock::openai_without_ids(&words, &calls), pause)
        }
    });
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64;
    eprintln!("soak seed {seed}");
    let mut rng = Lcg(seed);
    let sb = Sandbox::new();
    let env = compat(&sb, &mock);
    let mut d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, mut control) = c.create_and_claim();
    let started = Instant::now();
    let mut interrupted = 0;
    for round in 0..20 {
        c.start(&session, &control, &format!("round {round}"));
        std::thread::sleep(Duration::from_millis(rng.below(250)));
        // SAFETY: plain syscall on the daemon this test started.
        unsafe { libc::kill(d["pid"].as_u64().unwrap() as i32, libc::SIGKILL) };
        assert!(c.read_until_closed(), "the connection dies with the daemon");
        let path = sb.mc_home.join("sessions").join(&session).join("transcript.jsonl");
        let text = std::fs::read_to_string(path).unwrap();
        let last = text.lines().filter_map(|l| serde_json::from_str::<Value>(l).ok()).next_back();
        let open = last.is_some_and(|m| m["type"] != "turn-end");
        d = start_daemon(&sb, &env_refs(&env));
        c = Conn::open(&sb, &d);
        // Before any claim: an interrupted turn already replays with its `failed` terminal.
        let replay = c.replay(&session);
        let terminals = replay.iter().filter(|l| l.starts_with("terminal:")).count();
        assert_eq!(terminals, round + 1, "one terminal per turn before any claim: {replay:?}");
        if open {
            interrupted += 1;
            assert_eq!(replay.last().map(String::as_str), Some("terminal:failed"), "round {round}: {replay:?}");
        }
        control = c.claim(&session, false)["control"].clone();
        let statuses = check_soak_transcript(&transcript_lines(&sb, &session));
        assert_eq!(statuses.len(), round + 1, "one terminal per turn");
        // Replay pages stay well formed: prompts and terminals in order, one each per turn.
        let replay = c.replay(&session);
        let prompts: Vec<&String> = replay.iter().filter(|l| l.starts_with("user:")).collect();
        let terminals: Vec<String> =
            replay.iter().filter_map(|l| l.strip_prefix("terminal:")).map(str::to_owned).collect();
        assert_eq!(prompts.len(), round + 1, "{replay:?}");
        assert_eq!(terminals, statuses, "{replay:?}");
    }
    eprintln!("soak: {interrupted} of 20 turns interrupted, each replayed failed before any claim");
    assert!(started.elapsed() < Duration::from_secs(60), "bounded: {:?}", started.elapsed());
}

#[test]
fn admission_rules_control_busy_and_the_active_turn_limit() {
    let body = mock::openai(&["slow ", "answer"], &[]);
    let mock = Mock::start(move |_, _| Reply::slow(body.clone(), Duration::from_millis(1500)));
    let sb = Sandbox::new();
    let env = compat(&sb, &mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let r = c.call("turn.start", Some(&session), None, json!({"prompt":"x"}));
    assert!(r["error"].is_object(), "control is required: {r}");
    let r = c.call(
        "turn.start",
        Some(&session),
        Some(&json!({"claim_id":"c-forged","grant_generation":1})),
        json!({"prompt":"x"}),
    );
    assert_eq!(r["error"]["code"], "stale_grant");
    let r = c.call("turn.start", Some(&session), Some(&control), json!({"prompt":"  \n"}));
    assert!(r["error"].is_object(), "whitespace prompt is refused: {r}");
    let first = c.start(&session, &control, "one");
    let r = c.call("turn.start", Some(&session), Some(&control), json!({"prompt":"two"}));
    assert_eq!(r["error"]["code"], "session_busy", "one running turn per session");
    let mut turns = vec![(session.clone(), first)];
    for _ in 1..8 {
        let (s, ctl) = c.create_and_claim();
        let t = c.start(&s, &ctl, "more");
        turns.push((s, t));
    }
    let (s9, ctl9) = c.create_and_claim();
    let r = c.call("turn.start", Some(&s9), Some(&ctl9), json!({"prompt":"ninth"}));
    assert_eq!(r["error"]["code"], "too_many_active_turns");
    let status = c.call("status", None, None, json!({}));
    assert!(status["payload"]["admitted_operations"].as_u64().unwrap() >= 8);
    let r = c.call("turn.cancel", Some(&session), Some(&control), json!({"turn_id":"t-unknown"}));
    assert_eq!(r["error"]["code"], "unknown_turn");
    for (_, t) in &turns {
        let (_, terminal) = c.until_terminal(t);
        assert_eq!(terminal["payload"]["status"], "completed");
    }
    // A rejected start left no terminal and no transcript record behind.
    assert_eq!(c.replay(&s9), Vec::<String>::new());
}

#[test]
fn compaction_summarizes_older_history_through_the_provider_and_replay_shows_the_summary() {
    let mock = Mock::start(|_, body| {
        if asks_for_summary(body) {
            Reply::sse(mock::openai(&["They discussed ", "the README."], &[]))
        } else {
            Reply::sse(mock::openai(&["An answer long enough to grow the context well past the threshold. "], &[]))
        }
    });
    let Running { mock, sb, control, session, mut c, .. } = running(mock, &[("MC_COMPACT_AT_TOKENS", "30")]);
    let first = c.start(&session, &control, "Tell me about the README please");
    let (_, t1) = c.until_terminal(&first);
    assert_eq!(t1["payload"]["replay_required"], false);
    let second = c.start(&session, &control, "And the rest?");
    let (events, t2) = c.until_terminal(&second);
    assert_eq!(t2["payload"]["status"], "completed", "{t2}");
    assert_eq!(t2["payload"]["replay_required"], true, "compaction rewrote durable history");
    let comps: Vec<&Value> = activities(&events).into_iter().filter(|a| a["kind"] == "compaction").collect();
    let states: Vec<&str> = comps.iter().map(|a| a["status"].as_str().unwrap()).collect();
    assert_eq!(states, ["triggered", "running", "completed"]);
    assert!(comps[0]["current_tokens"].as_u64().unwrap() > 30 && comps[1]["current_tokens"].is_null());
    assert_eq!(
        (comps[1]["replay_required"].as_bool(), comps[2]["replay_required"].as_bool()),
        (Some(false), Some(true))
    );
    // The model continued from the summary, not the old turns.
    let bodies = mock.bodies();
    let main_after = bodies.last().unwrap()["messages"].to_string();
    assert!(
        main_after.contains("Summary of the earlier conversation") && !main_after.contains("Tell me about the README"),
        "{main_after}"
    );
    c.quiet_for(Duration::from_millis(200));
    // Issue "Turns" 5, "make replay show the summary item": the compacting turn replays whole —
    // its prompt (written at admission, before the summary existed), the summary, the answer —
    // and the history the summary replaces is omitted.
    let answer = "assistant:An answer long enough to grow the context well past the threshold. ";
    assert_eq!(
        c.replay(&session),
        ["user:And the rest?", "summary:They discussed the README.", answer, "terminal:completed"]
    );

    // The session's own metadata names the summary (by message ID and turn) and its turn's
    // prompt …
    let dir = sb.mc_home.join("sessions").join(&session);
    let meta: Value = serde_json::from_slice(&std::fs::read(dir.join("meta.json")).unwrap()).unwrap();
    let refs = meta["compactions"].as_array().unwrap();
    assert_eq!(refs.len(), 1, "{meta}");
    assert_eq!(refs[0]["turn"], json!(second));
    let transcript = std::fs::read_to_string(dir.join("transcript.jsonl")).unwrap();
    let prompt = transcript
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|r| r["type"] == "text" && r["role"] == "user" && r["text"] == "And the rest?")
        .expect("the prompt record");
    assert_eq!(refs[0]["prompt_id"], prompt["id"], "{meta}");
    let written: Value = transcript
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|r| r["type"] == "service")
        .expect("the summary record");
    assert_eq!((&written["id"], &written["turn"]), (&refs[0]["id"], &refs[0]["turn"]));
    // … so service notes that merely look like one are neither replayed nor model context:
    // a summary-style ID, and the real summary's ID in another turn.
    let forged = [
        json!({"id":"cmp-0123abcd","time":1,"role":"agent","type":"service","turn":second,"text":"FORGED ONE"}),
        json!({"id":refs[0]["id"],"time":1,"role":"agent","type":"service","turn":"t-other","text":"FORGED TWO"}),
    ];
    let mut file = std::fs::OpenOptions::new().append(true).open(dir.join("transcript.jsonl")).unwrap();
    for f in &forged {
        writeln!(file, "{f}").unwrap();
    }
    drop(file);
    let replay = c.replay(&session);
    assert!(!replay.iter().any(|r| r.contains("FORGED")), "{replay:?}");
    let before = mock.bodies().len();
    let third = c.start(&session, &control, "One more");
    let (_, t3) = c.until_terminal(&third);
    assert_eq!(t3["payload"]["status"], "completed", "{t3}");
    let requests: Vec<String> = mock.bodies()[before..].iter().map(|b| b["messages"].to_string()).collect();
    assert!(!requests.is_empty());
    assert!(requests.iter().all(|r| !r.contains("FORGED")), "{requests:?}");
    let from_summary = |r: &String| r.contains("Summary of the earlier conversation:") && r.contains("They discussed");
    assert!(from_summary(&requests[0]), "the next turn starts from the recorded summary: {requests:?}");
}

#[test]
fn compaction_on_a_later_tool_loop_round_replays_the_compacting_turn_whole_from_its_prompt() {
    // Issue "Turns" 5: the summary is appended after the turn's first round (its text and tool
    // call); the checkpoint is still the start of the turn's prompt, so the turn replays whole.
    let mock = Mock::start(|_, body| {
        if asks_for_summary(body) {
            Reply::sse(mock::openai(&["Earlier: a greeting."], &[]))
        } else if is_last_user_message_tool_result(body) {
            Reply::sse(mock::openai(&["It is big."], &[]))
        } else if body["messages"].to_string().contains("Read big.txt") {
            Reply::sse(mock::openai(&["Let me read. "], &[("call_1", "read_file", json!({"path":"big.txt"}))]))
        } else {
            Reply::sse(mock::openai(&["Hello."], &[]))
        }
    });
    // Round one of the second turn stays under 1,000 estimated tokens; the 8 KB tool result
    // takes round two over it.
    let Running { mock, sb, control, session, mut c, .. } = running(mock, &[("MC_COMPACT_AT_TOKENS", "1000")]);
    std::fs::write(sb.workspace.join("big.txt"), "lorem ipsum ".repeat(700)).unwrap();
    let first = c.start(&session, &control, "Hi there");
    assert_eq!(c.until_terminal(&first).1["payload"]["replay_required"], false);
    let before = c.call("session.replay", Some(&session), None, json!({"after":null,"limit":32}));
    let stale = before["payload"]["next_cursor"].clone();
    let second = c.start(&session, &control, "Read big.txt");
    let (events, t2) = c.until_terminal(&second);
    assert_eq!(t2["payload"]["status"], "completed", "{t2}");
    assert_eq!(t2["payload"]["replay_required"], true);
    let comps: Vec<&Value> = activities(&events).into_iter().filter(|a| a["kind"] == "compaction").collect();
    let states: Vec<(&str, bool)> =
        comps.iter().map(|a| (a["status"].as_str().unwrap(), a["replay_required"] == true)).collect();
    assert_eq!(states, [("triggered", false), ("running", false), ("completed", true)]);
    // The second round ran on the summary, the prompt and the first round's tool exchange.
    let bodies = mock.bodies();
    let last = bodies.last().unwrap()["messages"].to_string();
    assert!(last.contains("Summary of the earlier conversation") && !last.contains("Hi there"), "{last}");

    c.quiet_for(Duration::from_millis(200));
    assert_eq!(
        c.replay(&session),
        [
            "user:Read big.txt",
            "assistant:Let me read. ",
            "summary:Earlier: a greeting.",
            "assistant:It is big.",
            "terminal:completed"
        ]
    );
    // "stale after compaction": a cursor saved before it no longer continues the projection.
    let r = c.call("session.replay", Some(&session), None, json!({"after":stale,"limit":32}));
    assert_eq!(
        (r["payload"]["resync_required"].as_bool(), r["payload"]["events"].as_array().map(Vec::len)),
        (Some(true), Some(0)),
        "{r}"
    );
}

#[test]
fn compaction_that_cannot_bring_the_context_under_the_window_fails_as_compaction_required() {
    // The summary itself is over the provider's context window (128k tokens for custom
    // providers), so compaction cannot let the turn continue.
    let huge = "s".repeat(8 * 1024);
    let mock = Mock::start(move |_, body| {
        if asks_for_summary(body) {
            let chunks: Vec<&str> = (0..80).map(|_| huge.as_str()).collect();
            Reply::fast(mock::openai(&chunks, &[]))
        } else {
            Reply::sse(mock::openai(&["An answer long enough to grow the context past the threshold. "], &[]))
        }
    });
    let Running { mock: _mock, sb, control, session, mut c, .. } = running(mock, &[("MC_COMPACT_AT_TOKENS", "30")]);
    let first = c.start(&session, &control, "Tell me about the README please");
    let (_, t1) = c.until_terminal(&first);
    assert_eq!(t1["payload"]["status"], "completed", "{t1}");
    let second = c.start(&session, &control, "And the rest?");
    let (events, t2) = c.until_terminal(&second);
    // Live: a failed terminal with the sanitized internal error.
    let t = &t2["payload"];
    assert_eq!((t["status"].as_str(), t["persistence"].as_str()), (Some("failed"), Some("committed")), "{t2}");
    assert_eq!(
        t["error"],
        json!({"code":"internal_error","message":"application service failed to handle the request"})
    );
    let states: Vec<&str> = activities(&events)
        .into_iter()
        .filter(|a| a["kind"] == "compaction")
        .map(|a| a["status"].as_str().unwrap())
        .collect();
    assert_eq!(states, ["triggered", "running", "failed"]);
    // Durable: the turn's terminal replays as `compaction_required`; no summary was kept.
    c.quiet_for(Duration::from_millis(200));
    let answer = "assistant:An answer long enough to grow the context past the threshold. ";
    assert_eq!(
        c.replay(&session),
        [
            "user:Tell me about the README please",
            answer,
            "terminal:completed",
            "user:And the rest?",
            "terminal:compaction_required"
        ]
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
    );
    // The session metadata names that turn's `turn-end`, the way it names summaries.
    let dir = sb.mc_home.join("sessions").join(&session);
    let meta: Value = serde_json::from_slice(&std::fs::read(dir.join("meta.json")).unwrap()).unwrap();
    let refs = meta["compactions"].as_array().unwrap();
    assert_eq!(refs.len(), 1, "{meta}");
    let transcript = std::fs::read_to_string(dir.join("transcript.jsonl")).unwrap();
    let ends: Vec<Value> = transcript
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r["type"] == "turn-end")
        .collect();
    assert_eq!(ends.len(), 2);
    assert_eq!(
        (&ends[1]["id"], &ends[1]["turn"], &ends[1]["status"]),
        (&refs[0]["id"], &json!(second), &json!("failed"))
    );
    assert!(!transcript.contains("\"type\":\"service\""), "an over-window summary is no checkpoint");
}

/// A Codex login in the shared store, as the auth module writes it.
fn codex_login(sb: &Sandbox, access_token: &str, expires_at_ms: u64) {
    let record = json!({"type":"oauth","access_token":access_token,"refresh_token":"rt-old","expires_at_ms":expires_at_ms,"account_id":"acct"});
    write_store(sb, &json!({"version":1,"generations":{"openai-codex":1},"records":{"openai-codex":record}}));
}

fn codex_env(mock: &Mock) -> Vec<(&'static str, String)> {
    vec![("AGENTWIRE_CODEX_BASE_URL", format!("{}/codex", mock.url)), ("AGENTWIRE_CODEX_ISSUER", mock.url.clone())]
}

fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64
}

#[test]
fn openai_codex_responses_stream_with_refresh_and_a_verified_reasoning_summary() {
    let mock = Mock::start(|_, body| {
        if body["grant_type"] == "refresh_token" {
            assert_eq!(body["refresh_token"], "rt-old");
            return Reply::Json(json!({"access_token":"at-new","refresh_token":"rt-new","expires_in":3600}));
        }
        let after_tool = body["input"].as_array().unwrap().iter().any(|i| i["type"] == "function_call_output");
        if after_tool {
            Reply::sse(mock::codex(&["Codex ", "answer."], None, &[]))
        } else {
            Reply::sse(mock::codex(
                &[],
                Some("Plan: list files. token=abcdefghijkl"),
                &[("fc_1", "list_folder", json!({"path":"."}))],
            ))
        }
    });
    let sb = Sandbox::new();
    // An expired access token: the auth module refreshes it before the first request.
    codex_login(&sb, "at-old", 1);
    select(&sb, "openai-codex", "gpt-test", "thinking_level = \"high\"\n");
    let env = codex_env(&mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "codex please");
    let (events, terminal) = c.until_terminal(&turn);
    assert_eq!(terminal["payload"]["status"], "completed", "{terminal}");
    assert_eq!(terminal["payload"]["assistant_text"], "Codex answer.");
    let summary = activities(&events).into_iter().find(|a| a["kind"] == "reasoning_summary").expect("verified summary");
    assert!(summary["text"].as_str().unwrap().starts_with("Plan: list files."));
    assert_eq!(summary["redacted"], true, "the display sanitizer ran: {summary}");
    // The refresh went through the auth module: generation-checked, in the store's own layout.
    let stored = read_store(&sb);
    let record = &stored["records"]["openai-codex"];
    assert_eq!((record["access_token"].as_str(), record["refresh_token"].as_str()), (Some("at-new"), Some("rt-new")));
    assert_eq!(stored["generations"]["openai-codex"], 2, "one refresh, one generation");
    assert!(stored.get("openai-codex").is_none(), "the provider wrote nothing of its own: {stored}");
    let paths: Vec<String> = mock.heads().into_iter().map(|h| h.path).collect();
    assert_eq!(paths, ["/oauth/token", "/codex/responses", "/codex/responses"], "one refresh, two model requests");
    let heads = mock.heads();
    assert!(heads[1..].iter().all(|h| h.authorization.as_deref() == Some("Bearer at-new")), "{heads:?}");
    let bodies = mock.bodies();
    assert_eq!(
        (bodies[1]["model"].as_str(), bodies[1]["reasoning"]["effort"].as_str()),
        (Some("gpt-test"), Some("high"))
    );
}

#[test]
fn openai_codex_refused_token_is_refreshed_once_through_the_auth_store_and_retried() {
    let mock = Mock::start(|n, body| {
        if body["grant_type"] == "refresh_token" {
            return Reply::Json(json!({"access_token":"at-fresh","expires_in":3600}));
        }
        match n {
            0 => Reply::Status(401),
            _ => Reply::sse(mock::codex(&["after a refresh"], None, &[])),
        }
    });
    let sb = Sandbox::new();
    // Not expiring, but revoked upstream: the backend answers 401.
    codex_login(&sb, "at-revoked", now_ms() + 3_600_000);
    select(&sb, "openai-codex", "gpt-test", "");
    let env = codex_env(&mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "again");
    let (_, terminal) = c.until_terminal(&turn);
    assert_eq!(terminal["payload"]["status"], "completed", "{terminal}");
    assert_eq!(terminal["payload"]["assistant_text"], "after a refresh");
    let heads = mock.heads();
    let seen: Vec<(&str, Option<&str>)> = heads.iter().map(|h| (h.path.as_str(), h.authorization.as_deref())).collect();
    assert_eq!(
        seen,
        [
            ("/codex/responses", Some("Bearer at-revoked")),
            ("/oauth/token", None),
            ("/codex/responses", Some("Bearer at-fresh"))
        ]
    );
    let stored = read_store(&sb);
    assert_eq!(stored["records"]["openai-codex"]["access_token"], "at-fresh");
    assert_eq!(stored["records"]["openai-codex"]["refresh_token"], "rt-old", "the issuer kept the refresh token");
    assert_eq!(stored["generations"]["openai-codex"], 2);
}

#[test]
fn chat_once_on_the_local_provider_prints_the_streamed_answer_and_the_replay() {
    // Nothing configured: the offline provider.
    let sb = Sandbox::new();
    let d = start_daemon(&sb, &[]);
    let out = sb
        .unconfigured(ENDPOINT_ENV)
        .args(["chat", "--workspace"])
        .arg(&sb.workspace)
        .args(["--once", "What is here?"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout} {}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("[offline: built-in local provider"), "clearly offline: {stdout}");
    assert!(stdout.contains("The workspace has 2 top-level entries: README.md, src/."), "{stdout}");
    let replay = stdout.split("--- replay of session").nth(1).expect("replay section");
    assert!(replay.contains("user: What is here?") && replay.contains("[completed]"), "{replay}");
    let _ = d;
}

/// The test MCP server (`examples/mcp_test_server.rs`), built once per test run: `--test`
/// targets do not build examples, and an older build may lack a tool a test calls.
fn mcp_test_server() -> std::path::PathBuf {
    static BUILT: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_agentwire")).parent().unwrap().to_owned();
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let mut build = std::process::Command::new(cargo);
            build.args(["build", "-p", "agentwire-daemon", "--example", "mcp_test_server"]);
            if bin_dir.ends_with("release") {
                build.arg("--release");
            }
            let status = build.status().unwrap();
            assert!(status.success());
            bin_dir.join("examples").join("mcp_test_server")
        })
        .clone()
}

#[test]
fn mcp_tools_from_a_configured_stdio_server_run_with_hashed_activity() {
    let mock = Mock::start(|_, body| {
        if is_last_user_message_tool_result(body) {
            let results: Vec<&Value> =
                body["messages"].as_array().unwrap().iter().filter(|m| m["role"] == "tool").collect();
            let joined: Vec<&str> = results.iter().map(|m| m["content"].as_str().unwrap()).collect();
            return Reply::sse(mock::openai(&[&format!("MCP said: {}", joined.join(" | "))], &[]));
        }
        let names: Vec<&str> =
            body["tools"].as_array().unwrap().iter().map(|t| t["function"]["name"].as_str().unwrap()).collect();
        assert!(names.contains(&"mcp__notes__echo_upper") && names.contains(&"mcp__notes__fail"), "{names:?}");
        Reply::sse(mock::openai(
            &["Asking MCP. "],
            &[("m1", "mcp__notes__echo_upper", json!({"text":"hello mcp"})), ("m2", "mcp__notes__fail", json!({}))],
        ))
    });
    let sb = Sandbox::new();
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    let settings = format!("[mcp_servers.notes]\ncommand = {:?}\nargs = []\n", mcp_test_server().to_str().unwrap());
    std::fs::write(sb.mc_home.join("settings.toml"), settings).unwrap();
    let env = compat(&sb, &mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "use mcp");
    let (events, terminal) = c.until_terminal(&turn);
    assert_eq!(terminal["payload"]["status"], "completed", "{terminal} log: {}", sb.log());
    assert_eq!(terminal["payload"]["assistant_text"], "Asking MCP. MCP said: HELLO MCP | error: boom");
    let tools: Vec<&Value> = activities(&events).into_iter().filter(|a| a["kind"] == "tool").collect();
    assert_eq!(tools.len(), 4, "{tools:?}");
    for t in &tools {
        assert_eq!(
            (t["transport"].as_str(), t["tool_name"].is_null()),
            (Some("mcp"), true),
            "MCP names are not shown: {t}"
        );
        assert!(t["server_id"].as_str().unwrap().starts_with("srv_"));
    }
    let statuses: Vec<&str> = tools.iter().map(|t| t["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["running", "completed", "running", "failed"]);
    let wire = serde_json::to_string(&activities(&events)).unwrap();
    assert!(
        !wire.contains("notes") && !wire.contains("echo_upper") && !wire.contains("HELLO"),
        "no raw MCP names or results in activity"
    );
}

/// One turn that calls the test server's `pid` tool; the process ID it answered.
fn mcp_server_pid(c: &mut Conn, sb: &Sandbox, session: &str, control: &Value) -> u32 {
    let turn = c.start(session, control, "which process?");
    let (_, terminal) = c.until_terminal(&turn);
    assert_eq!(terminal["payload"]["status"], "completed", "{terminal} log: {}", sb.log());
    let text = terminal["payload"]["assistant_text"].as_str().unwrap();
    text.strip_prefix("pid ").and_then(|p| p.parse().ok()).unwrap_or_else(|| panic!("no pid in {text:?}"))
}

/// Whether `pid` is still a process (a zombie counts as gone: it has exited).
fn process_runs(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|stat| stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z')))
}

fn wait_until_gone(pid: u32) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while process_runs(pid) {
        assert!(Instant::now() < deadline, "MCP server {pid} is still running");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn mcp_servers_are_pooled_across_turns_and_restarted_when_changed_or_dead() {
    let mock = Mock::start(|_, body| {
        if is_last_user_message_tool_result(body) {
            let messages = body["messages"].as_array().unwrap();
            let pid = messages.last().unwrap()["content"].as_str().unwrap();
            return Reply::sse(mock::openai(&[&format!("pid {pid}")], &[]));
        }
        Reply::sse(mock::openai(&[], &[("p1", "mcp__notes__pid", json!({}))]))
    });
    let sb = Sandbox::new();
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    let settings = sb.mc_home.join("settings.toml");
    let table = format!("[mcp_servers.notes]\ncommand = {:?}\nargs = []\n", mcp_test_server().to_str().unwrap());
    std::fs::write(&settings, table).unwrap();
    let env = compat(&sb, &mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let edit = |from: &str, to: &str| {
        let text = std::fs::read_to_string(&settings).unwrap();
        assert!(text.contains(from), "{text}");
        std::fs::write(&settings, text.replace(from, to)).unwrap();
    };

    let first = mcp_server_pid(&mut c, &sb, &session, &control);
    assert_eq!(mcp_server_pid(&mut c, &sb, &session, &control), first, "the second turn reuses the server");
    assert!(process_runs(first), "the server outlives its turns");

    edit("args = []", "args = [\"--changed\"]");
    let changed_args = mcp_server_pid(&mut c, &sb, &session, &control);
    assert_ne!(changed_args, first, "changed args start a new server");
    wait_until_gone(first);

    edit("args = [\"--changed\"]", "args = [\"--changed\"]\nenv = { MARK = \"1\" }");
    let changed_env = mcp_server_pid(&mut c, &sb, &session, &control);
    assert_ne!(changed_env, changed_args, "a changed env starts a new server");
    wait_until_gone(changed_args);
    assert_eq!(mcp_server_pid(&mut c, &sb, &session, &control), changed_env);

    // SAFETY: a plain kill(2) of the test server this daemon started.
    assert_eq!(unsafe { libc::kill(changed_env as i32, libc::SIGKILL) }, 0);
    let restarted = mcp_server_pid(&mut c, &sb, &session, &control);
    assert_ne!(restarted, changed_env, "a dead server is restarted, not reused");
    assert!(process_runs(restarted));
}

/// Polls `operation.lookup` until the operation settles; returns its outcome status.
fn settled(c: &mut Conn, op: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let l = c.call("operation.lookup", None, None, json!({"operation_id":op}));
        if l["payload"]["state"] == "settled" {
            return l["payload"]["outcome"]["status"].as_str().unwrap().to_owned();
        }
        assert!(Instant::now() < deadline, "{op} never settled");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn no_event_reaches_a_connection_after_its_detach_response() {
    // "an event is sent only to the current controller of its session": detach while the turn
    // streams as fast as it can; `Conn` refuses any event of a session after its detach
    // response. The overlap depends on timing, so several rounds.
    let words: Vec<String> = (0..3000).map(|i| format!("{} ", i % 10)).collect();
    let word_refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let body = mock::openai(&word_refs, &[]);
    let mock = Mock::start(move |_, _| Reply::fast(body.clone()));
    let sb = Sandbox::new();
    let env = compat(&sb, &mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    for round in 0..24 {
        let (session, control) = c.create_and_claim();
        c.start(&session, &control, "stream");
        let op = format!("op-{}-{}", c.ids.1, c.n);
        // Detach after 0..=3 events have arrived.
        for _ in 0..round % 4 {
            c.event().unwrap();
        }
        let r = c.call("session.detach", Some(&session), Some(&control), json!({}));
        assert!(r["error"].is_null(), "{r}");
        // The turn goes on without a controller (lookups read whatever else arrives).
        assert_eq!(settled(&mut c, &op), "completed", "round {round}");
    }
    c.quiet_for(Duration::from_millis(300));
}

#[test]
fn a_turn_whose_accepted_response_cannot_be_written_still_runs_and_settles() {
    // "responds accepted before turn.started" must not hold the turn when that response can
    // never be written: a failed write releases it as a written one does.
    let sb = Sandbox::new();
    let d = start_daemon(&sb, &[]);
    let mut a = Conn::open(&sb, &d);
    let (session, control) = a.create_and_claim();
    // From here the daemon's writes to `a` fail (EPIPE) while its reads still work, so the
    // `accepted` response is the record whose write fails and closes the connection.
    a.stream.shutdown(std::net::Shutdown::Read).unwrap();
    a.send("turn.start", Some(&session), Some(&control), json!({"prompt":"unheard"}));
    let op = format!("op-{}-{}", a.ids.1, a.n);
    let mut b = Conn::open(&sb, &d);
    assert_eq!(settled(&mut b, &op), "completed");
    b.claim(&session, false);
    let replay = b.replay(&session);
    assert_eq!(
        (replay.first().map(String::as_str), replay.last().map(String::as_str)),
        (Some("user:unheard"), Some("terminal:completed")),
        "{replay:?}"
    );
}

#[test]
fn nothing_configured_runs_on_local_and_status_agrees_with_turns() {
    // "status.provider_auth_ready" and turns resolve the same effective provider: `local`
    // when nothing is configured; `anthropic` without a key is not ready and its turn fails.
    let mock = Mock::start(|_, _| Reply::sse(mock::anthropic(&["From the store key."], &[])));
    let sb = Sandbox::new();
    let d = start_daemon(&sb, &[("AGENTWIRE_ANTHROPIC_BASE_URL", &mock.url)]);
    let mut c = Conn::open(&sb, &d);
    let ready = |c: &mut Conn| c.call("status", None, None, json!({}))["payload"]["provider_auth_ready"].clone();
    assert_eq!(ready(&mut c), true, "the offline provider is always ready");
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "hello");
    let (_, t) = c.until_terminal(&turn);
    assert_eq!(t["payload"]["status"], "completed", "{t}");
    assert!(t["payload"]["assistant_text"].as_str().unwrap().starts_with("[offline: built-in local provider"), "{t}");

    // Selecting anthropic without a credential: not ready, and the turn fails the same way.
    select(&sb, "anthropic", "claude-test", "");
    assert_eq!(ready(&mut c), false);
    let turn = c.start(&session, &control, "no key");
    let (_, t) = c.until_terminal(&turn);
    assert_eq!(
        (t["payload"]["status"].as_str(), t["payload"]["error"]["code"].as_str()),
        (Some("failed"), Some("internal_error"))
    );
    assert!(mock.bodies().is_empty(), "nothing was sent without a credential");

    // A key in the shared store: ready, and the next turn (settings and auth reread at its
    // admission, no restart) uses it.
    write_store(&sb, &json!({"version":1,"records":{"anthropic":{"type":"api_key","api_key":"sk-stored"}}}));
    assert_eq!(ready(&mut c), true);
    let turn = c.start(&session, &control, "with key");
    let (_, t) = c.until_terminal(&turn);
    assert_eq!(t["payload"]["assistant_text"], "From the store key.", "{t}");
    assert_eq!(mock.heads()[0].api_key.as_deref(), Some("sk-stored"));

    // Unreadable settings: the start is rejected before anything is written.
    std::fs::write(global_settings(&sb), "provider = ").unwrap();
    let before = c.replay(&session);
    let r = c.call("turn.start", Some(&session), Some(&control), json!({"prompt":"broken settings"}));
    assert_eq!(r["error"]["code"], "configuration_unavailable", "{r}");
    assert_eq!(c.replay(&session), before, "a rejected start writes nothing");
    // The running state the start had begun (with its control check) ended with the refusal.
    let status = c.call("session.status", Some(&session), None, json!({}));
    assert!(status["payload"]["turn"].is_null(), "{status}");
}

#[test]
fn a_running_turn_keeps_the_configuration_it_was_admitted_with() {
    // "Running turns retain that capture": a selection change mid-turn applies to the next turn.
    let (many, Running { mock, sb, control, session, mut c, .. }) = slow_stream("c", 20, Duration::from_millis(20));
    let turn = c.start(&session, &control, "long answer");
    c.event().unwrap();
    std::fs::write(global_settings(&sb), "provider = \"local\"\n").unwrap();
    let (_, t) = c.until_terminal(&turn);
    assert_eq!(t["payload"]["assistant_text"], json!(many.concat()), "the captured provider finished the turn");
    let turn = c.start(&session, &control, "next");
    let (_, t) = c.until_terminal(&turn);
    assert!(t["payload"]["assistant_text"].as_str().unwrap().starts_with("[offline"), "{t}");
    assert_eq!(mock.bodies().len(), 1);
}

#[test]
fn the_transcript_is_append_only_and_every_line_is_a_session_message() {
    // "`$MC_HOME/sessions/<session_id>/transcript.jsonl` is append-only; each line is one
    // message of the session message stream ... (user `text`, agent `turn-start`, `text`,
    // `tool-call-start`, `tool-call-end`, ..., `turn-end` with its status)". The offline
    // provider lists the workspace through the tool loop, so every kind of a turn is written.
    let sb = Sandbox::new();
    let d = start_daemon(&sb, &[]);
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let path = sb.mc_home.join("sessions").join(&session).join("transcript.jsonl");
    let turn = c.start(&session, &control, "What is here?");
    c.until_terminal(&turn);
    let first = std::fs::read(&path).unwrap();
    let turn = c.start(&session, &control, "And then?");
    c.until_terminal(&turn);
    let both = std::fs::read(&path).unwrap();
    assert!(both.len() > first.len() && both.starts_with(&first), "the second turn rewrote the first one's lines");
    let mut kinds = Vec::new();
    for line in both.split_inclusive(|b| *b == b'\n') {
        let record = line.strip_suffix(b"\n").unwrap_or_else(|| panic!("unterminated line {line:?}"));
        let message = agentwire_protocol::decode_session_message(record)
            .unwrap_or_else(|e| panic!("not a session message ({e:?}): {}", String::from_utf8_lossy(record)));
        let name = format!("{message:?}");
        kinds.push(name.split('(').next().unwrap_or_default().to_owned());
    }
    for kind in ["UserText", "AgentTurnStart", "AgentText", "AgentToolCallStart", "AgentToolCallEnd", "AgentTurnEnd"] {
        assert!(kinds.iter().any(|k| k == kind), "no {kind} in {kinds:?}");
    }
}

#[test]
fn logout_leaves_a_running_turn_its_key_and_asks_no_server_to_revoke() {
    // "It does not unset environment variables, revoke remote credentials, or undo credentials
    // already handed to an active turn. New Anthropic turns reread the store". The first model
    // request is held until both logouts are done; the tool loop's second request still
    // carries the key, and no server hears of the logouts.
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let logged_out = Arc::new(AtomicBool::new(false));
    let gate = Arc::clone(&logged_out);
    let mock = Mock::start(move |n, _| {
        let deadline = Instant::now() + Duration::from_secs(10);
        while n == 0 && !gate.load(Ordering::SeqCst) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        match n {
            0 => Reply::sse(mock::anthropic(&["Looking. "], &[("toolu_1", "list_folder", json!({"path":"."}))])),
            _ => Reply::sse(mock::anthropic(&["Done."], &[])),
        }
    });
    let sb = Sandbox::new();
    select(&sb, "anthropic", "claude-test", "");
    let codex = json!({"type":"oauth","access_token":"at","refresh_token":"rt","expires_at_ms":4_102_444_800_000u64});
    write_store(
        &sb,
        &json!({"version":1,"records":{"anthropic":{"type":"api_key","api_key":"sk-stored"},"openai-codex":codex}}),
    );
    let codex_base = format!("{}/codex", mock.url);
    let env = [
        ("AGENTWIRE_ANTHROPIC_BASE_URL", mock.url.as_str()),
        ("AGENTWIRE_CODEX_ISSUER", mock.url.as_str()),
        ("AGENTWIRE_CODEX_BASE_URL", codex_base.as_str()),
    ];
    let d = start_daemon(&sb, &env);
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "look");
    let deadline = Instant::now() + Duration::from_secs(10);
    while mock.heads().is_empty() {
        assert!(Instant::now() < deadline, "the turn never asked the provider");
        std::thread::sleep(Duration::from_millis(10));
    }
    for provider in ["anthropic", "openai-codex"] {
        let r = c.call("auth.logout", None, None, json!({"provider_id":provider,"confirmed":true}));
        assert_eq!(r["payload"]["removed"], true, "{r}");
    }
    logged_out.store(true, Ordering::SeqCst);
    let (_, t) = c.until_terminal(&turn);
    assert_eq!(
        (t["payload"]["status"].as_str(), t["payload"]["assistant_text"].as_str()),
        (Some("completed"), Some("Looking. Done.")),
        "{t}"
    );
    let heads = mock.heads();
    assert_eq!(heads.len(), 2, "only the turn's two model requests reached a server: {heads:?}");
    assert!(heads.iter().all(|h| h.path == "/v1/messages" && h.api_key.as_deref() == Some("sk-stored")), "{heads:?}");
    // The next turn rereads the store and finds no key: it fails before any request.
    let turn = c.start(&session, &control, "again");
    let (_, t) = c.until_terminal(&turn);
    assert_eq!(t["payload"]["status"], "failed", "{t}");
    assert_eq!(mock.heads().len(), 2);
}

/// The session stream and the events of one tool-loop turn with every kind of call ending (a
/// built-in call that completes, one that fails, a `task` whose subagent runs its own call),
/// compared with the committed golden file: what the turn writes and sends is byte-for-byte
/// the same from change to change, IDs and times aside.
#[test]
fn a_tool_loop_turns_stream_and_events_match_the_golden_file() {
    let mock = Mock::start(|_, body| {
        let child = body["messages"][0]["content"].as_str().unwrap_or_default().contains("research subagent");
        let rounds = body["messages"].as_array().map_or(0, |m| m.iter().filter(|m| m["role"] == "tool").count());
        match (child, rounds) {
            (false, 0) => Reply::sse(mock::openai(
                &["Looking. "],
                &[
                    ("call_1", "list_folder", json!({"path":"."})),
                    ("call_2", "read_file", json!({"path":"missing.txt"})),
                ],
            )),
            (false, 2) => Reply::sse(mock::openai(
                &["Delegating. "],
                &[("task_1", "task", json!({"prompt":"List the src folder","title":"Explore src"}))],
            )),
            (true, 0) => Reply::sse(mock::openai(&["child looks"], &[("c_1", "list_folder", json!({"path":"."}))])),
            (true, _) => Reply::sse(mock::openai(&["nothing there."], &[])),
            (false, _) => Reply::sse(mock::openai(&["Done."], &[])),
        }
    });
    let sb = Sandbox::new();
    let env = compat(&sb, &mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "Explore");
    let (mut events, terminal) = c.until_terminal(&turn);
    assert_eq!(terminal["payload"]["status"], "completed", "{terminal}");
    events.push(terminal);
    let events: Vec<Value> = events.iter().map(|e| json!({"event": e["event"], "payload": e["payload"]})).collect();
    common::golden("tool-loop-turn.events.jsonl", &common::normalized(&events, &turn));
    c.quiet_for(Duration::from_millis(200));
    common::golden("tool-loop-turn.stream.jsonl", &common::normalized(&transcript_lines(&sb, &session), &turn));
}
