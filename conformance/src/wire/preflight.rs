//! "Before any mutation, validate successful initialization, serving identities, expected
//! workspace/state root, wire `2`, transport `unix`, required operations, the **entire
//! advertised event set**, activity flags and required limits against independent local
//! bounds." Judged on the JSON the target sent, by the runner's own reading of the spec.

use super::handshake::Hello;
use crate::events::KNOWN_EVENTS;
use crate::verdict::Failure;
use agentwire_protocol::{constants, limits, EventName, Membership, Method, Profile};
use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// What a target advertised at initialization, after preflight.
#[derive(Debug, Clone, Default)]
pub struct Advertisement {
    pub instance_id: String,
    pub connection_id: String,
    pub server_version: String,
    pub operations: BTreeSet<String>,
    pub events: Vec<String>,
    pub limits: Map<String, Value>,
    /// The complete capability object, for comparison with `capabilities`.
    pub capabilities: Value,
}

impl Advertisement {
    pub fn offers(&self, method: &str) -> bool {
        self.operations.contains(method)
    }

    /// The versions of `profile` the capability object's optional `profiles` member offers.
    pub fn profile_versions(&self, profile: &str) -> Vec<u64> {
        let profiles = self.capabilities.get("profiles").and_then(Value::as_array);
        let entry = profiles.into_iter().flatten().find(|p| p["name"] == profile);
        entry.and_then(|e| e["versions"].as_array()).into_iter().flatten().filter_map(Value::as_u64).collect()
    }

    /// The spec's profiles whose version the target offers.
    pub fn offered_profiles(&self) -> Vec<Profile> {
        Profile::ALL
            .iter()
            .copied()
            .filter(|p| self.profile_versions(p.as_str()).contains(&p.version().into()))
            .collect()
    }

    /// Whether the target serves `method` to a connection that negotiated every offered
    /// profile: an advertised operation, `profile.negotiate` when a profile is offered, or an
    /// operation of an offered profile.
    pub fn serves(&self, method: &str) -> bool {
        match Method::from_wire(method).map(Method::membership) {
            Some(Membership::Negotiation) => !self.offered_profiles().is_empty(),
            Some(Membership::Profile(p)) => self.offered_profiles().contains(&p),
            _ => self.offers(method),
        }
    }

    /// An advertised limit (a declared one is always present after preflight).
    pub fn limit(&self, name: &str) -> u64 {
        self.limits.get(name).and_then(Value::as_u64).unwrap_or(0)
    }
}

/// Activity feature flags that "remain explicitly `false`".
const ALWAYS_FALSE: &[&str] = &["approvals", "steering", "mcp_server_lifecycle", "raw_tool_output", "activity_replay"];
const FLAGS: &[&str] = &["events", "mcp_tool_activity", "subagents"];

fn fail(msg: impl Into<String>) -> Failure {
    Failure::new(format!("preflight: {}", msg.into()))
}

fn text<'a>(v: &'a Value, name: &str) -> Result<&'a str, Failure> {
    v.get(name)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| fail(format!("`{name}` is not a nonempty string")))
}

fn names(v: &Value, name: &str) -> Result<Vec<String>, Failure> {
    let arr =
        v.get(name).and_then(Value::as_array).ok_or_else(|| fail(format!("capabilities `{name}` is not an array")))?;
    if arr.len() as u64 > limits::MAX_ARRAY_ITEMS {
        return Err(fail(format!("capabilities `{name}` has more than max_array_items entries")));
    }
    arr.iter()
        .map(|x| {
            x.as_str()
                .filter(|s| !s.is_empty() && s.len() as u64 <= limits::MAX_NAME_BYTES)
                .map(str::to_owned)
                .ok_or_else(|| fail(format!("capabilities `{name}` holds a non-name {x}")))
        })
        .collect()
}

/// Every declared limit present, every value (known or not) a positive representable integer.
fn limit_map(v: &Value, what: &str) -> Result<Map<String, Value>, Failure> {
    let m = v.as_object().ok_or_else(|| fail(format!("{what} is not an object")))?;
    for info in limits::ALL {
        if !m.contains_key(info.name) {
            return Err(fail(format!("{what} lacks the required limit `{}`", info.name)));
        }
    }
    for (k, val) in m {
        match val.as_u64() {
            Some(n) if n > 0 && n <= constants::JSON_SAFE_INTEGER_MAX => {}
            _ => return Err(fail(format!("{what} `{k}` is {val}, not a positive integer"))),
        }
    }
    Ok(m.clone())
}

