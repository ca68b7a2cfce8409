//! Wire v2 against the real binary: framing, admission and lifecycle errors, claims, the
//! operation table, and durable replay across restarts. Each test quotes the rule it checks.

mod common;

use common::{handshake_line, raw_handshake, Sandbox};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::UnixStream;
use std::time::Duration;

/// A raw wire v2 connection after an accepted handshake.
struct Wire {
    stream: UnixStream,
    reader: BufReader<UnixStream>,
    ids: Option<(String, String)>,
    n: u64,
}

impl Wire {
    fn open(sb: &Sandbox) -> Wire {
        let (ok, discovery) = sb.start_or_connect(None);
        assert!(ok, "{discovery}");
        let socket = discovery["socket"].as_str().unwrap().to_owned();
        let version = discovery["version"].as_str().unwrap().to_owned();
        let (reply, stream) = raw_handshake(socket.as_ref(), &handshake_line(&version, &sb.workspace));
        assert_eq!(reply["status"], "accepted");
        let reader = BufReader::new(stream.try_clone().unwrap());
        Wire { stream, reader, ids: None, n: 0 }
    }

    fn initialized(sb: &Sandbox) -> Wire {
        let mut w = Wire::open(sb);
        let r = w.request("initialize", json!({"supported_protocol_versions":[2]}));
        assert!(r["error"].is_null(), "{r}");
        w.ids = Some((
            r["payload"]["instance_id"].as_str().unwrap().into(),
            r["payload"]["connection_id"].as_str().unwrap().into(),
        ));
        w
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        self.stream.write_all(bytes).unwrap();
    }

    fn recv(&mut self) -> Value {
        let mut line = String::new();
        let n = self.reader.read_line(&mut line).unwrap();
        assert!(n > 0, "connection closed");
        serde_json::from_str(&line).unwrap()
    }

    /// True when the server closed the connection (an orderly end, or a reset when the
    /// server closed with our unread input still queued).
    fn closed(&mut self) -> bool {
        let mut buf = [0u8; 1];
        match self.reader.read(&mut buf) {
            Ok(0) => true,
            Err(e) => e.kind() == std::io::ErrorKind::ConnectionReset,
            Ok(_) => false,
        }
    }

    fn envelope(&mut self, method: &str, payload: Value) -> Value {
        self.n += 1;
        let (instance, connection) = self.ids.clone().map_or((Value::Null, Value::Null), |(i, c)| (json!(i), json!(c)));
        json!({"protocol_version":2,"kind":"request","request_id":format!("r{}", self.n),"instance_id":instance,"connection_id":connection,
               "session_id":null,"operation_id":null,"control":null,"method":method,"payload":payload})
    }

    fn send(&mut self, env: &Value) -> Value {
        let mut line = serde_json::to_vec(env).unwrap();
        line.push(b'\n');
        self.send_raw(&line);
        self.recv()
    }

    fn request(&mut self, method: &str, payload: Value) -> Value {
        let env = self.envelope(method, payload);
        self.send(&env)
    }

    fn mutate(
        &mut self,
        method: &str,
        session: Option<&str>,
        control: Option<Value>,
        op: &str,
        payload: Value,
    ) -> Value {
        let mut env = self.envelope(method, payload);
        env["session_id"] = json!(session);
        env["operation_id"] = json!(op);
        env["control"] = control.unwrap_or(Value::Null);
        self.send(&env)
    }

    fn read(&mut self, method: &str, session: &str, payload: Value) -> Value {
        let mut env = self.envelope(method, payload);
        env["session_id"] = json!(session);
        self.send(&env)
    }
}

fn code(r: &Value) -> &str {
    r["error"]["code"].as_str().unwrap_or("")
}

fn create(w: &mut Wire, op: &str) -> String {
    let r = w.mutate("session.create", None, None, op, json!({}));
    r["payload"]["session_id"].as_str().unwrap_or_else(|| panic!("{r}")).to_owned()
}

fn control(claim: &Value) -> Value {
    json!({"claim_id": claim["payload"]["claim_id"], "grant_generation": claim["payload"]["grant_generation"]})
}

