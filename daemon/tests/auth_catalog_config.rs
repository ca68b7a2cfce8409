//! Authentication, catalogs and configuration against the real binary over its socket, with
//! loopback mock issuer and provider endpoints. Each test quotes the rule it checks.

mod common;

use agentwire_protocol::{constants, limits};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use common::{files_under, handshake_line, raw_handshake, terminate, wait_until, Sandbox};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Variables of the developer's or CI's environment that would change what a test sees.
const CLEARED_ENV: &[&str] = &[
    "ANTHROPIC_API_KEY",
    "MC_PROVIDER",
    "MC_MODEL",
    "AGENTWIRE_CODEX_ISSUER",
    "AGENTWIRE_CODEX_BASE_URL",
    "AGENTWIRE_ANTHROPIC_BASE_URL",
    "AGENTWIRE_LOGIN_WAIT_MS",
    "AGENTWIRE_CATALOG_TTL_MS",
    "AGENTWIRE_CODEX_CALLBACK_PORT",
    "AGENTWIRE_CODEX_CLIENT_ID",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "http_proxy",
    "https_proxy",
    "all_proxy",
];

const GOOD_CODE: &str = "good-code";
const CANARY: &str = "CANARY7f3a";

// ---------------------------------------------------------------------------------------
// Daemons and connections

struct Daemon {
    socket: String,
    version: String,
    workspace: PathBuf,
    pid: u32,
}

fn start_in(sb: &Sandbox, workspace: &Path, env: &[(&str, String)]) -> Daemon {
    std::fs::create_dir_all(workspace).unwrap();
    let mut cmd = sb.command(None);
    cmd.args(["daemon", "start-or-connect", "--workspace"]).arg(workspace).arg("--executable").arg(common::BIN);
    for k in CLEARED_ENV {
        cmd.env_remove(k);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let (ok, d) = sb.record(cmd.output().unwrap());
    assert!(ok, "{d}\n{}", sb.log());
    Daemon {
        socket: d["socket"].as_str().unwrap().to_owned(),
        version: d["version"].as_str().unwrap().to_owned(),
        workspace: workspace.to_path_buf(),
        pid: d["pid"].as_u64().unwrap() as u32,
    }
}

fn start(sb: &Sandbox, env: &[(&str, String)]) -> Daemon {
    start_in(sb, &sb.workspace.clone(), env)
}

fn stop(d: &Daemon) {
    terminate(d.pid);
    assert!(wait_until(Duration::from_secs(5), || !Path::new(&d.socket).exists()));
}

fn second_workspace(sb: &Sandbox) -> PathBuf {
    sb.workspace.parent().unwrap().join("project2")
}

/// A raw wire v2 connection; events that arrive while waiting for a response are kept.
struct Wire {
    stream: UnixStream,
    reader: BufReader<UnixStream>,
    ids: (String, String),
    n: u64,
    events: VecDeque<Value>,
    /// Every record received, verbatim, for the secrets canary.
    seen: Vec<String>,
}

impl Wire {
    fn connect(d: &Daemon) -> Wire {
        let (reply, stream) = raw_handshake(d.socket.as_ref(), &handshake_line(&d.version, &d.workspace));
        assert_eq!(reply["status"], "accepted", "{reply}");
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        let mut w = Wire {
            stream,
            reader,
            ids: (String::new(), String::new()),
            n: 0,
            events: VecDeque::new(),
            seen: Vec::new(),
        };
        let env = json!({"protocol_version":2,"kind":"request","request_id":"init","instance_id":null,"connection_id":null,
                         "session_id":null,"operation_id":null,"control":null,"method":"initialize","payload":{"supported_protocol_versions":[2]}});
        let r = w.send(&env, "init");
        w.ids = (
            r["payload"]["instance_id"].as_str().unwrap().into(),
            r["payload"]["connection_id"].as_str().unwrap().into(),
        );
        w
    }

    fn line(&mut self) -> Value {
        let mut line = String::new();
        let n = self.reader.read_line(&mut line).unwrap();
        assert!(n > 0, "connection closed");
        self.seen.push(line.clone());
        serde_json::from_str(&line).unwrap()
    }

    fn send(&mut self, env: &Value, request_id: &str) -> Value {
        let mut bytes = serde_json::to_vec(env).unwrap();
        bytes.push(b'\n');
        self.stream.write_all(&bytes).unwrap();
        loop {
            let v = self.line();
            if v["kind"] == "event" {
                self.events.push_back(v);
                continue;
            }
            assert_eq!(v["request_id"], request_id, "{v}");
            return v;
        }
    }

    fn envelope(&mut self, method: &str, op: Option<&str>, payload: Value) -> (Value, String) {
        self.n += 1;
        let id = format!("r{}", self.n);
        let env = json!({"protocol_version":2,"kind":"request","request_id":id,"instance_id":self.ids.0,"connection_id":self.ids.1,
                         "session_id":null,"operation_id":op,"control":null,"method":method,"payload":payload});
        (env, id)
    }

    fn call(&mut self, method: &str, op: Option<&str>, payload: Value) -> Value {
        let (env, id) = self.envelope(method, op, payload);
        self.send(&env, &id)
    }

    fn read(&mut self, method: &str, payload: Value) -> Value {
        self.call(method, None, payload)
    }

    fn mutate(&mut self, method: &str, op: &str, payload: Value) -> Value {
        self.call(method, Some(op), payload)
    }

    /// The next event, waiting for it if none is buffered.
    fn event(&mut self) -> Value {
        if let Some(e) = self.events.pop_front() {
            return e;
        }
        let v = self.line();
        assert_eq!(v["kind"], "event", "unexpected record {v}");
        v
    }

    /// Events up to and including the login terminal.
    fn until_terminal(&mut self) -> Vec<Value> {
        let mut out = Vec::new();
        loop {
            let e = self.event();
            let done = e["event"] == "auth.login.terminal";
            out.push(e);
            if done {
                return out;
            }
        }
    }
}

fn code(r: &Value) -> &str {
    r["error"]["code"].as_str().unwrap_or("")
}

fn ok(r: &Value) -> &Value {
    assert!(r["error"].is_null(), "{r}");
    &r["payload"]
}

// ---------------------------------------------------------------------------------------
// Loopback mock HTTP servers

#[derive(Debug, Clone)]
struct Hit {
    method: String,
    target: String,
    headers: HashMap<String, String>,
    body: String,
}

impl Hit {
    fn path(&self) -> &str {
        self.target.split('?').next().unwrap_or("")
    }

    fn form(&self) -> HashMap<String, String> {
        reqwest::Url::parse(&format!("http://x/?{}", self.body)).unwrap().query_pairs().into_owned().collect()
    }
}

type Handler = Arc<dyn Fn(&Hit) -> (u16, String) + Send + Sync>;

/// A tiny HTTP/1.1 server on 127.0.0.1 that answers every request through `handler`.
struct Mock {
    port: u16,
    hits: Arc<Mutex<Vec<Hit>>>,
    stop: Arc<AtomicBool>,
}

impl Mock {
    fn start(handler: impl Fn(&Hit) -> (u16, String) + Send + Sync + 'static) -> Mock {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let hits = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let handler: Handler = Arc::new(handler);
        let (h, s) = (Arc::clone(&hits), Arc::clone(&stop));
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if s.load(Ordering::SeqCst) {
                    return;
                }
                let Ok(stream) = stream else { continue };
                let (handler, hits) = (Arc::clone(&handler), Arc::clone(&h));
                std::thread::spawn(move || serve_one(stream, &handler, &hits));
            }
        });
        Mock { port, hits, stop }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn hits(&self) -> Vec<Hit> {
        self.hits.lock().unwrap().clone()
    }
}

impl Drop for Mock {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

fn serve_one(mut stream: TcpStream, handler: &Handler, hits: &Mutex<Vec<Hit>>) {
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut first = String::new();
    if reader.read_line(&mut first).unwrap_or(0) == 0 {
        return;
    }
    let mut parts = first.split_whitespace();
    let (method, target) = (parts.next().unwrap_or("").to_owned(), parts.next().unwrap_or("").to_owned());
    let mut headers = HashMap::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            headers.insert(k.trim().to_ascii_lowercase(), v.trim().to_owned());
        }
    }
    let len: usize = headers.get("content-length").and_then(|l| l.parse().ok()).unwrap_or(0);
    let mut body = vec![0u8; len];
    reader.read_exact(&mut body).unwrap();
    let hit = Hit { method, target, headers, body: String::from_utf8_lossy(&body).into_owned() };
    hits.lock().unwrap().push(hit.clone());
    let (status, body) = handler(&hit);
    let reply = format!("HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
    let _ = stream.write_all(reply.as_bytes());
}

/// The mock OAuth issuer: checks PKCE against the challenge of the authorization URL.
struct Issuer {
    mock: Mock,
    challenge: Arc<Mutex<Option<String>>>,
    delay_ms: Arc<AtomicU64>,
    fail: Arc<AtomicBool>,
    /// Exchanges answer without a refresh token (an issuer that does not rotate one out).
    no_refresh: Arc<AtomicBool>,
}

fn issuer() -> Issuer {
    let challenge: Arc<Mutex<Option<String>>> = Arc::default();
    let delay_ms = Arc::new(AtomicU64::new(0));
    let fail = Arc::new(AtomicBool::new(false));
    let no_refresh = Arc::new(AtomicBool::new(false));
    let (c, d, f, n) = (Arc::clone(&challenge), Arc::clone(&delay_ms), Arc::clone(&fail), Arc::clone(&no_refresh));
    let mock = Mock::start(move |hit| {
        std::thread::sleep(Duration::from_millis(d.load(Ordering::SeqCst)));
        if hit.method != "POST" || hit.path() != "/oauth/token" {
            return (404, "{}".into());
        }
        if f.load(Ordering::SeqCst) {
            return (
                400,
                json!({"error":"invalid_grant","error_description":format!("bad grant {CANARY}-issuer")}).to_string(),
            );
        }
        let form = hit.form();
        match form.get("grant_type").map(String::as_str) {
            Some("authorization_code") => exchange(&form, c.lock().unwrap().as_deref(), !n.load(Ordering::SeqCst)),
            Some("refresh_token") if form.get("refresh_token").is_some_and(|t| t.contains(CANARY)) => {
                (200, json!({"access_token":format!("{CANARY}-refreshed-access"),"expires_in":3600}).to_string())
            }
            _ => (400, "{}".into()),
        }
    });
    Issuer { mock, challenge, delay_ms, fail, no_refresh }
}

