//! The runner's own reading of records a target sends: UTF-8 I-JSON (no duplicate member
//! names) within the structural limits, checked independently of the Rust decoders so the
//! suite can judge them too.

use serde::de::{DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::fmt;

/// Structural bounds applied to every record, unknown members included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    pub depth: usize,
    pub array_items: usize,
    pub object_fields: usize,
    pub string_bytes: usize,
}

impl Bounds {
    /// The spec's general limits: the runner's independent local bounds.
    pub fn local() -> Self {
        use agentwire_protocol::limits;
        Bounds {
            depth: limits::MAX_JSON_DEPTH as usize,
            array_items: limits::MAX_ARRAY_ITEMS as usize,
            object_fields: limits::MAX_OBJECT_FIELDS as usize,
            string_bytes: limits::MAX_STRING_BYTES as usize,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    #[error("record is not UTF-8")]
    Utf8,
    #[error("record is not valid JSON: {0}")]
    Syntax(String),
    #[error("duplicate member name `{0}`")]
    Duplicate(String),
    #[error("structural limit crossed: {0}")]
    Limit(String),
}

struct Seed<'a> {
    bounds: &'a Bounds,
    depth: usize,
    /// The first profile violation; serde's own error only carries text.
    found: &'a RefCell<Option<ProfileError>>,
}

impl Seed<'_> {
    fn violation<E: serde::de::Error>(&self, e: ProfileError) -> E {
        let text = e.to_string();
        self.found.borrow_mut().get_or_insert(e);
        E::custom(text)
    }

    fn nested(&self) -> Seed<'_> {
        Seed { bounds: self.bounds, depth: self.depth + 1, found: self.found }
    }

    fn check_string<E: serde::de::Error>(&self, s: &str) -> Result<(), E> {
        if s.len() > self.bounds.string_bytes {
            return Err(self.violation(ProfileError::Limit(format!("a string of {} bytes", s.len()))));
        }
        Ok(())
    }

    fn enter<E: serde::de::Error>(&self) -> Result<(), E> {
        if self.depth + 1 > self.bounds.depth {
            return Err(self.violation(ProfileError::Limit(format!("nesting deeper than {}", self.bounds.depth))));
        }
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for Seed<'_> {
    type Value = Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Value, E> {
        serde_json::Number::from_f64(v).map(Value::Number).ok_or_else(|| E::custom("non-finite number"))
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Value, E> {
        self.check_string(v)?;
        Ok(Value::String(v.to_owned()))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        self.enter()?;
        let mut items = Vec::new();
        while let Some(v) = seq.next_element_seed(self.nested())? {
            if items.len() == self.bounds.array_items {
                return Err(self.violation(ProfileError::Limit(format!(
                    "an array of more than {} items",
                    self.bounds.array_items
                ))));
            }
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        self.enter()?;
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            self.check_string(&key)?;
            if out.contains_key(&key) {
                return Err(self.violation(ProfileError::Duplicate(key)));
            }
            if out.len() == self.bounds.object_fields {
                return Err(self.violation(ProfileError::Limit(format!(
                    "an object of more than {} members",
                    self.bounds.object_fields
                ))));
            }
            let v = map.next_value_seed(self.nested())?;
            out.insert(key, v);
        }
        Ok(Value::Object(out))
    }
}

/// Parse one record (without its newline) under the JSON profile and `bounds`.
pub fn parse(bytes: &[u8], bounds: &Bounds) -> Result<Value, ProfileError> {
    let text = std::str::from_utf8(bytes).map_err(|_| ProfileError::Utf8)?;
    let found = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(text);
    let seed = Seed { bounds, depth: 0, found: &found };
    let value = seed.deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    match value {
        Ok(v) => Ok(v),
        Err(e) => Err(found.into_inner().unwrap_or_else(|| ProfileError::Syntax(e.to_string()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b() -> Bounds {
        Bounds { depth: 3, array_items: 2, object_fields: 2, string_bytes: 4 }
    }

    #[test]
    fn profile_violations_are_classified() {
        assert_eq!(parse(br#"{"a":[1,2],"b":"abcd"}"#, &b()).unwrap()["b"], "abcd");
        assert!(matches!(parse(br#"{"a":1,"a":2}"#, &b()), Err(ProfileError::Duplicate(k)) if k == "a"));
        assert!(matches!(parse(br#"{"a":[1,2,3]}"#, &b()), Err(ProfileError::Limit(_))));
        assert!(matches!(parse(br#"{"a":1,"b":2,"c":3}"#, &b()), Err(ProfileError::Limit(_))));
        assert!(matches!(parse(br#"{"a":"abcde"}"#, &b()), Err(ProfileError::Limit(_))));
        assert!(matches!(parse(br#"{"abcde":1}"#, &b()), Err(ProfileError::Limit(_))));
        assert!(parse(br#"[[[1]]]"#, &b()).is_ok());
        assert!(matches!(parse(br#"[[[[1]]]]"#, &b()), Err(ProfileError::Limit(_))));
        assert!(matches!(parse(br#"{"a":1} {"b":2}"#, &b()), Err(ProfileError::Syntax(_))));
        assert!(matches!(parse(b"{\"a\":\"\xff\"}", &b()), Err(ProfileError::Utf8)));
        assert!(parse(b"{\"a\":1}\r", &b()).is_ok(), "CR is JSON whitespace");
    }
}
