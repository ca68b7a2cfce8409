//! Protocol-wide Swift declarations: identity, limits, constants, error codes, operation
//! descriptors and the decoded event enum with its correlation and sequencing facts.

use super::names::{camel, doc, escape, ident, pascal, string_literal, type_name};
use crate::ir::{Correlation, Event, Field, LimitGroup, SlotRule, Spec, TypeKind, TypeRef};

fn list(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(", ")
}

pub fn protocol_info(spec: &Spec) -> String {
    let operations = list(spec.ordinary_operations().map(|o| string_literal(&o.method)));
    let events = list(spec.ordinary_events().map(|e| string_literal(&e.name)));
    let membership = list(
        spec.operations
            .iter()
            .map(|o| (&o.method, &o.profile))
            .chain(spec.events.iter().map(|e| (&e.name, &e.profile)))
            .chain(spec.errors.iter().map(|e| (&e.code, &e.profile)))
            .map(|(name, m)| format!("{}: {}", string_literal(name), string_literal(m.label()))),
    );
    let profiles = list(spec.profiles.iter().map(|p| {
        let owned = |m: &crate::ir::Membership| m.profile() == Some(p.name.as_str());
        let ops = list(spec.operations.iter().filter(|o| owned(&o.profile)).map(|o| string_literal(&o.method)));
        let evs = list(spec.events.iter().filter(|e| owned(&e.profile)).map(|e| string_literal(&e.name)));
        let errs = list(spec.errors.iter().filter(|e| owned(&e.profile)).map(|e| string_literal(&e.code)));
        let lims = list(
            spec.limits
                .iter()
                .filter(|l| owned(&l.profile))
                .map(|l| format!("{}: {}", string_literal(&l.name), l.value)),
        );
        let lims = if lims.is_empty() { ":".to_string() } else { lims };
        format!(
            "{}: ProfileInfo(version: {}, operations: [{ops}], events: [{evs}], errors: [{errs}], limits: [{lims}])",
            string_literal(&p.name),
            p.version
        )
    }));
    let profiles = if profiles.is_empty() { ":".to_string() } else { profiles };
    let transports = list(spec.capabilities.transports.iter().map(|t| string_literal(t)));
    let versions = list(spec.capabilities.protocol_versions.iter().map(u16::to_string));
    format!(
        "{doc}public enum ProtocolInfo {{\n\
         \x20   public static let name = {name}\n\
         \x20   /// The wire version every envelope carries.\n\
         \x20   public static let version: UInt16 = {version}\n\
         \x20   /// Every operation of the ordinary profile.\n\
         \x20   public static let operations: [String] = [{operations}]\n\
         \x20   /// Every event of the ordinary profile; an advertisement naming any other is rejected before mutation.\n\
         \x20   public static let events: [String] = [{events}]\n\
         \x20   public static let transports: [String] = [{transports}]\n\
         \x20   public static let protocolVersions: [UInt16] = [{versions}]\n\
         \x20   /// Which profile each operation, event and error code belongs to: `ordinary`,\n\
         \x20   /// `negotiation` (opting into a profile) or an optional profile's name.\n\
         \x20   public static let membership: [String: String] = [{membership}]\n\
         \x20   /// Optional profiles a connection opts into with `profile.negotiate`, by name.\n\
         \x20   public static let profiles: [String: ProfileInfo] = [{profiles}]\n}}\n\n\
         /// An optional profile: its version, what it owns, and the limits its negotiation answers.\n\
         public struct ProfileInfo: Sendable {{\n\
         \x20   public let version: UInt32\n\
         \x20   public let operations: [String]\n\
         \x20   public let events: [String]\n\
         \x20   public let errors: [String]\n\
         \x20   public let limits: [String: UInt64]\n}}\n",
        doc = doc(&spec.doc, ""),
        name = string_literal(&spec.name),
        version = spec.protocol_version,
    )
}

/// `packageVersion`: the one version the workspace declares (its `[workspace.package]`, which
/// this crate inherits), sent in the identity handshake, where the daemon admits only an exact
/// match. A global, so that callers write `AgentWire.packageVersion`.
pub fn package_version() -> String {
    format!(
        "{doc}public let packageVersion = PackageVersion(unchecked: {version})\n",
        doc = doc(
            "This package's version, generated from the workspace's one declared version. The identity handshake sends it by default and the daemon admits only an exact match: use the `agentwire` executable of the same version.",
            ""
        ),
        version = string_literal(env!("CARGO_PKG_VERSION")),
    )
}

