//! Hand-written decoding machinery the generated code builds on. Nothing here knows a field,
//! method or message of the protocol: those come from the generated module; the numbers come
//! from the generated `limits` module.

mod bounded;
mod cx;
mod info;
mod noncharacter;
mod optional;
mod payload;
mod record;
/// RFC 3339 `date-time` syntax: the generator's checker (`agentwire_codegen::rfc3339`), committed
/// beside the emitted module (or written into `OUT_DIR` with it), so examples (checked by the
/// generator) and decoders agree.
#[cfg(not(agentwire_protocol_regenerated))]
pub mod rfc3339 {
    include!("../generated/rfc3339.rs");
}
#[cfg(agentwire_protocol_regenerated)]
pub mod rfc3339 {
    include!(concat!(env!("OUT_DIR"), "/rfc3339.rs"));
}
mod scalar;
mod seq;
mod write_json;

pub use bounded::{parse_record, parse_record_explained, IgnoreSeed, JsonSeed, KeySeed, ProfileError};
pub use cx::{Cx, Flags, Mode};
pub use info::{EventRules, LimitInfo, OperationRules, SlotRule};
pub use noncharacter::{first_noncharacter, is_noncharacter, replace_noncharacters};
pub use optional::IntoOptional;
pub use payload::{Deferred, PayloadDecode, PayloadSeed};
pub use record::{encode_record, encode_record_into, EncodeError};
pub use scalar::{BoolSeed, Charset, ConstBool, ConstInt, ConstStr, IntSeed, StrRules, StrSeed};
pub use seq::{put, required, ArraySeed, NullableSeed, Seed};
pub use write_json::{separate, serialize_written, write_str, WriteJson};

/// A type the generated code can decode under a [`Cx`] (mode, depth and violation flags).
pub trait Decode: Sized {
    fn decode<'de, D: serde::Deserializer<'de>>(d: D, cx: Cx<'_>) -> Result<Self, D::Error>;
}
