//! Turns end to end: the real binary over the socket against loopback mock providers that
//! speak their real streaming formats. Every event read is checked for a strictly increasing
//! per-turn sequence and for nothing after the terminal.

mod common;
mod mock;

use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::time::{Duration, Instant};

use common::{handshake_line, raw_handshake, Sandbox};
use mock::{Mock, Reply};
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
        };
        let r = c.call("initialize", None, None, json!({"supported_protocol_versions":[2]}));
        assert!(r["error"].is_null(), "{r}");
        c.ids = (
            r["payload"]["instance_id"].as_str().unwrap().into(),
            r["payload"]["connection_id"].as_str().unwrap().into(),
        );
        c
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
        self.events.push_back(ev);
    }

    fn call(&mut self, method: &str, session: Option<&str>, control: Option<&Value>, payload: Value) -> Value {
        self.n += 1;
        let id = format!("r{}", self.n);
        let mutation =
            matches!(method, "session.create" | "session.claim" | "session.detach" | "turn.start" | "turn.cancel");
        let (instance, connection) =
            if self.ids.0.is_empty() { (Value::Null, Value::Null) } else { (json!(self.ids.0), json!(self.ids.1)) };
        let op = if mutation { json!(format!("op-{}-{}", self.ids.1, self.n)) } else { Value::Null };
        let env = json!({"protocol_version":2,"kind":"request","request_id":id,"instance_id":instance,"connection_id":connection,
            "session_id":session,"operation_id":op,"control":control.cloned().unwrap_or(Value::Null),"method":method,"payload":payload});
        let mut line = serde_json::to_vec(&env).unwrap();
        line.push(b'\n');
        self.stream.write_all(&line).unwrap();
        loop {
            let record = self.read().expect("connection closed while waiting for a response");
            if record["kind"] == "event" {
                self.note(record);
            } else if record["request_id"] == json!(id) {
                return record;
            }
        }
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

fn start_daemon(sb: &Sandbox, env: &[(&str, &str)]) -> Value {
    std::fs::write(sb.workspace.join("README.md"), "# demo\nTODO: write docs\n").unwrap();
    std::fs::create_dir_all(sb.workspace.join("src")).unwrap();
    let mut cmd = sb.start_or_connect_cmd(None);
    for v in [
        "MC_PROVIDER",
        "MC_MODEL",
        "ANTHROPIC_API_KEY",
        "ANTHROPIC_BASE_URL",
        "MC_OPENAI_BASE_URL",
        "MC_OPENAI_API_KEY_ENV",
        "MC_COMPACT_AT_TOKENS",
    ] {
        cmd.env_remove(v);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let (ok, discovery) = sb.record(cmd.output().unwrap());
    assert!(ok, "{discovery}");
    discovery
}

fn openai_env(mock: &Mock) -> Vec<(&'static str, String)> {
    vec![("MC_PROVIDER", "mock-compat".into()), ("MC_OPENAI_BASE_URL", mock.url.clone()), ("MC_MODEL", "m1".into())]
}

fn env_refs<'a>(v: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    v.iter().map(|(k, v)| (*k, v.as_str())).collect()
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
    let env = openai_env(&mock);
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

    // The model got the tool result back and the conversation continued.
    let bodies = mock.bodies();
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
    let d = start_daemon(
        &sb,
        &[("MC_PROVIDER", "anthropic"), ("ANTHROPIC_API_KEY", "sk-test"), ("ANTHROPIC_BASE_URL", &mock.url)],
    );
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
    let bodies = mock.bodies();
    let second = bodies[1]["messages"].to_string();
    assert!(second.contains("tool_result") && second.contains("README.md:2: TODO: write docs"), "{second}");
    assert_eq!(
        bodies[0]["tools"].as_array().unwrap().len(),
        4,
        "read, list, search and task — nothing that writes or executes"
    );
    let names: Vec<&str> = bodies[0]["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["read_file", "list_folder", "search_text", "task"]);
}

#[test]
fn cancel_mid_stream_keeps_the_accepted_partial_text() {
    let many: Vec<String> = (0..200).map(|i| format!("w{i} ")).collect();
    let words: Vec<&str> = many.iter().map(String::as_str).collect();
    let body = mock::openai(&words, &[]);
    let mock = Mock::start(move |_, _| Reply::slow(body.clone(), Duration::from_millis(20)));
    let sb = Sandbox::new();
    let env = openai_env(&mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
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
    let d = start_daemon(
        &sb,
        &[("MC_PROVIDER", "anthropic"), ("ANTHROPIC_API_KEY", "sk-test"), ("ANTHROPIC_BASE_URL", &mock.url)],
    );
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
    let env = openai_env(&mock);
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
    let many: Vec<String> = (0..30).map(|i| format!("p{i} ")).collect();
    let words: Vec<&str> = many.iter().map(String::as_str).collect();
    let body = mock::openai(&words, &[]);
    let mock = Mock::start(move |_, _| Reply::slow(body.clone(), Duration::from_millis(30)));
    let sb = Sandbox::new();
    let env = openai_env(&mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
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
    let env = openai_env(&mock);
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
        transcript.contains("\"parentId\":\"task_1\"") && transcript.contains("\"agentId\":\"agent_"),
        "{transcript}"
    );
    assert!(transcript.contains("\"agentTitle\":\"Explore src\""));
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
    let env = openai_env(&mock);
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
    let many: Vec<String> = (0..60).map(|i| format!("s{i} ")).collect();
    let words: Vec<&str> = many.iter().map(String::as_str).collect();
    let body = mock::openai(&words, &[]);
    let mock = Mock::start(move |_, _| Reply::slow(body.clone(), Duration::from_millis(15)));
    let sb = Sandbox::new();
    let env = openai_env(&mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut a = Conn::open(&sb, &d);
    let (session, control) = a.create_and_claim();
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
    let many: Vec<String> = (0..40).map(|i| format!("d{i} ")).collect();
    let words: Vec<&str> = many.iter().map(String::as_str).collect();
    let full: String = many.concat();
    let body = mock::openai(&words, &[]);
    let mock = Mock::start(move |_, _| Reply::slow(body.clone(), Duration::from_millis(10)));
    let sb = Sandbox::new();
    let env = openai_env(&mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut a = Conn::open(&sb, &d);
    let (session, control) = a.create_and_claim();
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
fn kill_9_mid_turn_then_restart_replays_the_committed_prefix() {
    let many: Vec<String> = (0..100).map(|i| format!("k{i} ")).collect();
    let words: Vec<&str> = many.iter().map(String::as_str).collect();
    let body = mock::openai(&words, &[]);
    let mock = Mock::start(move |_, _| Reply::slow(body.clone(), Duration::from_millis(20)));
    let sb = Sandbox::new();
    let env = openai_env(&mock);
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    c.start(&session, &control, "crash during me");
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
    // The user text was committed at admission; nothing of the unsettled answer was.
    assert_eq!(c2.replay(&session), vec!["user:crash during me"]);
    let claim = c2.claim(&session, false);
    assert_eq!(claim["snapshot"]["state"], "idle", "the writer lock died with the process");
}

#[test]
fn admission_rules_control_busy_and_the_active_turn_limit() {
    let body = mock::openai(&["slow ", "answer"], &[]);
    let mock = Mock::start(move |_, _| Reply::slow(body.clone(), Duration::from_millis(1500)));
    let sb = Sandbox::new();
    let env = openai_env(&mock);
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
        let system = body["messages"][0]["content"].as_str().unwrap_or_default();
        if system.contains("compress conversations") {
            Reply::sse(mock::openai(&["They discussed ", "the README."], &[]))
        } else {
            Reply::sse(mock::openai(&["An answer long enough to grow the context well past the threshold. "], &[]))
        }
    });
    let sb = Sandbox::new();
    let mut env = openai_env(&mock);
    env.push(("MC_COMPACT_AT_TOKENS", "30".into()));
    let d = start_daemon(&sb, &env_refs(&env));
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
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
    let replay = c.replay(&session);
    assert!(replay.contains(&"summary:They discussed the README.".to_owned()), "{replay:?}");
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
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    let store = json!({"openai-codex":{"access_token":"at-old","refresh_token":"rt-old","expires_at_ms":0,"account_id":"acct"}});
    std::fs::write(sb.mc_home.join("auth.json"), store.to_string()).unwrap();
    let d = start_daemon(
        &sb,
        &[("MC_PROVIDER", "openai-codex"), ("MC_CODEX_BASE_URL", &mock.url), ("MC_CODEX_AUTH_URL", &mock.url)],
    );
    let mut c = Conn::open(&sb, &d);
    let (session, control) = c.create_and_claim();
    let turn = c.start(&session, &control, "codex please");
    let (events, terminal) = c.until_terminal(&turn);
    assert_eq!(terminal["payload"]["status"], "completed", "{terminal}");
    assert_eq!(terminal["payload"]["assistant_text"], "Codex answer.");
    let summary = activities(&events).into_iter().find(|a| a["kind"] == "reasoning_summary").expect("verified summary");
    assert!(summary["text"].as_str().unwrap().starts_with("Plan: list files."));
    assert_eq!(summary["redacted"], true, "the display sanitizer ran: {summary}");
    let stored: Value = serde_json::from_slice(&std::fs::read(sb.mc_home.join("auth.json")).unwrap()).unwrap();
    assert_eq!(stored["openai-codex"]["refresh_token"], "rt-new", "the refreshed credential was stored");
    assert_eq!(mock.bodies().len(), 3, "one refresh, two model requests");
}

#[test]
fn chat_once_on_the_local_provider_prints_the_streamed_answer_and_the_replay() {
    let sb = Sandbox::new();
    let d = start_daemon(&sb, &[("MC_PROVIDER", "local")]);
    let out = sb
        .command(None)
        .env("MC_PROVIDER", "local")
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

/// The test MCP server (`examples/mcp_test_server.rs`), built on demand when this test
/// target was built alone.
fn mcp_test_server() -> std::path::PathBuf {
    let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_agentwire")).parent().unwrap().to_owned();
    let server = bin_dir.join("examples").join("mcp_test_server");
    if !server.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = std::process::Command::new(cargo)
            .args(["build", "-p", "agentwire-daemon", "--example", "mcp_test_server"])
            .status()
            .unwrap();
        assert!(status.success());
    }
    server
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
    let env = openai_env(&mock);
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
