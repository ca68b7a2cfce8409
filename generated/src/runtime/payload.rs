//! Envelope payloads: decoded in the same pass as the envelope when the selecting name comes
//! first, or deferred (skipped under the bounds) to be decoded separately.

use super::cx::Cx;
use super::IgnoreSeed;
use serde::de::{DeserializeSeed, Deserializer};
use std::marker::PhantomData;

/// A payload type selected by the envelope's `method`/`event` value (`tag`).
pub trait PayloadDecode: Sized {
    fn decode_payload<'de, D: Deserializer<'de>>(d: D, cx: Cx<'_>, tag: Option<&str>) -> Result<Self, D::Error>;
}

/// A payload left for later: its bounds are checked while skipping it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Deferred;

impl PayloadDecode for Deferred {
    /// A payload slot that is not nullable holds a value: `null` here is an envelope error
    /// (nullable slots reach this only for non-null values, through `NullableSeed`).
    fn decode_payload<'de, D: Deserializer<'de>>(d: D, cx: Cx<'_>, _tag: Option<&str>) -> Result<Self, D::Error> {
        d.deserialize_any(NotNull(cx))
    }
}

/// Skips a value under the bounds, refusing `null`.
struct NotNull<'a>(Cx<'a>);

impl<'de> serde::de::Visitor<'de> for NotNull<'_> {
    type Value = Deferred;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a payload value")
    }
    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Deferred, E> {
        Ok(Deferred)
    }
    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Deferred, E> {
        Ok(Deferred)
    }
    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Deferred, E> {
        Ok(Deferred)
    }
    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Deferred, E> {
        Ok(Deferred)
    }
    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Deferred, E> {
        serde::de::Visitor::visit_str(IgnoreSeed(self.0), s).map(|()| Deferred)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Deferred, A::Error> {
        serde::de::Visitor::visit_seq(IgnoreSeed(self.0), seq).map(|()| Deferred)
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Deferred, A::Error> {
        serde::de::Visitor::visit_map(IgnoreSeed(self.0), map).map(|()| Deferred)
    }
}

impl serde::Serialize for Deferred {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit()
    }
}

/// Seed for a payload member; `tag` is the selecting name if it was already read.
pub struct PayloadSeed<'a, 't, P> {
    cx: Cx<'a>,
    tag: Option<&'t str>,
    out: PhantomData<P>,
}

impl<'a, 't, P> PayloadSeed<'a, 't, P> {
    pub fn new(cx: Cx<'a>, tag: Option<&'t str>) -> Self {
        Self { cx, tag, out: PhantomData }
    }
}

impl<'de, P: PayloadDecode> DeserializeSeed<'de> for PayloadSeed<'_, '_, P> {
    type Value = P;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<P, D::Error> {
        P::decode_payload(d, self.cx, self.tag)
    }
}
