//! The protocol as a whole: limits, errors, operations, events, envelopes and capabilities.

use super::ty::{Field, ObjectDef, TypeDef, TypeKind};
use serde_json::Value;

#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    pub name: String,
    pub protocol_version: u16,
    pub doc: String,
    /// SHA-256 of the spec text, printed by `check`; no generated file names it.
    pub sha256: String,
    /// FNV-1a of the spec text: the committed Rust module's freshness marker
    /// (`emit::rust::freshness`).
    pub text_fnv1a64: u64,
    pub limits: Vec<Limit>,
    pub constants: Vec<Constant>,
    pub errors: Vec<ErrorCode>,
    pub request_errors: Vec<String>,
    pub launch_errors: Vec<LaunchError>,
    pub types: Vec<TypeDef>,
    pub request_envelope: Envelope,
    pub response_envelope: Envelope,
    pub event_envelope: Envelope,
    pub operations: Vec<Operation>,
    pub events: Vec<Event>,
    pub capabilities: CapabilitiesDecl,
    pub messages: MessagesDecl,
    /// Optional profiles, in spec order.
    pub profiles: Vec<Profile>,
    /// The life of a client: complete records in the order a client meets them.
    pub walkthrough: Vec<Step>,
}

impl Spec {
    pub fn ty(&self, name: &str) -> Option<&TypeDef> {
        self.types.iter().find(|t| t.name == name)
    }

    pub fn limit(&self, name: &str) -> Option<&Limit> {
        self.limits.iter().find(|l| l.name == name)
    }

    pub fn limit_value(&self, name: &str) -> u64 {
        self.limit(name).map_or(0, |l| l.value)
    }

    /// The limits that bound what the service sends, in spec order (ordinary profile).
    pub fn output_bounds(&self) -> impl Iterator<Item = &Limit> {
        self.limits.iter().filter(|l| l.bounds_output && l.profile.is_ordinary())
    }

    /// The ordinary profile's advertised limits.
    pub fn ordinary_limits(&self) -> impl Iterator<Item = &Limit> {
        self.limits.iter().filter(|l| l.profile.is_ordinary())
    }

    /// The ordinary profile's advertised operations (no profile's, not the negotiation).
    pub fn ordinary_operations(&self) -> impl Iterator<Item = &Operation> {
        self.operations.iter().filter(|o| o.profile.is_ordinary())
    }

    /// The ordinary profile's advertised events.
    pub fn ordinary_events(&self) -> impl Iterator<Item = &Event> {
        self.events.iter().filter(|e| e.profile.is_ordinary())
    }

    pub fn profile(&self, name: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.name == name)
    }

    /// The operation through which a connection opts into a profile, if any is declared.
    pub fn negotiation(&self) -> Option<&Operation> {
        self.operations.iter().find(|o| o.profile == Membership::Negotiation)
    }

    pub fn error(&self, code: &str) -> Option<&ErrorCode> {
        self.errors.iter().find(|e| e.code == code)
    }

    pub fn operation(&self, method: &str) -> Option<&Operation> {
        self.operations.iter().find(|o| o.method == method)
    }

    pub fn event(&self, name: &str) -> Option<&Event> {
        self.events.iter().find(|e| e.name == name)
    }

    /// The fields of a named object type, if it is one.
    pub fn object(&self, name: &str) -> Option<&ObjectDef> {
        match &self.ty(name)?.kind {
            TypeKind::Object(o) => Some(o),
            _ => None,
        }
    }
}

/// Which profile an item belongs to.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Membership {
    /// The ordinary profile: what every connection gets.
    #[default]
    Ordinary,
    /// Profile negotiation itself: callable by any initialized connection, advertised by no
    /// profile.
    Negotiation,
    /// An optional profile, by name.
    Profile(String),
}

impl Membership {
    pub fn is_ordinary(&self) -> bool {
        *self == Membership::Ordinary
    }

    /// The optional profile's name, if the item belongs to one.
    pub fn profile(&self) -> Option<&str> {
        match self {
            Membership::Profile(p) => Some(p),
            _ => None,
        }
    }

    /// How generated artifacts and reports name it: `ordinary`, `negotiation` or the profile.
    pub fn label(&self) -> &str {
        match self {
            Membership::Ordinary => "ordinary",
            Membership::Negotiation => "negotiation",
            Membership::Profile(p) => p,
        }
    }
}

