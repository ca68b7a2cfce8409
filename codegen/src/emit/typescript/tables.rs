//! Data modules: limits and constants, error codes with their fixed messages, operation and
//! event metadata, the capability advertisement and the spec's examples.

use super::code::{doc, json, lit, prop};
use crate::advertise;
use crate::ir::{Correlation, LimitGroup, Presence, SlotRule, Spec, TypeKind};
use serde_json::Value;

/// `constants.ts`: the wire version, every limit and every fixed contract constant.
pub fn constants(spec: &Spec) -> String {
    let mut out = format!("{}export const PROTOCOL_NAME = {};\n\n", doc("", &spec.doc), lit(&spec.name));
    out.push_str(&format!(
        "{}export const PROTOCOL_VERSION = {};\n\n",
        doc("", "The wire version this package speaks."),
        spec.protocol_version
    ));
    // The workspace's package version, which the daemon reports and the handshake requires to
    // match exactly; package.json carries the same version (test/packaging.test.ts checks it).
    out.push_str(&format!(
        "{}export const PACKAGE_VERSION = {};\n\n",
        doc("", "The package version this package was generated with; the daemon's handshake requires an exact match."),
        lit(env!("CARGO_PKG_VERSION"))
    ));
    out.push_str(&format!(
        "{}export const LIMITS = {{\n",
        doc("", "Advertised limits of the ordinary profile: the values this package was built for, and the default local bounds. A profile's own limits are in `PROFILES`.")
    ));
    for l in spec.ordinary_limits() {
        let group = match l.group {
            LimitGroup::General => "general",
            LimitGroup::Persistent => "persistent",
        };
        let text = format!("{} {} ({group}; {}).", l.doc, l.applies_to, l.unit);
        out.push_str(&format!("{}  {}: {},\n", doc("  ", &text), prop(&l.name), l.value));
    }
    out.push_str("} as const;\n\n");
    out.push_str(&format!(
        "{}export type LimitName = keyof typeof LIMITS;\n\n",
        doc("", "The name of an advertised limit.")
    ));
    let names: Vec<String> = spec.ordinary_limits().map(|l| lit(&l.name)).collect();
    out.push_str(&format!(
        "{}export const LIMIT_NAMES: readonly LimitName[] = [{}];\n\n",
        doc("", "Every limit, in spec order."),
        names.join(", ")
    ));
    let output: Vec<String> = spec.output_bounds().map(|l| lit(&l.name)).collect();
    out.push_str(&format!(
        "{}export const OUTPUT_BOUNDS: readonly LimitName[] = [{}];\n\n",
        doc(
            "",
            "The limits that bound what the service sends (`bounds_output` in the spec), in spec order: before any mutation a client refuses an advertised value above its own local bound."
        ),
        output.join(", ")
    ));
    let exceeded: Vec<String> = spec
        .ordinary_limits()
        .filter_map(|l| l.exceeded.as_ref().map(|e| format!("  {}: {},\n", prop(&l.name), lit(e))))
        .collect();
    out.push_str(&format!(
        "{}export const LIMIT_EXCEEDED: {{ readonly [L in LimitName]?: string }} = {{\n{}}};\n\n",
        doc("", "The error a request gets for structurally crossing a limit, where the spec names one."),
        exceeded.concat()
    ));
    out.push_str(&format!(
        "{}export const CONSTANTS = {{\n",
        doc("", "Fixed contract bounds that are not advertised limits.")
    ));
    for c in &spec.constants {
        out.push_str(&format!("{}  {}: {},\n", doc("  ", &format!("{} ({})", c.doc, c.unit)), prop(&c.name), c.value));
    }
    out.push_str("} as const;\n");
    out
}

