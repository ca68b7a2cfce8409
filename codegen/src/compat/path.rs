//! Spec paths: where an item is written in `protocol.toml`, as a dotted TOML key path
//! (`operations."session.list".request.limit`), so a finding points at the line to look at.

use crate::ir::Spec;
use crate::names::pascal;
use std::collections::HashMap;

/// A TOML key, quoted unless it is a bare key.
pub fn key(k: &str) -> String {
    let bare = !k.is_empty() && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if bare {
        k.to_string()
    } else {
        format!("\"{}\"", k.replace('\\', "\\\\").replace('"', "\\\""))
    }
}

/// `prefix.key`, with the key quoted when needed.
pub fn join(prefix: &str, k: &str) -> String {
    format!("{prefix}.{}", key(k))
}

/// Where a type's members are written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Loc {
    /// A `[types.X]` table (or an envelope): members under `.fields`.
    Declared(String),
    /// Inline payload fields of an operation or event: members directly under the slot.
    Inline { owner: String, slot: &'static str },
}

impl Loc {
    /// The path of the type itself.
    pub fn base(&self) -> String {
        match self {
            Loc::Declared(base) => base.clone(),
            Loc::Inline { owner, slot } => format!("{owner}.{slot}"),
        }
    }

    /// The path of an object member.
    pub fn field(&self, name: &str) -> String {
        match self {
            Loc::Declared(base) => join(&format!("{base}.fields"), name),
            Loc::Inline { owner, slot } => join(&format!("{owner}.{slot}"), name),
        }
    }

    /// The path of the object's `at_least_one_of` constraint.
    pub fn constraints(&self) -> String {
        match self {
            Loc::Declared(base) => format!("{base}.at_least_one_of"),
            Loc::Inline { owner, .. } => format!("{owner}.constraints.at_least_one_of"),
        }
    }
}

/// The location of every type of a spec: generated payload types point at their operation or
/// event, declared types at `types.X`.
#[derive(Debug, Clone, Default)]
pub struct TypePaths {
    inline: HashMap<String, Loc>,
}

impl TypePaths {
    pub fn of(spec: &Spec) -> Self {
        let mut inline = HashMap::new();
        for op in &spec.operations {
            let owner = join("operations", &op.method);
            let base = pascal(&op.method);
            // The IR does not record whether a payload was inline; lowering names inline payloads
            // `{Method}Request`/`{Method}Response`, and a declared type cannot take that name.
            if op.request == format!("{base}Request") {
                inline.insert(op.request.clone(), Loc::Inline { owner: owner.clone(), slot: "request" });
            }
            if op.response == format!("{base}Response") {
                inline.insert(op.response.clone(), Loc::Inline { owner, slot: "response" });
            }
        }
        for ev in &spec.events {
            if ev.payload == pascal(&ev.name) {
                inline.insert(ev.payload.clone(), Loc::Inline { owner: join("events", &ev.name), slot: "payload" });
            }
        }
        TypePaths { inline }
    }

    pub fn loc(&self, type_name: &str) -> Loc {
        self.inline.get(type_name).cloned().unwrap_or_else(|| Loc::Declared(join("types", type_name)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_quoted_only_when_needed() {
        assert_eq!(key("max_record_bytes"), "max_record_bytes");
        assert_eq!(key("allow-once"), "allow-once");
        assert_eq!(key("thing.list"), "\"thing.list\"");
        assert_eq!(join("operations", "thing.list"), "operations.\"thing.list\"");
    }

    #[test]
    fn locations() {
        let inline = Loc::Inline { owner: "operations.\"config.set\"".into(), slot: "request" };
        assert_eq!(inline.field("scope"), "operations.\"config.set\".request.scope");
        assert_eq!(inline.constraints(), "operations.\"config.set\".constraints.at_least_one_of");
        let declared = Loc::Declared("types.ModelEntry".into());
        assert_eq!(declared.field("context_window"), "types.ModelEntry.fields.context_window");
    }
}
