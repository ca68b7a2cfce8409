//! Scalars: bounded strings (bytes, charset, format, non-blank), integer ranges, strict
//! booleans, and const values.

use super::cx::Cx;
use serde::de::{DeserializeSeed, Deserializer, Error, Unexpected, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// A set of ASCII bytes, as a byte-indexed table built at compile time from the spec's
/// 128-bit set (bit `b` is `bits[b / 64] >> (b % 64)`), so checking a string is one load a byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Charset {
    table: [bool; 256],
}

impl Charset {
    pub const fn new(bits: [u64; 2]) -> Self {
        let mut table = [false; 256];
        let mut b = 0;
        while b < 128 {
            table[b] = (bits[b / 64] >> (b % 64)) & 1 == 1;
            b += 1;
        }
        Self { table }
    }

    pub fn contains(&self, b: u8) -> bool {
        self.table[usize::from(b)]
    }

    /// Whether every byte of `s` is in the set; the hot loop of selection-ID validation.
    pub fn all(&self, s: &str) -> bool {
        s.bytes().all(|b| self.table[usize::from(b)])
    }
}

/// Everything the spec can say about a string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StrRules {
    pub min_bytes: u64,
    pub max_bytes: u64,
    pub charset: Option<Charset>,
    pub rfc3339: bool,
    pub non_blank: bool,
}

impl StrRules {
    /// Check a string; the error text names the broken rule.
    pub fn check(&self, s: &str) -> Result<(), &'static str> {
        let n = s.len() as u64;
        if n < self.min_bytes {
            return Err("string is shorter than its minimum");
        }
        if n > self.max_bytes {
            return Err("string is longer than its maximum");
        }
        if let Some(c) = self.charset {
            if !c.all(s) {
                return Err("string has a character outside its charset");
            }
        }
        if self.rfc3339 && !super::rfc3339::is_valid(s) {
            return Err("string is not an RFC 3339 timestamp");
        }
        if self.non_blank && s.trim().is_empty() {
            return Err("string must contain a non-whitespace character");
        }
        Ok(())
    }
}

/// A string under `rules`; the record-wide rules ([`Cx::check_string`]) come first.
#[derive(Clone, Copy)]
pub struct StrSeed<'a> {
    pub cx: Cx<'a>,
    pub rules: &'static StrRules,
}

impl StrSeed<'_> {
    fn accept<E: Error>(&self, s: &str) -> Result<(), E> {
        // The fast request path reads strings only through here and the bounded seeds, so a
        // noncharacter is refused on it too, never accepted.
        self.cx.check_string(s)?;
        self.rules.check(s).map_err(E::custom)
    }
}

impl<'de> DeserializeSeed<'de> for StrSeed<'_> {
    type Value = String;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for StrSeed<'_> {
    type Value = String;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: Error>(self, s: &str) -> Result<String, E> {
        self.accept(s)?;
        Ok(s.to_owned())
    }
    fn visit_string<E: Error>(self, s: String) -> Result<String, E> {
        self.accept(&s)?;
        Ok(s)
    }
}

/// An integer in `min..=max`; strings, floats, booleans and negatives are refused.
pub struct IntSeed<T> {
    pub min: u64,
    pub max: u64,
    out: PhantomData<T>,
}

impl<T> IntSeed<T> {
    pub fn new(min: u64, max: u64) -> Self {
        Self { min, max, out: PhantomData }
    }
}

impl<'de, T: TryFrom<u64>> DeserializeSeed<'de> for IntSeed<T> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        d.deserialize_u64(self)
    }
}

impl<T: TryFrom<u64>> Visitor<'_> for IntSeed<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an integer in {}..={}", self.min, self.max)
    }
    fn visit_u64<E: Error>(self, v: u64) -> Result<T, E> {
        if v < self.min || v > self.max {
            return Err(E::invalid_value(Unexpected::Unsigned(v), &self));
        }
        T::try_from(v).map_err(|_| E::invalid_value(Unexpected::Unsigned(v), &self))
    }
    fn visit_i64<E: Error>(self, v: i64) -> Result<T, E> {
        match u64::try_from(v) {
            Ok(u) => self.visit_u64(u),
            Err(_) => Err(E::invalid_value(Unexpected::Signed(v), &self)),
        }
    }
}

/// A JSON boolean; `0`, `1` and `"true"` are not booleans.
#[derive(Clone, Copy)]
pub struct BoolSeed;

impl<'de> DeserializeSeed<'de> for BoolSeed {
    type Value = bool;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<bool, D::Error> {
        d.deserialize_bool(self)
    }
}

impl Visitor<'_> for BoolSeed {
    type Value = bool;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a boolean")
    }
    fn visit_bool<E: Error>(self, v: bool) -> Result<bool, E> {
        Ok(v)
    }
}

/// The only string a const field may carry.
#[derive(Clone, Copy)]
pub struct ConstStr(pub &'static str);

impl<'de> DeserializeSeed<'de> for ConstStr {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for ConstStr {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the string {:?}", self.0)
    }
    fn visit_str<E: Error>(self, s: &str) -> Result<(), E> {
        if s == self.0 {
            Ok(())
        } else {
            Err(E::invalid_value(Unexpected::Str(s), &self))
        }
    }
}

/// The only boolean a const field may carry.
#[derive(Clone, Copy)]
pub struct ConstBool(pub bool);

impl<'de> DeserializeSeed<'de> for ConstBool {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let v = BoolSeed.deserialize(d)?;
        if v == self.0 {
            Ok(())
        } else {
            Err(D::Error::invalid_value(Unexpected::Bool(v), &if self.0 { "true" } else { "false" }))
        }
    }
}

/// The only integer a const field may carry.
#[derive(Clone, Copy)]
pub struct ConstInt(pub u64);

impl<'de> DeserializeSeed<'de> for ConstInt {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        IntSeed::<u64>::new(self.0, self.0).deserialize(d).map(|_| ())
    }
}
