//! A compile-time guard: every IR struct is destructured here without `..`, each field marked
//! with how the checker treats it. When the IR gains a field this stops compiling, so nobody
//! can add wire semantics the checker silently ignores (it happened once: `payload_key`).
//!
//! The function is never called; compiling it is the check.

use crate::ir::{
    ArrayRules, Bound, CapabilitiesDecl, Constant, EnumDef, ErrorCode, Event, EventCorrelation, Field, IntRules,
    LaunchError, Limit, MapDef, MessagesDecl, ObjectDef, Operation, Spec, StringRules, TypeDef, UnionDef, Variant,
};

#[allow(dead_code, clippy::too_many_arguments)]
fn every_ir_field_is_considered(
    spec: &Spec,
    limit: &Limit,
    constant: &Constant,
    error: &ErrorCode,
    launch: &LaunchError,
    op: &Operation,
    event: &Event,
    types: (&TypeDef, &Field, &ObjectDef, &EnumDef, &MapDef, &Variant, &UnionDef),
    rules: (&StringRules, &IntRules, &ArrayRules, &Bound),
) {
    let Spec {
        name: _,              // not on the wire
        protocol_version: _,  // PROTOCOL_VERSION_CHANGED
        doc: _,               // documentation
        sha256: _,            // of the text, not the contract
        text_fnv1a64: _,      // of the text, not the contract
        limits: _,            // LIMIT_*
        constants: _,         // judged at each use site (bounds, defaults, consts)
        errors: _,            // ERROR_*
        request_errors: _,    // REQUEST_ERROR_*
        launch_errors: _,     // ERROR_* outside wire v2
        types: _,             // compared by name, or structurally at a retargeted slot
        request_envelope: e,  // fields + PAYLOAD_KEY_CHANGED
        response_envelope: _, // same as the request envelope
        event_envelope: _,    // same as the request envelope
        operations: _,        // OPERATION_*, ENVELOPE_RULE_*
        events: _,            // EVENT_*
        capabilities: caps,   // see below
        messages,             // see below
        profiles: _,          // PROFILE_*
        walkthrough: _,       // documentation: records already checked against the contract
    } = spec;
    let crate::ir::Envelope { doc: _, payload_key: _, fields: _ } = e;
    let CapabilitiesDecl { protocol_versions: _, transports: _, doc: _ } = caps; // *_SUPPORT_*, TRANSPORT_*
    let MessagesDecl { ty: _, doc: _, examples: _, deviations: _ } = messages; // type: structural retarget; deviations are documentation
    let Limit {
        name: _,
        value: _,         // LIMIT_TIGHTENED / LIMIT_RELAXED
        unit: _,          // LIMIT_UNIT_CHANGED
        group: _,         // which seed table documents it; both groups are advertised alike
        exceeded: _,      // LIMIT_ERROR_CHANGED
        bounds_output: _, // LIMIT_OUTPUT_BOUND_ADDED / LIMIT_OUTPUT_BOUND_REMOVED
        applies_to: _,    // LIMIT_SCOPE_CHANGED
        doc: _,
        profile: _, // PROFILE_*: a profile's items are judged as the profile
    } = limit;
    let Constant { name: _, value: _, unit: _, doc: _ } = constant; // values reach use sites
    let ErrorCode { code: _, message: _, source: _, doc: _, profile: _ } = error; // source: which document; profile: PROFILE_*
    let LaunchError { code: _, message: _, doc: _ } = launch;
    let Operation {
        method: _,
        domain: _, // ownership for generated code, not on the wire
        doc: _,
        requires_initialization: _, // ENVELOPE_RULE_CHANGED / RELAXED
        mutation: _,                // ENVELOPE_RULE_CHANGED
        session_id: _,              // ENVELOPE_RULE_CHANGED
        control: _,                 // ENVELOPE_RULE_CHANGED
        errors: _,                  // OPERATION_ERROR_*
        events: _,                  // OPERATION_*EVENT_*
        request: _,                 // payload type, compared as a type
        response: _,                // payload type, compared as a type
        examples: _,                // validated by lowering, not contract
        profile: _,                 // PROFILE_*
    } = op;
    let Event { name: _, doc: _, sequenced: _, terminal: _, correlation, payload: _, examples: _, profile: _ } = event; // profile: PROFILE_*
    let EventCorrelation { session_id: _, operation_id: _, grant_generation: _, live_sequence: _ } = correlation; // EVENT_RULE_CHANGED
    let (def, field, object, enumeration, map, variant, union) = types;
    let TypeDef { name: _, doc: _, kind: _ } = def; // TYPE_KIND_CHANGED, then per kind
    let Field { name: _, doc: _, ty: _, presence: _, nullable: _, constant: _ } = field; // FIELD_*, CONST_*, DEFAULT_CHANGED
    let ObjectDef { fields: _, at_least_one_of: _ } = object; // members, BOUND_* on the constraint
    let EnumDef { values: _, fallback: _ } = enumeration; // ENUM_*
    let MapDef { values: _, required_keys: _ } = map; // value field, BOUND_* when required keys switch
    let Variant { name: _, doc: _, matches: _, fields: _ } = variant; // matched by `matches`
    let UnionDef { discriminators: _, variants: _ } = union; // UNION_*
    let (string, int, array, bound) = rules;
    let StringRules { min_bytes: _, max_bytes: _, charset: _, format: _, non_blank: _ } = string; // BOUND_*
    let IntRules { base: _, min: _, max: _ } = int; // base: FIELD_RETYPED; min/max: BOUND_*
    let ArrayRules { items: _, min_items: _, max_items: _, max_violation: _ } = array; // BOUND_*, VIOLATION_CODE_CHANGED
    let Bound { value: _, source: _ } = bound; // same-limit sources fold into LIMIT_*
}
