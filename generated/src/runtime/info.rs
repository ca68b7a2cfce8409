//! Shapes of the generated tables: limit rows, operation envelope rules, event correlation.

/// One advertised limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitInfo {
    pub name: &'static str,
    pub value: u64,
    pub unit: &'static str,
    /// A general limit of the seed (otherwise a persistent bound of the lifecycle).
    pub general: bool,
    /// It bounds what the service sends: a client refuses an advertisement above `value`.
    pub bounds_output: bool,
}

/// Whether an envelope slot must be null or set for an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotRule {
    Null,
    Required,
}

/// Envelope rules of an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OperationRules {
    pub domain: &'static str,
    /// Mutations require an operation_id; reads require it null.
    pub mutation: bool,
    pub session_id: SlotRule,
    pub control: SlotRule,
    pub requires_initialization: bool,
}

/// Correlation and sequencing of an event: which envelope identities are set (else null).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventRules {
    pub sequenced: bool,
    pub terminal: bool,
    pub session_id: bool,
    pub operation_id: bool,
    pub grant_generation: bool,
    pub live_sequence: bool,
}
