//! Initialization, connection-level errors and correlation (seed "Initialization and
//! decoding"; lifecycle §4).

use super::{b, done, pass, present, s, u, BoxFut, Ctx, Scenario};
use crate::verdict::Failure;
use agentwire_protocol::Method;
use serde_json::{json, Value};

pub const ALL: &[Scenario] = &[
    Scenario {
        id: "scenario.lifecycle.preflight",
        rule: "Before any mutation, validate successful initialization, serving identities, expected workspace/state root, wire 2, transport unix, required operations, the entire advertised event set, activity flags and required limits",
        requires: &[],
        run: preflight,
    },
    Scenario {
        id: "scenario.lifecycle.not_initialized",
        rule: "not_initialized: initialize must complete before this operation",
        requires: &[Method::Status],
        run: not_initialized,
    },
    Scenario {
        id: "scenario.lifecycle.unsupported_version",
        rule: "`supported_protocol_versions` is required, nonempty, contains unsigned 16-bit integers and must include `2`.",
        requires: &[],
        run: unsupported_version,
    },
    Scenario {
        id: "scenario.lifecycle.requested_capabilities",
        rule: "Requested operation names are requirements, not subscriptions or an allowlist.",
        requires: &[Method::Status],
        run: requested_capabilities,
    },
    Scenario {
        id: "scenario.lifecycle.instance_mismatch",
        rule: "every later request carries the values that `initialize` returned (a mismatch is `instance_mismatch`)",
        requires: &[Method::Status],
        run: instance_mismatch,
    },
    Scenario {
        id: "scenario.lifecycle.connection_mismatch",
        rule: "every later request carries the values that `initialize` returned (a mismatch is `instance_mismatch`)",
        requires: &[Method::Status],
        run: connection_mismatch,
    },
    Scenario {
        id: "scenario.lifecycle.control_required",
        rule: "`control` ... required for `turn.start`, `turn.cancel`, `session.detach`",
        requires: &[Method::SessionCreate, Method::SessionDetach],
        run: control_required,
    },
    Scenario {
        id: "scenario.lifecycle.duplicate_request_id",
        rule: "`request_id`: client chosen, 1..128 bytes, unique among this connection's requests in flight (until its response is written).",
        requires: &[Method::SessionList],
        run: duplicate_request_id,
    },
    Scenario {
        id: "scenario.lifecycle.request_id_per_connection",
        rule: "`request_id`: client chosen, 1..128 bytes, unique among this connection's requests in flight (until its response is written).",
        requires: &[Method::SessionList],
        run: request_id_per_connection,
    },
    Scenario {
        id: "scenario.lifecycle.request_id_reuse_after_response",
        rule: "`request_id`: client chosen, 1..128 bytes, unique among this connection's requests in flight (until its response is written).",
        requires: &[Method::Status],
        run: request_id_reuse_after_response,
    },
    Scenario {
        id: "scenario.lifecycle.undecodable_request",
        rule: "Responses to undecodable records carry `request_id:null`. ... The adapter continues after request-level errors when framing can be recovered.",
        requires: &[Method::Status],
        run: undecodable_request,
    },
    Scenario {
        id: "scenario.lifecycle.capabilities",
        rule: "Payload must be `{}`. The result is initialization's complete capability object",
        requires: &[Method::Capabilities],
        run: capabilities,
    },
    Scenario {
        id: "scenario.lifecycle.status",
        rule: "Required result fields are `service:\"ready\"`, `provider_auth_ready` (boolean), `instance_id`, `workspace_id`, `state_root_id` (opaque strings), and `connected_clients`, `admitted_operations` (nonnegative integer counts, including cleanup).",
        requires: &[Method::Status],
        run: status,
    },
];

fn preflight(cx: &mut Ctx) -> BoxFut<'_> {
    // Every connection of the run is preflighted; this case makes the check visible on its own.
    Box::pin(async move {
        let c = cx.client().await?;
        crate::ensure!(c.adv().instance_id == cx.adv.instance_id, "two connections name different instances");
        crate::ensure!(
            c.adv().connection_id != cx.adv.connection_id,
            "two connections share connection_id {}",
            cx.adv.connection_id
        );
        done(c).await?;
        pass()
    })
}

fn not_initialized(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.open().await?;
        let r = c.read("status", None, json!({})).await?;
        r.err("not_initialized", "status before initialize")?;
        crate::ensure!(
            r.0["instance_id"].is_null() && r.0["connection_id"].is_null(),
            "identities before initialization must be null"
        );
        // The connection stays usable: initialization may still follow.
        c.initialize(&cx.target).await?;
        done(c).await?;
        pass()
    })
}