/// Operations, events and limits of a capability object that passed preflight.
pub type Offer = (BTreeSet<String>, Vec<String>, Map<String, Value>);

/// The capability object alone (also what `capabilities` returns).
pub fn capabilities(caps: &Value) -> Result<Offer, Failure> {
    if !caps.is_object() {
        return Err(fail("capabilities is not an object"));
    }
    let versions = caps
        .get("protocol_versions")
        .and_then(Value::as_array)
        .ok_or_else(|| fail("`protocol_versions` is not an array"))?;
    if !versions.iter().any(|v| v.as_u64() == Some(2)) {
        return Err(fail("wire 2 is not advertised in protocol_versions"));
    }
    let transports = names(caps, "transports")?;
    if !transports.iter().any(|t| t == "unix") {
        return Err(fail("transport `unix` is not advertised"));
    }
    if let Some(t) = transports.iter().find(|t| *t != "unix") {
        return Err(fail(format!("unknown transport `{t}` advertised")));
    }
    let operations: BTreeSet<String> = names(caps, "operations")?.into_iter().collect();
    let events = names(caps, "events")?;
    // "Unknown/unadvertised events ... invalidate trusted stream state, even when requested
    // operations exist."
    if let Some(e) = events.iter().find(|e| !KNOWN_EVENTS.contains(&e.as_str())) {
        return Err(fail(format!("advertised event `{e}` is unknown")));
    }
    let activity = caps.get("activity").filter(|a| a.is_object()).ok_or_else(|| fail("`activity` is not an object"))?;
    for flag in ALWAYS_FALSE {
        if activity.get(*flag) != Some(&Value::Bool(false)) {
            return Err(fail(format!("activity `{flag}` must be advertised as false")));
        }
    }
    for flag in FLAGS {
        if !activity.get(*flag).is_some_and(Value::is_boolean) {
            return Err(fail(format!("activity `{flag}` is not a boolean")));
        }
    }
    match activity.get("max_summary_bytes").and_then(Value::as_u64) {
        Some(n) if n > 0 && n <= limits::MAX_STRING_BYTES => {}
        other => return Err(fail(format!("activity max_summary_bytes {other:?} is not within 1..=max_string_bytes"))),
    }
    // "Advertising `turn.activity` with `events:false` is inconsistent."
    if events.iter().any(|e| e == EventName::TurnActivity.as_str())
        && activity.get("events") != Some(&Value::Bool(true))
    {
        return Err(fail("turn.activity is advertised with activity.events false"));
    }
    let limits_ = limit_map(caps.get("limits").unwrap_or(&Value::Null), "capabilities.limits")?;
    within_local_bounds(&limits_)?;
    Ok((operations, events, limits_))
}

/// Every limit the spec marks `bounds_output` (what the service sends) fits the runner's own
/// value, the generated one: the runner must be able to hold everything the target may send.
fn within_local_bounds(advertised: &Map<String, Value>) -> Result<(), Failure> {
    for l in limits::OUTPUT_BOUNDS {
        // `limit_map` already proved every declared limit a positive integer; fail closed anyway.
        let adv = advertised.get(l.name).unwrap_or(&Value::Null);
        if adv.as_u64().is_none_or(|n| n > l.value) {
            return Err(fail(format!("advertised {} {adv} exceeds the runner's local bound {}", l.name, l.value)));
        }
    }
    Ok(())
}

