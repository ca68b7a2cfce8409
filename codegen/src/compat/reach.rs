//! Which side decodes each type: the server (request payloads, the request envelope) and/or
//! consumers (responses, events, the session message stream). The checker judges a change by
//! the directions its type is reachable in, because the seed treats the two differently:
//! "Requests remain strict" while consumers "allow unknown members".

use crate::ir::{Spec, TypeKind, TypeRef};
use std::collections::HashMap;

/// The directions an item is decoded in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reach {
    /// The server decodes it (client → server).
    pub input: bool,
    /// Consumers decode it (server → client).
    pub output: bool,
}

impl Reach {
    pub const NONE: Reach = Reach { input: false, output: false };
    pub const INPUT: Reach = Reach { input: true, output: false };
    pub const OUTPUT: Reach = Reach { input: false, output: true };
    pub const BOTH: Reach = Reach { input: true, output: true };

    pub fn union(self, other: Reach) -> Reach {
        Reach { input: self.input || other.input, output: self.output || other.output }
    }

    /// Whether any wire root reaches the item; otherwise it is governed by the package version.
    pub fn is_wire(self) -> bool {
        self.input || self.output
    }

    /// The directions a change is judged in: unreferenced items (the Unix launch types) get
    /// both, because nothing in the IR says which side reads them.
    pub fn judged(self) -> Reach {
        if self.is_wire() {
            self
        } else {
            Reach::BOTH
        }
    }

    pub fn describe(self) -> &'static str {
        match (self.input, self.output) {
            (true, true) => "in what both the server and consumers decode",
            (true, false) => "in what the server decodes (requests)",
            (false, true) => "in what consumers decode (responses, events)",
            (false, false) => "outside wire v2 (judged both ways)",
        }
    }
}

/// The reach of every named type of a spec.
#[derive(Debug, Clone, Default)]
pub struct Reachability {
    types: HashMap<String, Reach>,
}

impl Reachability {
    /// Walk a spec from its wire roots: the request envelope and request payloads are input;
    /// the response and event envelopes, success payloads and event payloads are output; the
    /// persisted session message type is both.
    pub fn of(spec: &Spec) -> Self {
        let mut r = Reachability::default();
        for f in &spec.request_envelope.fields {
            r.mark_ref(spec, &f.ty, Reach::INPUT);
        }
        for f in spec.response_envelope.fields.iter().chain(&spec.event_envelope.fields) {
            r.mark_ref(spec, &f.ty, Reach::OUTPUT);
        }
        for op in &spec.operations {
            r.mark(spec, &op.request, Reach::INPUT);
            r.mark(spec, &op.response, Reach::OUTPUT);
        }
        for ev in &spec.events {
            r.mark(spec, &ev.payload, Reach::OUTPUT);
        }
        // Session messages are an "Immutable append-only stream": what one version writes, later
        // daemons read back (replay), so they are judged as input as well as output.
        r.mark(spec, &spec.messages.ty, Reach::BOTH);
        r
    }

    /// Both specs' reach: a type that changes direction is judged by the old and new uses.
    pub fn merge(mut self, other: Reachability) -> Self {
        for (name, reach) in other.types {
            let entry = self.types.entry(name).or_default();
            *entry = entry.union(reach);
        }
        self
    }

    pub fn ty(&self, name: &str) -> Reach {
        self.types.get(name).copied().unwrap_or(Reach::NONE)
    }

    fn mark(&mut self, spec: &Spec, name: &str, dir: Reach) {
        let entry = self.types.entry(name.to_string()).or_default();
        if entry.union(dir) == *entry {
            // Already visited in this direction; also stops recursive types.
            return;
        }
        *entry = entry.union(dir);
        let Some(def) = spec.ty(name) else {
            return;
        };
        match &def.kind {
            TypeKind::String(_) | TypeKind::Enum(_) => {}
            TypeKind::Object(o) => o.fields.iter().for_each(|f| self.mark_ref(spec, &f.ty, dir)),
            TypeKind::Map(m) => self.mark_ref(spec, &m.values.ty, dir),
            TypeKind::Union(u) => {
                u.variants.iter().flat_map(|v| &v.fields).for_each(|f| self.mark_ref(spec, &f.ty, dir))
            }
        }
    }

    fn mark_ref(&mut self, spec: &Spec, ty: &TypeRef, dir: Reach) {
        match ty {
            TypeRef::Named(name) => self.mark(spec, name, dir),
            TypeRef::Array(a) => self.mark_ref(spec, &a.items, dir),
            TypeRef::Bool | TypeRef::Int(_) | TypeRef::String(_) | TypeRef::Json(_) | TypeRef::Payload => {}
        }
    }
}