pub fn limits(spec: &Spec) -> String {
    let mut out = String::from("/// Advertised limits, as declared by the spec (a profile's own are in its `ProfileInfo`, not in\n/// the maps).\npublic enum Limits {\n");
    for l in &spec.limits {
        out.push_str(&doc(
            &format!("{} Unit: {}; group: {}. Applies to: {}", l.doc, l.unit, group(l.group), l.applies_to),
            "    ",
        ));
        out.push_str(&format!("    public static let {}: UInt64 = {}\n", ident(&l.name), l.value));
    }
    for (g, name) in [(LimitGroup::General, "general"), (LimitGroup::Persistent, "persistent")] {
        let entries = list(
            spec.ordinary_limits()
                .filter(|l| l.group == g)
                .map(|l| format!("{}: {}", string_literal(&l.name), ident(&l.name))),
        );
        out.push_str(&format!(
            "    /// The {name} limits by wire name.\n    public static let {name}: [String: UInt64] = [{}]\n",
            if entries.is_empty() { ":".into() } else { entries }
        ));
    }
    out.push_str("    /// Every limit by wire name: the keys a limit map must hold.\n    public static let all: [String: UInt64] = general.merging(persistent) { a, _ in a }\n");
    out.push_str(&limit_names(spec));
    out.push_str(&output_bounds(spec));
    out.push_str("}\n");
    out
}

/// `Limits.Name`: every wire name as a constant, so hand-written code names a limit without
/// spelling it.
fn limit_names(spec: &Spec) -> String {
    let mut out = String::from("    /// The wire name of every limit.\n    public enum Name {\n");
    for l in &spec.limits {
        out.push_str(&format!("        public static let {} = {}\n", ident(&l.name), string_literal(&l.name)));
    }
    out.push_str("    }\n");
    out
}

fn output_bounds(spec: &Spec) -> String {
    let entries = list(spec.output_bounds().map(|l| format!("(Name.{id}, {id})", id = ident(&l.name))));
    format!(
        "{}    public static let outputBounds: [(name: String, value: UInt64)] = [{entries}]\n",
        doc(
            "The limits that bound what the service sends (`bounds_output` in the spec), in spec order: before any mutation a client refuses an advertised value above its own local bound.",
            "    "
        )
    )
}

fn group(g: LimitGroup) -> &'static str {
    match g {
        LimitGroup::General => "general",
        LimitGroup::Persistent => "persistent",
    }
}

pub fn constants(spec: &Spec) -> String {
    let mut out = String::from("/// Fixed contract bounds that are not advertised.\npublic enum Constants {\n");
    for c in &spec.constants {
        out.push_str(&doc(&format!("{} Unit: {}.", c.doc, c.unit), "    "));
        out.push_str(&format!("    public static let {}: UInt64 = {}\n", ident(&c.name), c.value));
    }
    out.push_str("}\n");
    out
}

pub fn error_codes(spec: &Spec) -> String {
    let mut out = String::from("/// Every error code with its fixed message. An unfamiliar code is a generic failure.\npublic enum ErrorCode: String, CaseIterable, Sendable {\n");
    for e in &spec.errors {
        out.push_str(&doc(&e.doc, "    "));
        out.push_str(&format!("    case {} = {}\n", ident(&e.code), string_literal(&e.code)));
    }
    out.push_str("\n    /// The fixed message of the code.\n    public var message: String {\n        switch self {\n");
    for e in &spec.errors {
        out.push_str(&format!("        case .{}: return {}\n", ident(&e.code), string_literal(&e.message)));
    }
    out.push_str("        }\n    }\n\n    /// Which document defines the code.\n    public var source: String {\n        switch self {\n");
    for e in &spec.errors {
        out.push_str(&format!("        case .{}: return {}\n", ident(&e.code), string_literal(&e.source)));
    }
    let shared = list(spec.request_errors.iter().map(|c| format!(".{}", ident(c))));
    out.push_str(&format!("        }}\n    }}\n\n    /// Errors any request can receive, in the decoder's precedence order.\n    public static let requestErrors: [ErrorCode] = [{shared}]\n}}\n"));
    out.push_str(&launch_errors(spec));
    out
}

fn launch_errors(spec: &Spec) -> String {
    if spec.launch_errors.is_empty() {
        return String::new();
    }
    let mut out = String::from("\n/// Errors `start-or-connect` prints before wire v2.\npublic enum LaunchErrorCode: String, CaseIterable, Sendable {\n");
    for e in &spec.launch_errors {
        out.push_str(&doc(&e.doc, "    "));
        out.push_str(&format!("    case {} = {}\n", ident(&e.code), string_literal(&e.code)));
    }
    out.push_str("\n    public var message: String {\n        switch self {\n");
    for e in &spec.launch_errors {
        out.push_str(&format!("        case .{}: return {}\n", ident(&e.code), string_literal(&e.message)));
    }
    out.push_str("        }\n    }\n}\n");
    out
}

