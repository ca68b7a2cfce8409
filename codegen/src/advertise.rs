//! The capability advertisement, derived entirely from the spec: every operation, event and
//! limit of the ordinary profile, and the const values of the activity flags; and what each
//! optional profile's negotiation answers. Nothing of an optional profile is in the ordinary
//! advertisement.

use crate::ir::{Membership, Profile, Spec, TypeKind, TypeRef};
use serde_json::{json, Map, Value};

/// Name of the spec type that describes the capability object.
pub const CAPABILITIES_TYPE: &str = "Capabilities";

/// The limit map: every limit of the ordinary profile with its value.
pub fn limits(spec: &Spec) -> Value {
    Value::Object(spec.ordinary_limits().map(|l| (l.name.clone(), Value::from(l.value))).collect())
}

/// The `profiles` member of a capability object that offers every declared profile.
pub fn profiles(spec: &Spec) -> Value {
    Value::Array(spec.profiles.iter().map(|p| json!({"name": p.name, "versions": [p.version]})).collect())
}

/// What the negotiation of `profile` answers: its version, operations, events and limits.
pub fn profile_terms(spec: &Spec, profile: &Profile) -> Value {
    let owned = Membership::Profile(profile.name.clone());
    json!({
        "profile": profile.name,
        "version": profile.version,
        "operations": spec.operations.iter().filter(|o| o.profile == owned).map(|o| o.method.as_str()).collect::<Vec<_>>(),
        "events": spec.events.iter().filter(|e| e.profile == owned).map(|e| e.name.as_str()).collect::<Vec<_>>(),
        "limits": Value::Object(
            spec.limits.iter().filter(|l| l.profile == owned).map(|l| (l.name.clone(), Value::from(l.value))).collect()
        ),
    })
}

/// The activity flags object: the const value of every field of the activity capability type.
pub fn activity(spec: &Spec) -> Value {
    let Some(ty) = activity_type(spec) else {
        return Value::Object(Map::new());
    };
    let fields = spec.object(ty).map(|o| o.fields.as_slice()).unwrap_or_default();
    Value::Object(fields.iter().map(|f| (f.name.clone(), f.constant.clone().unwrap_or(Value::Null))).collect())
}

fn activity_type(spec: &Spec) -> Option<&str> {
    let caps = spec.object(CAPABILITIES_TYPE)?;
    caps.fields.iter().find(|f| f.name == "activity").and_then(|f| match &f.ty {
        TypeRef::Named(n) if matches!(spec.ty(n)?.kind, TypeKind::Object(_)) => Some(n.as_str()),
        _ => None,
    })
}

/// The complete capability object of the ordinary profile.
pub fn capabilities(spec: &Spec) -> Value {
    json!({
        "protocol_versions": spec.capabilities.protocol_versions,
        "transports": spec.capabilities.transports,
        "operations": spec.ordinary_operations().map(|o| o.method.as_str()).collect::<Vec<_>>(),
        "events": spec.ordinary_events().map(|e| e.name.as_str()).collect::<Vec<_>>(),
        "limits": limits(spec),
        "activity": activity(spec),
    })
}

/// An example initialize result, with placeholder identities.
pub fn initialize_example(spec: &Spec) -> Value {
    json!({
        "protocol_version": spec.protocol_version,
        "server_version": "0.1.0",
        "instance_id": "in_0123456789abcdef",
        "connection_id": "cn_0123456789abcdef",
        "workspace_id": "ws_0123456789abcdef0123456789abcdef",
        "state_root_id": "sr_0123456789abcdef0123456789abcdef",
        "capabilities": capabilities(spec),
        "limits": limits(spec),
    })
}
