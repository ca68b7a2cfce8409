//! The decoding context threaded through every seed: strictness, nesting depth, and flags that
//! record *why* a decode failed so the caller can pick the exact error code.

use crate::limits;
use serde::de::Error;
use std::cell::{Cell, RefCell};
use std::fmt::Write;

/// Strictness belongs to the decoder entry point, not to the type: one type can be read both ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Server input: unknown members are rejected.
    Strict,
    /// Consumer input: unknown members are skipped (after their bounds are checked).
    Tolerant,
}

/// What went wrong, beyond serde's message.
#[derive(Debug, Default)]
pub struct Flags {
    limit: Cell<bool>,
    duplicate: Cell<bool>,
    /// Where the failure is: one segment pushed by each container a failure unwinds through,
    /// innermost first. Only the error path writes it.
    path: RefCell<Vec<Segment>>,
}

/// One step of a JSON path.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Member(String),
    Index(usize),
}

impl Flags {
    /// A bound whose crossing is `limit_exceeded` failed.
    pub fn limit_crossed(&self) -> bool {
        self.limit.get()
    }

    /// A member name appeared twice in one object.
    pub fn duplicate_seen(&self) -> bool {
        self.duplicate.get()
    }

    /// The JSON path of the failure below `root` (such as `$` or `$.payload`):
    /// `$.payload.entries[3].available`.
    pub fn path(&self, root: &str) -> String {
        let mut out = root.to_owned();
        for seg in self.path.borrow().iter().rev() {
            let _ = match seg {
                Segment::Member(m) if is_plain(m) => write!(out, ".{m}"),
                Segment::Member(m) => write!(out, "[{m:?}]"),
                Segment::Index(i) => write!(out, "[{i}]"),
            };
        }
        out
    }
}

/// A member name written bare in a path (otherwise it is quoted in brackets).
fn is_plain(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[derive(Debug, Clone, Copy)]
pub struct Cx<'a> {
    pub mode: Mode,
    /// Containers already entered (the top-level container is depth 1).
    pub depth: u32,
    pub flags: &'a Flags,
}

impl<'a> Cx<'a> {
    pub fn new(mode: Mode, flags: &'a Flags) -> Self {
        Self { mode, depth: 0, flags }
    }

    /// Enter one container, failing past `max_json_depth`.
    pub fn enter<E: Error>(self) -> Result<Self, E> {
        let depth = self.depth + 1;
        if u64::from(depth) > limits::MAX_JSON_DEPTH {
            return Err(self.limit("nesting exceeds max_json_depth"));
        }
        Ok(Self { depth, ..self })
    }

    /// An error that is `limit_exceeded` on the wire.
    pub fn limit<E: Error>(self, what: &str) -> E {
        self.flags.limit.set(true);
        E::custom(what)
    }

    /// An error for a repeated member name (`invalid_json` on the wire: records are I-JSON).
    pub fn duplicate<E: Error>(self, name: &str) -> E {
        self.flags.duplicate.set(true);
        E::custom(format_args!("duplicate member {name:?}"))
    }

    /// `r`, a member's decoding; a failure records the member in the error's path.
    pub fn in_member<T, E>(self, name: &str, r: Result<T, E>) -> Result<T, E> {
        if r.is_err() {
            self.flags.path.borrow_mut().push(Segment::Member(name.to_owned()));
        }
        r
    }

    /// `r`, an array item's decoding; a failure records the index in the error's path.
    pub fn in_index<T, E>(self, index: usize, r: Result<T, E>) -> Result<T, E> {
        if r.is_err() {
            self.flags.path.borrow_mut().push(Segment::Index(index));
        }
        r
    }

    /// The record-wide rules of one decoded string (a value or a member name). Its characters
    /// are checked as it is read and its size once it is read, as serde_json refuses a lone
    /// surrogate escape before any visitor sees the string: a noncharacter anywhere in it is
    /// `invalid_json` (records are I-JSON), even in a string over `max_string_bytes`, which is
    /// otherwise `limit_exceeded` (docs/decoding.md).
    pub fn check_string<E: Error>(self, s: &str) -> Result<(), E> {
        if super::first_noncharacter(s).is_some() {
            return Err(E::custom("string holds a noncharacter"));
        }
        if s.len() as u64 > limits::MAX_STRING_BYTES {
            return Err(self.limit("string exceeds max_string_bytes"));
        }
        Ok(())
    }

    /// Count one more object member, failing past `max_object_fields`.
    pub fn count_field<E: Error>(self, fields: &mut u64) -> Result<(), E> {
        *fields += 1;
        if *fields > limits::MAX_OBJECT_FIELDS {
            return Err(self.limit("object exceeds max_object_fields"));
        }
        Ok(())
    }

    /// Handle a member the type does not know: an error in strict mode, a bounded skip otherwise.
    pub fn unknown_member<'de, A: serde::de::MapAccess<'de>>(self, map: &mut A, name: &str) -> Result<(), A::Error> {
        match self.mode {
            Mode::Strict => Err(A::Error::custom(format_args!("unknown member `{name}`"))),
            Mode::Tolerant => self.in_member(name, map.next_value_seed(super::IgnoreSeed(self))),
        }
    }
}