fn slot(rule: SlotRule) -> &'static str {
    match rule {
        SlotRule::Null => ".mustBeNull",
        SlotRule::Required => ".required",
    }
}

/// Swift module of the package (`Package.swift`), used to reach a top-level type that an
/// operation descriptor of the same name shadows (`Operations.Capabilities` vs `Capabilities`).
const MODULE: &str = "AgentWire";

fn outer(ty: &str, descriptor: &str) -> String {
    let name = type_name(ty);
    if name == descriptor {
        format!("{MODULE}.{name}")
    } else {
        name
    }
}

/// One caseless enum per operation, conforming to `AgentWireOperation` (declared in the runtime).
pub fn operations(spec: &Spec) -> String {
    let mut out = String::from("/// Descriptors of every operation, for typed requests.\npublic enum Operations {\n");
    for op in &spec.operations {
        out.push_str(&doc(&op.doc, "    "));
        out.push_str(&format!(
            "    public enum {name}: AgentWireOperation {{\n\
             \x20       public typealias Request = {req}\n\
             \x20       public typealias Response = {res}\n\
             \x20       public static let method = {method}\n\
             \x20       public static let isMutation = {mutation}\n\
             \x20       public static let requiresInitialization = {init}\n\
             \x20       public static let sessionID: SlotRule = {session}\n\
             \x20       public static let control: SlotRule = {control}\n\
             \x20       public static let errors: [String] = [{errors}]\n\
             \x20       public static let events: [String] = [{events}]\n    }}\n",
            name = escape(&pascal(&op.method)),
            req = outer(&op.request, &pascal(&op.method)),
            res = outer(&op.response, &pascal(&op.method)),
            method = string_literal(&op.method),
            mutation = op.mutation,
            init = op.requires_initialization,
            session = slot(op.session_id),
            control = slot(op.control),
            errors = list(op.errors.iter().map(|e| string_literal(e))),
            events = list(op.events.iter().map(|e| string_literal(e))),
        ));
    }
    out.push_str("}\n\n");
    out.push_str(&by_method(spec));
    out
}

/// The descriptor of a wire method name, for consumers that route responses by the pending
/// request's method (an unknown method has none).
fn by_method(spec: &Spec) -> String {
    let mut out = String::from(
        "extension Operations {\n    /// The descriptor of a wire method name; nil for a method the spec does not declare.\n    public static func named(_ method: String) -> (any AgentWireOperation.Type)? {\n        switch method {\n",
    );
    for op in &spec.operations {
        out.push_str(&format!(
            "        case {}: return {}.self\n",
            string_literal(&op.method),
            escape(&pascal(&op.method))
        ));
    }
    out.push_str("        default: return nil\n        }\n    }\n}\n");
    out
}

fn set(c: Correlation) -> bool {
    c == Correlation::Set
}

/// Whether the payload has `turn_id: OpaqueId` and `sequence: uint`, the per-turn sequence.
fn sequenced_fields(spec: &Spec, e: &Event) -> bool {
    let Some(TypeKind::Object(o)) = spec.ty(&e.payload).map(|t| &t.kind) else {
        return false;
    };
    let has = |name: &str| o.fields.iter().any(|f| f.name == name && f.is_required() && !f.nullable);
    e.sequenced && has("turn_id") && o.fields.iter().any(|f| f.name == "sequence" && matches!(f.ty, TypeRef::Int(_)))
}

/// A payload member of a given wire name holding a named (ID) type.
fn payload_field<'a>(spec: &'a Spec, e: &Event, name: &str) -> Option<&'a Field> {
    let Some(TypeKind::Object(o)) = spec.ty(&e.payload).map(|t| &t.kind) else {
        return None;
    };
    o.fields.iter().find(|f| f.name == name && matches!(f.ty, TypeRef::Named(_)))
}

/// The payload member naming the turn or login an event belongs to, if it has one that is
/// required and never null.
fn subject_field<'a>(spec: &Spec, e: &Event) -> Option<&'a str> {
    let Some(TypeKind::Object(o)) = spec.ty(&e.payload).map(|t| &t.kind) else {
        return None;
    };
    ["turn_id", "login_id"].into_iter().find(|n| {
        o.fields.iter().any(|f| f.name == *n && f.is_required() && !f.nullable && matches!(f.ty, TypeRef::Named(_)))
    })
}

