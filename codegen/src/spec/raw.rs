//! The TOML shape of `protocol.toml`, exactly as written. Unknown keys are errors so that a typo
//! in the spec never silently drops a rule.

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

pub type Map<T> = IndexMap<String, Spanned<T>>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSpec {
    pub protocol: RawProtocol,
    #[serde(default)]
    pub limits: Map<RawLimit>,
    #[serde(default)]
    pub constants: Map<RawConstant>,
    #[serde(default)]
    pub errors: Map<RawError>,
    pub request_errors: RawRequestErrors,
    #[serde(default)]
    pub launch_errors: Map<RawLaunchError>,
    #[serde(default)]
    pub types: Map<RawType>,
    pub envelopes: RawEnvelopes,
    #[serde(default)]
    pub operations: Map<RawOperation>,
    #[serde(default)]
    pub events: Map<RawEvent>,
    pub capabilities: RawCapabilities,
    pub messages: RawMessages,
    /// Optional profiles a connection opts into (`[profiles.<name>]`).
    #[serde(default)]
    pub profiles: Map<RawProfile>,
    #[serde(default)]
    pub walkthrough: Vec<Spanned<RawStep>>,
}

/// One step of the life of a client (`[[walkthrough]]`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStep {
    pub title: String,
    pub doc: String,
    /// `client`, `launcher` or `daemon`.
    pub from: Spanned<String>,
    /// The named type of a record outside wire v2 (discovery, the handshake lines).
    #[serde(default, rename = "type")]
    pub ty: Option<String>,
    /// The complete record as JSON text; absent for a step the client does on its own.
    #[serde(default)]
    pub record: Option<String>,
}