/// `errors.ts`: error codes, their fixed messages, request errors and launch errors.
pub fn errors(spec: &Spec) -> String {
    let codes: Vec<String> = spec.errors.iter().map(|e| lit(&e.code)).collect();
    let mut out = format!(
        "{}export type ErrorCode =\n  | {};\n\n",
        doc("", "A known error code; a consumer treats any other well-formed code as a generic failure."),
        codes.join("\n  | ")
    );
    out.push_str(&format!(
        "{}export const ERROR_MESSAGES: {{ readonly [C in ErrorCode]: string }} = {{\n",
        doc("", "The fixed message of every error code.")
    ));
    for e in &spec.errors {
        out.push_str(&format!(
            "{}  {}: {},\n",
            doc("  ", &format!("{} (source: {})", e.doc, e.source)),
            prop(&e.code),
            lit(&e.message)
        ));
    }
    out.push_str("};\n\n");
    out.push_str(&format!(
        "{}export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as readonly ErrorCode[];\n\n",
        doc("", "Every known error code, in spec order.")
    ));
    let cases: String = spec.errors.iter().map(|e| format!("    case {}:\n", lit(&e.code))).collect();
    out.push_str(&format!(
        "{}export function isErrorCode(code: string): code is ErrorCode {{\n  switch (code) {{\n{cases}      return true;\n    default:\n      return false;\n  }}\n}}\n\n",
        doc("", "Whether a code is one this package knows.")
    ));
    let request: Vec<String> = spec.request_errors.iter().map(|c| lit(c)).collect();
    out.push_str(&format!(
        "{}export const REQUEST_ERRORS: readonly ErrorCode[] = [{}];\n\n",
        doc("", "Errors any request can receive before its operation runs, in precedence order."),
        request.join(", ")
    ));
    let launch: Vec<String> = spec.launch_errors.iter().map(|e| lit(&e.code)).collect();
    out.push_str(&format!(
        "{}export type LaunchErrorCode =\n  | {};\n\n",
        doc("", "A start-or-connect or handshake failure code."),
        launch.join("\n  | ")
    ));
    out.push_str(&format!(
        "{}export const LAUNCH_ERROR_MESSAGES: {{ readonly [C in LaunchErrorCode]: string }} = {{\n",
        doc("", "The fixed message of every launch error code.")
    ));
    for e in &spec.launch_errors {
        out.push_str(&format!("{}  {}: {},\n", doc("  ", &e.doc), prop(&e.code), lit(&e.message)));
    }
    out.push_str("};\n");
    out
}

fn slot(rule: SlotRule) -> &'static str {
    match rule {
        SlotRule::Null => "\"null\"",
        SlotRule::Required => "\"required\"",
    }
}

fn correlation(c: Correlation) -> &'static str {
    match c {
        Correlation::Set => "\"set\"",
        Correlation::Null => "\"null\"",
    }
}

const PROTOCOL_PRELUDE: &str = "import type { ErrorCode } from \"./errors.js\";\nimport type { EventName, JsonValue, Method } from \"./types.js\";\n\n\
/** Envelope rules of one operation. */\n\
export interface OperationInfo {\n  readonly method: Method;\n  readonly domain: string;\n  readonly doc: string;\n  /** False only for the operation that initializes a connection. */\n  readonly requiresInitialization: boolean;\n  /** Mutations carry an operation_id; reads carry null. */\n  readonly mutation: boolean;\n  readonly sessionId: \"null\" | \"required\";\n  readonly control: \"null\" | \"required\";\n  /** Operation-specific error codes; the shared request errors come on top. */\n  readonly errors: readonly ErrorCode[];\n  /** Events the operation's accepted work may send. */\n  readonly events: readonly EventName[];\n  /** `ordinary`, `negotiation` (opting into a profile) or the optional profile it belongs to. */\n  readonly membership: string;\n}\n\n\
/** Whether an event envelope slot must be set or must be null. */\n\
export type Correlation = \"set\" | \"null\";\n\n\
/** Delivery rules of one event. */\n\
export interface EventInfo {\n  readonly name: EventName;\n  readonly doc: string;\n  /** Carries the per-turn `sequence`: strictly increasing, gaps allowed. */\n  readonly sequenced: boolean;\n  /** Closes the stream of its turn or login: nothing of it follows. */\n  readonly terminal: boolean;\n  readonly correlation: {\n    readonly session_id: Correlation;\n    readonly operation_id: Correlation;\n    readonly grant_generation: Correlation;\n    readonly live_sequence: Correlation;\n  };\n  /** `ordinary` or the optional profile it belongs to. */\n  readonly membership: string;\n}\n\n\
/** An optional profile: its version, what it owns, and the limits its negotiation answers. */\n\
export interface ProfileInfo {\n  readonly version: number;\n  readonly doc: string;\n  readonly operations: readonly Method[];\n  readonly events: readonly EventName[];\n  readonly errors: readonly ErrorCode[];\n  readonly limits: { readonly [limit: string]: number };\n}\n\n";

