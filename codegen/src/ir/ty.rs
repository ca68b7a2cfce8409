//! Types and fields of the IR: the four presence facts, scalar bounds, arrays, maps and unions.

use serde_json::Value;

/// Where a bound's number came from, so emitters can name it and decoders can pick the error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoundSource {
    Literal,
    Limit(String),
    Constant(String),
}

/// A resolved numeric bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bound {
    pub value: u64,
    pub source: BoundSource,
}

impl Bound {
    pub fn literal(value: u64) -> Self {
        Self { value, source: BoundSource::Literal }
    }
}

/// Which violation code a crossed bound yields, decided by the spec's limit declarations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Violation {
    /// The decoding context's own error (`invalid_request` or `invalid_payload`).
    Context,
    /// `limit_exceeded`: the bound is an advertised structural limit.
    LimitExceeded,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntBase {
    U16,
    U32,
    /// Unsigned integer exactly representable in every target language (≤ 2^53 - 1).
    Uint,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntRules {
    pub base: IntBase,
    pub min: Bound,
    pub max: Bound,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StringFormat {
    Rfc3339,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StringRules {
    pub min_bytes: Bound,
    pub max_bytes: Bound,
    /// ASCII characters allowed, as written in the spec (`A-Za-z0-9-._/:`).
    pub charset: Option<String>,
    pub format: Option<StringFormat>,
    pub non_blank: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArrayRules {
    pub items: TypeRef,
    pub min_items: Bound,
    pub max_items: Bound,
    pub max_violation: Violation,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonKind {
    Any,
    Object,
}

/// The type of a field or array item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeRef {
    Bool,
    Int(IntRules),
    String(StringRules),
    Json(JsonKind),
    Array(Box<ArrayRules>),
    /// A named type declared under `[types]`.
    Named(String),
    /// The method- or event-specific payload slot of an envelope.
    Payload,
}

/// Whether a field may be omitted and what omission means.
#[derive(Debug, Clone, PartialEq)]
pub enum Presence {
    Required,
    /// May be omitted; omission means "not supplied".
    Optional,
    /// May be omitted; omission means this value.
    Defaulted(Value),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// Wire name.
    pub name: String,
    pub doc: String,
    pub ty: TypeRef,
    pub presence: Presence,
    /// `null` is a meaningful value (separate from presence).
    pub nullable: bool,
    /// The only value the field may carry.
    pub constant: Option<Value>,
}

impl Field {
    pub fn is_required(&self) -> bool {
        matches!(self.presence, Presence::Required)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ObjectDef {
    pub fields: Vec<Field>,
    /// At least one of these fields must be present.
    pub at_least_one_of: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnumDef {
    pub values: Vec<String>,
    /// The documented literal fallback value, if the contract defines one.
    pub fallback: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MapDef {
    pub values: Field,
    /// Keys every map must hold (the names of all declared limits, for limit maps).
    pub required_keys: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    /// Spec name of the variant (`agent_text`).
    pub name: String,
    pub doc: String,
    /// Discriminator values, in the union's discriminator order.
    pub matches: Vec<String>,
    /// Common fields first, then the variant's own.
    pub fields: Vec<Field>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct UnionDef {
    pub discriminators: Vec<String>,
    pub variants: Vec<Variant>,
}

// The IR is built once per generation and held by reference: a boxed variant would buy
// nothing a user could notice.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum TypeKind {
    String(StringRules),
    Enum(EnumDef),
    Object(ObjectDef),
    Map(MapDef),
    Union(UnionDef),
}

#[derive(Debug, Clone, PartialEq)]
pub struct TypeDef {
    pub name: String,
    pub doc: String,
    pub kind: TypeKind,
}
