//! Comparing types and fields: kinds, members, presence, nullability, consts, bounds, enum
//! values and union variants.

use super::diff::Differ;
use super::path::{join, Loc};
use super::reach::Reach;
use super::rules::Rule;
use crate::charset::Charset;
use crate::ir::{
    ArrayRules, Bound, BoundSource, EnumDef, Field, IntBase, JsonKind, MapDef, ObjectDef, Presence, Spec, StringRules,
    TypeDef, TypeKind, TypeRef, UnionDef, Variant,
};
use serde_json::Value;

impl Differ<'_> {
    /// Compare two definitions of one type (or of one payload slot) located at `loc`.
    pub(super) fn type_def(&mut self, o: &TypeDef, n: &TypeDef, loc: &Loc, reach: Reach) {
        let base = loc.base();
        match (&o.kind, &n.kind) {
            (TypeKind::String(a), TypeKind::String(b)) => self.string_rules(a, b, &base, reach),
            (TypeKind::Enum(a), TypeKind::Enum(b)) => self.enum_def(a, b, &base, reach),
            (TypeKind::Object(a), TypeKind::Object(b)) => {
                let capability = self.activity_types.contains(&n.name);
                self.object(a, b, loc, reach, capability);
            }
            (TypeKind::Map(a), TypeKind::Map(b)) => self.map(a, b, &base, reach),
            (TypeKind::Union(a), TypeKind::Union(b)) => self.union(a, b, &base, reach),
            (a, b) => {
                let detail = format!("`{}` is now {} instead of {}", n.name, kind_name(b), kind_name(a));
                self.emit(Rule::TYPE_KIND_CHANGED, reach, base, detail);
            }
        }
    }

    fn object(&mut self, o: &ObjectDef, n: &ObjectDef, loc: &Loc, reach: Reach, capability: bool) {
        self.fields(&o.fields, &n.fields, loc, reach, capability);
        self.at_least_one_of(&o.at_least_one_of, &n.at_least_one_of, &loc.constraints(), reach);
    }

    /// Compare two member lists; `capability` marks the activity flags object.
    pub(super) fn fields(&mut self, old: &[Field], new: &[Field], loc: &Loc, reach: Reach, capability: bool) {
        self.members(old, new, reach, capability, &|name| loc.field(name));
    }

    fn members(&mut self, old: &[Field], new: &[Field], reach: Reach, capability: bool, path: &dyn Fn(&str) -> String) {
        for o in old {
            match new.iter().find(|n| n.name == o.name) {
                Some(n) => self.field(o, n, &path(&o.name), reach, capability),
                None => self.removed(o, old, new, &path(&o.name), reach, capability),
            }
        }
        for n in new.iter().filter(|n| !old.iter().any(|o| o.name == n.name)) {
            self.added(n, &path(&n.name), reach, capability);
        }
    }

    fn removed(&mut self, o: &Field, old: &[Field], new: &[Field], path: &str, reach: Reach, capability: bool) {
        let rule = if capability { Rule::CAPABILITY_FLAG_REMOVED } else { Rule::FIELD_REMOVED };
        // A same-typed new field is probably the rename the seed also forbids.
        let renamed =
            new.iter().find(|n| !old.iter().any(|x| x.name == n.name) && n.ty == o.ty && n.nullable == o.nullable);
        let detail = match renamed {
            Some(n) => format!("field `{}` removed (renamed to `{}`?)", o.name, n.name),
            None => format!("field `{}` removed", o.name),
        };
        self.emit(rule, reach, path.to_string(), detail);
    }

    fn added(&mut self, n: &Field, path: &str, reach: Reach, capability: bool) {
        let detail = format!("field `{}` added ({})", n.name, presence_name(&n.presence));
        if capability {
            return self.emit(Rule::CAPABILITY_FLAG_ADDED, reach, path.to_string(), detail);
        }
        // The rule depends on who decodes the field: the strictest applicable one.
        let rule = super::growth::field_added(reach, n.is_required());
        self.emit(rule, reach, path.to_string(), detail);
    }

    fn field(&mut self, o: &Field, n: &Field, path: &str, reach: Reach, capability: bool) {
        self.type_ref(&o.ty, &n.ty, path, reach);
        if o.nullable != n.nullable {
            let detail = format!("`{}` nullable {} \u{2192} {}", o.name, o.nullable, n.nullable);
            self.emit(Rule::FIELD_NULLABILITY_CHANGED, reach, path.to_string(), detail);
        }
        self.presence(o, n, path, reach);
        if o.constant != n.constant {
            let rule = match (&o.constant, &n.constant) {
                _ if capability => Rule::CAPABILITY_FLAG_CHANGED,
                (None, Some(_)) => Rule::CONST_ADDED,
                (Some(_), None) => Rule::CONST_REMOVED,
                _ => Rule::CONST_CHANGED,
            };
            let detail = format!("`{}` const {} \u{2192} {}", o.name, literal(&o.constant), literal(&n.constant));
            self.emit(rule, reach, path.to_string(), detail);
        }
    }

    fn presence(&mut self, o: &Field, n: &Field, path: &str, reach: Reach) {
        let detail = format!("`{}` {} \u{2192} {}", o.name, presence_name(&o.presence), presence_name(&n.presence));
        let rule = match (&o.presence, &n.presence) {
            (a, b) if a == b => return,
            (Presence::Required, _) => Rule::FIELD_MADE_OPTIONAL,
            (_, Presence::Required) => Rule::FIELD_MADE_REQUIRED,
            // Optional ↔ defaulted, or another default: what absence means changed.
            _ => Rule::DEFAULT_CHANGED,
        };
        self.emit(rule, reach, path.to_string(), detail);
    }

    /// Compare the types of one member; `path` is the member's path (`.items` for array items).
    fn type_ref(&mut self, o: &TypeRef, n: &TypeRef, path: &str, reach: Reach) {
        if o == n {
            // Identical (a same-named type is compared once, by name, in the named-type pass).
            return;
        }
        match (o, n) {
            (TypeRef::Int(a), TypeRef::Int(b)) if a.base == b.base => {
                self.bound(&a.min, &b.min, &format!("{path}.min"), reach, true);
                self.bound(&a.max, &b.max, &format!("{path}.max"), reach, false);
            }
            (TypeRef::Array(a), TypeRef::Array(b)) => self.array(a, b, path, reach),
            _ => match (string_of(self.old, o), string_of(self.new, n)) {
                // A string's type name never reaches the wire: compare the rules it stands for.
                (Some(a), Some(b)) => self.string_rules(a, b, path, reach),
                _ => {
                    let detail = format!("type {} \u{2192} {}", type_name(o), type_name(n));
                    self.emit(Rule::FIELD_RETYPED, reach, path.to_string(), detail);
                }
            },
        }
    }

    fn array(&mut self, a: &ArrayRules, b: &ArrayRules, path: &str, reach: Reach) {
        self.type_ref(&a.items, &b.items, &format!("{path}.items"), reach);
        self.bound(&a.min_items, &b.min_items, &format!("{path}.min_items"), reach, true);
        self.bound(&a.max_items, &b.max_items, &format!("{path}.max_items"), reach, false);
        if a.max_violation != b.max_violation && !same_limit(&a.max_items, &b.max_items) {
            let detail =
                format!("crossing max_items now yields {:?} instead of {:?}", b.max_violation, a.max_violation);
            self.emit(Rule::VIOLATION_CODE_CHANGED, reach, format!("{path}.max_items"), detail);
        }
    }

    /// One numeric bound; `lower` bounds tighten when they grow, upper bounds when they shrink.
    fn bound(&mut self, o: &Bound, n: &Bound, path: &str, reach: Reach, lower: bool) {
        // A bound that follows the same advertised limit moves with it; LIMIT_* reports that
        // once, and in every direction it is at least as strict as the per-use finding.
        if o.value == n.value || same_limit(o, n) {
            return;
        }
        let tightened = if lower { n.value > o.value } else { n.value < o.value };
        let rule = if tightened { Rule::BOUND_TIGHTENED } else { Rule::BOUND_RELAXED };
        let detail = format!("bound {} \u{2192} {}", bound_text(o), bound_text(n));
        self.emit(rule, reach, path.to_string(), detail);
    }

    fn string_rules(&mut self, a: &StringRules, b: &StringRules, path: &str, reach: Reach) {
        self.bound(&a.min_bytes, &b.min_bytes, &format!("{path}.min_bytes"), reach, true);
        self.bound(&a.max_bytes, &b.max_bytes, &format!("{path}.max_bytes"), reach, false);
        self.charset(a.charset.as_deref(), b.charset.as_deref(), &format!("{path}.charset"), reach);
        if a.format != b.format {
            // Adding a format admits fewer strings; dropping one admits more.
            let rule =
                if b.format.is_some() && a.format.is_none() { Rule::BOUND_TIGHTENED } else { Rule::BOUND_RELAXED };
            let detail = format!("format {:?} \u{2192} {:?}", a.format, b.format);
            self.emit(rule, reach, format!("{path}.format"), detail);
        }
        if a.non_blank != b.non_blank {
            let rule = if b.non_blank { Rule::BOUND_TIGHTENED } else { Rule::BOUND_RELAXED };
            let detail = format!("non_blank {} \u{2192} {}", a.non_blank, b.non_blank);
            self.emit(rule, reach, format!("{path}.non_blank"), detail);
        }
    }

    /// Charsets as sets of ASCII bytes: no charset allows every character.
    fn charset(&mut self, a: Option<&str>, b: Option<&str>, path: &str, reach: Reach) {
        if a == b {
            return;
        }
        let allows = |c: Option<&str>| c.and_then(|c| Charset::parse(c).ok());
        let (old, new) = (allows(a), allows(b));
        let (lost, gained) = match (old, new) {
            (None, None) => (false, false),
            (None, Some(_)) => (true, false),
            (Some(_), None) => (false, true),
            (Some(o), Some(n)) => (
                (0u8..128).any(|x| o.contains(x) && !n.contains(x)),
                (0u8..128).any(|x| n.contains(x) && !o.contains(x)),
            ),
        };
        let detail = format!("charset {} \u{2192} {}", a.unwrap_or("(any)"), b.unwrap_or("(any)"));
        if lost {
            self.emit(Rule::BOUND_TIGHTENED, reach, path.to_string(), detail.clone());
        }
        if gained {
            self.emit(Rule::BOUND_RELAXED, reach, path.to_string(), detail);
        }
    }

    /// At least one of the named optional members must be present: fewer names admit fewer
    /// payloads, and an empty list is no constraint at all.
    fn at_least_one_of(&mut self, o: &[String], n: &[String], path: &str, reach: Reach) {
        if o == n {
            return;
        }
        let lost = n.is_empty() && !o.is_empty() || o.iter().any(|x| !n.contains(x));
        let gained = o.is_empty() && !n.is_empty() || n.iter().any(|x| !o.contains(x));
        let (tightened, relaxed) = match (o.is_empty(), n.is_empty()) {
            (true, false) => (true, false),
            (false, true) => (false, true),
            _ => (lost, gained),
        };
        let detail = format!("at_least_one_of {o:?} \u{2192} {n:?}");
        if tightened {
            self.emit(Rule::BOUND_TIGHTENED, reach, path.to_string(), detail.clone());
        }
        if relaxed {
            self.emit(Rule::BOUND_RELAXED, reach, path.to_string(), detail);
        }
    }

    fn enum_def(&mut self, o: &EnumDef, n: &EnumDef, base: &str, reach: Reach) {
        for v in n.values.iter().filter(|v| !o.values.contains(v)) {
            // Named apart so reviewers see the literal `unknown` value is no wildcard: old
            // consumers still reject the new value.
            let rule = if o.fallback.is_some() { Rule::ENUM_VALUE_ADDED_WITH_FALLBACK } else { Rule::ENUM_VALUE_ADDED };
            self.emit(rule, reach, join(&format!("{base}.values"), v), format!("enum value `{v}` added"));
        }
        for v in o.values.iter().filter(|v| !n.values.contains(v)) {
            let path = join(&format!("{base}.values"), v);
            self.emit(Rule::ENUM_VALUE_REMOVED, reach, path, format!("enum value `{v}` removed"));
        }
        if o.fallback != n.fallback {
            let show = |f: &Option<String>| f.as_deref().map_or_else(|| "(none)".to_string(), |f| format!("`{f}`"));
            let detail = format!("fallback {} \u{2192} {}", show(&o.fallback), show(&n.fallback));
            self.emit(Rule::ENUM_FALLBACK_CHANGED, reach, format!("{base}.fallback"), detail);
        }
    }

    fn map(&mut self, o: &MapDef, n: &MapDef, base: &str, reach: Reach) {
        self.field(&o.values, &n.values, &format!("{base}.values"), reach, false);
        // Which keys are required follows the limits table, reported by LIMIT_*; only switching
        // the requirement on or off is a change of the map itself.
        if o.required_keys.is_empty() != n.required_keys.is_empty() {
            let rule = if n.required_keys.is_empty() { Rule::BOUND_RELAXED } else { Rule::BOUND_TIGHTENED };
            let detail = format!("required keys {:?} \u{2192} {:?}", o.required_keys, n.required_keys);
            self.emit(rule, reach, format!("{base}.required_keys"), detail);
        }
    }

    fn union(&mut self, o: &UnionDef, n: &UnionDef, base: &str, reach: Reach) {
        if o.discriminators != n.discriminators {
            let detail = format!("discriminators {:?} \u{2192} {:?}", o.discriminators, n.discriminators);
            return self.emit(Rule::UNION_DISCRIMINATOR_CHANGED, reach, format!("{base}.discriminators"), detail);
        }
        let common = common_paths(o, n);
        for ov in &o.variants {
            // A variant is its discriminator values on the wire; its spec name is not.
            if let Some(nv) = n.variants.iter().find(|v| v.matches == ov.matches) {
                self.variant(ov, nv, base, &common, reach);
                continue;
            }
            let path = join(&format!("{base}.variants"), &ov.name);
            if let Some(nv) = n.variants.iter().find(|v| v.name == ov.name) {
                let detail = format!("variant `{}` matches {:?} \u{2192} {:?}", ov.name, ov.matches, nv.matches);
                self.emit(Rule::UNION_DISCRIMINATOR_CHANGED, reach, format!("{path}.match"), detail);
            } else {
                let detail = format!("variant `{}` ({:?}) removed", ov.name, ov.matches);
                self.emit(Rule::UNION_VARIANT_REMOVED, reach, path, detail);
            }
        }
        let known = |v: &Variant| o.variants.iter().any(|x| x.matches == v.matches || x.name == v.name);
        for nv in n.variants.iter().filter(|v| !known(v)) {
            let detail = format!("variant `{}` ({:?}) added", nv.name, nv.matches);
            self.emit(Rule::UNION_VARIANT_ADDED, reach, join(&format!("{base}.variants"), &nv.name), detail);
        }
    }

    fn variant(&mut self, o: &Variant, n: &Variant, base: &str, common: &[String], reach: Reach) {
        let own = join(&format!("{base}.variants"), &n.name);
        let path = |f: &str| {
            if common.iter().any(|c| c == f) {
                join(&format!("{base}.common"), f)
            } else {
                join(&format!("{own}.fields"), f)
            }
        };
        self.members(&o.fields, &n.fields, reach, false, &path);
    }
}

