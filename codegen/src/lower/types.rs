//! Named types: strings, enums, objects, maps and discriminated unions.

use super::Lower;
use crate::ir::{EnumDef, Field, MapDef, ObjectDef, Spec, TypeDef, TypeKind, UnionDef, Variant};
use crate::spec::raw::{Fields, RawField, RawType};
use serde::Deserialize;
use std::collections::HashSet;
use std::ops::Range;
use toml::Spanned;

impl Lower<'_> {
    pub(super) fn named_types(&mut self, spec: &Spec) -> Vec<TypeDef> {
        let raw = self.raw;
        raw.types.iter().map(|(name, t)| self.named_type(spec, name, t)).collect()
    }

    fn named_type(&mut self, spec: &Spec, name: &str, t: &Spanned<RawType>) -> TypeDef {
        let span = t.span();
        let raw = t.get_ref();
        if !name.chars().next().is_some_and(|c| c.is_ascii_uppercase())
            || !name.chars().all(|c| c.is_ascii_alphanumeric())
        {
            self.error(span.clone(), format!("type name `{name}` must be PascalCase"));
        }
        let kind = match raw.kind.get_ref().as_str() {
            "string" => TypeKind::String(self.string_rules(
                spec,
                &span,
                raw.min_bytes.as_ref(),
                raw.max_bytes.as_ref(),
                raw.charset.as_deref(),
                raw.format.as_deref(),
                false,
            )),
            "enum" => TypeKind::Enum(self.enum_def(&span, raw)),
            "object" => TypeKind::Object(ObjectDef {
                fields: self.fields(spec, raw.fields.as_ref(), &span),
                at_least_one_of: Vec::new(),
            }),
            "map" => TypeKind::Map(self.map_def(spec, &span, raw)),
            "union" => TypeKind::Union(self.union_def(spec, &span, raw)),
            other => {
                self.error(raw.kind.span(), format!("unknown type kind `{other}`"));
                TypeKind::Object(ObjectDef { fields: Vec::new(), at_least_one_of: Vec::new() })
            }
        };
        TypeDef { name: name.to_string(), doc: raw.doc.clone(), kind }
    }

    /// Lower an ordered field table, rejecting duplicate wire names.
    pub(super) fn fields(&mut self, spec: &Spec, fields: Option<&Fields>, span: &Range<usize>) -> Vec<Field> {
        let Some(fields) = fields else {
            return Vec::new();
        };
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for (name, f) in fields {
            if !seen.insert(name.clone()) {
                self.error(span.clone(), format!("duplicate field `{name}`"));
            }
            out.push(self.field(spec, name, f.span(), f.get_ref()));
        }
        if out.len() as u64 > spec.limit_value("max_object_fields") {
            self.error(span.clone(), "object declares more fields than max_object_fields");
        }
        out
    }

    fn enum_def(&mut self, span: &Range<usize>, raw: &RawType) -> EnumDef {
        let values: Vec<String> = match raw.values.as_ref().map(|v| Vec::<String>::deserialize(v.clone())) {
            Some(Ok(v)) => v,
            _ => {
                self.error(span.clone(), "enum needs `values`, a list of strings");
                Vec::new()
            }
        };
        let unique: HashSet<_> = values.iter().collect();
        if values.is_empty() || unique.len() != values.len() {
            self.error(span.clone(), "enum values must be nonempty and distinct");
        }
        if let Some(f) = &raw.fallback {
            if !values.contains(f) {
                self.error(span.clone(), format!("fallback `{f}` is not one of the enum's values"));
            }
        }
        EnumDef { values, fallback: raw.fallback.clone() }
    }

    fn map_def(&mut self, spec: &Spec, span: &Range<usize>, raw: &RawType) -> MapDef {
        let values = match raw.values.as_ref().map(|v| RawField::deserialize(v.clone())) {
            Some(Ok(f)) => self.field(spec, "value", span.clone(), &f),
            _ => {
                self.error(span.clone(), "map needs `values`, a field declaration");
                self.field(spec, "value", span.clone(), &RawField { ty: "bool".into(), ..RawField::bare() })
            }
        };
        let required_keys = match raw.required_keys.as_deref() {
            None => Vec::new(),
            // The ordinary profile's limits: a profile's own are advertised by its negotiation.
            Some("limits") => spec.ordinary_limits().map(|l| l.name.clone()).collect(),
            Some(other) => {
                self.error(span.clone(), format!("required_keys `{other}` is not `limits`"));
                Vec::new()
            }
        };
        MapDef { values, required_keys }
    }

    fn union_def(&mut self, spec: &Spec, span: &Range<usize>, raw: &RawType) -> UnionDef {
        let discriminators = raw.discriminators.clone().unwrap_or_default();
        if discriminators.is_empty() {
            self.error(span.clone(), "union needs `discriminators`");
        }
        let common = self.fields(spec, raw.common.as_ref(), span);
        let mut variants = Vec::new();
        let mut combos = HashSet::new();
        for (name, v) in raw.variants.iter().flatten() {
            let vspan = v.span();
            let raw_v = v.get_ref();
            let matches: Vec<String> =
                discriminators.iter().map(|d| raw_v.matches.get(d).cloned().unwrap_or_default()).collect();
            if raw_v.matches.len() != discriminators.len() || matches.iter().any(String::is_empty) {
                self.error(
                    vspan.clone(),
                    format!("variant `{name}` must match exactly the discriminators {discriminators:?}"),
                );
            }
            if !combos.insert(matches.clone()) {
                self.error(vspan.clone(), format!("variant `{name}` repeats another variant's discriminator values"));
            }
            let mut fields = common.clone();
            fields.extend(self.fields(spec, Some(&raw_v.fields), &vspan));
            if fields.iter().any(|f| discriminators.contains(&f.name)) {
                self.error(vspan.clone(), format!("variant `{name}` declares a discriminator as a field"));
            }
            variants.push(Variant { name: name.clone(), doc: raw_v.doc.clone(), matches, fields });
        }
        if variants.is_empty() {
            self.error(span.clone(), "union needs at least one variant");
        }
        UnionDef { discriminators, variants }
    }
}
