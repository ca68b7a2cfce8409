//! What a later spec may add to each generated type without a protocol version bump, read off
//! the same rule table the checker judges changes by. The Rust emitter asks this once per type:
//! a type that can grow compatibly is `#[non_exhaustive]` (a new member or value must not be a
//! breaking Rust change either), one that cannot stays exhaustive, so a `match` may list it all.

use super::reach::{Reach, Reachability};
use super::rules::{Category, Rule};
use crate::advertise::CAPABILITIES_TYPE;
use crate::ir::{Spec, TypeKind, TypeRef};

/// The addition that decides whether a type can grow, and how the checker classifies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Growth {
    /// The finding the checker would report for the addition.
    pub rule: Rule,
    /// The directions the type is decoded in.
    pub reach: Reach,
    /// The checker's category for that addition in those directions.
    pub category: Category,
}

impl Growth {
    fn of(rule: Rule, reach: Reach) -> Growth {
        Growth { rule, reach, category: category(rule, reach) }
    }

    /// Whether the addition needs no protocol version bump, so the type may grow under one.
    pub fn can_grow(self) -> bool {
        self.category != Category::Breaking
    }
}

/// A rule's category over the directions an item is read in: the strictest that applies.
pub fn category(rule: Rule, reach: Reach) -> Category {
    let info = rule.info();
    let judged = reach.judged();
    [(judged.input, info.input), (judged.output, info.output)]
        .into_iter()
        .filter_map(|(applies, c)| applies.then_some(c))
        .max()
        .unwrap_or(Category::Breaking)
}

/// The rule for a field added to an object read in `reach`: the strictest applicable one, the
/// output-side one when both are equally strict.
pub fn field_added(reach: Reach, required: bool) -> Rule {
    let (input, output) = if required {
        (Rule::REQUIRED_FIELD_ADDED_TO_REQUEST, Rule::REQUIRED_FIELD_ADDED_TO_OUTPUT)
    } else {
        (Rule::OPTIONAL_REQUEST_FIELD_ADDED, Rule::OPTIONAL_OUTPUT_FIELD_ADDED)
    };
    let judged = reach.judged();
    match (judged.input, judged.output) {
        (true, true) if input.info().input > output.info().output => input,
        (true, false) => input,
        _ => output,
    }
}

/// Growth of every generated type of one spec.
pub struct Growths<'a> {
    spec: &'a Spec,
    reach: Reachability,
    activity: Option<String>,
}

impl<'a> Growths<'a> {
    pub fn of(spec: &'a Spec) -> Self {
        Growths { spec, reach: Reachability::of(spec), activity: activity_type(spec) }
    }

    /// The directions a named type is decoded in.
    pub fn reach(&self, name: &str) -> Reach {
        self.reach.ty(name)
    }

    /// A new optional member of an object, union variant or envelope read in `reach`; the
    /// activity capability object gains flags instead.
    pub fn members(&self, type_name: &str, reach: Reach) -> Growth {
        if self.activity.as_deref() == Some(type_name) {
            return Growth::of(Rule::CAPABILITY_FLAG_ADDED, reach);
        }
        Growth::of(field_added(reach, false), reach)
    }

    /// A new optional member of the named object type.
    pub fn object(&self, name: &str) -> Growth {
        self.members(name, self.reach(name))
    }

    /// The growth of a named type by its kind: members for objects, values for enums,
    /// variants for unions, keys (new limits) for maps. `None` for string types, which have no
    /// Rust type of their own.
    pub fn named(&self, name: &str) -> Option<Growth> {
        let reach = self.reach(name);
        match &self.spec.ty(name)?.kind {
            TypeKind::String(_) => None,
            TypeKind::Object(_) => Some(self.members(name, reach)),
            TypeKind::Enum(e) if e.fallback.is_some() => Some(Growth::of(Rule::ENUM_VALUE_ADDED_WITH_FALLBACK, reach)),
            TypeKind::Enum(_) => Some(Growth::of(Rule::ENUM_VALUE_ADDED, reach)),
            TypeKind::Union(_) => Some(Growth::of(Rule::UNION_VARIANT_ADDED, reach)),
            TypeKind::Map(m) if !m.required_keys.is_empty() => Some(Growth::of(Rule::LIMIT_ADDED, Reach::BOTH)),
            TypeKind::Map(_) => Some(Growth::of(field_added(reach, false), reach)),
        }
    }
}

/// A new operation: `Method`, the request and response payload enums.
pub fn operation_added() -> Growth {
    Growth::of(Rule::OPERATION_ADDED, Reach::BOTH)
}

/// A new event: `EventName` and the event payload enum.
pub fn event_added() -> Growth {
    Growth::of(Rule::EVENT_ADDED, Reach::BOTH)
}

/// A new optional profile: `Profile`.
pub fn profile_added() -> Growth {
    Growth::of(Rule::PROFILE_ADDED, Reach::BOTH)
}

/// A new error code of the wire catalogue.
pub fn error_code_added() -> Growth {
    Growth::of(Rule::ERROR_CODE_ADDED, Reach::BOTH)
}

/// A new launch error code (outside wire v2, so judged both ways).
pub fn launch_error_added() -> Growth {
    Growth::of(Rule::ERROR_CODE_ADDED, Reach::NONE)
}

/// Name of the activity capability type (`Capabilities.activity`), whose members are flags.
pub(crate) fn activity_type(spec: &Spec) -> Option<String> {
    let caps = spec.object(CAPABILITIES_TYPE)?;
    let field = caps.fields.iter().find(|f| f.name == "activity")?;
    match &field.ty {
        TypeRef::Named(n) if matches!(spec.ty(n)?.kind, TypeKind::Object(_)) => Some(n.clone()),
        _ => None,
    }
}
