//! The daemon never emits a noncharacter (issue #15, part 3): I-JSON forbids them (RFC 7493
//! §2.1), so text from a model, a tool or a file that holds one reaches the wire and the
//! transcript with each noncharacter replaced by U+FFFD. Every record read here goes through the
//! generated consumer decoders, which reject a noncharacter as `invalid_json`.

mod common;
mod mock;

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::time::Duration;

use agentwire_protocol::{decode_event, decode_response, decode_session_message, Method};
use common::{handshake_line, raw_handshake, start_daemon, Sandbox};
use mock::{Mock, Reply};
use serde_json::{json, Value};
/// A raw connection whose every record must pass the generated consumer decoders.
struct Conn {
    stream: UnixStream,
    reader: BufReader<UnixStream>,
    ids: (Value, Value),
    n: u64,
    pending: std::collections::HashMap<String, Method>,
    events: Vec<Value>,
}

impl Conn {
    fn open(sb: &Sandbox, discovery: &Value) -> Conn {
        let socket = discovery["socket"].as_str().unwrap();
        let (reply, stream) =
            raw_handshake(socket.as_ref(), &handshake_line(discovery["version"].as_str().unwrap(), &sb.workspace));
        assert_eq!(reply["status"], "accepted", "{reply}");
        stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        let mut c = Conn {
            stream,
            reader,
            ids: (Value::Null, Value::Null),
            n: 0,
            pending: Default::default(),
            events: Vec::new(),
        };
        let r = c.call("initialize", None, None, None, json!({"supported_protocol_versions":[2]}));
        c.ids = (r["payload"]["instance_id"].clone(), r["payload"]["connection_id"].clone());
        c
    }

    /// One record, after the consumer decoder for its kind accepted its bytes.
    fn read(&mut self) -> Value {
        let mut line = Vec::new();
        let n = self.reader.read_until(b'\n', &mut line).unwrap();
        assert!(n > 0, "connection closed");
        line.pop();
        let value: Value = serde_json::from_slice(&line).unwrap();
        if value["kind"] == "event" {
            decode_event(&line).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&line)));
        } else {
            let pending = &self.pending;
            decode_response(&line, |id| pending.get(id).copied())
                .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&line)));
        }
        value
    }

    fn call(
        &mut self,
        method: &str,
        session: Option<&str>,
        op: Option<&str>,
        control: Option<&Value>,
        payload: Value,
    ) -> Value {
        self.n += 1;
        let id = format!("r{}", self.n);
        self.pending.insert(id.clone(), Method::from_wire(method).unwrap());
        let env = json!({"protocol_version":2,"kind":"request","request_id":id,"instance_id":self.ids.0,
            "connection_id":self.ids.1,"session_id":session,"operation_id":op,"control":control,"method":method,"payload":payload});
        let mut line = serde_json::to_vec(&env).unwrap();
        line.push(b'\n');
        self.stream.write_all(&line).unwrap();
        loop {
            let record = self.read();
            if record["kind"] == "event" {
                self.events.push(record);
            } else if record["request_id"] == json!(id) {
                assert!(record["error"].is_null(), "{record}");
                return record;
            }
        }
    }

    /// A new claimed session and one turn on it, read to its terminal; the events of the turn.
    fn one_turn(&mut self, prompt: &str) -> (String, Vec<Value>) {
        let r = self.call("session.create", None, Some("op-create"), None, json!({}));
        let session = r["payload"]["session_id"].as_str().unwrap().to_owned();
        let claim = self.call("session.claim", Some(&session), Some("op-claim"), None, json!({"take_over":false}));
        let control =
            json!({"claim_id":claim["payload"]["claim_id"],"grant_generation":claim["payload"]["grant_generation"]});
        let r = self.call("turn.start", Some(&session), Some("op-turn"), Some(&control), json!({"prompt":prompt}));
        let turn = r["payload"]["turn_id"].clone();
        while !self.events.iter().any(|e| e["event"] == "turn.terminal" && e["payload"]["turn_id"] == turn) {
            let record = self.read();
            self.events.push(record);
        }
        (session, std::mem::take(&mut self.events))
    }
}

fn holds_noncharacter(s: &str) -> bool {
    s.chars().any(agentwire_protocol::runtime::is_noncharacter)
}