fn exchange(form: &HashMap<String, String>, challenge: Option<&str>, with_refresh: bool) -> (u16, String) {
    let verifier = form.get("code_verifier").cloned().unwrap_or_default();
    let pkce_ok = challenge.is_none_or(|c| URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())) == c);
    if form.get("code").map(String::as_str) != Some(GOOD_CODE) || !pkce_ok {
        return (400, json!({"error":"invalid_grant"}).to_string());
    }
    let claims = URL_SAFE_NO_PAD
        .encode(json!({"https://api.openai.com/auth":{"chatgpt_account_id":format!("{CANARY}-account")}}).to_string());
    let mut tokens = json!({"access_token":format!("{CANARY}-access"),"refresh_token":format!("{CANARY}-refresh"),"id_token":format!("h.{claims}.s"),"expires_in":3600});
    if !with_refresh {
        tokens.as_object_mut().unwrap().remove("refresh_token");
    }
    (200, tokens.to_string())
}

fn issuer_env(i: &Issuer) -> Vec<(&'static str, String)> {
    vec![("AGENTWIRE_CODEX_ISSUER", i.mock.url())]
}

// ---------------------------------------------------------------------------------------
// Files

fn mc_home(sb: &Sandbox) -> PathBuf {
    std::fs::create_dir_all(&sb.mc_home).unwrap();
    sb.mc_home.clone()
}

fn auth_file(sb: &Sandbox) -> PathBuf {
    mc_home(sb).join("auth.json")
}

fn read_auth(sb: &Sandbox) -> Value {
    serde_json::from_slice(&std::fs::read(auth_file(sb)).unwrap_or_else(|_| b"{}".to_vec())).unwrap()
}

fn write_auth(sb: &Sandbox, v: &Value) {
    std::fs::write(auth_file(sb), serde_json::to_vec(v).unwrap()).unwrap();
}

fn global_settings(sb: &Sandbox) -> PathBuf {
    mc_home(sb).join("settings.toml")
}

fn project_settings(sb: &Sandbox) -> PathBuf {
    sb.workspace.join(".agentwire").join("settings.toml")
}

fn cache_file(sb: &Sandbox, provider: &str) -> PathBuf {
    sb.mc_home.join("catalog").join(format!("{provider}.json"))
}

fn edit_cache(sb: &Sandbox, provider: &str, f: impl FnOnce(&mut Value)) {
    let path = cache_file(sb, provider);
    let mut v: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    f(&mut v);
    std::fs::write(&path, serde_json::to_vec(&v).unwrap()).unwrap();
}

fn codex_record(access: &str, refresh: Option<&str>, expires_at_ms: u64) -> Value {
    json!({"type":"oauth","access_token":access,"refresh_token":refresh,"expires_at_ms":expires_at_ms,"account_id":format!("{CANARY}-stored-account")})
}

fn far_future() -> u64 {
    4_102_444_800_000
}

// ---------------------------------------------------------------------------------------
// Login helpers

struct Login {
    id: String,
    url: reqwest::Url,
}

impl Login {
    fn param(&self, name: &str) -> String {
        self.url.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.into_owned()).unwrap_or_default()
    }

    fn redirect(&self, code: &str, state: &str) -> String {
        format!("{}?code={code}&state={state}", self.param("redirect_uri"))
    }
}

/// Start a Codex login and read its first two progress events.
fn start_login(w: &mut Wire, op: &str) -> Login {
    let r = w.mutate("auth.login.start", op, json!({"provider_id":"openai-codex"}));
    let p = ok(&r);
    assert_eq!((p["provider_id"].as_str(), p["status"].as_str()), (Some("openai-codex"), Some("started")));
    let id = p["login_id"].as_str().unwrap().to_owned();
    assert!(w.events.is_empty(), "the start response precedes the login's events");
    let first = w.event();
    assert_eq!(first["event"], "auth.login.progress");
    assert_eq!(first["operation_id"], op, "correlated to the start operation");
    assert!(first["session_id"].is_null() && first["grant_generation"].is_null() && first["live_sequence"].is_null());
    assert_eq!(
        (first["payload"]["state"].as_str(), first["payload"]["open_browser"].as_bool()),
        (Some("authorization_url"), Some(true))
    );
    assert_eq!(first["payload"]["login_id"], id.as_str());
    let url = reqwest::Url::parse(first["payload"]["url"].as_str().unwrap()).unwrap();
    assert_eq!(w.event()["payload"]["state"], "waiting");
    Login { id, url }
}

/// What a browser does with the final redirect: one GET on the loopback listener.
fn browser_get(full_redirect: &str) -> String {
    let url = reqwest::Url::parse(full_redirect).unwrap();
    let mut s = TcpStream::connect(("127.0.0.1", url.port().unwrap())).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "GET {}?{} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        url.path(),
        url.query().unwrap_or("")
    )
    .unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    out
}

fn states(events: &[Value]) -> Vec<String> {
    events.iter().map(|e| e["payload"]["state"].as_str().unwrap_or("").to_owned()).collect()
}

fn terminal_state(events: &[Value]) -> String {
    let t = events.last().unwrap();
    assert_eq!(t["event"], "auth.login.terminal", "{t}");
    assert_eq!(t["payload"]["cleanup_complete"], true);
    t["payload"]["state"].as_str().unwrap().to_owned()
}