/// Member names reported under the union's `common` table rather than per variant: common in
/// both versions, or common on one side and absent from every variant on the other (added to
/// or removed from the common table). A field that stays in only some variants is per variant.
fn common_paths(o: &UnionDef, n: &UnionDef) -> Vec<String> {
    let (oc, nc) = (common_fields(o), common_fields(n));
    let absent = |u: &UnionDef, f: &str| u.variants.iter().all(|v| v.fields.iter().all(|x| x.name != f));
    let mut out: Vec<String> = oc.iter().filter(|f| nc.contains(f) || absent(n, f)).cloned().collect();
    out.extend(nc.iter().filter(|f| !oc.contains(f) && absent(o, f)).cloned());
    out
}

/// The fields every variant starts with: the union's `common` table. The IR flattens common
/// fields into each variant, so they are recovered as the shared leading run (two or more
/// variants needed to tell them apart; identical leading own fields look common too).
fn common_fields(u: &UnionDef) -> Vec<String> {
    let Some((first, rest)) = u.variants.split_first() else {
        return Vec::new();
    };
    if rest.is_empty() {
        return Vec::new();
    }
    first
        .fields
        .iter()
        .enumerate()
        .take_while(|(i, f)| rest.iter().all(|v| v.fields.get(*i) == Some(*f)))
        .map(|(_, f)| f.name.clone())
        .collect()
}