#[test]
fn initialize_then_status_correlates_identities() {
    // "every later request carries the values that initialize returned"
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let r = w.request("status", json!({}));
    assert_eq!(r["kind"], "response");
    assert_eq!(r["request_id"], "r2");
    assert_eq!(r["payload"]["service"], "ready");
    assert_eq!(r["instance_id"].as_str(), w.ids.as_ref().map(|i| i.0.as_str()));
    assert!(r["error"].is_null());
}

#[test]
fn requests_before_initialize_are_not_initialized() {
    // "not_initialized: initialize must complete before this operation"
    let sb = Sandbox::new();
    let mut w = Wire::open(&sb);
    let r = w.request("status", json!({}));
    assert_eq!(code(&r), "not_initialized");
    assert_eq!(r["error"]["message"], "initialize must complete before this operation");
}

#[test]
fn wrong_instance_is_instance_mismatch() {
    // "a mismatch is instance_mismatch"
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let mut env = w.envelope("status", json!({}));
    env["instance_id"] = json!("in_someone_else");
    assert_eq!(code(&w.send(&env)), "instance_mismatch");
}

#[test]
fn initialize_negotiation_errors() {
    // "supported_protocol_versions ... must include 2"; requested operation names are requirements
    let sb = Sandbox::new();
    let mut w = Wire::open(&sb);
    assert_eq!(code(&w.request("initialize", json!({"supported_protocol_versions":[1]}))), "unsupported_version");
    assert_eq!(
        code(&w.request(
            "initialize",
            json!({"supported_protocol_versions":[2],"requested_capabilities":["session.delete"]})
        )),
        "unsupported_capability"
    );
    let ok =
        w.request("initialize", json!({"supported_protocol_versions":[2],"requested_capabilities":["session.claim"]}));
    assert!(ok["error"].is_null(), "{ok}");
    assert_eq!(ok["payload"]["limits"], ok["payload"]["capabilities"]["limits"], "both identical limit maps");
}

#[test]
fn request_level_errors_keep_the_connection() {
    // "every other request-level error gets its bounded error response and the connection continues"
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    w.send_raw(b"{not json\n");
    let r = w.recv();
    assert_eq!(code(&r), "invalid_json");
    assert!(r["request_id"].is_null(), "undecodable records carry request_id:null");
    w.send_raw(b"{\"a\":1} {\"b\":2}\n");
    assert_eq!(code(&w.recv()), "invalid_json", "two objects on one line");
    let mut env = w.envelope("status", json!({}));
    env["future_hint"] = json!(true);
    let r = w.send(&env);
    assert_eq!(code(&r), "invalid_request");
    assert_eq!(r["request_id"], env["request_id"], "recoverable identity is echoed");
    assert_eq!(w.request("status", json!({}))["payload"]["service"], "ready");
}

#[test]
fn crlf_and_split_writes_frame_one_record() {
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let env = w.envelope("status", json!({}));
    let text = serde_json::to_string(&env).unwrap();
    let (a, b) = text.split_at(text.len() / 2);
    w.send_raw(a.as_bytes());
    std::thread::sleep(Duration::from_millis(50));
    w.send_raw(b.as_bytes());
    w.send_raw(b"\r\n");
    assert_eq!(w.recv()["payload"]["service"], "ready");
}

#[test]
fn oversized_record_gets_record_too_large_and_the_socket_closes() {
    // "a record over max_record_bytes gets record_too_large and the socket closes"
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let big = vec![b'x'; agentwire_protocol::limits::MAX_RECORD_BYTES as usize + 10];
    w.send_raw(&big);
    let r = w.recv();
    assert_eq!(code(&r), "record_too_large");
    assert!(w.closed());
}

#[test]
fn a_record_not_finished_in_time_disconnects() {
    // "a record not finished within framing_timeout_ms disconnects"
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    w.send_raw(b"{\"protocol_version\":");
    let limit = Duration::from_millis(agentwire_protocol::limits::FRAMING_TIMEOUT_MS + 5_000);
    w.stream.set_read_timeout(Some(limit)).unwrap();
    assert!(w.closed());
}

#[test]
fn control_missing_on_detach_is_control_required() {
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let s = create(&mut w, "op-c");
    assert_eq!(code(&w.mutate("session.detach", Some(&s), None, "op-d", json!({}))), "control_required");
}