/// An optional profile: its version, and what its negotiation means.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawProfile {
    pub version: u32,
    pub doc: String,
    /// How a connection opts in.
    pub opt_in: String,
    /// What a client that does not ask, or a daemon that does not offer the profile, gets.
    pub absence: String,
    /// What an unknown profile or version gets.
    pub rejection: String,
    /// What a negotiation that conflicts with the connection's state gets.
    pub mismatch: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawProtocol {
    pub name: String,
    pub protocol_version: u16,
    pub doc: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLimit {
    pub value: u64,
    pub unit: String,
    pub group: Spanned<String>,
    #[serde(default)]
    pub exceeded: Option<Spanned<String>>,
    /// `true`: the limit bounds what the service sends, so clients preflight it.
    #[serde(default)]
    pub bounds_output: bool,
    pub applies_to: String,
    pub doc: String,
    /// The optional profile that owns the limit; absent for the ordinary profile.
    #[serde(default)]
    pub profile: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawConstant {
    pub value: u64,
    pub unit: String,
    pub doc: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawError {
    pub message: String,
    pub source: Spanned<String>,
    pub doc: String,
    /// The optional profile that owns the code; absent for the ordinary profile.
    #[serde(default)]
    pub profile: Option<Spanned<String>>,
    /// A code of profile negotiation itself (answered by the negotiation operation).
    #[serde(default)]
    pub negotiation: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRequestErrors {
    pub codes: Vec<Spanned<String>>,
    pub doc: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLaunchError {
    pub message: String,
    pub doc: String,
}

/// A bound written either as a number or as a `limits.X` / `constants.X` reference.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum RawBound {
    Number(u64),
    Reference(String),
}

/// One field: its type, presence facts and inline bounds.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawField {
    #[serde(rename = "type")]
    pub ty: String,
    pub doc: String,
    #[serde(default)]
    pub optional: bool,
    #[serde(default)]
    pub nullable: bool,
    #[serde(default)]
    pub default: Option<String>,
    #[serde(default, rename = "const")]
    pub constant: Option<String>,
    #[serde(default)]
    pub items: Option<String>,
    #[serde(default)]
    pub min: Option<RawBound>,
    #[serde(default)]
    pub max: Option<RawBound>,
    #[serde(default)]
    pub min_bytes: Option<RawBound>,
    #[serde(default)]
    pub max_bytes: Option<RawBound>,
    #[serde(default)]
    pub charset: Option<String>,
    #[serde(default)]
    pub format: Option<String>,
    #[serde(default)]
    pub non_blank: bool,
    #[serde(default)]
    pub min_items: Option<RawBound>,
    #[serde(default)]
    pub max_items: Option<RawBound>,
    #[serde(default)]
    pub values: Option<Box<RawField>>,
}

pub type Fields = IndexMap<String, Spanned<RawField>>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawType {
    pub kind: Spanned<String>,
    pub doc: String,
    // string
    #[serde(default)]
    pub min_bytes: Option<RawBound>,
    #[serde(default)]
    pub max_bytes: Option<RawBound>,
    #[serde(default)]
    pub charset: Option<String>,
    #[serde(default)]
    pub format: Option<String>,
    // enum (a list of strings) or map (a value field)
    #[serde(default)]
    pub values: Option<toml::Value>,
    #[serde(default)]
    pub fallback: Option<String>,
    // object
    #[serde(default)]
    pub fields: Option<Fields>,
    // map
    #[serde(default)]
    pub required_keys: Option<String>,
    // union
    #[serde(default)]
    pub discriminators: Option<Vec<String>>,
    #[serde(default)]
    pub common: Option<Fields>,
    #[serde(default)]
    pub variants: Option<IndexMap<String, Spanned<RawVariant>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawVariant {
    #[serde(rename = "match")]
    pub matches: IndexMap<String, String>,
    pub doc: String,
    #[serde(default)]
    pub fields: Fields,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEnvelopes {
    pub request: Spanned<RawEnvelope>,
    pub response: Spanned<RawEnvelope>,
    pub event: Spanned<RawEnvelope>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEnvelope {
    pub doc: String,
    /// The envelope field whose value selects the payload type (`method`, `event`).
    #[serde(default)]
    pub payload_key: Option<String>,
    pub fields: Fields,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOperation {
    pub domain: Spanned<String>,
    pub doc: String,
    #[serde(default = "yes")]
    pub initialized: bool,
    pub mutation: bool,
    pub session_id: Spanned<String>,
    pub control: Spanned<String>,
    pub errors: Vec<Spanned<String>>,
    #[serde(default)]
    pub events: Vec<Spanned<String>>,
    #[serde(default)]
    pub request: Option<Fields>,
    #[serde(default)]
    pub response: Option<Fields>,
    #[serde(default)]
    pub response_type: Option<Spanned<String>>,
    #[serde(default)]
    pub constraints: Option<RawConstraints>,
    #[serde(default)]
    pub examples: Vec<Spanned<RawOperationExample>>,
    /// The optional profile that owns the operation; absent for the ordinary profile.
    #[serde(default)]
    pub profile: Option<Spanned<String>>,
    /// The operation through which a connection opts into a profile: it belongs to no
    /// profile and is not in the ordinary advertisement.
    #[serde(default)]
    pub negotiation: bool,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawConstraints {
    #[serde(default)]
    pub at_least_one_of: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOperationExample {
    pub request: String,
    pub response: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEvent {
    pub doc: String,
    #[serde(default)]
    pub sequenced: bool,
    #[serde(default)]
    pub terminal: bool,
    pub correlation: IndexMap<String, String>,
    #[serde(default)]
    pub payload: Option<Fields>,
    #[serde(default)]
    pub payload_type: Option<Spanned<String>>,
    #[serde(default)]
    pub examples: Vec<Spanned<RawPayloadExample>>,
    /// The optional profile that owns the event; absent for the ordinary profile.
    #[serde(default)]
    pub profile: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPayloadExample {
    pub payload: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCapabilities {
    pub protocol_versions: Vec<u16>,
    pub transports: Vec<String>,
    pub doc: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMessages {
    #[serde(rename = "type")]
    pub ty: Spanned<String>,
    pub doc: String,
    #[serde(default)]
    pub examples: Vec<Spanned<RawMessageExample>>,
    /// Where the stream departs from its source document (documentation only).
    #[serde(default)]
    pub deviations: Vec<Spanned<RawDeviation>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDeviation {
    /// What departs: a field, a type or a message kind.
    pub subject: String,
    /// The bound, when the deviation is one (a number or a `limits.`/`constants.` reference).
    #[serde(default)]
    pub bound: Option<RawBound>,
    /// Why.
    pub reason: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMessageExample {
    pub message: String,
}