fn auth_entry(w: &mut Wire, provider: &str) -> Value {
    let r = w.read("auth.status", json!({}));
    ok(&r)["providers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["provider_id"] == provider)
        .cloned()
        .unwrap_or(Value::Null)
}

// =======================================================================================
// auth.status and status.provider_auth_ready

#[test]
fn auth_status_reads_store_and_environment_on_every_request() {
    // "evaluated on every request from the current store and environment (Anthropic prefers a non-empty ANTHROPIC_API_KEY ...)"
    let sb = Sandbox::new();
    std::fs::write(global_settings(&sb), "[providers.keyed]\nbase_url = \"http://127.0.0.1:9/v1\"\napi_key_env = \"KEYED_TEST_KEY\"\n\n[providers.open]\nbase_url = \"http://127.0.0.1:9/v1\"\n").unwrap();
    let d = start(&sb, &[("KEYED_TEST_KEY", "k".into())]);
    let mut w = Wire::connect(&d);
    let r = w.read("auth.status", json!({}));
    let ids: Vec<&str> =
        ok(&r)["providers"].as_array().unwrap().iter().map(|p| p["provider_id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["openai-codex", "anthropic", "local", "keyed", "open"]);
    assert_eq!(
        auth_entry(&mut w, "openai-codex"),
        json!({"provider_id":"openai-codex","auth_method":"oauth","source":"shared_store","readiness":"missing","ready":false})
    );
    assert_eq!(
        auth_entry(&mut w, "anthropic"),
        json!({"provider_id":"anthropic","auth_method":"api_key","source":"none","readiness":"missing","ready":false})
    );
    assert_eq!(
        auth_entry(&mut w, "keyed"),
        json!({"provider_id":"keyed","auth_method":"api_key","source":"environment","readiness":"ready","ready":true})
    );
    // "no-auth providers are ready without credentials"
    assert_eq!(
        auth_entry(&mut w, "open"),
        json!({"provider_id":"open","auth_method":"none","source":"none","readiness":"ready","ready":true})
    );
    assert_eq!(auth_entry(&mut w, "local")["ready"], true);
    // The store changes under the running daemon; the next request sees it.
    write_auth(
        &sb,
        &json!({"version":1,"records":{"anthropic":{"type":"api_key","api_key":"k"},"openai-codex":codex_record("a", None, 1)}}),
    );
    assert_eq!(auth_entry(&mut w, "anthropic")["source"], "shared_store");
    assert_eq!(auth_entry(&mut w, "openai-codex")["readiness"], "needs_login");
    write_auth(&sb, &json!({"version":1,"records":{"openai-codex":codex_record("a", Some("r"), 1)}}));
    assert_eq!(
        auth_entry(&mut w, "openai-codex")["readiness"],
        "ready",
        "refreshable Codex credentials count as ready"
    );
    // "Malformed or unreadable storage returns a fixed internal_error, not file contents or a path."
    std::fs::write(auth_file(&sb), format!("{{\"oops\": \"{CANARY}\"")).unwrap();
    let r = w.read("auth.status", json!({}));
    assert_eq!(
        (code(&r), r["error"]["message"].as_str()),
        ("internal_error", Some("application service failed to handle the request"))
    );
    assert!(!w.seen.concat().contains(CANARY));
}

#[test]
fn anthropic_prefers_the_environment_and_custom_providers_are_fixed_at_startup() {
    // "Unlike status and configuration routes, auth operations retain startup provider definitions until restart."
    let sb = Sandbox::new();
    let d = start(&sb, &[("ANTHROPIC_API_KEY", "env-key".into())]);
    let mut w = Wire::connect(&d);
    write_auth(&sb, &json!({"version":1,"records":{"anthropic":{"type":"api_key","api_key":"k"}}}));
    assert_eq!(auth_entry(&mut w, "anthropic")["source"], "environment");
    std::fs::write(global_settings(&sb), "[providers.late]\nbase_url = \"http://127.0.0.1:9/v1\"\n").unwrap();
    assert_eq!(auth_entry(&mut w, "late"), Value::Null);
    let r = w.read("catalog.providers", json!({}));
    assert!(
        ok(&r)["entries"].as_array().unwrap().iter().any(|p| p["provider_id"] == "late"),
        "catalogs reread settings"
    );
}

#[test]
fn status_provider_auth_ready_follows_reloaded_settings_and_auth() {
    // "evaluated from reloaded settings, current shared auth, and the process environment on every ... status request"
    let sb = Sandbox::new();
    let d = start(&sb, &[]);
    let mut w = Wire::connect(&d);
    let ready = |w: &mut Wire| ok(&w.read("status", json!({})))["provider_auth_ready"].clone();
    assert_eq!(ready(&mut w), true, "nothing configured: the offline provider, always ready");
    std::fs::write(global_settings(&sb), "provider = \"openai-codex\"\nmodel = \"gpt-5-codex\"\n").unwrap();
    assert_eq!(ready(&mut w), false);
    // "service: "ready" describes the running service; it does not mean provider authentication is ready."
    assert_eq!(ok(&w.read("status", json!({})))["service"], "ready");
    write_auth(&sb, &json!({"version":1,"records":{"openai-codex":codex_record("a", Some("r"), 1)}}));
    assert_eq!(ready(&mut w), true);
    std::fs::create_dir_all(project_settings(&sb).parent().unwrap()).unwrap();
    std::fs::write(project_settings(&sb), "provider = \"anthropic\"\n").unwrap();
    assert_eq!(ready(&mut w), false, "the project selection wins");
    std::fs::write(auth_file(&sb), b"[broken").unwrap();
    assert_eq!(code(&w.read("status", json!({}))), "internal_error");
    std::fs::remove_file(auth_file(&sb)).unwrap();
    std::fs::write(project_settings(&sb), "provider = ").unwrap();
    let r = w.read("status", json!({}));
    assert_eq!(
        (code(&r), r["error"]["message"].as_str()),
        ("internal_error", Some("application service failed to handle the request"))
    );
}

#[test]
fn status_sees_every_settings_change_completed_before_the_request() {
    // "on every ... status request": the daemon's change detection must never answer from
    // before a write the client finished, however quickly the request follows it.
    let sb = Sandbox::new();
    let d = start(&sb, &[]);
    let mut w = Wire::connect(&d);
    for round in 0..300 {
        let codex = round % 2 == 0;
        let settings = if codex { "provider = \"openai-codex\"\nmodel = \"gpt-5-codex\"\n" } else { "" };
        std::fs::write(global_settings(&sb), settings).unwrap();
        let ready = ok(&w.read("status", json!({})))["provider_auth_ready"].clone();
        assert_eq!(ready, !codex, "round {round}");
    }
}

// =======================================================================================
// Codex login

#[test]
fn login_through_the_loopback_redirect_stores_the_record() {
    // "OAuth 2.0 authorization code with PKCE S256, RFC 8252 loopback redirect ... one auth.login.terminal with cleanup_complete:true"
    let sb = Sandbox::new();
    let iss = issuer();
    let d = start(&sb, &issuer_env(&iss));
    let mut w = Wire::connect(&d);
    let login = start_login(&mut w, "op-login");
    assert_eq!(login.param("code_challenge_method"), "S256");
    assert!(login.param("redirect_uri").starts_with("http://127.0.0.1:"));
    *iss.challenge.lock().unwrap() = Some(login.param("code_challenge"));
    let page = browser_get(&login.redirect(GOOD_CODE, &login.param("state")));
    assert!(page.starts_with("HTTP/1.1 200") && !page.contains(GOOD_CODE), "{page}");
    let events = w.until_terminal();
    assert_eq!(states(&events), ["callback_received", "callback_accepted", "exchange_succeeded"]);
    assert_eq!(terminal_state(&events), "exchange_succeeded");
    // Stored, private, and ready.
    let auth = read_auth(&sb);
    assert_eq!(auth["records"]["openai-codex"]["access_token"], format!("{CANARY}-access"));
    assert_eq!(auth["records"]["openai-codex"]["account_id"], format!("{CANARY}-account"));
    assert_eq!(std::fs::metadata(auth_file(&sb)).unwrap().permissions().mode() & 0o777, 0o600);
    assert_eq!(auth_entry(&mut w, "openai-codex")["ready"], true);
    // "Work with a terminal event settles at its terminal."
    let l = w.read("operation.lookup", json!({"operation_id":"op-login"}));
    assert_eq!(ok(&l)["state"], "settled");
    assert_eq!(
        (l["payload"]["login_id"].as_str(), l["payload"]["outcome"]["status"].as_str()),
        (Some(login.id.as_str()), Some("exchange_succeeded"))
    );
    // The listener is gone after cleanup, and the slot is free for another login.
    let port = reqwest::Url::parse(&login.param("redirect_uri")).unwrap().port().unwrap();
    assert!(TcpStream::connect(("127.0.0.1", port)).is_err());
    let again = start_login(&mut w, "op-login-2");
    assert_ne!(again.id, login.id);
    assert_eq!(
        ok(&w.mutate("auth.login.cancel", "op-cancel-2", json!({"login_id":again.id})))["status"],
        "cancellation_requested"
    );
    assert_eq!(terminal_state(&w.until_terminal()), "cancelled");
}

#[test]
fn manual_callback_is_accepted_once_and_never_echoed() {
    // "Input is nonempty, at most 4096 bytes, accepted once, and never echoed ... repeated callback submission returns auth_busy while the login remains active."
    let sb = Sandbox::new();
    let iss = issuer();
    iss.delay_ms.store(800, Ordering::SeqCst);
    let d = start(&sb, &issuer_env(&iss));
    let mut w = Wire::connect(&d);
    let login = start_login(&mut w, "op-1");
    let input = login.redirect(GOOD_CODE, &login.param("state"));
    let r = w.mutate("auth.login.callback", "op-cb-1", json!({"login_id":login.id,"input":input}));
    assert_eq!(ok(&r), &json!({"login_id":login.id,"status":"submitted"}));
    let again = w.mutate("auth.login.callback", "op-cb-2", json!({"login_id":login.id,"input":"other-code"}));
    assert_eq!(
        (code(&again), again["error"]["message"].as_str()),
        ("auth_busy", Some("authentication operation is already running"))
    );
    let events = w.until_terminal();
    assert_eq!(terminal_state(&events), "exchange_succeeded");
    assert!(!w.seen.concat().contains(GOOD_CODE), "callback input is never echoed");
    let late = w.mutate("auth.login.callback", "op-cb-3", json!({"login_id":login.id,"input":"x"}));
    assert_eq!(code(&late), "unknown_login", "finished logins are unknown");
    // Bare codes use the manual-code flow.
    write_auth(&sb, &json!({}));
    let login = start_login(&mut w, "op-2");
    ok(&w.mutate("auth.login.callback", "op-cb-4", json!({"login_id":login.id,"input":GOOD_CODE})));
    assert_eq!(terminal_state(&w.until_terminal()), "exchange_succeeded");
}

#[test]
fn callback_with_the_wrong_state_fails_the_login() {
    // "Redirect URLs must match the attempt's OAuth state ... A rejected callback ends that flow"
    let sb = Sandbox::new();
    let iss = issuer();
    let d = start(&sb, &issuer_env(&iss));
    let mut w = Wire::connect(&d);
    let login = start_login(&mut w, "op-1");
    ok(&w.mutate(
        "auth.login.callback",
        "op-cb",
        json!({"login_id":login.id,"input":login.redirect(GOOD_CODE, "forged-state")}),
    ));
    let events = w.until_terminal();
    assert_eq!(states(&events), ["callback_received", "callback_failed"]);
    // Through the loopback listener too.
    let login = start_login(&mut w, "op-2");
    let page = browser_get(&login.redirect(GOOD_CODE, "forged-state"));
    assert!(page.starts_with("HTTP/1.1 400"), "{page}");
    assert_eq!(terminal_state(&w.until_terminal()), "callback_failed");
    assert!(iss.mock.hits().is_empty(), "no exchange without a valid callback");
    assert!(read_auth(&sb)["records"]["openai-codex"].is_null());
}

#[test]
fn login_request_errors() {
    // "Only one login runs per service. Other providers return provider_unavailable; an active login returns auth_busy."
    let sb = Sandbox::new();
    let iss = issuer();
    let d = start(&sb, &issuer_env(&iss));
    let mut w = Wire::connect(&d);
    for provider in ["anthropic", "local", "nobody"] {
        let r = w.mutate("auth.login.start", &format!("op-{provider}"), json!({"provider_id":provider}));
        assert_eq!(
            (code(&r), r["error"]["message"].as_str()),
            ("provider_unavailable", Some("provider does not support this operation"))
        );
    }
    assert_eq!(code(&w.mutate("auth.login.cancel", "op-c0", json!({"login_id":"login_nope"}))), "unknown_login");
    assert_eq!(
        code(&w.mutate("auth.login.callback", "op-b0", json!({"login_id":"login_nope","input":"x"}))),
        "unknown_login"
    );
    let login = start_login(&mut w, "op-1");
    let mut other = Wire::connect(&d);
    assert_eq!(code(&other.mutate("auth.login.start", "op-2", json!({"provider_id":"openai-codex"}))), "auth_busy");
    let big = "x".repeat(constants::LOGIN_INPUT_MAX_BYTES as usize + 1);
    assert_eq!(
        code(&w.mutate("auth.login.callback", "op-b1", json!({"login_id":login.id,"input":big}))),
        "invalid_payload"
    );
    assert_eq!(
        code(&w.mutate("auth.login.callback", "op-b2", json!({"login_id":login.id,"input":""}))),
        "invalid_payload"
    );
    assert_eq!(
        code(&w.mutate("auth.login.start", "op-3", json!({"provider_id":"openai-codex","extra":1}))),
        "invalid_payload"
    );
    // "Send auth.login.cancel ... to receive status:"cancellation_requested". Wait for the terminal event, normally state:"cancelled""
    let r = w.mutate("auth.login.cancel", "op-c1", json!({"login_id":login.id}));
    assert_eq!(ok(&r), &json!({"login_id":login.id,"status":"cancellation_requested"}));
    assert_eq!(terminal_state(&w.until_terminal()), "cancelled");
    assert_eq!(code(&w.mutate("auth.login.cancel", "op-c2", json!({"login_id":login.id}))), "unknown_login");
    assert!(other.events.is_empty(), "events go to the initiating connection only");
    let l = w.read("operation.lookup", json!({"operation_id":"op-1"}));
    assert_eq!(ok(&l)["outcome"]["status"], "cancelled");
    assert_eq!(
        ok(&w.read("operation.lookup", json!({"operation_id":"op-2"})))["outcome"]["error"]["code"],
        "auth_busy"
    );
}

#[test]
fn the_redirect_wait_is_shortened_by_configuration() {
    // "The existing loopback listener waits up to five minutes" — shortened here by AGENTWIRE_LOGIN_WAIT_MS.
    let sb = Sandbox::new();
    let iss = issuer();
    let mut env = issuer_env(&iss);
    env.push(("AGENTWIRE_LOGIN_WAIT_MS", "400".into()));
    let d = start(&sb, &env);
    let mut w = Wire::connect(&d);
    let began = Instant::now();
    let login = start_login(&mut w, "op-1");
    assert_eq!(terminal_state(&w.until_terminal()), "callback_timeout");
    assert!(began.elapsed() < Duration::from_secs(10));
    let port = reqwest::Url::parse(&login.param("redirect_uri")).unwrap().port().unwrap();
    assert!(TcpStream::connect(("127.0.0.1", port)).is_err(), "cleanup closed the listener");
}

#[test]
fn exchange_failure_is_a_fixed_label() {
    // "Terminal failures are fixed labels ... No underlying provider response or callback text is included."
    let sb = Sandbox::new();
    let iss = issuer();
    iss.fail.store(true, Ordering::SeqCst);
    let d = start(&sb, &issuer_env(&iss));
    let mut w = Wire::connect(&d);
    let login = start_login(&mut w, "op-1");
    ok(&w.mutate("auth.login.callback", "op-cb", json!({"login_id":login.id,"input":GOOD_CODE})));
    let events = w.until_terminal();
    assert_eq!(states(&events), ["callback_received", "callback_accepted", "exchange_failed"]);
    assert!(!w.seen.concat().contains(CANARY));
}

#[test]
fn logout_during_login_is_auth_changed() {
    // "Login commits only against the generation observed at start, so concurrent logout ... can cause auth_changed"
    let sb = Sandbox::new();
    let iss = issuer();
    let d = start(&sb, &issuer_env(&iss));
    let mut w = Wire::connect(&d);
    // This service's own logout stops its login.
    let login = start_login(&mut w, "op-1");
    let r = w.mutate("auth.logout", "op-out-1", json!({"provider_id":"openai-codex","confirmed":true}));
    assert_eq!(ok(&r)["removed"], false);
    assert_eq!(terminal_state(&w.until_terminal()), "auth_changed");
    let _ = login;
    // Another service on the same state root logs out while the exchange runs.
    iss.delay_ms.store(1_500, Ordering::SeqCst);
    let other = start_in(&sb, &second_workspace(&sb), &issuer_env(&iss));
    let mut o = Wire::connect(&other);
    let login = start_login(&mut w, "op-2");
    ok(&w.mutate("auth.login.callback", "op-cb", json!({"login_id":login.id,"input":GOOD_CODE})));
    assert_eq!(w.event()["payload"]["state"], "callback_received");
    assert_eq!(w.event()["payload"]["state"], "callback_accepted");
    ok(&o.mutate("auth.logout", "op-out-2", json!({"provider_id":"openai-codex","confirmed":true})));
    assert_eq!(terminal_state(&w.until_terminal()), "auth_changed");
    assert!(read_auth(&sb)["records"]["openai-codex"].is_null(), "newer state is never overwritten");
}

#[test]
fn cancel_racing_a_successful_commit_is_consistent() {
    // "A storage commit that already won the race may still finish successfully."
    let sb = Sandbox::new();
    let iss = issuer();
    iss.delay_ms.store(300, Ordering::SeqCst);
    let d = start(&sb, &issuer_env(&iss));
    let mut w = Wire::connect(&d);
    let mut seen = Vec::new();
    for (i, wait_ms) in [0u64, 150, 290, 300, 310, 330, 400, 1_500].into_iter().enumerate() {
        write_auth(&sb, &json!({}));
        let login = start_login(&mut w, &format!("op-{i}"));
        ok(&w.mutate("auth.login.callback", &format!("op-cb-{i}"), json!({"login_id":login.id,"input":GOOD_CODE})));
        std::thread::sleep(Duration::from_millis(wait_ms));
        let cancel = w.mutate("auth.login.cancel", &format!("op-c-{i}"), json!({"login_id":login.id}));
        let state = terminal_state(&w.until_terminal());
        let stored = !read_auth(&sb)["records"]["openai-codex"].is_null();
        match state.as_str() {
            "cancelled" => assert!(!stored, "a cancelled login stores nothing"),
            "exchange_succeeded" => assert!(stored, "a won commit is complete"),
            other => panic!("unexpected terminal {other}"),
        }
        assert!(matches!(code(&cancel), "" | "unknown_login"), "{cancel}");
        seen.push(state);
    }
    assert!(seen.iter().any(|s| s == "cancelled"), "{seen:?}");
    assert!(seen.iter().any(|s| s == "exchange_succeeded"), "{seen:?}");
}

#[test]
fn disconnect_cleans_up_the_connections_login() {
    // "Disconnect revokes all of that connection's grants and login cleanup"
    let sb = Sandbox::new();
    let iss = issuer();
    let d = start(&sb, &issuer_env(&iss));
    let mut a = Wire::connect(&d);
    let login = start_login(&mut a, "op-a");
    drop(a);
    let mut b = Wire::connect(&d);
    let settled = wait_until(Duration::from_secs(10), || {
        b.read("operation.lookup", json!({"operation_id":"op-a"}))["payload"]["state"] == "settled"
    });
    assert!(settled);
    assert_eq!(b.read("operation.lookup", json!({"operation_id":"op-a"}))["payload"]["outcome"]["status"], "cancelled");
    assert_eq!(code(&b.mutate("auth.login.cancel", "op-c", json!({"login_id":login.id}))), "unknown_login");
    start_login(&mut b, "op-b");
}

#[test]
fn a_login_whose_start_response_cannot_be_written_is_cleaned_up() {
    // The start response's write fails (the peer stopped reading), which closes the
    // connection; the login, released by that failed write instead of waiting for a response
    // that never comes, ends like any login of a closed connection.
    let sb = Sandbox::new();
    let iss = issuer();
    let d = start(&sb, &issuer_env(&iss));
    let mut a = Wire::connect(&d);
    a.stream.shutdown(std::net::Shutdown::Read).unwrap();
    let (env, _) = a.envelope("auth.login.start", Some("op-a"), json!({"provider_id":"openai-codex"}));
    let mut line = serde_json::to_vec(&env).unwrap();
    line.push(b'\n');
    a.stream.write_all(&line).unwrap();
    let mut b = Wire::connect(&d);
    let settled = wait_until(Duration::from_secs(10), || {
        b.read("operation.lookup", json!({"operation_id":"op-a"}))["payload"]["state"] == "settled"
    });
    assert!(settled);
    assert_eq!(b.read("operation.lookup", json!({"operation_id":"op-a"}))["payload"]["outcome"]["status"], "cancelled");
    start_login(&mut b, "op-b");
}

// =======================================================================================
// Logout

#[test]
fn logout_needs_confirmation_and_removes_only_that_record() {
    // "Logout removes only that provider's local record and preserves unrelated records ... advances the provider generation even if its record is absent."
    let sb = Sandbox::new();
    write_auth(
        &sb,
        &json!({"version":1,"generations":{"anthropic":4},"records":{
        "anthropic":{"type":"api_key","api_key":"k"},"openai-codex":codex_record("a", Some("r"), far_future()),"someone-else":{"type":"x"}}}),
    );
    let d = start(&sb, &[("ANTHROPIC_API_KEY", "env-key".into())]);
    let mut w = Wire::connect(&d);
    for payload in [json!({"provider_id":"anthropic"}), json!({"provider_id":"anthropic","confirmed":false})] {
        let r = w.mutate("auth.logout", &format!("op-{payload}"), payload);
        assert_eq!(
            (code(&r), r["error"]["message"].as_str()),
            ("confirmation_required", Some("logout requires explicit confirmation"))
        );
    }
    assert_eq!(
        code(&w.mutate("auth.logout", "op-bad", json!({"provider_id":"anthropic","confirmed":null}))),
        "invalid_payload"
    );
    assert_eq!(
        code(&w.mutate("auth.logout", "op-local", json!({"provider_id":"local","confirmed":true}))),
        "provider_unavailable"
    );
    let r = w.mutate("auth.logout", "op-1", json!({"provider_id":"anthropic","confirmed":true}));
    assert_eq!(
        ok(&r),
        &json!({"provider_id":"anthropic","status":"logged_out","removed":true,"environment_unchanged":true})
    );
    let auth = read_auth(&sb);
    assert!(auth["records"]["anthropic"].is_null());
    assert!(!auth["records"]["openai-codex"].is_null() && !auth["records"]["someone-else"].is_null());
    assert_eq!(auth["generations"]["anthropic"], 5);
    assert_eq!(
        ok(&w.mutate("auth.logout", "op-2", json!({"provider_id":"anthropic","confirmed":true})))["removed"],
        false
    );
    assert_eq!(read_auth(&sb)["generations"]["anthropic"], 6);
    // "an environment-backed provider can remain ready after local logout"
    assert_eq!(auth_entry(&mut w, "anthropic")["ready"], true);
    std::fs::write(auth_file(&sb), b"{broken").unwrap();
    assert_eq!(
        code(&w.mutate("auth.logout", "op-3", json!({"provider_id":"anthropic","confirmed":true}))),
        "internal_error"
    );
}

// =======================================================================================
// Catalogs

/// An Anthropic models endpoint that checks the key and version headers.
fn anthropic_mock(key: &'static str, fail: Arc<AtomicBool>, delay_ms: Arc<AtomicU64>) -> Mock {
    Mock::start(move |hit| {
        std::thread::sleep(Duration::from_millis(delay_ms.load(Ordering::SeqCst)));
        if fail.load(Ordering::SeqCst) {
            return (500, json!({"error":{"message":format!("upstream exploded {CANARY}-error")}}).to_string());
        }
        let authorized = hit.headers.get("x-api-key").map(String::as_str) == Some(key)
            && hit.headers.contains_key("anthropic-version");
        if hit.path() != "/v1/models" || !authorized {
            return (401, json!({"error":format!("{CANARY}-denied")}).to_string());
        }
        let long = "L".repeat(300);
        (200, json!({"data":[
            {"id":"claude-a","display_name":"Claude A","max_input_tokens":200000,"max_tokens":64000,"secret":format!("{CANARY}-field")},
            {"id":"claude-b","display_name":"Claude\u{202e} B\n"},
            {"id":"claude-a","display_name":"duplicate"},
            {"id":format!("sk-ant-api03-{CANARY}abcdefghijklmnop")},
            {"id":"claude-c","display_name":long},
            {"id":"claude-d","display_name":format!("leaky sk-ant-api03-{CANARY}abcdefghijklmnop")}
        ],"has_more":false}).to_string())
    })
}

#[test]
fn catalog_providers_are_sorted_deduplicated_and_paged() {
    // "Provider entries include the built-ins ... plus currently configured custom providers, sorted by ID and deduplicated."
    let sb = Sandbox::new();
    std::fs::write(global_settings(&sb), "[providers.zeta]\nbase_url = \"http://127.0.0.1:9/v1\"\nlabel = \"Zeta\u{202e} server\"\n\n[providers.anthropic]\nbase_url = \"http://127.0.0.1:9/v1\"\n\n[providers.alpha]\nbase_url = \"http://127.0.0.1:9/v1\"\n\n[providers.bad]\nbase_url = \"nope\"\n").unwrap();
    let d = start(&sb, &[]);
    let mut w = Wire::connect(&d);
    let all = w.read("catalog.providers", json!({}));
    assert_eq!(ok(&all)["refresh"], "cache_only");
    let entries = all["payload"]["entries"].as_array().unwrap();
    let ids: Vec<&str> = entries.iter().map(|e| e["provider_id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["alpha", "anthropic", "local", "openai-codex", "zeta"]);
    assert_eq!(entries[2]["label"], "local (offline demo)");
    assert_eq!(entries[4]["label"], "Zeta server");
    let p1 = w.read("catalog.providers", json!({"offset":0,"limit":2}));
    assert_eq!((ok(&p1)["entries"].as_array().unwrap().len(), p1["payload"]["next_offset"].as_u64()), (2, Some(2)));
    let p3 = w.read("catalog.providers", json!({"offset":4,"limit":2}));
    assert_eq!((ok(&p3)["entries"].as_array().unwrap().len(), p3["payload"]["next_offset"].clone()), (1, Value::Null));
    assert_eq!(ok(&w.read("catalog.providers", json!({"offset":100000})))["entries"], json!([]));
    for bad in [
        json!({"limit":0}),
        json!({"limit":limits::MAX_CATALOG_PAGE_ITEMS + 1}),
        json!({"offset":constants::CATALOG_MAX_OFFSET + 1}),
        json!({"offset":null}),
        json!({"x":1}),
    ] {
        assert_eq!(code(&w.read("catalog.providers", bad.clone())), "invalid_payload", "{bad}");
    }
    std::fs::write(global_settings(&sb), "[providers\n").unwrap();
    assert_eq!(code(&w.read("catalog.providers", json!({}))), "internal_error");
}

#[test]
fn catalog_models_are_cache_only_and_refresh_discovers() {
    // "catalog.providers and catalog.models are cache-only ... catalog.refresh explicitly invokes existing provider discovery"
    let sb = Sandbox::new();
    let (fail, delay) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicU64::new(0)));
    let api = anthropic_mock("test-key", Arc::clone(&fail), delay);
    let d = start(&sb, &[("ANTHROPIC_API_KEY", "test-key".into()), ("AGENTWIRE_ANTHROPIC_BASE_URL", api.url())]);
    let mut w = Wire::connect(&d);
    let before = w.read("catalog.models", json!({"provider_id":"anthropic"}));
    assert_eq!((ok(&before)["state"].as_str(), before["payload"]["entries"].clone()), (Some("unavailable"), json!([])));
    assert!(api.hits().is_empty(), "reads make no discovery request");
    let r = w.mutate("catalog.refresh", "op-r1", json!({"provider_id":"anthropic"}));
    assert_eq!(ok(&r), &json!({"provider_id":"anthropic","state":"fresh_cache"}));
    assert_eq!(api.hits()[0].headers["anthropic-version"], "2023-06-01");
    let page1 = w.read("catalog.models", json!({"provider_id":"anthropic","limit":2}));
    assert_eq!(
        (ok(&page1)["state"].as_str(), page1["payload"]["refresh"].as_str(), page1["payload"]["next_offset"].as_u64()),
        (Some("fresh_cache"), Some("cache_only"), Some(2))
    );
    assert_eq!(
        page1["payload"]["entries"][0],
        json!({"provider_id":"anthropic","model_id":"claude-a","label":"Claude A","available":true,
        "context_window":200000,"max_output_tokens":64000,"available_thinking_levels":["default","low","medium","high","max"]})
    );
    assert_eq!(page1["payload"]["entries"][1]["label"], "Claude B");
    let page2 = w.read("catalog.models", json!({"provider_id":"anthropic","offset":2,"limit":2}));
    let rest = ok(&page2)["entries"].as_array().unwrap().clone();
    assert_eq!(rest.iter().map(|e| e["model_id"].as_str().unwrap()).collect::<Vec<_>>(), ["claude-c", "claude-d"]);
    assert!(rest[0]["label"].as_str().unwrap().len() as u64 <= constants::LABEL_MAX_BYTES);
    assert!(!rest[1]["label"].as_str().unwrap().contains(CANARY), "labels are display-sanitized");
    assert_eq!(page2["payload"]["next_offset"], Value::Null);
    assert_eq!(code(&w.read("catalog.models", json!({"provider_id":"nobody"}))), "invalid_selection");
    // Stale: shown, never selectable. A failed refresh keeps the stale data.
    edit_cache(&sb, "anthropic", |v| v["fetched_at_ms"] = json!(0));
    let stale = w.read("catalog.models", json!({"provider_id":"anthropic"}));
    assert_eq!(ok(&stale)["state"], "stale");
    assert!(stale["payload"]["entries"].as_array().unwrap().iter().all(|e| e["available"] == false));
    fail.store(true, Ordering::SeqCst);
    let r = w.mutate("catalog.refresh", "op-r2", json!({"provider_id":"anthropic"}));
    assert_eq!(
        (code(&r), r["error"]["message"].as_str()),
        ("catalog_refresh_failed", Some("catalog refresh failed; check provider readiness and retry"))
    );
    assert_eq!(ok(&w.read("catalog.models", json!({"provider_id":"anthropic"})))["state"], "stale");
    assert_eq!(code(&w.mutate("catalog.refresh", "op-r3", json!({"provider_id":"nobody"}))), "invalid_selection");
    assert_eq!(ok(&w.mutate("catalog.refresh", "op-r4", json!({"provider_id":"local"})))["state"], "fresh_cache");
    assert!(!w.seen.concat().contains(CANARY));
}

#[test]
fn custom_and_codex_discovery_use_their_credentials() {
    // Custom OpenAI-compatible providers: "GET {base}/models with bearer key"; Codex refresh is internal and generation-checked.
    let sb = Sandbox::new();
    let server = Mock::start(|hit| {
        let auth = hit.headers.get("authorization").cloned().unwrap_or_default();
        match hit.path() {
            "/v1/models" if auth == "Bearer custom-key" => (200, json!({"object":"list","data":[{"id":"qwen2.5-coder:7b","object":"model"}]}).to_string()),
            "/codex/models" if auth == format!("Bearer {CANARY}-refreshed-access") => {
                (200, json!({"models":[{"slug":"gpt-5-codex","display_name":"GPT-5 Codex","supported_reasoning_levels":[{"effort":"low"},{"effort":"high"}]}]}).to_string())
            }
            _ => (401, "{}".into()),
        }
    });
    let iss = issuer();
    std::fs::write(global_settings(&sb), format!("[providers.my-server]\nbase_url = \"{}/v1\"\napi_key_env = \"MY_SERVER_KEY\"\n\n[providers.fixed]\nbase_url = \"{}/v1\"\nmodels = [\"m-1\", \"m-2\"]\n", server.url(), server.url())).unwrap();
    write_auth(
        &sb,
        &json!({"version":1,"records":{"openai-codex":codex_record(&format!("{CANARY}-old"), Some(&format!("{CANARY}-refresh")), 1)}}),
    );
    let mut env = issuer_env(&iss);
    env.extend([
        ("MY_SERVER_KEY", "custom-key".to_owned()),
        ("AGENTWIRE_CODEX_BASE_URL", format!("{}/codex", server.url())),
    ]);
    let d = start(&sb, &env);
    let mut w = Wire::connect(&d);
    assert_eq!(ok(&w.mutate("catalog.refresh", "op-1", json!({"provider_id":"my-server"})))["state"], "fresh_cache");
    assert_eq!(
        ok(&w.read("catalog.models", json!({"provider_id":"my-server"})))["entries"][0]["available_thinking_levels"],
        json!(["default"])
    );
    let fixed = w.read("catalog.models", json!({"provider_id":"fixed"}));
    assert_eq!(
        (ok(&fixed)["state"].as_str(), fixed["payload"]["entries"].as_array().unwrap().len()),
        (Some("fresh_cache"), 2)
    );
    // The expired Codex token is refreshed inside the daemon, then used.
    let before = read_auth(&sb)["generations"]["openai-codex"].as_u64().unwrap_or(0);
    assert_eq!(ok(&w.mutate("catalog.refresh", "op-2", json!({"provider_id":"openai-codex"})))["state"], "fresh_cache");
    let auth = read_auth(&sb);
    assert_eq!(auth["records"]["openai-codex"]["access_token"], format!("{CANARY}-refreshed-access"));
    assert_eq!(
        auth["records"]["openai-codex"]["refresh_token"],
        format!("{CANARY}-refresh"),
        "an unrotated refresh token is kept"
    );
    assert_eq!(auth["generations"]["openai-codex"].as_u64(), Some(before + 1));
    let codex = w.read("catalog.models", json!({"provider_id":"openai-codex"}));
    assert_eq!(ok(&codex)["entries"][0]["available_thinking_levels"], json!(["default", "low", "high"]));
    assert!(iss.mock.hits().iter().any(|h| h.form().get("grant_type").map(String::as_str) == Some("refresh_token")));
}

// =======================================================================================
// Configuration

fn set(w: &mut Wire, op: &str, payload: Value) -> Value {
    w.mutate("config.set", op, payload)
}

fn refreshed_anthropic(sb: &Sandbox) -> (Mock, Daemon, Wire) {
    let api = anthropic_mock("test-key", Arc::default(), Arc::default());
    let d = start(sb, &[("ANTHROPIC_API_KEY", "test-key".into()), ("AGENTWIRE_ANTHROPIC_BASE_URL", api.url())]);
    let mut w = Wire::connect(&d);
    ok(&w.mutate("catalog.refresh", "op-refresh", json!({"provider_id":"anthropic"})));
    (api, d, w)
}

#[test]
fn config_get_defaults_to_the_offline_provider() {
    // "selection follows current settings and MC_PROVIDER/MC_MODEL overrides, with the normal provider/model defaults when unset"
    let sb = Sandbox::new();
    let d = start(&sb, &[]);
    let mut w = Wire::connect(&d);
    let r = w.read("config.get", json!({}));
    assert_eq!(
        ok(&r),
        &json!({"selection":{"provider_id":"local","model_id":"offline"},"thinking_level":"default","configured_thinking_level":"default",
        "available_thinking_levels":["default"],"fast":false,"precedence":["environment","project","global"],"writable_scopes":["global","project"],"global_only":["fast"]})
    );
    assert_eq!(code(&w.read("config.get", json!({"x":1}))), "invalid_payload");
    std::fs::write(global_settings(&sb), "fast = \"yes\"\n").unwrap();
    let r = w.read("config.get", json!({}));
    assert_eq!(
        (code(&r), r["error"]["message"].as_str()),
        ("configuration_unavailable", Some("configuration could not be read; check settings"))
    );
    assert_eq!(code(&set(&mut w, "op-1", json!({"scope":"global","fast":true}))), "configuration_unavailable");
}

#[test]
fn config_set_validates_against_fresh_catalogs() {
    // "selection requires both IDs. It must name an enabled model in a fresh matching catalog."
    let sb = Sandbox::new();
    let d = start(&sb, &[]);
    let mut w = Wire::connect(&d);
    let sel = |p: &str, m: &str| json!({"provider_id":p,"model_id":m});
    assert_eq!(
        code(&set(&mut w, "op-1", json!({"scope":"global","selection":sel("anthropic","claude-a")}))),
        "catalog_unavailable"
    );
    drop(w);
    stop(&d);
    let (_api, _d, mut w) = refreshed_anthropic(&sb);
    let cases = [
        (json!({"scope":"project","fast":false}), "invalid_scope"),
        (json!({"scope":"project","selection":sel("anthropic","claude-a"),"fast":true}), "invalid_scope"),
        (json!({"scope":"global","selection":sel("anthropic","claude-zzz")}), "invalid_selection"),
        (json!({"scope":"global","selection":sel("nobody","m")}), "invalid_selection"),
        (
            json!({"scope":"global","selection":sel("anthropic","claude-a"),"thinking_level":"x_high"}),
            "unsupported_reasoning",
        ),
        (json!({"scope":"global","thinking_level":"high"}), "unsupported_reasoning"),
        (json!({"scope":"global","thinking_level":"extreme"}), "invalid_payload"),
        (json!({"scope":"global"}), "invalid_payload"),
        (json!({"scope":"global","fast":null}), "invalid_payload"),
        (json!({"scope":"global","selection":{"provider_id":"anthropic"}}), "invalid_payload"),
        (json!({"scope":"everywhere","fast":true}), "invalid_payload"),
        (json!({"scope":"global","fast":true,"theme":"dark"}), "invalid_payload"),
    ];
    for (i, (payload, expected)) in cases.into_iter().enumerate() {
        let r = set(&mut w, &format!("op-e{i}"), payload.clone());
        assert_eq!(code(&r), expected, "{payload}");
        assert!(r["payload"].is_null());
    }
    assert!(!global_settings(&sb).exists() && !project_settings(&sb).exists(), "nothing was written");
    edit_cache(&sb, "anthropic", |v| v["models"][1]["disabled"] = json!(true));
    assert_eq!(
        code(&set(&mut w, "op-dis", json!({"scope":"global","selection":sel("anthropic","claude-b")}))),
        "invalid_selection"
    );
    edit_cache(&sb, "anthropic", |v| v["fetched_at_ms"] = json!(0));
    assert_eq!(
        code(&set(&mut w, "op-stale", json!({"scope":"global","selection":sel("anthropic","claude-a")}))),
        "catalog_stale"
    );
}

#[test]
fn config_set_persists_by_scope_with_precedence() {
    // "A selection change without thinking_level resets the saved reasoning choice to default ... Higher-precedence project/environment values can mask a successful global write"
    let sb = Sandbox::new();
    let (_api, d, mut w) = refreshed_anthropic(&sb);
    let sel = |p: &str, m: &str| json!({"provider_id":p,"model_id":m});
    let r = set(
        &mut w,
        "op-1",
        json!({"scope":"global","selection":sel("anthropic","claude-a"),"thinking_level":"high","fast":true}),
    );
    let p = ok(&r);
    assert_eq!((p["persisted"].as_bool(), p["scope"].as_str()), (Some(true), Some("global")));
    assert_eq!(p["effective"]["selection"], sel("anthropic", "claude-a"));
    assert_eq!(
        (p["effective"]["thinking_level"].as_str(), p["effective"]["fast"].as_bool()),
        (Some("high"), Some(true))
    );
    // Project selection masks the global one; its reasoning is reset to default there.
    let r = set(&mut w, "op-2", json!({"scope":"project","selection":sel("local","offline")}));
    assert_eq!(ok(&r)["effective"]["selection"], sel("local", "offline"));
    assert_eq!(
        (r["payload"]["effective"]["configured_thinking_level"].as_str(), r["payload"]["effective"]["fast"].as_bool()),
        (Some("default"), Some(true))
    );
    let text = std::fs::read_to_string(project_settings(&sb)).unwrap();
    assert!(
        text.contains("provider = \"local\"")
            && text.contains("thinking_level = \"default\"")
            && !text.contains("fast"),
        "{text}"
    );
    // A masked global write succeeds and says what is effective.
    let r = set(&mut w, "op-3", json!({"scope":"global","thinking_level":"default"}));
    assert_eq!(code(&r), "", "{r}");
    // Reasoning-only change validates the effective (project) selection.
    assert_eq!(code(&set(&mut w, "op-4", json!({"scope":"project","thinking_level":"high"}))), "unsupported_reasoning");
    // Fast-only write needs no catalog.
    std::fs::remove_dir_all(sb.mc_home.join("catalog")).unwrap();
    assert_eq!(ok(&set(&mut w, "op-5", json!({"scope":"global","fast":false})))["effective"]["fast"], false);
    assert_eq!(ok(&w.read("config.get", json!({})))["selection"], sel("local", "offline"));
    // "They survive service restart"; the environment layer wins over both files.
    drop(w);
    stop(&d);
    let d = start(&sb, &[("MC_PROVIDER", "anthropic".into()), ("MC_MODEL", "claude-b".into())]);
    let mut w = Wire::connect(&d);
    let g = w.read("config.get", json!({}));
    assert_eq!(ok(&g)["selection"], sel("anthropic", "claude-b"));
    assert_eq!(g["payload"]["configured_thinking_level"], "default");
}

#[test]
fn unknown_settings_are_preserved_byte_for_byte() {
    // "It preserves unrelated and unknown settings fields."
    let sb = Sandbox::new();
    let head =
        "# my settings, hand-written\nprovider = \"local\"    # chosen provider\nmystery = { nested = [1, 2,   3] }\n";
    let tail = "\n[unknown.section]\nkeep = 'single quotes'   # do not touch\n\n[providers.custom]\nbase_url = \"http://127.0.0.1:9/v1\"\nmodels = [\"m-1\"]\n";
    std::fs::write(global_settings(&sb), format!("{head}{tail}")).unwrap();
    let d = start(&sb, &[]);
    let mut w = Wire::connect(&d);
    ok(&set(
        &mut w,
        "op-1",
        json!({"scope":"global","selection":{"provider_id":"custom","model_id":"m-1"},"fast":true}),
    ));
    let after = std::fs::read_to_string(global_settings(&sb)).unwrap();
    assert!(after.starts_with("# my settings, hand-written\nprovider = \"custom\"    # chosen provider\nmystery = { nested = [1, 2,   3] }\n"), "{after}");
    assert!(after.ends_with(tail), "{after}");
    assert!(after.contains("model = \"m-1\"\n") && after.contains("fast = true\n"), "{after}");
}

#[test]
fn one_configuration_worker_and_writes_finish_after_disconnect() {
    // "One configuration worker bounds overlapping catalog/config work (configuration_busy) ... Accepted writes/refreshes finish after disconnect"
    let sb = Sandbox::new();
    let delay = Arc::new(AtomicU64::new(1_500));
    let api = anthropic_mock("test-key", Arc::default(), Arc::clone(&delay));
    let d = start(&sb, &[("ANTHROPIC_API_KEY", "test-key".into()), ("AGENTWIRE_ANTHROPIC_BASE_URL", api.url())]);
    let mut a = Wire::connect(&d);
    let (env, _) = a.envelope("catalog.refresh", Some("op-slow"), json!({"provider_id":"anthropic"}));
    a.stream.write_all(format!("{env}\n").as_bytes()).unwrap();
    assert!(wait_until(Duration::from_secs(5), || !api.hits().is_empty()));
    let mut b = Wire::connect(&d);
    let r = set(&mut b, "op-busy", json!({"scope":"global","fast":true}));
    assert_eq!(
        (code(&r), r["error"]["message"].as_str()),
        ("configuration_busy", Some("a configuration operation is running; retry after its response"))
    );
    assert_eq!(code(&b.mutate("catalog.refresh", "op-busy-2", json!({"provider_id":"local"}))), "configuration_busy");
    drop(a);
    // The operation's outcome is recorded after the catalog it wrote is visible: wait for the
    // outcome (under load the lookup can come between the two).
    let done = wait_until(Duration::from_secs(10), || {
        b.read("operation.lookup", json!({"operation_id":"op-slow"}))["payload"]["outcome"]["status"] == "succeeded"
    });
    assert!(done, "the refresh of a closed connection still finished");
    assert_eq!(ok(&b.read("catalog.models", json!({"provider_id":"anthropic"})))["state"], "fresh_cache");
    assert_eq!(ok(&set(&mut b, "op-free", json!({"scope":"global","fast":true})))["effective"]["fast"], true);
}

#[test]
fn two_processes_write_settings_and_auth_without_lost_updates() {
    // "Protected auth writes retain permissions, atomic replacement, and cross-process locking"; settings use "the existing locked, atomic settings writer".
    let sb = Sandbox::new();
    std::fs::write(global_settings(&sb), "# keep me\nunknown = 1\n").unwrap();
    let a = start(&sb, &[]);
    let b = start_in(&sb, &second_workspace(&sb), &[]);
    let stop_reader = Arc::new(AtomicBool::new(false));
    let reader = {
        let (stop, settings, auth) = (Arc::clone(&stop_reader), global_settings(&sb), auth_file(&sb));
        std::thread::spawn(move || {
            let mut reads = 0;
            while !stop.load(Ordering::SeqCst) {
                if let Ok(text) = std::fs::read_to_string(&settings) {
                    assert!(text.parse::<toml_edit::DocumentMut>().is_ok(), "torn settings: {text:?}");
                    reads += 1;
                }
                if let Ok(bytes) = std::fs::read(&auth) {
                    serde_json::from_slice::<Value>(&bytes).unwrap_or_else(|_| panic!("torn auth file"));
                }
            }
            reads
        })
    };
    const N: usize = 15;
    let run = |d: &Daemon, settings: fn(usize) -> Value, provider: &'static str| {
        let mut w = Wire::connect(d);
        for i in 0..N {
            assert_eq!(code(&set(&mut w, &format!("op-s{i}"), settings(i))), "", "write {i}");
            ok(&w.mutate("auth.logout", &format!("op-l{i}"), json!({"provider_id":provider,"confirmed":true})));
        }
    };
    std::thread::scope(|s| {
        s.spawn(|| run(&a, |i| json!({"scope":"global","fast":i % 2 == 0}), "anthropic"));
        s.spawn(|| {
            run(
                &b,
                |_| json!({"scope":"global","selection":{"provider_id":"local","model_id":"offline"}}),
                "openai-codex",
            )
        });
    });
    stop_reader.store(true, Ordering::SeqCst);
    assert!(reader.join().unwrap() > 0);
    let text = std::fs::read_to_string(global_settings(&sb)).unwrap();
    assert!(text.starts_with("# keep me\nunknown = 1\n"), "{text}");
    assert!(
        text.contains("fast = true") && text.contains("provider = \"local\"") && text.contains("model = \"offline\""),
        "{text}"
    );
    let auth = read_auth(&sb);
    assert_eq!(
        (auth["generations"]["anthropic"].as_u64(), auth["generations"]["openai-codex"].as_u64()),
        (Some(N as u64), Some(N as u64)),
        "no lost update"
    );
}

// =======================================================================================
// Secrets canary

#[test]
fn secrets_canary_never_leaves_the_process() {
    // "Access tokens, refresh tokens, API keys, account IDs, authorization codes, raw callback URLs, bearer headers, raw provider responses, and auth-file paths/content are absent from all auth responses and events."
    let sb = Sandbox::new();
    let (fail, delay) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicU64::new(0)));
    let api = anthropic_mock("CANARY7f3a-env-key", Arc::clone(&fail), delay);
    let iss = issuer();
    std::fs::write(
        global_settings(&sb),
        "[providers.canary-server]\nbase_url = \"http://127.0.0.1:9/v1\"\napi_key_env = \"CANARY_SERVER_KEY\"\n",
    )
    .unwrap();
    write_auth(
        &sb,
        &json!({"version":1,"records":{
        "openai-codex":codex_record(&format!("{CANARY}-stored-access"), Some(&format!("{CANARY}-stored-refresh")), far_future()),
        "anthropic":{"type":"api_key","api_key":format!("{CANARY}-stored-key")}}}),
    );
    let mut env = issuer_env(&iss);
    env.extend([
        ("ANTHROPIC_API_KEY", format!("{CANARY}-env-key")),
        ("CANARY_SERVER_KEY", format!("{CANARY}-custom-key")),
        ("AGENTWIRE_ANTHROPIC_BASE_URL", api.url()),
        ("AGENTWIRE_CODEX_BASE_URL", api.url()),
    ]);
    let d = start(&sb, &env);
    let mut w = Wire::connect(&d);
    drive_every_route(&mut w, &sb, &fail);
    let transcript = w.seen.concat();
    let log = sb.log();
    let home = sb.mc_home.to_str().unwrap().to_owned();
    for (what, text) in [("wire records", &transcript), ("daemon.log", &log)] {
        assert!(
            !text.contains(CANARY),
            "{what} leaked a canary:\n{}",
            text.lines().filter(|l| l.contains(CANARY)).collect::<Vec<_>>().join("\n")
        );
        assert!(!text.contains("auth.json"), "{what} named the auth file");
        assert!(!text.contains(GOOD_CODE), "{what} echoed an authorization code");
    }
    assert!(!transcript.contains(&home), "wire records carry no state-root path");
    // "Environment values and variable names are not returned."
    for name in ["ANTHROPIC_API_KEY", "CANARY_SERVER_KEY"] {
        assert!(!transcript.contains(name), "wire records named the variable {name}");
    }
    // "Callback input is consumed only inside the login flow": no file of the state root or
    // the workspace keeps any of it.
    let inputs = [format!("{CANARY}-code"), format!("{CANARY}-bare-code"), format!("{CANARY}-again"), GOOD_CODE.into()];
    let files = [files_under(&sb.mc_home), files_under(&sb.workspace)];
    for input in &inputs {
        let kept: Vec<&PathBuf> = files
            .iter()
            .flatten()
            .filter(|(_, bytes)| bytes.windows(input.len()).any(|w| w == input.as_bytes()))
            .map(|(path, _)| path)
            .collect();
        assert!(kept.is_empty(), "callback input {input} kept in {kept:?}");
    }
    assert!(
        transcript.contains("exchange_succeeded") && transcript.contains("catalog_refresh_failed"),
        "the routes really ran"
    );
}