fn same_limit(a: &Bound, b: &Bound) -> bool {
    matches!((&a.source, &b.source), (BoundSource::Limit(x), BoundSource::Limit(y)) if x == y)
}

/// The string rules a type stands for: an inline string or a named string type.
fn string_of<'s>(spec: &'s Spec, ty: &'s TypeRef) -> Option<&'s StringRules> {
    match ty {
        TypeRef::String(r) => Some(r),
        TypeRef::Named(n) => match &spec.ty(n)?.kind {
            TypeKind::String(r) => Some(r),
            _ => None,
        },
        _ => None,
    }
}

fn bound_text(b: &Bound) -> String {
    match &b.source {
        BoundSource::Literal => b.value.to_string(),
        BoundSource::Limit(n) => format!("{} (limits.{n})", b.value),
        BoundSource::Constant(n) => format!("{} (constants.{n})", b.value),
    }
}

fn type_name(t: &TypeRef) -> String {
    match t {
        TypeRef::Bool => "bool".into(),
        TypeRef::Int(r) => match r.base {
            IntBase::U16 => "u16".into(),
            IntBase::U32 => "u32".into(),
            IntBase::Uint => "uint".into(),
        },
        TypeRef::String(_) => "string".into(),
        TypeRef::Json(JsonKind::Any) => "json".into(),
        TypeRef::Json(JsonKind::Object) => "json_object".into(),
        TypeRef::Array(a) => format!("array of {}", type_name(&a.items)),
        TypeRef::Named(n) => format!("`{n}`"),
        TypeRef::Payload => "payload".into(),
    }
}

fn kind_name(k: &TypeKind) -> &'static str {
    match k {
        TypeKind::String(_) => "a string type",
        TypeKind::Enum(_) => "an enum",
        TypeKind::Object(_) => "an object",
        TypeKind::Map(_) => "a map",
        TypeKind::Union(_) => "a union",
    }
}

fn presence_name(p: &Presence) -> String {
    match p {
        Presence::Required => "required".into(),
        Presence::Optional => "optional".into(),
        Presence::Defaulted(v) => format!("default {v}"),
    }
}

fn literal(v: &Option<Value>) -> String {
    v.as_ref().map_or_else(|| "(none)".to_string(), Value::to_string)
}
