//! Composite seeds: named types, nullable slots, bounded arrays, and the slot helpers the
//! generated object visitors use for presence and duplicates.

use super::cx::Cx;
use super::Decode;
use serde::de::{DeserializeSeed, Deserializer, Error, SeqAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// Decode a named type under a context.
pub struct Seed<'a, T>(pub Cx<'a>, PhantomData<T>);

impl<'a, T> Seed<'a, T> {
    pub fn new(cx: Cx<'a>) -> Self {
        Self(cx, PhantomData)
    }
}

impl<T> Clone for Seed<'_, T> {
    fn clone(&self) -> Self {
        Self(self.0, PhantomData)
    }
}

impl<'de, T: Decode> DeserializeSeed<'de> for Seed<'_, T> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        T::decode(d, self.0)
    }
}

/// `null` or the inner seed's value.
#[derive(Clone)]
pub struct NullableSeed<S>(pub S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for NullableSeed<S> {
    type Value = Option<S::Value>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de, S: DeserializeSeed<'de>> Visitor<'de> for NullableSeed<S> {
    type Value = Option<S::Value>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("null or a value")
    }
    fn visit_none<E: Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E: Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(d).map(Some)
    }
}

/// An array of `min..=max` items; `max_is_limit` marks a bound whose crossing is `limit_exceeded`.
pub struct ArraySeed<'a, F> {
    pub cx: Cx<'a>,
    pub min: u64,
    pub max: u64,
    pub max_is_limit: bool,
    pub item: F,
}

impl<'de, 'a, F, S> DeserializeSeed<'de> for ArraySeed<'a, F>
where
    F: Fn(Cx<'a>) -> S,
    S: DeserializeSeed<'de>,
{
    type Value = Vec<S::Value>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, 'a, F, S> Visitor<'de> for ArraySeed<'a, F>
where
    F: Fn(Cx<'a>) -> S,
    S: DeserializeSeed<'de>,
{
    type Value = Vec<S::Value>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an array of {}..={} items", self.min, self.max)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let cx = self.cx.enter()?;
        // Grows with accepted items only, so no allocation is sized by the peer.
        let mut out = Vec::new();
        while let Some(v) = cx.in_index(out.len(), seq.next_element_seed((self.item)(cx)))? {
            if out.len() as u64 >= self.max {
                return Err(if self.max_is_limit { cx.limit("array exceeds its limit") } else { bounded_error(&self) });
            }
            out.push(v);
        }
        if (out.len() as u64) < self.min {
            return Err(A::Error::invalid_length(out.len(), &self));
        }
        Ok(out)
    }
}

fn bounded_error<E: Error, F>(seed: &ArraySeed<'_, F>) -> E {
    if seed.max >= crate::limits::MAX_ARRAY_ITEMS {
        seed.cx.limit("array exceeds max_array_items")
    } else {
        E::custom(format_args!("array exceeds {} items", seed.max))
    }
}

/// Fill a member slot once; a second value for the same member is a duplicate.
pub fn put<T, E: Error>(cx: Cx<'_>, slot: &mut Option<T>, name: &str, value: T) -> Result<(), E> {
    if slot.is_some() {
        return Err(cx.duplicate(name));
    }
    *slot = Some(value);
    Ok(())
}

/// A required member's value, or a missing-field error.
pub fn required<T, E: Error>(slot: Option<T>, name: &'static str) -> Result<T, E> {
    slot.ok_or_else(|| E::missing_field(name))
}