/// Every auth, catalog and config route, successes and errors.
fn drive_every_route(w: &mut Wire, sb: &Sandbox, fail: &AtomicBool) {
    let sel = |p: &str, m: &str| json!({"provider_id":p,"model_id":m});
    w.read("status", json!({}));
    w.read("capabilities", json!({}));
    w.read("auth.status", json!({}));
    w.read("auth.status", json!({"leak":CANARY}));
    // Login: a failed state check, a failed exchange, then success.
    let login = start_login(w, "op-l1");
    w.mutate(
        "auth.login.callback",
        "op-c1",
        json!({"login_id":login.id,"input":format!("http://127.0.0.1:1/auth/callback?code={CANARY}-code&state=wrong")}),
    );
    w.until_terminal();
    let login = start_login(w, "op-l2");
    w.mutate("auth.login.callback", "op-c2", json!({"login_id":login.id,"input":format!("{CANARY}-bare-code")}));
    w.until_terminal();
    let login = start_login(w, "op-l3");
    w.mutate(
        "auth.login.callback",
        "op-c3",
        json!({"login_id":login.id,"input":login.redirect(GOOD_CODE, &login.param("state"))}),
    );
    w.mutate("auth.login.callback", "op-c4", json!({"login_id":login.id,"input":format!("{CANARY}-again")}));
    w.until_terminal();
    w.mutate("auth.login.cancel", "op-x1", json!({"login_id":format!("{CANARY}-login")}));
    w.mutate("auth.login.callback", "op-c5", json!({"login_id":"nope","input":format!("{CANARY}-late")}));
    w.mutate("auth.login.start", "op-l4", json!({"provider_id":"anthropic"}));
    for op in ["op-l1", "op-l2", "op-l3", "op-c3"] {
        w.read("operation.lookup", json!({"operation_id":op}));
    }
    // Catalogs.
    w.read("catalog.providers", json!({}));
    w.mutate("catalog.refresh", "op-r1", json!({"provider_id":"anthropic"}));
    w.read("catalog.models", json!({"provider_id":"anthropic"}));
    w.mutate("catalog.refresh", "op-r2", json!({"provider_id":"canary-server"}));
    w.mutate("catalog.refresh", "op-r3", json!({"provider_id":"openai-codex"}));
    fail.store(true, Ordering::SeqCst);
    w.mutate("catalog.refresh", "op-r4", json!({"provider_id":"anthropic"}));
    w.read("catalog.models", json!({"provider_id":format!("sk-ant-api03-{CANARY}abcdefghijklmnop")}));
    // Configuration.
    w.read("config.get", json!({}));
    w.mutate(
        "config.set",
        "op-s1",
        json!({"scope":"global","selection":sel("anthropic","claude-a"),"thinking_level":"high"}),
    );
    w.mutate("config.set", "op-s2", json!({"scope":"project","fast":true}));
    w.mutate("config.set", "op-s3", json!({"scope":"global","selection":sel("anthropic",&format!("{CANARY}-model"))}));
    w.mutate("config.set", "op-s4", json!({"scope":"global","thinking_level":"x_high"}));
    w.mutate("config.set", "op-s5", json!({"scope":"global","fast":true,"extra":CANARY}));
    w.mutate("config.set", "op-s6", json!({"scope":"global","selection":sel("openai-codex","gpt-5-codex")}));
    w.read("config.get", json!({}));
    // Logout, and the error routes of broken files.
    w.mutate("auth.logout", "op-o1", json!({"provider_id":"anthropic"}));
    w.mutate("auth.logout", "op-o2", json!({"provider_id":"openai-codex","confirmed":true}));
    std::fs::write(auth_file(sb), format!("{{\"{CANARY}\": ")).unwrap();
    w.read("auth.status", json!({}));
    w.read("status", json!({}));
    w.mutate("auth.logout", "op-o3", json!({"provider_id":"anthropic","confirmed":true}));
    w.mutate("auth.login.start", "op-l5", json!({"provider_id":"openai-codex"}));
    std::fs::write(global_settings(sb), format!("provider = \"{CANARY}\" oops")).unwrap();
    w.read("config.get", json!({}));
    w.read("catalog.providers", json!({}));
    w.mutate("config.set", "op-s7", json!({"scope":"global","fast":true}));
}

