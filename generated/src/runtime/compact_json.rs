//! Compact JSON output, byte for byte what `serde_json::to_writer` writes, with one difference
//! in how: a string that needs no escape is copied whole. serde_json looks up every byte of
//! every key and string in its escape table; records are mostly such strings (member names,
//! identifiers, text), and encoding them is on every request's path. Numbers are formatted by
//! serde_json's own formatter, and a string that does need escaping is handed to serde_json,
//! so neither can drift from it.

use serde::ser::{self, Error as _, Serialize};
use serde_json::ser::{CompactFormatter, Formatter};
use serde_json::Error;

/// Append `value` as compact JSON to `out`.
pub fn write<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<(), Error> {
    value.serialize(Writer { out })
}

/// serde_json's escape set: control characters, quotation mark and reverse solidus.
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

fn write_str(out: &mut Vec<u8>, s: &str) -> Result<(), Error> {
    // A fold with no early exit, so the check runs over whole vectors of bytes at a time.
    if s.bytes().fold(false, |any, b| any | needs_escape(b)) {
        return serde_json::to_writer(out, s);
    }
    out.reserve(s.len() + 2);
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
    Ok(())
}

/// Run one of serde_json's formatter methods (numbers, byte arrays) on `out`.
fn format(
    out: &mut Vec<u8>,
    f: impl FnOnce(&mut CompactFormatter, &mut Vec<u8>) -> std::io::Result<()>,
) -> Result<(), Error> {
    f(&mut CompactFormatter, out).map_err(Error::io)
}

/// serde_json writes a non-finite float as `null`.
fn write_float(
    out: &mut Vec<u8>,
    finite: bool,
    f: impl FnOnce(&mut CompactFormatter, &mut Vec<u8>) -> std::io::Result<()>,
) -> Result<(), Error> {
    if !finite {
        out.extend_from_slice(b"null");
        return Ok(());
    }
    format(out, f)
}

/// `{"variant":` — the opening of serde's externally tagged enum forms.
fn open_variant(out: &mut Vec<u8>, variant: &str) -> Result<(), Error> {
    out.push(b'{');
    write_str(out, variant)?;
    out.push(b':');
    Ok(())
}

/// The integer methods of a serializer, each formatting its value by serde_json's formatter
/// through the serializer's method `$via` (`bare` for values, `quoted` for member names).
macro_rules! integers {
    ($via:ident) => {
        integers!($via: serialize_i8(i8) write_i8, serialize_i16(i16) write_i16, serialize_i32(i32) write_i32,
            serialize_i64(i64) write_i64, serialize_i128(i128) write_i128, serialize_u8(u8) write_u8,
            serialize_u16(u16) write_u16, serialize_u32(u32) write_u32, serialize_u64(u64) write_u64,
            serialize_u128(u128) write_u128);
    };
    ($via:ident: $($method:ident($ty:ty) $write:ident),*) => {$(
        fn $method(self, v: $ty) -> Result<(), Error> {
            self.$via(|f, w| f.$write(w, v))
        }
    )*};
}

struct Writer<'a> {
    out: &'a mut Vec<u8>,
}

impl Writer<'_> {
    fn bare(self, f: impl FnOnce(&mut CompactFormatter, &mut Vec<u8>) -> std::io::Result<()>) -> Result<(), Error> {
        format(self.out, f)
    }
}

/// An array or object being written; `close` is what ends it (`]`, `}`, or `]}`/`}}` for a
/// variant's contents).
struct Compound<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
    close: &'static [u8],
}

impl<'a> Compound<'a> {
    fn open(out: &'a mut Vec<u8>, open: u8, close: &'static [u8]) -> Self {
        out.push(open);
        Compound { out, first: true, close }
    }

    /// The contents of a tuple or struct variant, inside `{"variant":`.
    fn in_variant(out: &'a mut Vec<u8>, variant: &str, open: u8, close: &'static [u8]) -> Result<Self, Error> {
        open_variant(out, variant)?;
        Ok(Compound::open(out, open, close))
    }

    fn separate(&mut self) {
        if !std::mem::take(&mut self.first) {
            self.out.push(b',');
        }
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.separate();
        value.serialize(Writer { out: self.out })
    }

    fn key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.separate();
        key.serialize(KeyWriter { out: self.out })
    }

    fn value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.out.push(b':');
        value.serialize(Writer { out: self.out })
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Error> {
        self.separate();
        write_str(self.out, key)?;
        self.value(value)
    }

    fn end(self) -> Result<(), Error> {
        self.out.extend_from_slice(self.close);
        Ok(())
    }
}

/// serde_json's marker for `RawValue`, which this writer does not support.
const RAW_VALUE_TOKEN: &str = "$serde_json::private::RawValue";

impl<'a> ser::Serializer for Writer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out.extend_from_slice(if v { b"true" } else { b"false" });
        Ok(())
    }
    integers!(bare);
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        write_float(self.out, v.is_finite(), |f, w| f.write_f32(w, v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        write_float(self.out, v.is_finite(), |f, w| f.write_f64(w, v))
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        write_str(self.out, v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        write_str(self.out, v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        format(self.out, |f, w| f.write_byte_array(w, v))
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<(), Error> {
        write_str(self.out, variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        open_variant(self.out, variant)?;
        value.serialize(Writer { out: self.out })?;
        self.out.push(b'}');
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        Ok(Compound::open(self.out, b'[', b"]"))
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        Compound::in_variant(self.out, variant, b'[', b"]}")
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        Ok(Compound::open(self.out, b'{', b"}"))
    }
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Compound<'a>, Error> {
        if name == RAW_VALUE_TOKEN {
            return Err(Error::custom("raw JSON values are not supported by this writer"));
        }
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        Compound::in_variant(self.out, variant, b'{', b"}}")
    }
}

/// serde's four sequence-like traits: each adds an element and closes alike.
macro_rules! sequence_impls {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }
            fn end(self) -> Result<(), Error> {
                Compound::end(self)
            }
        }
    )*};
}

sequence_impls!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key(key)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.value(value)
    }
    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}

/// A struct and a struct variant add their fields alike.
macro_rules! struct_impls {
    ($($trait:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
                self.field(key, value)
            }
            fn end(self) -> Result<(), Error> {
                Compound::end(self)
            }
        }
    )*};
}

struct_impls!(SerializeStruct, SerializeStructVariant);

/// Object member names: strings, and what serde_json turns into one (integers, finite floats
/// and booleans, quoted); anything else is an error, as in serde_json.
struct KeyWriter<'a> {
    out: &'a mut Vec<u8>,
}

impl KeyWriter<'_> {
    fn quoted(self, f: impl FnOnce(&mut CompactFormatter, &mut Vec<u8>) -> std::io::Result<()>) -> Result<(), Error> {
        self.out.push(b'"');
        format(self.out, f)?;
        self.out.push(b'"');
        Ok(())
    }
}

fn key_must_be_a_string() -> Error {
    Error::custom("key must be a string")
}

impl ser::Serializer for KeyWriter<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        write_str(self.out, v)
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        write_str(self.out, v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<(), Error> {
        write_str(self.out, variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        write_str(self.out, if v { "true" } else { "false" })
    }
    integers!(quoted);
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        if !v.is_finite() {
            return Err(Error::custom("float key must be finite"));
        }
        self.quoted(|f, w| f.write_f32(w, v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        if !v.is_finite() {
            return Err(Error::custom("float key must be finite"));
        }
        self.quoted(|f, w| f.write_f64(w, v))
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_must_be_a_string())
    }
}

#[cfg(test)]
#[path = "compact_json_tests.rs"]
mod tests;