fn unsupported_version(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.open().await?;
        let r = c.read("initialize", None, json!({"supported_protocol_versions":[1]})).await?;
        r.err("unsupported_version", "initialize offering only wire 1")?;
        c.initialize(&cx.target).await?;
        done(c).await?;
        pass()
    })
}

fn requested_capabilities(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.open().await?;
        let r = c
            .read(
                "initialize",
                None,
                json!({"supported_protocol_versions":[2],"requested_capabilities":["session.delete"]}),
            )
            .await?;
        r.err("unsupported_capability", "requiring an operation nobody serves")?;
        // "These are feature flags, not operation names for `requested_capabilities`."
        let r = c
            .read("initialize", None, json!({"supported_protocol_versions":[2],"requested_capabilities":["subagents"]}))
            .await?;
        r.err("unsupported_capability", "requiring an activity feature flag as an operation")?;
        let r = c
            .read("initialize", None, json!({"supported_protocol_versions":[2],"requested_capabilities":["status"]}))
            .await?;
        r.ok("requiring an advertised operation")?;
        pass()
    })
}

fn instance_mismatch(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let mut env = c.request("status", None, None, None, json!({}));
        env["instance_id"] = json!(format!("{}x", cx.adv.instance_id));
        c.call(&env).await?.err("instance_mismatch", "status naming another instance")?;
        done(c).await?;
        pass()
    })
}

fn connection_mismatch(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut a = cx.client().await?;
        let other = cx.client().await?;
        let mut env = a.request("status", None, None, None, json!({}));
        env["connection_id"] = json!(other.adv().connection_id);
        a.call(&env).await?.err("instance_mismatch", "status naming another connection")?;
        done(other).await?;
        done(a).await?;
        pass()
    })
}

fn control_required(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let sid = cx.create(&mut c, "cr-create").await?;
        let r = c.mutate("session.detach", Some(&sid), &cx.op("cr-detach"), None, json!({})).await?;
        r.err("control_required", "session.detach without control")?;
        done(c).await?;
        pass()
    })
}

/// Attempts and copies per attempt of scenario.lifecycle.duplicate_request_id.
const DUPLICATE_ATTEMPTS: usize = 20;
const COPIES: usize = 4;

fn duplicate_request_id(cx: &mut Ctx) -> BoxFut<'_> {
    // Copies of one record with one request ID in a single write: later copies arrive while the
    // first is normally still in flight. Reuse after the first response is written is legal, so
    // a single attempt may see no overlap; but a target that never answers
    // `duplicate_request_id` in all attempts does not enforce the rule, and fails. Each answer
    // must correlate, and the first copy is always served.
    Box::pin(async move {
        let mut c = cx.client().await?;
        let mut refused = 0;
        for attempt in 0..DUPLICATE_ATTEMPTS {
            let env = c.request("session.list", None, None, None, json!({"limit":32}));
            let mut line = serde_json::to_vec(&env).map_err(|e| Failure::new(e.to_string()))?;
            line.push(b'\n');
            c.send_raw(&line.repeat(COPIES)).await?;
            let mut codes = Vec::new();
            for _ in 0..COPIES {
                let r = c.next_response().await?;
                crate::ensure!(
                    r.0["request_id"] == env["request_id"],
                    "a response to the duplicated records has request_id {}",
                    r.0["request_id"]
                );
                if r.code() == Some("duplicate_request_id") {
                    super::rules::echoes(&r.0, &env, "duplicate_request_id")?;
                }
                codes.push(r.code().map(str::to_owned));
            }
            crate::ensure!(codes.iter().any(Option::is_none), "every copy was refused; the first must be served");
            crate::ensure!(
                codes.iter().all(|c| c.is_none() || c.as_deref() == Some("duplicate_request_id")),
                "unexpected answers {codes:?} (attempt {attempt})"
            );
            refused += codes.iter().filter(|c| c.is_some()).count();
        }
        crate::ensure!(
            refused > 0,
            "{} copies of in-flight request IDs in {DUPLICATE_ATTEMPTS} writes, none answered `duplicate_request_id`",
            DUPLICATE_ATTEMPTS * (COPIES - 1)
        );
        done(c).await?;
        pass()
    })
}