#[test]
fn write_failures_are_reported_and_nothing_is_persisted() {
    // "Validation or persistence failure returns an error, never persisted:true"; terminal label "storage_failed".
    let sb = Sandbox::new();
    let iss = issuer();
    let d = start(&sb, &issuer_env(&iss));
    let mut w = Wire::connect(&d);
    // A folder where the settings lock file belongs: the locked writer cannot run.
    std::fs::create_dir(mc_home(&sb).join("settings.toml.lock")).unwrap();
    let r = set(&mut w, "op-s", json!({"scope":"global","fast":true}));
    assert_eq!(
        (code(&r), r["error"]["message"].as_str()),
        ("settings_write_failed", Some("settings could not be persisted; check settings and retry"))
    );
    assert!(!global_settings(&sb).exists());
    assert_eq!(ok(&w.read("config.get", json!({})))["fast"], false);
    // Likewise for the auth store lock: the exchange succeeds, storing it fails.
    std::fs::create_dir(mc_home(&sb).join("auth.json.lock")).unwrap();
    let login = start_login(&mut w, "op-l");
    ok(&w.mutate("auth.login.callback", "op-c", json!({"login_id":login.id,"input":GOOD_CODE})));
    assert_eq!(states(&w.until_terminal()), ["callback_received", "callback_accepted", "storage_failed"]);
    assert!(!auth_file(&sb).exists());
    assert_eq!(
        code(&w.mutate("auth.logout", "op-o", json!({"provider_id":"anthropic","confirmed":true}))),
        "internal_error"
    );
}