/// Every line of the session's transcript decodes as a session message and holds no
/// noncharacter; the lines' text, joined.
fn stored_text(sb: &Sandbox, session: &str) -> String {
    let path = sb.mc_home.join("sessions").join(session).join("transcript.jsonl");
    let bytes = std::fs::read(&path).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    for line in text.lines() {
        assert!(!holds_noncharacter(line), "stored: {line}");
        decode_session_message(line.as_bytes()).unwrap_or_else(|e| panic!("{e}: {line}"));
    }
    text
}

/// "text from a model" and from a tool's arguments (which the model writes) is made valid: the
/// streamed deltas, the terminal's text, the stored transcript and the replay all carry U+FFFD
/// where the provider sent noncharacters, raw and escaped.
#[test]
fn noncharacters_from_a_model_are_sent_and_stored_as_the_replacement_character() {
    let mock = Mock::start(|_, body| {
        let after_tool = body["messages"].as_array().and_then(|m| m.last()).is_some_and(|m| m["role"] == "tool");
        if after_tool {
            return Reply::sse(mock::openai(&["Done \u{FDD0}."], &[]));
        }
        Reply::sse(mock::openai(
            &["Hi \u{FFFF} there", ", plane 16: \u{10FFFF}!"],
            &[(
                "call_1",
                "list_folder",
                json!({"note\u{FFFE}":"x\u{1FFFF}","path":".","z":"ascii padding, so the mock splits the arguments at a character boundary"}),
            )],
        ))
    });
    let sb = Sandbox::new();
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    let table =
        format!("provider = \"mock-compat\"\nmodel = \"m1\"\n[providers.mock-compat]\nbase_url = \"{}/v1\"\nmodels = [\"m1\"]\n", mock.url);
    std::fs::write(sb.mc_home.join("settings.toml"), table).unwrap();
    let discovery = start_daemon(&sb, &[]);
    let mut c = Conn::open(&sb, &discovery);
    let (session, events) = c.one_turn("hello");
    let terminal = events.iter().find(|e| e["event"] == "turn.terminal").unwrap();
    assert_eq!(terminal["payload"]["status"], "completed", "{terminal} {}", sb.log());
    let answer = terminal["payload"]["assistant_text"].as_str().unwrap();
    assert_eq!(answer, "Hi \u{FFFD} there, plane 16: \u{FFFD}!Done \u{FFFD}.");
    let streamed: String = events
        .iter()
        .filter(|e| e["event"] == "turn.text.delta" || e["event"] == "turn.text")
        .filter_map(|e| e["payload"]["text"].as_str().or(e["payload"]["delta"].as_str()))
        .collect();
    assert!(!holds_noncharacter(&streamed) && !holds_noncharacter(&serde_json::to_string(&events).unwrap()));
    let stored = stored_text(&sb, &session);
    assert!(stored.contains("Hi \u{FFFD} there"), "{stored}");
    assert!(stored.contains("note\u{FFFD}") && stored.contains("x\u{FFFD}"), "the tool's arguments: {stored}");
    let replay = c.call("session.replay", Some(&session), None, None, json!({"after":null,"limit":32}));
    assert!(replay.to_string().contains("Hi \u{FFFD} there"), "{replay}");
}

/// "text from ... a file": the offline `local` provider answers with the workspace's entries,
/// so a file name holding a noncharacter reaches the answer, written as U+FFFD.
#[test]
fn a_file_name_with_a_noncharacter_reaches_the_answer_as_the_replacement_character() {
    let sb = Sandbox::new();
    std::fs::write(sb.workspace.join("n\u{FFFF}te.md"), "# notes\n").unwrap();
    let discovery = start_daemon(&sb, &[]);
    let mut c = Conn::open(&sb, &discovery);
    let (session, events) = c.one_turn("What is in this workspace?");
    let terminal = events.iter().find(|e| e["event"] == "turn.terminal").unwrap();
    let answer = terminal["payload"]["assistant_text"].as_str().unwrap();
    assert!(answer.contains("n\u{FFFD}te.md"), "{answer}");
    assert!(stored_text(&sb, &session).contains("n\u{FFFD}te.md"));
}