/// `protocol.ts`: per-operation and per-event metadata, and name guards.
pub fn protocol(spec: &Spec) -> String {
    let mut out = String::from(PROTOCOL_PRELUDE);
    out.push_str(&format!(
        "{}export const OPERATIONS: {{ readonly [M in Method]: OperationInfo }} = {{\n",
        doc(
            "",
            "Every operation: the ordinary profile's, profile negotiation and each optional profile's (`membership`)."
        )
    ));
    for o in &spec.operations {
        let errors: Vec<String> = o.errors.iter().map(|c| lit(c)).collect();
        let events: Vec<String> = o.events.iter().map(|c| lit(c)).collect();
        out.push_str(&format!(
            "  {}: {{\n    method: {},\n    domain: {},\n    doc: {},\n    requiresInitialization: {},\n    mutation: {},\n    sessionId: {},\n    control: {},\n    errors: [{}],\n    events: [{}],\n    membership: {},\n  }},\n",
            lit(&o.method), lit(&o.method), lit(&o.domain), lit(&o.doc), o.requires_initialization, o.mutation, slot(o.session_id), slot(o.control), errors.join(", "), events.join(", "), lit(o.profile.label())
        ));
    }
    out.push_str("};\n\n");
    out.push_str(&format!(
        "{}export const EVENTS: {{ readonly [E in EventName]: EventInfo }} = {{\n",
        doc("", "Every event: the ordinary profile's and each optional profile's (`membership`).")
    ));
    for e in &spec.events {
        let c = &e.correlation;
        out.push_str(&format!(
            "  {}: {{\n    name: {},\n    doc: {},\n    sequenced: {},\n    terminal: {},\n    correlation: {{ session_id: {}, operation_id: {}, grant_generation: {}, live_sequence: {} }},\n    membership: {},\n  }},\n",
            lit(&e.name), lit(&e.name), lit(&e.doc), e.sequenced, e.terminal,
            correlation(c.session_id), correlation(c.operation_id), correlation(c.grant_generation), correlation(c.live_sequence), lit(e.profile.label())
        ));
    }
    out.push_str("};\n\n");
    out.push_str(&guard("Method", "isMethod", "an operation", spec.operations.iter().map(|o| o.method.as_str())));
    out.push_str(&guard("EventName", "isEventName", "an event", spec.events.iter().map(|e| e.name.as_str())));
    out.push_str(&variants(spec));
    out.push_str(&defaults(spec));
    out.push_str(&format!(
        "{}export const METHODS = Object.keys(OPERATIONS) as readonly Method[];\n\n",
        doc("", "Every operation name, in spec order.")
    ));
    out.push_str(&format!(
        "{}export const EVENT_NAMES = Object.keys(EVENTS) as readonly EventName[];\n\n",
        doc("", "Every event name, in spec order.")
    ));
    let ordinary: Vec<String> = spec.ordinary_operations().map(|o| lit(&o.method)).collect();
    out.push_str(&format!(
        "{}export const ORDINARY_METHODS: readonly Method[] = [{}];\n\n",
        doc("", "The ordinary profile's operations, in spec order: what the advertisement lists."),
        ordinary.join(", ")
    ));
    let ordinary: Vec<String> = spec.ordinary_events().map(|e| lit(&e.name)).collect();
    out.push_str(&format!(
        "{}export const ORDINARY_EVENT_NAMES: readonly EventName[] = [{}];\n\n",
        doc("", "The ordinary profile's events, in spec order: what the advertisement lists."),
        ordinary.join(", ")
    ));
    out.push_str(&profiles(spec));
    out
}

/// `PROFILES`: every optional profile with what it owns and the limits its negotiation answers.
fn profiles(spec: &Spec) -> String {
    let mut out = format!(
        "{}export const PROFILES: {{ readonly [profile: string]: ProfileInfo }} = {{\n",
        doc("", "Optional profiles a connection opts into with `profile.negotiate`, by name.")
    );
    for p in &spec.profiles {
        let owned = |m: &crate::ir::Membership| m.profile() == Some(p.name.as_str());
        let ops: Vec<String> = spec.operations.iter().filter(|o| owned(&o.profile)).map(|o| lit(&o.method)).collect();
        let events: Vec<String> = spec.events.iter().filter(|e| owned(&e.profile)).map(|e| lit(&e.name)).collect();
        let errors: Vec<String> = spec.errors.iter().filter(|e| owned(&e.profile)).map(|e| lit(&e.code)).collect();
        let limits: Vec<String> = spec
            .limits
            .iter()
            .filter(|l| owned(&l.profile))
            .map(|l| format!("{}: {}", prop(&l.name), l.value))
            .collect();
        out.push_str(&format!(
            "  {}: {{\n    version: {},\n    doc: {},\n    operations: [{}],\n    events: [{}],\n    errors: [{}],\n    limits: {{ {} }},\n  }},\n",
            prop(&p.name), p.version, lit(&p.doc), ops.join(", "), events.join(", "), errors.join(", "), limits.join(", ")
        ));
    }
    out.push_str("};\n");
    out
}

/// The discriminator values of every union's variants, by union name (for exhaustive tests
/// and tools; decoders switch on them directly).
fn variants(spec: &Spec) -> String {
    let mut out = format!(
        "{}export const UNION_VARIANTS = {{\n",
        doc("", "Discriminator values of each union variant, by union and variant name.")
    );
    for t in &spec.types {
        let TypeKind::Union(u) = &t.kind else { continue };
        out.push_str(&format!("  {}: {{\n", prop(&t.name)));
        for v in &u.variants {
            let tags: Vec<String> =
                u.discriminators.iter().zip(&v.matches).map(|(d, m)| format!("{}: {}", prop(d), lit(m))).collect();
            out.push_str(&format!("    {}: {{ {} }},\n", prop(&v.name), tags.join(", ")));
        }
        out.push_str("  },\n");
    }
    out.push_str("} as const;\n\n");
    out
}