// =======================================================================================
// Rules no black-box case can observe: private files, the network, the environment

#[test]
fn missing_or_invalid_credentials_report_false() {
    // "Missing or invalid credentials report false." — in auth.status and in
    // status.provider_auth_ready, whichever provider is selected.
    let sb = Sandbox::new();
    let keyed = "[providers.keyed]\nbase_url = \"http://127.0.0.1:9/v1\"\napi_key_env = \"KEYED_TEST_KEY\"\n";
    std::fs::write(global_settings(&sb), keyed).unwrap();
    let d = start(&sb, &[("KEYED_TEST_KEY", "  ".into())]);
    let mut w = Wire::connect(&d);
    let invalid_stores = [
        // A blank API key and a Codex record without any token.
        Some(
            json!({"version":1,"records":{"anthropic":{"type":"api_key","api_key":"  "},"openai-codex":{"type":"oauth"}}}),
        ),
        // A record of the wrong kind, and an expired Codex token that cannot be refreshed.
        Some(
            json!({"version":1,"records":{"anthropic":{"type":"oauth","access_token":"a"},"openai-codex":codex_record("a", None, 1)}}),
        ),
        None,
    ];
    for store in invalid_stores {
        match &store {
            Some(s) => write_auth(&sb, s),
            None => std::fs::remove_file(auth_file(&sb)).unwrap(),
        }
        for (provider, model) in [("anthropic", "claude-a"), ("openai-codex", "gpt-5-codex"), ("keyed", "m")] {
            assert_eq!(auth_entry(&mut w, provider)["ready"], false, "{provider} with {store:?}");
            std::fs::write(global_settings(&sb), format!("provider = {provider:?}\nmodel = {model:?}\n{keyed}"))
                .unwrap();
            let status = w.read("status", json!({}));
            assert_eq!(ok(&status)["provider_auth_ready"], false, "{provider} with {store:?}");
        }
    }
}