/// An optional profile: a name, a version, and its negotiation's meaning. Its items carry
/// [`Membership::Profile`] with its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub name: String,
    pub version: u32,
    pub doc: String,
    pub opt_in: String,
    pub absence: String,
    pub rejection: String,
    pub mismatch: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitGroup {
    General,
    Persistent,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limit {
    pub name: String,
    pub value: u64,
    pub unit: String,
    pub group: LimitGroup,
    /// The error code a request gets for crossing it structurally, if any.
    pub exceeded: Option<String>,
    /// It bounds what the service sends: before any mutation a client refuses an advertised
    /// value above its own local bound ("required limits against independent local bounds").
    pub bounds_output: bool,
    pub applies_to: String,
    pub doc: String,
    pub profile: Membership,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Constant {
    pub name: String,
    pub value: u64,
    pub unit: String,
    pub doc: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrorCode {
    pub code: String,
    pub message: String,
    /// Which document defines it: seed, lifecycle, resources or terminal.
    pub source: String,
    pub doc: String,
    pub profile: Membership,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaunchError {
    pub code: String,
    pub message: String,
    pub doc: String,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Envelope {
    pub doc: String,
    /// The field whose value selects the payload type; none for responses, whose payload type
    /// follows from the pending request.
    pub payload_key: Option<String>,
    pub fields: Vec<Field>,
}

/// Whether an envelope slot must be null or must be set for an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotRule {
    Null,
    Required,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Operation {
    pub method: String,
    pub domain: String,
    pub doc: String,
    pub requires_initialization: bool,
    /// Mutations require an operation_id; reads require it null.
    pub mutation: bool,
    pub session_id: SlotRule,
    pub control: SlotRule,
    /// Operation-specific error codes (the shared request errors come on top).
    pub errors: Vec<String>,
    /// Events the operation's accepted work may send.
    pub events: Vec<String>,
    /// Name of the request payload type (generated for inline fields).
    pub request: String,
    /// Name of the success payload type.
    pub response: String,
    pub examples: Vec<OperationExample>,
    pub profile: Membership,
}

#[derive(Debug, Clone, PartialEq)]
pub struct OperationExample {
    pub request: Value,
    pub response: Value,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Correlation {
    Set,
    Null,
}

#[derive(Debug, Clone, PartialEq)]
pub struct EventCorrelation {
    pub session_id: Correlation,
    pub operation_id: Correlation,
    pub grant_generation: Correlation,
    pub live_sequence: Correlation,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub name: String,
    pub doc: String,
    pub sequenced: bool,
    pub terminal: bool,
    pub correlation: EventCorrelation,
    /// Name of the payload type (generated for inline fields).
    pub payload: String,
    pub examples: Vec<Value>,
    pub profile: Membership,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CapabilitiesDecl {
    pub protocol_versions: Vec<u16>,
    pub transports: Vec<String>,
    pub doc: String,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct MessagesDecl {
    pub ty: String,
    pub doc: String,
    pub examples: Vec<Value>,
    /// Where the stream departs from its source document; documentation only.
    pub deviations: Vec<Deviation>,
}

/// One departure from the session document: a bound it does not state, or a rule this
/// implementation narrows, with the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deviation {
    pub subject: String,
    pub bound: Option<crate::ir::Bound>,
    pub reason: String,
}

/// Who sends a walkthrough record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Party {
    Client,
    /// `start-or-connect`, run by the client, which prints discovery on its standard output.
    Launcher,
    Daemon,
}

impl Party {
    pub fn label(self) -> &'static str {
        match self {
            Party::Client => "Client",
            Party::Launcher => "Launcher",
            Party::Daemon => "Daemon",
        }
    }
}

/// What a walkthrough record is, resolved by the lowering (which validated it as that).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordShape {
    /// A named type outside wire v2 (discovery, the handshake lines).
    Launch(String),
    Request {
        method: String,
    },
    /// The response to the walkthrough's earlier request of this method.
    Response {
        method: String,
    },
    Event {
        event: String,
    },
}

/// One step of a client's life: a record sent by one party, or (without a record) something
/// the client does on its own, such as preflight.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub title: String,
    pub doc: String,
    pub from: Party,
    pub record: Option<(RecordShape, Value)>,
}

/// Fields helper for emitters that walk any object-like definition.
pub fn object_fields(def: &TypeDef) -> Option<&[Field]> {
    match &def.kind {
        TypeKind::Object(o) => Some(&o.fields),
        _ => None,
    }
}