/// What absent defaulted members of each request payload stand for. Decoders keep absence
/// (absent ≠ null); a reader that wants the values applies these.
fn defaults(spec: &Spec) -> String {
    let mut out = format!(
        "{}export const REQUEST_DEFAULTS: {{ readonly [M in Method]: {{ readonly [member: string]: JsonValue }} }} = {{\n",
        doc("", "Values of absent defaulted request payload members, by operation.")
    );
    for o in &spec.operations {
        let fields = spec.object(&o.request).map(|x| x.fields.as_slice()).unwrap_or_default();
        let members: Vec<String> = fields
            .iter()
            .filter_map(|f| match &f.presence {
                Presence::Defaulted(v) => Some(format!("{}: {}", prop(&f.name), json(v))),
                _ => None,
            })
            .collect();
        let body = if members.is_empty() { "{}".to_string() } else { format!("{{ {} }}", members.join(", ")) };
        out.push_str(&format!("  {}: {body},\n", lit(&o.method)));
    }
    out.push_str("};\n\n");
    out
}

/// A switch-based name guard: never consults a prototype chain (`"constructor"` is a valid
/// name on the wire, so `name in TABLE` would be wrong).
fn guard<'a>(ty: &str, name: &str, what: &str, names: impl Iterator<Item = &'a str>) -> String {
    let cases: String = names.map(|n| format!("    case {}:\n", lit(n))).collect();
    format!(
        "{}export function {name}(name: string): name is {ty} {{\n  switch (name) {{\n{cases}      return true;\n    default:\n      return false;\n  }}\n}}\n\n",
        doc("", &format!("Whether a name is {what} this package knows."))
    )
}

/// `capabilities.ts`: the complete capability advertisement, derived from the spec.
pub fn capabilities(spec: &Spec) -> String {
    let caps = advertise::capabilities(spec);
    let activity = advertise::activity(spec);
    let mut out = String::from("import { deepFreeze } from \"../runtime/json.js\";\nimport type { ActivityCapabilities, Capabilities } from \"./types.js\";\n\n");
    out.push_str(&format!(
        "{}export const CAPABILITIES: Capabilities = deepFreeze<Capabilities>({});\n\n",
        doc(
            "",
            &format!(
                "{} Every operation, event and limit of the ordinary profile; activity flags are the const values.",
                spec.capabilities.doc
            )
        ),
        pretty(&caps)
    ));
    out.push_str(&format!(
        "{}export const ACTIVITY_FLAGS: ActivityCapabilities = deepFreeze<ActivityCapabilities>({});\n",
        doc("", "The activity feature flags and summary bound."),
        pretty(&activity)
    ));
    out
}

/// Readable multi-line JSON (valid JavaScript), two-space indented.
pub fn pretty(v: &Value) -> String {
    crate::emit::json_text(v, true)
}

/// `examples.ts`: every example of the spec as JSON text, for tests and documentation.
pub fn examples(spec: &Spec) -> String {
    let mut out = String::from("import type { EventName, Method } from \"./types.js\";\n\n");
    out.push_str(&format!("{}export const OPERATION_EXAMPLES: ReadonlyArray<{{ readonly method: Method; readonly request: string; readonly response: string }}> = [\n", doc("", "Request and success payload examples of every operation, as JSON text.")));
    for o in &spec.operations {
        for ex in &o.examples {
            out.push_str(&format!(
                "  {{ method: {}, request: {}, response: {} }},\n",
                lit(&o.method),
                lit(&json(&ex.request)),
                lit(&json(&ex.response))
            ));
        }
    }
    out.push_str("];\n\n");
    out.push_str(&format!(
        "{}export const EVENT_EXAMPLES: ReadonlyArray<{{ readonly event: EventName; readonly payload: string }}> = [\n",
        doc("", "Payload examples of every event, as JSON text.")
    ));
    for e in &spec.events {
        for ex in &e.examples {
            out.push_str(&format!("  {{ event: {}, payload: {} }},\n", lit(&e.name), lit(&json(ex))));
        }
    }
    out.push_str("];\n\n");
    out.push_str(&format!(
        "{}export const MESSAGE_EXAMPLES: readonly string[] = [\n",
        doc("", "Session message examples, as JSON text (one transcript line each).")
    ));
    for m in &spec.messages.examples {
        out.push_str(&format!("  {},\n", lit(&json(m))));
    }
    out.push_str("];\n");
    out
}