#[test]
fn reads_never_refresh_credentials_mutate_auth_or_touch_the_network() {
    // status: "This check never refreshes credentials, mutates auth, or makes a network request."
    // "catalog.providers and catalog.models are cache-only: no discovery request or credential refresh."
    let sb = Sandbox::new();
    let iss = issuer();
    let api = Mock::start(|_| (500, "{}".into()));
    let settings = format!(
        "provider = \"openai-codex\"\nmodel = \"gpt-5-codex\"\n\n[providers.remote]\nbase_url = \"{}/v1\"\n",
        api.url()
    );
    std::fs::write(global_settings(&sb), settings).unwrap();
    // Expired but refreshable: any refresh would reach the issuer and rewrite the store.
    let expired = codex_record(&format!("{CANARY}-old"), Some(&format!("{CANARY}-refresh")), 1);
    write_auth(&sb, &json!({"version":1,"records":{"openai-codex":expired}}));
    let before = std::fs::read(auth_file(&sb)).unwrap();
    let mut env = issuer_env(&iss);
    env.extend([
        ("AGENTWIRE_CODEX_BASE_URL", format!("{}/codex", api.url())),
        ("AGENTWIRE_ANTHROPIC_BASE_URL", api.url()),
        ("ANTHROPIC_API_KEY", "k".into()),
    ]);
    let d = start(&sb, &env);
    let mut w = Wire::connect(&d);
    assert_eq!(ok(&w.read("status", json!({})))["provider_auth_ready"], true, "refreshable counts as ready");
    ok(&w.read("auth.status", json!({})));
    ok(&w.read("catalog.providers", json!({})));
    for provider in ["openai-codex", "anthropic", "remote"] {
        assert_eq!(ok(&w.read("catalog.models", json!({"provider_id":provider})))["state"], "unavailable");
    }
    ok(&w.read("config.get", json!({})));
    assert!(iss.mock.hits().is_empty(), "a read asked the issuer: {:?}", iss.mock.hits());
    assert!(api.hits().is_empty(), "a read reached a provider: {:?}", api.hits());
    assert_eq!(std::fs::read(auth_file(&sb)).unwrap(), before, "a read changed the auth store");
}