/// The full preflight of initialize's success payload against the handshake.
pub fn preflight(init: &Value, hello: &Hello, expected_workspace_id: Option<&str>) -> Result<Advertisement, Failure> {
    if init.get("protocol_version").and_then(Value::as_u64) != Some(2) {
        return Err(fail(format!(
            "initialize selected wire {}, not 2",
            init.get("protocol_version").unwrap_or(&Value::Null)
        )));
    }
    let server_version = text(init, "server_version")?;
    let instance_id = text(init, "instance_id")?;
    let connection_id = text(init, "connection_id")?;
    let workspace_id = text(init, "workspace_id")?;
    let state_root_id = text(init, "state_root_id")?;
    if server_version != hello.version {
        return Err(fail(format!("server_version {server_version} differs from the handshake's {}", hello.version)));
    }
    if (instance_id, workspace_id, state_root_id)
        != (&hello.instance_id[..], &hello.workspace_id[..], &hello.state_root_id[..])
    {
        return Err(fail("initialize names another instance, workspace or state root than the handshake"));
    }
    if let Some(want) = expected_workspace_id {
        if workspace_id != want {
            return Err(fail(format!(
                "workspace_id {workspace_id} is not {want}, derived from the canonical workspace path"
            )));
        }
    }
    let caps = init.get("capabilities").ok_or_else(|| fail("initialize lacks `capabilities`"))?;
    let (operations, events, cap_limits) = capabilities(caps)?;
    let init_limits = limit_map(init.get("limits").unwrap_or(&Value::Null), "initialize.limits")?;
    // "Required general limits appear identically in initialization's two maps".
    if let Some(l) = limits::ALL.iter().find(|l| init_limits.get(l.name) != cap_limits.get(l.name)) {
        return Err(fail(format!("initialize's two limit maps differ on `{}`", l.name)));
    }
    Ok(Advertisement {
        instance_id: instance_id.to_owned(),
        connection_id: connection_id.to_owned(),
        server_version: server_version.to_owned(),
        operations,
        events,
        limits: cap_limits,
        capabilities: caps.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn hello() -> Hello {
        Hello {
            version: "0.1.0".into(),
            pid: 1,
            instance_id: "in_1".into(),
            workspace_id: "ws_1".into(),
            state_root_id: "sr_1".into(),
        }
    }

    fn init() -> Value {
        let caps: Value = serde_json::from_str(agentwire_protocol::CAPABILITIES_JSON).unwrap();
        json!({"protocol_version":2,"server_version":"0.1.0","instance_id":"in_1","connection_id":"cn_1","workspace_id":"ws_1",
               "state_root_id":"sr_1","limits":caps["limits"].clone(),"capabilities":caps})
    }

    #[test]
    fn every_output_bound_and_only_those_is_held_to_the_local_value() {
        // The generated list drives the check: each limit the spec marks `bounds_output` fails
        // one above its value, and raising any other limit passes.
        assert!(!limits::OUTPUT_BOUNDS.is_empty());
        for l in limits::ALL {
            let mut i = init();
            i["capabilities"]["limits"][l.name] = json!(l.value + 1);
            i["limits"][l.name] = json!(l.value + 1);
            let got = preflight(&i, &hello(), None);
            match l.bounds_output {
                true => assert!(got.unwrap_err().0.contains(&format!("advertised {}", l.name)), "{}", l.name),
                false => assert!(got.is_ok(), "{}", l.name),
            }
        }
    }

    #[test]
    fn the_spec_profile_passes_and_each_rule_bites() {
        let a = preflight(&init(), &hello(), Some("ws_1")).unwrap();
        // Counts and values come from the spec, so adding an operation needs no edit here.
        assert_eq!(a.operations.len(), agentwire_protocol::Method::ORDINARY.len());
        assert_eq!(a.limit("max_record_bytes"), limits::MAX_RECORD_BYTES);
        let mut i = init();
        i["capabilities"]["events"].as_array_mut().unwrap().push(json!("turn.steering"));
        assert!(preflight(&i, &hello(), None).unwrap_err().0.contains("unknown"));
        let mut i = init();
        i["limits"]["max_record_bytes"] = json!(1024);
        assert!(preflight(&i, &hello(), None).unwrap_err().0.contains("differ"));
        let mut i = init();
        i["capabilities"]["limits"]["max_string_bytes"] = json!(99999);
        i["limits"]["max_string_bytes"] = json!(99999);
        assert!(preflight(&i, &hello(), None).unwrap_err().0.contains("local bound"));
        let mut i = init();
        i["capabilities"]["limits"]["max_future"] = json!("16");
        assert!(preflight(&i, &hello(), None).is_err());
        let mut i = init();
        i["capabilities"]["activity"]["events"] = json!(false);
        assert!(preflight(&i, &hello(), None).unwrap_err().0.contains(EventName::TurnActivity.as_str()));
        let mut i = init();
        i["capabilities"]["activity"]["steering"] = json!(true);
        assert!(preflight(&i, &hello(), None).is_err());
        assert!(preflight(&init(), &hello(), Some("ws_2")).is_err());
        let mut i = init();
        i["workspace_id"] = json!("ws_other");
        assert!(preflight(&i, &hello(), None).is_err());
    }
}