#[test]
fn operation_ids_reuse_same_intent_and_conflict_otherwise() {
    // "Reusing an operation_id with the same intent returns the recorded outcome without doing the work again"
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let first = create(&mut w, "op-1");
    let again = create(&mut w, "op-1");
    assert_eq!(first, again);
    let list = w.request("session.list", json!({}));
    assert_eq!(list["payload"]["sessions"].as_array().unwrap().len(), 1, "work done once");
    let conflict = w.mutate("session.claim", Some(&first), None, "op-1", json!({}));
    assert_eq!(code(&conflict), "operation_conflict");
    let lookup = w.request("operation.lookup", json!({"operation_id":"op-1"}));
    assert_eq!(lookup["payload"]["state"], "settled");
    assert_eq!(lookup["payload"]["method"], "session.create");
    assert_eq!(lookup["payload"]["outcome"]["status"], "succeeded");
    assert_eq!(w.request("operation.lookup", json!({"operation_id":"never"}))["payload"]["state"], "unknown");
}

#[test]
fn claim_take_over_detach_and_disconnect() {
    // "A session controlled by another live connection is session_busy unless take_over:true"
    let sb = Sandbox::new();
    let mut a = Wire::initialized(&sb);
    let mut b = Wire::initialized(&sb);
    let s = create(&mut a, "op-create");
    let claim_a = a.mutate("session.claim", Some(&s), None, "op-a1", json!({}));
    assert_eq!(claim_a["payload"]["grant_generation"], 1);
    assert_eq!(code(&b.mutate("session.claim", Some(&s), None, "op-b1", json!({"take_over":false}))), "session_busy");
    let claim_b = b.mutate("session.claim", Some(&s), None, "op-b2", json!({"take_over":true}));
    assert_eq!(claim_b["payload"]["grant_generation"], 2, "grant_generation increases on every grant");
    assert!(claim_b["payload"]["live_sequence"].as_u64() > claim_a["payload"]["live_sequence"].as_u64());
    // "A mutation with a control that is not current fails with stale_grant"
    assert_eq!(code(&a.mutate("session.detach", Some(&s), Some(control(&claim_a)), "op-a2", json!({}))), "stale_grant");
    let st = b.read("session.status", &s, json!({}));
    assert_eq!(
        (st["payload"]["controlled"].clone(), st["payload"]["controlled_by_caller"].clone()),
        (json!(true), json!(true))
    );
    // "Disconnect revokes all of that connection's grants"
    drop(b);
    let mut seen = false;
    for _ in 0..50 {
        if a.read("session.status", &s, json!({}))["payload"]["controlled"] == json!(false) {
            seen = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(seen, "disconnect released control");
    let claim_again = a.mutate("session.claim", Some(&s), None, "op-a3", json!({}));
    let detach = a.mutate("session.detach", Some(&s), Some(control(&claim_again)), "op-a4", json!({}));
    assert_eq!(detach["payload"]["status"], "detached");
}

#[test]
fn attachments_are_bounded_by_max_session_attachments() {
    // "max_session_attachments counts sessions with a live actor"
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let max = agentwire_protocol::limits::MAX_SESSION_ATTACHMENTS as usize;
    let sessions: Vec<String> = (0..=max).map(|i| create(&mut w, &format!("op-c{i}"))).collect();
    for (i, s) in sessions.iter().take(max).enumerate() {
        let r = w.mutate("session.claim", Some(s), None, &format!("op-k{i}"), json!({}));
        assert!(r["error"].is_null(), "{r}");
    }
    assert_eq!(code(&w.mutate("session.claim", Some(&sessions[max]), None, "op-last", json!({}))), "limit_exceeded");
}

fn transcript(sb: &Sandbox, session: &str) -> std::path::PathBuf {
    sb.mc_home.join("sessions").join(session).join("transcript.jsonl")
}

fn write_lines(path: &std::path::Path, lines: &[Value], extra: &[u8]) {
    let mut out = Vec::new();
    for l in lines {
        out.extend(serde_json::to_vec(l).unwrap());
        out.push(b'\n');
    }
    out.extend_from_slice(extra);
    std::fs::write(path, out).unwrap();
}

fn conversation(question: &str) -> Vec<Value> {
    let answer = "é".repeat(3000);
    vec![
        json!({"id":"m1","time":1,"role":"user","type":"text","text":question}),
        json!({"id":"m2","time":2,"role":"agent","type":"turn-start","turn":"t1"}),
        json!({"id":"m3","time":3,"role":"agent","type":"text","turn":"t1","text":"thinking...","thinking":true}),
        json!({"id":"m4","time":4,"role":"agent","type":"text","turn":"t1","text":answer}),
        json!({"id":"m5","time":5,"role":"agent","type":"turn-end","turn":"t1","status":"completed"}),
    ]
}

/// Page through replay with `limit`, returning every item and the last page.
fn replay_all(w: &mut Wire, s: &str, limit: u32, after: Option<&str>) -> (Vec<Value>, Value) {
    let mut items = Vec::new();
    let mut after = after.map(str::to_owned);
    loop {
        let r = w.read("session.replay", s, json!({"after": after, "limit": limit}));
        let p = r["payload"].clone();
        assert!(!p.is_null(), "{r}");
        items.extend(p["events"].as_array().unwrap().iter().cloned());
        if p["truncated"] != json!(true) {
            return (items, p);
        }
        after = p["next_cursor"].as_str().map(str::to_owned);
    }
}

#[test]
fn replay_pages_across_parts_and_pages() {
    // "Text is split at UTF-8 boundaries into at most 2,048 bytes per part"; "Parts can span pages"
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let s = create(&mut w, "op-c");
    write_lines(&transcript(&sb, &s), &conversation("Question"), b"");
    let (items, last) = replay_all(&mut w, &s, 2, None);
    let assistant: String =
        items.iter().filter(|i| i["role"] == "assistant").map(|i| i["text"].as_str().unwrap()).collect();
    assert_eq!(assistant, "é".repeat(3000), "thinking excluded, parts reassemble");
    assert!(items.iter().all(|i| i["text"].as_str().is_none_or(|t| t.len() <= 2048)));
    assert_eq!(items.last().unwrap()["kind"], "terminal");
    assert_eq!(last["next_cursor"], last["snapshot_cursor"], "at the end next_cursor equals snapshot_cursor");
    assert_eq!(last["gap"], false);
}

#[test]
fn cursors_survive_restart_and_resync_when_the_prefix_changes() {
    // "Cursors survive process restart and append-only changes when the projected prefix stays unchanged"
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let s = create(&mut w, "op-c");
    let lines = conversation("Question");
    write_lines(&transcript(&sb, &s), &lines[..1], b"");
    let (_, first) = replay_all(&mut w, &s, 32, None);
    let cursor = first["next_cursor"].as_str().unwrap().to_owned();
    drop(w);
    let (_, discovery) = sb.start_or_connect(None);
    common::terminate(discovery["pid"].as_u64().unwrap() as u32);
    assert!(common::wait_until(Duration::from_secs(5), || !sb.runtime().socket.exists()));
    write_lines(&transcript(&sb, &s), &lines, b"");
    let mut w = Wire::initialized(&sb);
    let (items, page) = replay_all(&mut w, &s, 32, Some(&cursor));
    assert_eq!(page["resync_required"], false);
    assert_eq!(items.first().unwrap()["role"], "assistant", "continues after the saved cursor");
    // "resync_required:true means after does not match the current projection"
    write_lines(&transcript(&sb, &s), &conversation("Another question"), b"");
    let r = w.read("session.replay", &s, json!({"after": cursor}));
    assert_eq!(r["payload"]["resync_required"], true);
    assert_eq!(r["payload"]["events"], json!([]));
    assert!(r["payload"]["next_cursor"].is_string());
}

#[test]
fn torn_last_line_is_a_gap_not_a_failure() {
    // "A torn or malformed line is skipped and reported as gap:true, never a failure of the whole session."
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let s = create(&mut w, "op-c");
    write_lines(&transcript(&sb, &s), &conversation("Question"), b"{\"id\":\"m6\",\"time\":6,\"role\":\"us");
    let (items, last) = replay_all(&mut w, &s, 32, None);
    assert_eq!(last["gap"], true);
    assert_eq!(items.first().unwrap()["text"], "Question");
}

/// Log lines saying a session file was refused.
fn refusals(sb: &Sandbox) -> usize {
    sb.log().lines().filter(|l| l.contains("it is never read")).count()
}

#[test]
fn a_linked_transcript_is_never_followed_replay_is_a_gap_and_claim_is_session_unavailable() {
    // "Session files are opened without following links ... Anything else is a gap:true
    // replay ... logged once, never read."
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let s = create(&mut w, "op-c");
    let elsewhere = sb.tmp.path().join("elsewhere.jsonl");
    write_lines(&elsewhere, &conversation("NOT-THIS-SESSION"), b"");
    let before = std::fs::read(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, transcript(&sb, &s)).unwrap();
    for _ in 0..2 {
        let r = w.read("session.replay", &s, json!({"limit": 32}));
        assert_eq!(r["payload"]["events"], json!([]), "{r}");
        assert_eq!(r["payload"]["gap"], true);
        assert_eq!(r["payload"]["truncated"], false);
        assert!(!r.to_string().contains("NOT-THIS-SESSION"));
    }
    assert!(w.read("session.status", &s, json!({}))["error"].is_null());
    assert_eq!(code(&w.mutate("session.claim", Some(&s), None, "op-claim", json!({}))), "session_unavailable");
    assert_eq!(std::fs::read(&elsewhere).unwrap(), before, "nothing was written through the link");
    assert!(common::wait_until(Duration::from_secs(5), || refusals(&sb) >= 1));
    assert_eq!(refusals(&sb), 1, "logged once: {}", sb.log());
}

#[test]
fn a_fifo_in_the_transcripts_place_is_a_gap_and_never_hangs_the_daemon() {
    // An open(2) of a FIFO for reading waits for a writer; the daemon never waits on one.
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let s = create(&mut w, "op-c");
    let path = std::ffi::CString::new(transcript(&sb, &s).into_os_string().into_encoded_bytes()).unwrap();
    // SAFETY: mkfifo(3) with a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
    // The connection's read timeout (10 s) fails the test if the daemon blocks.
    let r = w.read("session.replay", &s, json!({}));
    assert_eq!((r["payload"]["events"].clone(), r["payload"]["gap"].clone()), (json!([]), json!(true)), "{r}");
    assert!(w.read("session.status", &s, json!({}))["error"].is_null());
    assert_eq!(code(&w.mutate("session.claim", Some(&s), None, "op-claim", json!({}))), "session_unavailable");
    assert_eq!(w.request("status", json!({}))["payload"]["service"], "ready");
}

#[test]
fn a_linked_session_folder_is_session_unavailable_and_not_listed() {
    // "session_unavailable for a session directory that is itself a link"
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let real = create(&mut w, "op-a");
    write_lines(&transcript(&sb, &real), &conversation("NOT-THIS-SESSION"), b"");
    let linked = create(&mut w, "op-b");
    let folder = sb.mc_home.join("sessions").join(&linked);
    std::fs::remove_dir_all(&folder).unwrap();
    std::os::unix::fs::symlink(sb.mc_home.join("sessions").join(&real), &folder).unwrap();
    assert_eq!(code(&w.read("session.replay", &linked, json!({}))), "session_unavailable");
    assert_eq!(code(&w.read("session.status", &linked, json!({}))), "session_unavailable");
    assert_eq!(code(&w.mutate("session.claim", Some(&linked), None, "op-claim", json!({}))), "session_unavailable");
    let (listed, _) = list_page(&mut w, None, 32);
    assert_eq!(listed, [real], "only the real folder is a session");
    assert!(common::wait_until(Duration::from_secs(5), || refusals(&sb) >= 1));
    assert_eq!(refusals(&sb), 1, "logged once: {}", sb.log());
}

#[test]
fn replay_of_unknown_and_invalid_sessions() {
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    assert_eq!(code(&w.read("session.replay", "s-404", json!({}))), "session_unavailable");
    let r = w.read("session.replay", "../etc", json!({}));
    assert_eq!(code(&r), "invalid_session_id");
    // "Error responses carry the request's request_id" (the slot's check is in decoding).
    assert!(r["request_id"].is_string(), "{r}");
}

fn list_page(w: &mut Wire, after: Option<&str>, limit: u32) -> (Vec<String>, Value) {
    let r = w.request("session.list", json!({"after": after, "limit": limit}));
    assert!(r["error"].is_null(), "{r}");
    let ids = r["payload"]["sessions"].as_array().unwrap().iter().map(|s| s["session_id"].as_str().unwrap().to_owned());
    (ids.collect(), r["payload"].clone())
}

#[test]
fn session_list_pages_follow_changes_another_process_makes_between_pages() {
    // "Listing is not a frozen snapshot: concurrent creation, deletion, or updates can change
    // later pages." The daemon keeps an index of the sessions folder; this process changes the
    // folder behind it between pages.
    let sb = Sandbox::new();
    let mut w = Wire::initialized(&sb);
    let mut ids: Vec<String> = (0..6).map(|i| create(&mut w, &format!("op-{i}"))).collect();
    ids.sort();
    let sessions = sb.mc_home.join("sessions");
    let (first, page) = list_page(&mut w, None, 2);
    assert_eq!(first, ids[..2]);
    assert_eq!(page["truncated"], true);
    // Another process deletes a later session and creates one that sorts last.
    std::fs::remove_dir_all(sessions.join(&ids[3])).unwrap();
    let late = "s-9999999999999-ffffffff";
    std::fs::create_dir(sessions.join(late)).unwrap();
    std::fs::copy(sessions.join(&ids[0]).join("meta.json"), sessions.join(late).join("meta.json")).unwrap();
    std::fs::write(sessions.join(".junk"), b"").unwrap();
    let mut rest = Vec::new();
    let mut after = page["next_after"].as_str().map(str::to_owned);
    loop {
        let (more, page) = list_page(&mut w, after.as_deref(), 2);
        rest.extend(more);
        if page["truncated"] == false {
            break;
        }
        after = page["next_after"].as_str().map(str::to_owned);
    }
    assert_eq!(rest, [ids[2].as_str(), &ids[4], &ids[5], late]);
    // The folder replaced wholesale (restored from a backup, say): a restart of the list sees it.
    std::fs::rename(&sessions, sb.mc_home.join("sessions.old")).unwrap();
    std::fs::create_dir(&sessions).unwrap();
    std::fs::rename(sb.mc_home.join("sessions.old").join(&ids[1]), sessions.join(&ids[1])).unwrap();
    assert_eq!(list_page(&mut w, None, 32).0, [ids[1].as_str()]);
}

#[test]
fn a_connection_that_did_not_opt_in_gets_profile_operations_answered_as_unknown_methods() {
    // "Profile operations and events on a connection that did not negotiate: `approval.respond`
    // answers exactly as an unknown method does today"; the ordinary advertisement lists nothing
    // of a profile, and the offered profiles are named only in the optional `profiles` member.
    let sb = Sandbox::new();
    let mut w = Wire::open(&sb);
    let init = w.request("initialize", json!({"supported_protocol_versions":[2]}));
    w.ids = Some((
        init["payload"]["instance_id"].as_str().unwrap().into(),
        init["payload"]["connection_id"].as_str().unwrap().into(),
    ));
    let caps = &init["payload"]["capabilities"];
    assert_eq!(caps["profiles"], json!([{"name":"approvals","versions":[1]}]), "{caps}");
    let listed = |m: &str| caps["operations"].as_array().unwrap().iter().any(|o| o == m);
    assert!(!listed("profile.negotiate") && !listed("approval.respond"));

    let unknown = w.request("nope.method", json!({}));
    assert_eq!(code(&unknown), "unsupported_operation");
    let s = create(&mut w, "op-create");
    let claim = w.mutate("session.claim", Some(&s), None, "op-claim", json!({}));
    let mut respond = w.envelope("approval.respond", json!({"approval_id":"ap-1","option_id":"allow"}));
    respond["session_id"] = json!(s);
    respond["control"] = control(&claim);
    let answer = w.send(&respond);
    assert_eq!(answer["error"], unknown["error"], "the same code and fixed message: {answer}");
    // A request-level error keeps the connection.
    assert_eq!(w.request("status", json!({}))["payload"]["service"], "ready");
}