#[test]
fn the_service_never_launches_a_browser() {
    // "Offer browser opening, display or copying; the service does not launch a browser."
    // Every usual launcher, first on PATH and in BROWSER, records that it ran.
    let sb = Sandbox::new();
    let iss = issuer();
    let (bin, opened) = (sb.tmp.path().join("bin"), sb.tmp.path().join("opened"));
    std::fs::create_dir_all(&bin).unwrap();
    let launchers =
        ["xdg-open", "open", "gio", "sensible-browser", "x-www-browser", "www-browser", "firefox", "chromium"];
    for name in launchers {
        let path = bin.join(name);
        std::fs::write(&path, format!("#!/bin/sh\necho {name} >> '{}'\n", opened.display())).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let mut env = issuer_env(&iss);
    env.extend([
        ("PATH", format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default())),
        ("BROWSER", bin.join("xdg-open").display().to_string()),
    ]);
    let d = start(&sb, &env);
    let mut w = Wire::connect(&d);
    let login = start_login(&mut w, "op-1");
    // Time for a launcher to run had the daemon started one with the URL.
    std::thread::sleep(Duration::from_millis(500));
    ok(&w.mutate("auth.login.cancel", "op-c", json!({"login_id":login.id})));
    assert_eq!(terminal_state(&w.until_terminal()), "cancelled");
    assert!(!opened.exists(), "a browser launcher ran: {:?}", std::fs::read_to_string(&opened));
}

#[test]
fn a_fresh_login_never_inherits_another_accounts_refresh_token() {
    // "Fresh login never inherits another account's refresh token." The store holds another
    // account's refreshable login; the new exchange brings no refresh token of its own.
    let sb = Sandbox::new();
    let iss = issuer();
    iss.no_refresh.store(true, Ordering::SeqCst);
    let other = codex_record("other-access", Some("other-account-refresh"), far_future());
    write_auth(&sb, &json!({"version":1,"records":{"openai-codex":other}}));
    let d = start(&sb, &issuer_env(&iss));
    let mut w = Wire::connect(&d);
    let login = start_login(&mut w, "op-1");
    ok(&w.mutate("auth.login.callback", "op-cb", json!({"login_id":login.id,"input":GOOD_CODE})));
    assert_eq!(terminal_state(&w.until_terminal()), "exchange_succeeded");
    let record = &read_auth(&sb)["records"]["openai-codex"];
    assert_eq!(record["access_token"], format!("{CANARY}-access"));
    assert_eq!(record["account_id"], format!("{CANARY}-account"));
    assert!(record["refresh_token"].is_null(), "inherited a refresh token: {record}");
}

#[test]
fn catalog_refresh_changes_no_selection_or_settings() {
    // "catalog.refresh ... It does not change the selected model or settings."
    let sb = Sandbox::new();
    let global = "# mine\nprovider = \"local\"\nmodel = \"offline\"\nthinking_level = \"default\"\n";
    let project = "# project\nthinking_level = \"default\"\n";
    std::fs::write(global_settings(&sb), global).unwrap();
    std::fs::create_dir_all(project_settings(&sb).parent().unwrap()).unwrap();
    std::fs::write(project_settings(&sb), project).unwrap();
    let api = anthropic_mock("test-key", Arc::default(), Arc::default());
    let d = start(&sb, &[("ANTHROPIC_API_KEY", "test-key".into()), ("AGENTWIRE_ANTHROPIC_BASE_URL", api.url())]);
    let mut w = Wire::connect(&d);
    let before = ok(&w.read("config.get", json!({}))).clone();
    assert_eq!(ok(&w.mutate("catalog.refresh", "op-r", json!({"provider_id":"anthropic"})))["state"], "fresh_cache");
    assert_eq!(ok(&w.read("config.get", json!({}))), &before);
    assert_eq!(std::fs::read_to_string(global_settings(&sb)).unwrap(), global);
    assert_eq!(std::fs::read_to_string(project_settings(&sb)).unwrap(), project);
}

#[test]
fn config_writes_leave_credentials_providers_tools_and_sessions_alone() {
    // "Writes do not change environment variables, credentials, provider definitions, tools,
    // MCP, or session history."
    let sb = Sandbox::new();
    let tables = "\n[providers.custom]\nbase_url = \"http://127.0.0.1:9/v1\"\nmodels = [\"m-1\"]\n\n[mcp_servers.notes]\ncommand = \"/nonexistent/mcp-server\"\nargs = []\n";
    std::fs::write(global_settings(&sb), format!("provider = \"local\"\nmodel = \"offline\"\n{tables}")).unwrap();
    write_auth(&sb, &json!({"version":1,"records":{"anthropic":{"type":"api_key","api_key":"k"}}}));
    let d = start(&sb, &[("MC_PROVIDER", "local".into()), ("MC_MODEL", "offline".into())]);
    let mut w = Wire::connect(&d);
    ok(&w.mutate("session.create", "op-new", json!({})));
    let (auth, sessions) = (std::fs::read(auth_file(&sb)).unwrap(), files_under(&sb.mc_home.join("sessions")));
    let auth_status = ok(&w.read("auth.status", json!({}))).clone();
    let providers = ok(&w.read("catalog.providers", json!({}))).clone();
    let custom = json!({"provider_id":"custom","model_id":"m-1"});
    let r = set(&mut w, "op-1", json!({"scope":"global","selection":custom,"fast":true}));
    // The environment layer still decides: the write set no MC_PROVIDER/MC_MODEL of its own.
    assert_eq!(ok(&r)["effective"]["selection"], json!({"provider_id":"local","model_id":"offline"}));
    ok(&set(&mut w, "op-2", json!({"scope":"project","selection":custom})));
    assert_eq!(std::fs::read(auth_file(&sb)).unwrap(), auth, "credentials changed");
    let global = std::fs::read_to_string(global_settings(&sb)).unwrap();
    assert!(global.ends_with(tables), "provider definitions or MCP servers changed: {global}");
    assert_eq!(ok(&w.read("catalog.providers", json!({}))), &providers);
    assert_eq!(ok(&w.read("auth.status", json!({}))), &auth_status);
    assert_eq!(files_under(&sb.mc_home.join("sessions")), sessions, "session history changed");
}
