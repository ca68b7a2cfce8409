//! Free-form JSON under the record-wide bounds: depth, items, fields, string bytes, duplicate
//! member names and noncharacters, all checked in the same pass that reads the value.

use super::cx::{Cx, Flags, Mode};
use crate::limits;
use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::fmt;

fn check_str<E: Error>(cx: Cx<'_>, s: &str) -> Result<(), E> {
    cx.check_string(s)
}

fn count_item<E: Error>(cx: Cx<'_>, items: &mut u64) -> Result<(), E> {
    *items += 1;
    if *items > limits::MAX_ARRAY_ITEMS {
        return Err(cx.limit("array exceeds max_array_items"));
    }
    Ok(())
}

/// An object member name, bounded by `max_string_bytes`, borrowed from the input when possible.
pub struct KeySeed<'a>(pub Cx<'a>);

impl<'de> DeserializeSeed<'de> for KeySeed<'_> {
    type Value = Cow<'de, str>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed<'_> {
    type Value = Cow<'de, str>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a member name")
    }
    fn visit_borrowed_str<E: Error>(self, s: &'de str) -> Result<Self::Value, E> {
        check_str(self.0, s)?;
        Ok(Cow::Borrowed(s))
    }
    fn visit_str<E: Error>(self, s: &str) -> Result<Self::Value, E> {
        check_str(self.0, s)?;
        Ok(Cow::Owned(s.to_owned()))
    }
}

/// Any JSON value (or only an object), built under the record-wide bounds.
#[derive(Clone, Copy)]
pub struct JsonSeed<'a> {
    pub cx: Cx<'a>,
    pub object_only: bool,
}

impl<'a> JsonSeed<'a> {
    pub fn any(cx: Cx<'a>) -> Self {
        Self { cx, object_only: false }
    }
}

impl<'de> DeserializeSeed<'de> for JsonSeed<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        let v = d.deserialize_any(self)?;
        if self.object_only && !v.is_object() {
            return Err(D::Error::custom("expected a JSON object"));
        }
        Ok(v)
    }
}

impl<'de> Visitor<'de> for JsonSeed<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E: Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E: Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E: Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E: Error>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E: Error>(self, s: &str) -> Result<Value, E> {
        check_str(self.cx, s)?;
        Ok(Value::String(s.to_owned()))
    }
    fn visit_string<E: Error>(self, s: String) -> Result<Value, E> {
        check_str(self.cx, &s)?;
        Ok(Value::String(s))
    }
    fn visit_unit<E: Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E: Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let cx = self.cx.enter()?;
        let (mut out, mut items) = (Vec::new(), 0);
        while let Some(v) = cx.in_index(out.len(), seq.next_element_seed(JsonSeed::any(cx)))? {
            count_item(cx, &mut items)?;
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let cx = self.cx.enter()?;
        let (mut out, mut fields) = (Map::new(), 0);
        while let Some(k) = map.next_key_seed(KeySeed(cx))? {
            cx.count_field(&mut fields)?;
            if out.contains_key(k.as_ref()) {
                return Err(cx.duplicate(&k));
            }
            let v = cx.in_member(&k, map.next_value_seed(JsonSeed::any(cx)))?;
            out.insert(k.into_owned(), v);
        }
        Ok(Value::Object(out))
    }
}

/// Skip a value (an unknown member) while still enforcing every record-wide bound.
#[derive(Clone, Copy)]
pub struct IgnoreSeed<'a>(pub Cx<'a>);

impl<'de> DeserializeSeed<'de> for IgnoreSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for IgnoreSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E: Error>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E: Error>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E: Error>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E: Error>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E: Error>(self, s: &str) -> Result<(), E> {
        check_str(self.0, s)
    }
    fn visit_unit<E: Error>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_none<E: Error>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let cx = self.0.enter()?;
        let mut items = 0;
        while cx.in_index(items as usize, seq.next_element_seed(IgnoreSeed(cx)))?.is_some() {
            count_item(cx, &mut items)?;
        }
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let cx = self.0.enter()?;
        let (mut seen, mut fields) = (Vec::<Cow<'de, str>>::new(), 0);
        while let Some(k) = map.next_key_seed(KeySeed(cx))? {
            cx.count_field(&mut fields)?;
            if seen.contains(&k) {
                return Err(cx.duplicate(&k));
            }
            cx.in_member(&k, map.next_value_seed(IgnoreSeed(cx)))?;
            seen.push(k);
        }
        Ok(())
    }
}

/// Why a record failed the JSON profile, in the order the request decoder reports them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProfileError {
    /// Not UTF-8, not exactly one JSON value, a duplicate member name, or a noncharacter in a
    /// string or member name.
    InvalidJson,
    /// A record-wide structural limit was crossed.
    LimitExceeded,
}

/// Read a whole record as a bounded JSON value in one streaming pass. The first violation in
/// reading order decides the outcome, so nothing past a crossed bound is ever buffered.
pub fn parse_record(text: &str) -> Result<Value, ProfileError> {
    parse_record_explained(text).map_err(|(e, _)| e)
}

/// [`parse_record`], with the failure explained: its JSON path and rule
/// (`$.payload: duplicate member "state"`), or serde_json's syntax message.
pub fn parse_record_explained(text: &str) -> Result<Value, (ProfileError, String)> {
    let flags = Flags::default();
    let mut de = serde_json::Deserializer::from_str(text);
    let parsed = JsonSeed::any(Cx::new(Mode::Tolerant, &flags)).deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    let explain = |e: serde_json::Error| format!("{}: {e}", flags.path("$"));
    match parsed {
        Ok(v) => Ok(v),
        Err(e) if flags.limit_crossed() => Err((ProfileError::LimitExceeded, explain(e))),
        Err(e) => Err((ProfileError::InvalidJson, explain(e))),
    }
}