/// The session message stream's type under a stable name for the runtime's decoder entry.
pub fn transcript(spec: &Spec) -> String {
    format!(
        "/// One line of the session message stream.\npublic typealias TranscriptMessage = {}\n",
        type_name(&spec.messages.ty)
    )
}

/// The event enum: decoded by name (unknown names rejected), with correlation checked.
pub fn server_event(spec: &Spec) -> String {
    let mut out = String::from("/// A decoded event record; an unknown event name fails decoding.\npublic enum ServerEvent: Decodable, Sendable {\n");
    for e in &spec.events {
        out.push_str(&doc(&e.doc, "    "));
        out.push_str(&format!("    case {}(EventEnvelope<{}>)\n", escape(&camel(&e.name)), type_name(&e.payload)));
    }
    // One container for the name and the envelope (see `EVENT_KEYS`).
    out.push_str(&format!("\n    public init(from decoder: Decoder) throws {{\n        let c = try decoder.container(keyedBy: {}.self)\n        let name = try c.decode(String.self, forKey: .event)\n        switch name {{\n", super::EVENT_KEYS));
    for e in &spec.events {
        let c = &e.correlation;
        out.push_str(&format!(
            "        case {lit}:\n            let envelope = try EventEnvelope<{p}>(from: c, decoder: decoder)\n            try envelope.checkCorrelation(sessionID: {}, operationID: {}, grantGeneration: {}, liveSequence: {}, at: decoder.path)\n            self = .{case}(envelope)\n",
            set(c.session_id),
            set(c.operation_id),
            set(c.grant_generation),
            set(c.live_sequence),
            lit = string_literal(&e.name),
            p = type_name(&e.payload),
            case = escape(&camel(&e.name)),
        ));
    }
    out.push_str("        default:\n            throw ProtocolViolation(.unknownEvent, \"unknown event \\(name)\", at: decoder.path + \".event\")\n        }\n    }\n\n");
    out.push_str(&event_accessors(spec));
    out.push_str("}\n");
    out
}

fn event_accessors(spec: &Spec) -> String {
    let mut name =
        String::from("    /// The event's wire name.\n    public var name: String {\n        switch self {\n");
    let mut terminal = String::from("    /// Whether the event closes its turn or login.\n    public var isTerminal: Bool {\n        switch self {\n");
    let mut seq = String::from("    /// The per-turn sequence of a sequenced event.\n    public var turnSequence: (turnID: OpaqueID, sequence: UInt64)? {\n        switch self {\n");
    let mut head = String::from("    /// Envelope identities shared by every event.\n    public var correlation: EventCorrelation {\n        switch self {\n");
    let mut version = String::from(
        "    /// The record's wire version.\n    public var protocolVersion: UInt16 {\n        switch self {\n",
    );
    let mut session = String::from("    /// The session the payload names, if it names one (it must be the envelope's).\n    public var payloadSessionID: String? {\n        switch self {\n");
    let mut subject = String::from("    /// The turn or login the event belongs to (its payload's `turn_id` or `login_id`).\n    public var subjectID: String? {\n        switch self {\n");
    for e in &spec.events {
        let case = escape(&camel(&e.name));
        name.push_str(&format!("        case .{case}: return {}\n", string_literal(&e.name)));
        terminal.push_str(&format!("        case .{case}: return {}\n", e.terminal));
        if sequenced_fields(spec, e) {
            seq.push_str(&format!(
                "        case .{case}(let e): return (e.payload.turnID, UInt64(e.payload.sequence))\n"
            ));
        } else {
            seq.push_str(&format!("        case .{case}: return nil\n"));
        }
        head.push_str(&format!("        case .{case}(let e): return e.correlation\n"));
        version.push_str(&format!("        case .{case}(let e): return e.protocolVersion\n"));
        match payload_field(spec, e, "session_id") {
            Some(f) if f.is_required() && !f.nullable => {
                session.push_str(&format!("        case .{case}(let e): return e.payload.{}.value\n", ident(&f.name)))
            }
            Some(f) => {
                session.push_str(&format!("        case .{case}(let e): return e.payload.{}?.value\n", ident(&f.name)))
            }
            None => session.push_str(&format!("        case .{case}: return nil\n")),
        }
        match subject_field(spec, e) {
            Some(f) => subject.push_str(&format!("        case .{case}(let e): return e.payload.{}.value\n", ident(f))),
            None => subject.push_str(&format!("        case .{case}: return nil\n")),
        }
    }
    [name, terminal, seq, head, version, session, subject]
        .iter()
        .map(|s| format!("{s}        }}\n    }}\n"))
        .collect::<Vec<_>>()
        .join("\n")
}