fn request_id_per_connection(cx: &mut Ctx) -> BoxFut<'_> {
    // Uniqueness is per connection: one request ID in flight on two connections at once is two
    // requests, both served.
    Box::pin(async move {
        let mut a = cx.client().await?;
        let mut bc = cx.client().await?;
        for round in 0..DUPLICATE_ATTEMPTS {
            let id = json!(format!("shared-{round}"));
            let mut ea = a.request("session.list", None, None, None, json!({"limit":32}));
            let mut eb = bc.request("session.list", None, None, None, json!({"limit":32}));
            ea["request_id"] = id.clone();
            eb["request_id"] = id;
            let line = |e: &Value| -> Result<Vec<u8>, Failure> {
                let mut l = serde_json::to_vec(e).map_err(|e| Failure::new(e.to_string()))?;
                l.push(b'\n');
                Ok(l)
            };
            a.send_raw(&line(&ea)?).await?;
            bc.send_raw(&line(&eb)?).await?;
            for (c, e) in [(&mut a, &ea), (&mut bc, &eb)] {
                let r = c.next_response().await?;
                crate::wire::check::correlates(&r.0, e)?;
                r.ok("a request ID another connection has in flight")?;
            }
        }
        done(bc).await?;
        done(a).await?;
        pass()
    })
}

fn request_id_reuse_after_response(cx: &mut Ctx) -> BoxFut<'_> {
    // Once its response is written, an ID is free again: the same ID, sent again after each
    // answer, is served every time (and so is the one before it).
    Box::pin(async move {
        let mut c = cx.client().await?;
        for id in ["again-a", "again-b", "again-a", "again-b", "again-b"] {
            let mut env = c.request("status", None, None, None, json!({}));
            env["request_id"] = json!(id);
            c.call(&env).await?.ok(&format!("status reusing the answered request ID {id}"))?;
        }
        done(c).await?;
        pass()
    })
}

fn undecodable_request(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        c.send_raw(b"{not json\n").await?;
        let r = c.next_response().await?;
        r.err("invalid_json", "a record that is not JSON")?;
        crate::ensure!(
            r.0["request_id"].is_null(),
            "the response to an undecodable record carries request_id {}",
            r.0["request_id"]
        );
        c.sync().await?;
        done(c).await?;
        pass()
    })
}

fn capabilities(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let r = c.read("capabilities", None, json!({})).await?;
        let caps = r.ok("capabilities")?;
        // Known members only: "Do not compare an object's key set or key count to a snapshot."
        let (got, want) = (known_capabilities(caps), known_capabilities(&cx.adv.capabilities));
        crate::ensure!(got == want, "capabilities {got} differs from initialize's capability object {want}");
        crate::wire::preflight::capabilities(caps)?;
        done(c).await?;
        pass()
    })
}

/// The members of a capability object this spec defines.
fn known_capabilities(caps: &Value) -> Value {
    let pick = |v: &Value, names: &mut dyn Iterator<Item = &str>| -> Value {
        Value::Object(names.filter_map(|n| v.get(n).map(|x| (n.to_owned(), x.clone()))).collect())
    };
    let flags = [
        "events",
        "approvals",
        "steering",
        "mcp_server_lifecycle",
        "mcp_tool_activity",
        "subagents",
        "raw_tool_output",
        "activity_replay",
        "max_summary_bytes",
    ];
    json!({
        "lists": pick(caps, &mut ["protocol_versions", "transports", "operations", "events"].into_iter()),
        "activity": pick(&caps["activity"], &mut flags.into_iter()),
        "limits": pick(&caps["limits"], &mut agentwire_protocol::limits::ALL.iter().map(|l| l.name)),
    })
}

fn status(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let r = c.read("status", None, json!({})).await?;
        let p: &Value = r.ok("status")?;
        crate::ensure!(s(p, "service")? == "ready", "service is {}, not ready", p["service"]);
        b(p, "provider_auth_ready")?;
        crate::ensure!(s(p, "instance_id")? == cx.adv.instance_id, "status instance_id differs from initialize's");
        crate::ensure!(
            s(p, "workspace_id")? == c.hello.workspace_id,
            "status workspace_id differs from the handshake's"
        );
        crate::ensure!(
            s(p, "state_root_id")? == c.hello.state_root_id,
            "status state_root_id differs from the handshake's"
        );
        crate::ensure!(u(p, "connected_clients")? >= 1, "connected_clients does not count this connection");
        u(p, "admitted_operations")?;
        present(p, "provider_auth_ready")?;
        done(c).await?;
        pass()
    })
}
