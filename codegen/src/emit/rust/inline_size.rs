//! Which payload variants the payload enums box. An enum value is as large as its largest
//! variant, and every request carries its response payload through several moves (and inside
//! its future), so one rare large payload (the capability object, answered once per
//! connection) would make every response that large. The estimate follows the layout of the
//! generated Rust types closely enough to tell the large payloads from the rest.

use crate::ir::{Field, Spec, TypeKind, TypeRef};

/// Payloads estimated larger than this are boxed.
const INLINE_PAYLOAD_BYTES: usize = 256;

/// Whether the payload enums hold the named type behind a `Box`.
pub fn boxed(spec: &Spec, type_name: &str) -> bool {
    named(spec, type_name) > INLINE_PAYLOAD_BYTES
}

fn named(spec: &Spec, name: &str) -> usize {
    let Some(def) = spec.ty(name) else { return 0 };
    match &def.kind {
        TypeKind::String(_) => 24,
        // A map with required keys is a struct of them beside the map of the others.
        TypeKind::Map(m) => 24 + m.required_keys.len() * fields(spec, std::slice::from_ref(&m.values)),
        TypeKind::Enum(_) => 1,
        TypeKind::Object(o) => fields(spec, &o.fields),
        TypeKind::Union(u) => 8 + u.variants.iter().map(|v| fields(spec, &v.fields)).max().unwrap_or(0),
    }
}

fn fields(spec: &Spec, fields: &[Field]) -> usize {
    fields.iter().map(|f| type_ref(spec, &f.ty) + if f.is_required() && !f.nullable { 0 } else { 8 }).sum()
}

fn type_ref(spec: &Spec, t: &TypeRef) -> usize {
    match t {
        TypeRef::Bool => 1,
        TypeRef::Int(_) => 8,
        // A vector or string is three words wherever its items live; a JSON value is four.
        TypeRef::String(_) | TypeRef::Array(_) => 24,
        TypeRef::Json(_) => 32,
        // Named types nest inline; the spec cannot declare a type that contains itself
        // except through an array.
        TypeRef::Named(n) => named(spec, n),
        TypeRef::Payload => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> Spec {
        crate::load("protocol.toml", include_str!("../../../../protocol.toml")).unwrap_or_else(|d| panic!("{d}"))
    }

    #[test]
    fn only_the_payloads_carrying_the_capability_object_or_a_profiles_event_are_boxed() {
        let spec = spec();
        let boxed_responses: Vec<&str> =
            spec.operations.iter().filter(|o| boxed(&spec, &o.response)).map(|o| o.method.as_str()).collect();
        assert_eq!(boxed_responses, ["initialize", "capabilities"]);
        assert!(spec.operations.iter().all(|o| !boxed(&spec, &o.request)));
        // The ordinary profile's events stay inline; a profile's large ones (an approval request
        // with its options and proposed change) are boxed.
        assert!(spec.events.iter().filter(|e| boxed(&spec, &e.payload)).all(|e| !e.profile.is_ordinary()));
    }
}
