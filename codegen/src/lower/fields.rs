//! Fields: type references, the four presence facts, bounds and their sources.

use super::Lower;
use crate::ir::{
    ArrayRules, Bound, BoundSource, Field, IntBase, IntRules, JsonKind, Presence, Spec, StringFormat, StringRules,
    TypeRef, Violation,
};
use crate::spec::raw::{RawBound, RawField};
use serde_json::Value;
use std::ops::Range;

/// Largest integer every target language represents exactly.
pub const JSON_SAFE_MAX: u64 = (1 << 53) - 1;

impl Lower<'_> {
    /// Resolve a bound number or `limits.`/`constants.` reference.
    pub(super) fn bound(&mut self, spec: &Spec, span: &Range<usize>, raw: &RawBound) -> Bound {
        match raw {
            RawBound::Number(n) => Bound::literal(*n),
            RawBound::Reference(r) => self.reference(spec, span, r).unwrap_or_else(|| Bound::literal(0)),
        }
    }

    fn reference(&mut self, spec: &Spec, span: &Range<usize>, r: &str) -> Option<Bound> {
        let found = if let Some(name) = r.strip_prefix("limits.") {
            spec.limit(name).map(|l| Bound { value: l.value, source: BoundSource::Limit(name.to_string()) })
        } else if let Some(name) = r.strip_prefix("constants.") {
            spec.constants
                .iter()
                .find(|c| c.name == name)
                .map(|c| Bound { value: c.value, source: BoundSource::Constant(name.to_string()) })
        } else {
            None
        };
        if found.is_none() {
            self.error(span.clone(), format!("undefined reference `{r}` (expected limits.NAME or constants.NAME)"));
        }
        found
    }

    /// The violation a crossed maximum yields: `limit_exceeded` only for limits declaring it.
    pub(super) fn violation(spec: &Spec, bound: &Bound) -> Violation {
        match &bound.source {
            BoundSource::Limit(name)
                if spec.limit(name).and_then(|l| l.exceeded.as_deref()) == Some("limit_exceeded") =>
            {
                Violation::LimitExceeded
            }
            _ => Violation::Context,
        }
    }

    pub(super) fn field(&mut self, spec: &Spec, name: &str, span: Range<usize>, raw: &RawField) -> Field {
        let ty = self.type_ref(spec, &span, raw);
        let presence = self.presence(spec, &span, name, raw, &ty);
        let constant = raw.constant.as_ref().and_then(|c| self.literal(spec, &span, c));
        if raw.optional && raw.nullable {
            self.error(
                span.clone(),
                format!("field `{name}` is optional and nullable: give a `default` to say what absence means"),
            );
        }
        Field { name: name.to_string(), doc: raw.doc.clone(), ty, presence, nullable: raw.nullable, constant }
    }

    fn presence(&mut self, spec: &Spec, span: &Range<usize>, name: &str, raw: &RawField, ty: &TypeRef) -> Presence {
        match (&raw.default, raw.optional) {
            (Some(_), true) => {
                self.error(span.clone(), format!("field `{name}` is both optional and defaulted"));
                Presence::Optional
            }
            (Some(text), false) => {
                let value = self.literal(spec, span, text).unwrap_or(Value::Null);
                if value.is_null() && !raw.nullable {
                    self.error(span.clone(), format!("field `{name}` defaults to null but is not nullable"));
                }
                if !value.is_null() && !default_fits(ty, &value) {
                    self.error(span.clone(), format!("default of `{name}` does not satisfy its type and bounds"));
                }
                Presence::Defaulted(value)
            }
            (None, true) => Presence::Optional,
            (None, false) => Presence::Required,
        }
    }

    /// A JSON literal, or a reference standing for its number.
    fn literal(&mut self, spec: &Spec, span: &Range<usize>, text: &str) -> Option<Value> {
        if text.starts_with("limits.") || text.starts_with("constants.") {
            return self.reference(spec, span, text).map(|b| Value::from(b.value));
        }
        match serde_json::from_str(text) {
            Ok(v) => Some(v),
            Err(e) => {
                self.error(span.clone(), format!("`{text}` is not JSON text: {e}"));
                None
            }
        }
    }

    fn type_ref(&mut self, spec: &Spec, span: &Range<usize>, raw: &RawField) -> TypeRef {
        let ty = match raw.ty.as_str() {
            "bool" => TypeRef::Bool,
            "u16" | "u32" | "uint" => TypeRef::Int(self.int_rules(spec, span, raw)),
            "string" => TypeRef::String(self.string_rules(
                spec,
                span,
                raw.min_bytes.as_ref(),
                raw.max_bytes.as_ref(),
                raw.charset.as_deref(),
                raw.format.as_deref(),
                raw.non_blank,
            )),
            "json" => TypeRef::Json(JsonKind::Any),
            "json_object" => TypeRef::Json(JsonKind::Object),
            "payload" => TypeRef::Payload,
            "array" => TypeRef::Array(Box::new(self.array_rules(spec, span, raw))),
            named => {
                if !self.raw.types.contains_key(named) {
                    self.error(span.clone(), format!("undefined type `{named}`"));
                }
                TypeRef::Named(named.to_string())
            }
        };
        self.reject_foreign_bounds(span, raw, &ty);
        ty
    }

    fn reject_foreign_bounds(&mut self, span: &Range<usize>, raw: &RawField, ty: &TypeRef) {
        let int = raw.min.is_some() || raw.max.is_some();
        let string = raw.min_bytes.is_some()
            || raw.max_bytes.is_some()
            || raw.charset.is_some()
            || raw.format.is_some()
            || raw.non_blank;
        let array = raw.items.is_some() || raw.min_items.is_some() || raw.max_items.is_some();
        let wrong = match ty {
            TypeRef::Int(_) => string || array,
            TypeRef::String(_) => int || array,
            TypeRef::Array(_) => int || string,
            _ => int || string || array,
        };
        if wrong || raw.values.is_some() {
            self.error(span.clone(), format!("bounds given that do not apply to type `{}`", raw.ty));
        }
    }

    fn int_rules(&mut self, spec: &Spec, span: &Range<usize>, raw: &RawField) -> IntRules {
        let (base, top) = match raw.ty.as_str() {
            "u16" => (IntBase::U16, u64::from(u16::MAX)),
            "u32" => (IntBase::U32, u64::from(u32::MAX)),
            _ => (IntBase::Uint, JSON_SAFE_MAX),
        };
        let min = raw.min.as_ref().map_or(Bound::literal(0), |b| self.bound(spec, span, b));
        let max = raw.max.as_ref().map_or(Bound::literal(top), |b| self.bound(spec, span, b));
        if min.value > max.value || max.value > top {
            self.error(
                span.clone(),
                format!("integer bounds {}..={} cannot hold for {}", min.value, max.value, raw.ty),
            );
        }
        IntRules { base, min, max }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn string_rules(
        &mut self,
        spec: &Spec,
        span: &Range<usize>,
        min: Option<&RawBound>,
        max: Option<&RawBound>,
        charset: Option<&str>,
        format: Option<&str>,
        non_blank: bool,
    ) -> StringRules {
        let general = spec.limit_value("max_string_bytes");
        let min_bytes = min.map_or(Bound::literal(0), |b| self.bound(spec, span, b));
        let max_bytes = max.map_or_else(
            || Bound { value: general, source: BoundSource::Limit("max_string_bytes".into()) },
            |b| self.bound(spec, span, b),
        );
        if min_bytes.value > max_bytes.value || max_bytes.value > general {
            self.error(
                span.clone(),
                format!(
                    "string bounds {}..={} bytes cannot hold (general limit {general})",
                    min_bytes.value, max_bytes.value
                ),
            );
        }
        if let Some(c) = charset {
            if let Err(e) = crate::charset::Charset::parse(c) {
                self.error(span.clone(), format!("charset `{c}`: {e}"));
            }
        }
        let format = match format {
            None => None,
            Some("rfc3339") => Some(StringFormat::Rfc3339),
            Some(other) => {
                self.error(span.clone(), format!("unknown string format `{other}`"));
                None
            }
        };
        StringRules { min_bytes, max_bytes, charset: charset.map(str::to_string), format, non_blank }
    }

    fn array_rules(&mut self, spec: &Spec, span: &Range<usize>, raw: &RawField) -> ArrayRules {
        let items = match &raw.items {
            Some(item) => {
                let item_field = RawField { ty: item.clone(), ..RawField::bare() };
                self.type_ref(spec, span, &item_field)
            }
            None => {
                self.error(span.clone(), "array needs `items`");
                TypeRef::Bool
            }
        };
        let general = spec.limit_value("max_array_items");
        let min_items = raw.min_items.as_ref().map_or(Bound::literal(0), |b| self.bound(spec, span, b));
        let max_items = raw.max_items.as_ref().map_or_else(
            || Bound { value: general, source: BoundSource::Limit("max_array_items".into()) },
            |b| self.bound(spec, span, b),
        );
        if min_items.value > max_items.value || max_items.value > general {
            self.error(
                span.clone(),
                format!(
                    "array bounds {}..={} items cannot hold (general limit {general})",
                    min_items.value, max_items.value
                ),
            );
        }
        let max_violation = Self::violation(spec, &max_items);
        ArrayRules { items, min_items, max_items, max_violation }
    }
}

impl RawField {
    /// A field with only a type, for array items.
    pub(crate) fn bare() -> Self {
        RawField {
            ty: String::new(),
            doc: String::new(),
            optional: false,
            nullable: false,
            default: None,
            constant: None,
            items: None,
            min: None,
            max: None,
            min_bytes: None,
            max_bytes: None,
            charset: None,
            format: None,
            non_blank: false,
            min_items: None,
            max_items: None,
            values: None,
        }
    }
}

/// Whether a default literal can be a value of the type (named types are checked by examples).
fn default_fits(ty: &TypeRef, value: &Value) -> bool {
    match ty {
        TypeRef::Bool => value.is_boolean(),
        TypeRef::Int(r) => value.as_u64().is_some_and(|n| n >= r.min.value && n <= r.max.value),
        TypeRef::String(r) => value
            .as_str()
            .is_some_and(|s| (s.len() as u64) >= r.min_bytes.value && (s.len() as u64) <= r.max_bytes.value),
        TypeRef::Array(r) => value
            .as_array()
            .is_some_and(|a| (a.len() as u64) >= r.min_items.value && (a.len() as u64) <= r.max_items.value),
        TypeRef::Json(_) | TypeRef::Named(_) | TypeRef::Payload => true,
    }
}
