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
    fn decode_payload<'de, D: Deserializer<'de>>(d: D, cx: Cx<'_>, _tag: Option<&str>) -> Result<Self, D::Error> {
        IgnoreSeed(cx).deserialize(d).map(|()| Deferred)
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
