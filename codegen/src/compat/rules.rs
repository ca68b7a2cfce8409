//! The rule table: every finding the checker can report, its category per direction, and the
//! seed sentence that decides it.
//!
//! A rule has two categories because the same edit means different things depending on who
//! decodes the item: a tightened bound rejects requests that old clients still send (the server
//! decodes requests strictly), while the same tightening on an output only narrows what
//! consumers receive. Items reachable both ways take the stricter of the two.

use std::fmt;

/// How a change affects existing peers, least to most severe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// Existing clients and consumers keep working unchanged.
    Compatible,
    /// Consumers keep working only if they preflight the advertisement before mutating.
    NeedsPreflight,
    /// Existing clients or consumers fail: requires a protocol version bump.
    Breaking,
}

impl Category {
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Compatible => "compatible",
            Category::NeedsPreflight => "needs_preflight",
            Category::Breaking => "breaking",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Seed sections the rules cite.
const EVOLUTION: &str = "Evolution and consumer decoding";
const VERSION: &str = "Protocol version versus package version";
const LIMITS: &str = "Advertised limits";
const INIT: &str = "Initialization and decoding";
const ERRORS: &str = "Errors and validation";
const NEGOTIATION: &str = "Evolution and consumer decoding (negotiated profiles)";

use Category::{Breaking as B, Compatible as C, NeedsPreflight as P};

/// One row of the rule table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleInfo {
    pub id: &'static str,
    /// Category when the item is read by the server (request payloads, the request envelope).
    pub input: Category,
    /// Category when the item is read by consumers (responses, events, session messages).
    pub output: Category,
    pub summary: &'static str,
    /// Seed section the quote comes from.
    pub section: &'static str,
    /// A few words quoted verbatim from the seed that decide the category.
    pub quote: &'static str,
}

macro_rules! rules {
    ($($variant:ident => $input:expr, $output:expr, $summary:expr, $section:expr, $quote:expr;)*) => {
        /// A stable rule ID; [`Rule::id`] is the SCREAMING_SNAKE name reports carry.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        pub enum Rule {
            $($variant,)*
        }

        /// Every rule, in table order.
        pub const RULES: &[RuleInfo] = &[
            $(RuleInfo {
                id: stringify!($variant),
                input: $input,
                output: $output,
                summary: $summary,
                section: $section,
                quote: $quote,
            },)*
        ];
    };
}

rules! {
    PROTOCOL_VERSION_CHANGED => B, B,
        "protocol.protocol_version changed (the bump itself; a decrease always fails)",
        VERSION, "Application `protocol_version:2` selects the wire contract";
    PROTOCOL_VERSION_SUPPORT_ADDED => C, C,
        "capabilities.protocol_versions gained a version; existing ones still negotiate",
        VERSION, "selects the wire contract";
    PROTOCOL_VERSION_SUPPORT_REMOVED => B, B,
        "capabilities.protocol_versions lost a version clients may select",
        VERSION, "selects the wire contract";
    TRANSPORT_ADDED => C, C,
        "capabilities.transports gained a transport; existing ones are still served",
        INIT, "transport `unix`, required operations";
    TRANSPORT_REMOVED => B, B,
        "capabilities.transports lost a transport consumers validate",
        INIT, "transport `unix`, required operations";
    LIMIT_ADDED => C, C,
        "a new advertised limit key",
        LIMITS, "accept bounded new limit keys without counting known keys";
    LIMIT_REMOVED => B, B,
        "an advertised limit key was removed",
        LIMITS, "Removing a required limit or changing its type/unit/meaning follows the required-semantic version/negotiation rule";
    LIMIT_TIGHTENED => B, B,
        "an advertised limit value became smaller: requests and pages valid before are rejected",
        LIMITS, "changed values are acceptable only when these checks still succeed and existing required meanings are preserved";
    LIMIT_RELAXED => P, P,
        "an advertised limit value became larger: consumers must check it against local bounds",
        LIMITS, "reject locally before mutation";
    LIMIT_UNIT_CHANGED => B, B,
        "an advertised limit changed its unit",
        EVOLUTION, "known limits retain their units and scope";
    LIMIT_SCOPE_CHANGED => B, B,
        "an advertised limit changed what it applies to (whitespace-insensitive text compare)",
        EVOLUTION, "known limits retain their units and scope";
    LIMIT_ERROR_CHANGED => B, B,
        "crossing a limit yields another error code",
        ERRORS, "Codes are stable";
    LIMIT_OUTPUT_BOUND_ADDED => C, C,
        "a limit is now declared to bound what the service sends: new consumers preflight it, older ones still enforce the same value while decoding",
        LIMITS, "Output beyond an accepted bound is a protocol failure";
    LIMIT_OUTPUT_BOUND_REMOVED => C, C,
        "a limit no longer bounds what the service sends: older consumers still preflight it, and the unchanged value still passes",
        LIMITS, "changed values are acceptable only when these checks still succeed";
    ERROR_CODE_ADDED => C, C,
        "a new error code",
        EVOLUTION, "An unknown error code may be represented as a generic unsuccessful response";
    ERROR_CODE_REMOVED => B, B,
        "an error code was removed from the catalogue",
        ERRORS, "Codes are stable";
    ERROR_MESSAGE_CHANGED => B, B,
        "the fixed message of an error code changed",
        ERRORS, "messages are short, fixed";
    REQUEST_ERROR_ADDED => C, C,
        "a shared request error every operation may return",
        EVOLUTION, "An unknown error code may be represented as a generic unsuccessful response";
    REQUEST_ERROR_REMOVED => C, C,
        "a shared request error is no longer returned; consumers still handle any code",
        EVOLUTION, "An unknown error code may be represented as a generic unsuccessful response";
    OPERATION_ADDED => C, C,
        "a new operation; consumers may leave it unused",
        VERSION, "unused operations and additional limit keys may be added";
    OPERATION_REMOVED => B, B,
        "an operation clients may require was removed",
        INIT, "Requested operation names are requirements";
    OPERATION_ERROR_ADDED => C, C,
        "an operation may return another error code",
        EVOLUTION, "An unknown error code may be represented as a generic unsuccessful response";
    OPERATION_ERROR_REMOVED => C, C,
        "an operation no longer returns an error code; consumers still handle any code",
        EVOLUTION, "An unknown error code may be represented as a generic unsuccessful response";
    OPERATION_EVENT_ADDED => B, B,
        "an operation's work may send an event consumers do not correlate to it",
        EVOLUTION, "Validate envelope identities against pending requests";
    OPERATION_EVENT_REMOVED => C, C,
        "an operation no longer sends a non-terminal event; gaps are tolerated",
        EVOLUTION, "Accept the gap";
    OPERATION_TERMINAL_EVENT_REMOVED => B, B,
        "an operation no longer sends a terminal event consumers wait for",
        EVOLUTION, "authoritative settlement cannot be inferred";
    ENVELOPE_RULE_CHANGED => B, B,
        "an operation's session_id/control/mutation rule changed, or it now requires initialization",
        EVOLUTION, "Null identities are allowed only where the documented error/correlation rules permit them";
    ENVELOPE_RULE_RELAXED => C, C,
        "an operation no longer requires initialization",
        VERSION, "may be added while required meanings stay intact";
    PAYLOAD_KEY_CHANGED => B, B,
        "the envelope field that selects the payload type changed or was dropped",
        VERSION, "Known fields cannot be removed, renamed, retyped";
    PROFILE_ADDED => C, C,
        "a new optional profile: nothing of it reaches a connection that does not negotiate it",
        NEGOTIATION, "an explicit, bounded capability negotiation isolates the changed behavior";
    PROFILE_REMOVED => P, P,
        "an optional profile is no longer declared: a client finds it missing from `profiles` before any turn",
        NEGOTIATION, "defines absence, rejection, and mismatch handling **before** affected work";
    PROFILE_VERSION_STEPPED => P, P,
        "an optional profile took a new version (its items may change with it): a client negotiating the old one is rejected before any turn",
        NEGOTIATION, "defines absence, rejection, and mismatch handling **before** affected work";
    PROFILE_CHANGED => B, B,
        "an optional profile's items (operations, events, errors, limits, the types they reach, its negotiation text) changed without a new version",
        NEGOTIATION, "A change to required semantics needs a new protocol version unless an explicit, bounded capability negotiation isolates the changed behavior";
    PROFILE_MEMBERSHIP_CHANGED => B, B,
        "an item moved between the ordinary profile, profile negotiation and an optional profile",
        NEGOTIATION, "Merely advertising a flag or accepting an operation name is not such isolation";
    EVENT_ADDED => P, P,
        "a new event",
        VERSION, "New events require complete-set preflight before mutation";
    EVENT_REMOVED => B, B,
        "an event consumers handle was removed",
        VERSION, "A change to required semantics needs a new protocol version";
    EVENT_RULE_CHANGED => B, B,
        "an event's sequenced/terminal flag or correlation changed",
        EVOLUTION, "Shared sequences and terminal activity/replay metadata are required";
    TYPE_KIND_CHANGED => B, B,
        "a type became another kind (object, enum, union, map, string)",
        VERSION, "Known fields cannot be removed, renamed, retyped";
    FIELD_REMOVED => B, B,
        "a known field was removed (a rename is a removal plus an addition)",
        VERSION, "Known fields cannot be removed, renamed, retyped";
    FIELD_RETYPED => B, B,
        "a known field changed its type",
        VERSION, "Known fields cannot be removed, renamed, retyped";
    FIELD_NULLABILITY_CHANGED => B, B,
        "a known field became nullable or stopped being nullable",
        VERSION, "cannot be removed, renamed, retyped or have null/unit semantics changed";
    FIELD_MADE_OPTIONAL => C, B,
        "a required field may now be omitted",
        EVOLUTION, "the field must be present with the documented JSON type and meaning";
    FIELD_MADE_REQUIRED => B, C,
        "an optional or defaulted field must now be present",
        EVOLUTION, "Requests remain strict";
    DEFAULT_CHANGED => B, B,
        "what absence of a field means changed",
        EVOLUTION, "Omitted `requested_capabilities` means an empty list";
    REQUIRED_FIELD_ADDED_TO_REQUEST => B, B,
        "a required field was added to a request payload old clients do not send",
        VERSION, "A change to required semantics needs a new protocol version";
    REQUIRED_FIELD_ADDED_TO_OUTPUT => B, B,
        "a required field was added to an output; only optional output members may be added",
        VERSION, "bounded optional output members, unused operations and additional limit keys may be added";
    OPTIONAL_REQUEST_FIELD_ADDED => C, C,
        "an optional request field; old clients omit it (older servers reject it, so new clients must not rely on it there)",
        EVOLUTION, "Requests remain strict";
    OPTIONAL_OUTPUT_FIELD_ADDED => C, C,
        "a bounded optional output member",
        VERSION, "bounded optional output members, unused operations and additional limit keys may be added";
    CONST_ADDED => B, C,
        "a field is now fixed to one value",
        EVOLUTION, "while fully validating known members";
    CONST_REMOVED => C, B,
        "a field is no longer fixed to one value",
        EVOLUTION, "while fully validating known members";
    CONST_CHANGED => B, B,
        "a field's fixed value changed",
        EVOLUTION, "while fully validating known members";
    CAPABILITY_FLAG_ADDED => C, C,
        "a new activity capability member",
        EVOLUTION, "unknown capability members may be bounded JSON values, but never imply support for an unknown feature";
    CAPABILITY_FLAG_REMOVED => B, B,
        "a known activity capability member was removed",
        EVOLUTION, "Known flags remain booleans";
    CAPABILITY_FLAG_CHANGED => B, B,
        "the advertised value of an activity capability changed",
        VERSION, "Merely advertising a flag or accepting an operation name is not such isolation";
    BOUND_TIGHTENED => B, C,
        "a bound (min/max, bytes, items, charset, format, non_blank, required keys, at_least_one_of) admits fewer values",
        EVOLUTION, "Requests remain strict";
    BOUND_RELAXED => C, B,
        "a bound admits more values",
        LIMITS, "Output beyond an accepted bound is a protocol failure";
    VIOLATION_CODE_CHANGED => B, C,
        "crossing a request bound yields another error code",
        ERRORS, "Codes are stable";
    ENUM_VALUE_ADDED => C, B,
        "a semantic enum gained a value and defined no fallback",
        VERSION, "Unknown semantic enums need an explicit fallback or negotiated profile";
    ENUM_VALUE_ADDED_WITH_FALLBACK => C, B,
        "an enum with a literal `unknown`-style value gained a value; that literal is a value, not a wildcard, so consumers built from the old spec reject the new one",
        EVOLUTION, "a literal accepted value, not permission to accept arbitrary transports";
    ENUM_VALUE_REMOVED => B, C,
        "an enum lost a value",
        EVOLUTION, "Requests remain strict";
    ENUM_FALLBACK_CHANGED => C, C,
        "an enum's fallback was added, removed or changed; additions are judged by the old fallback",
        EVOLUTION, "a literal accepted value, not permission to accept arbitrary transports";
    UNION_VARIANT_ADDED => C, B,
        "a discriminated union gained a variant consumers reject as an unknown kind",
        EVOLUTION, "Reject unsupported values in status, kind";
    UNION_VARIANT_REMOVED => B, C,
        "a discriminated union lost a variant",
        EVOLUTION, "Requests remain strict";
    UNION_DISCRIMINATOR_CHANGED => B, B,
        "a union's discriminator fields or a variant's discriminator values changed",
        VERSION, "Known fields cannot be removed, renamed, retyped";
}

impl Rule {
    pub fn info(self) -> &'static RuleInfo {
        // The macro keeps the enum and the table in the same order.
        &RULES[self as usize]
    }

    pub fn id(self) -> &'static str {
        self.info().id
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_enum_order() {
        assert_eq!(Rule::PROTOCOL_VERSION_CHANGED.id(), "PROTOCOL_VERSION_CHANGED");
        assert_eq!(Rule::UNION_DISCRIMINATOR_CHANGED.id(), "UNION_DISCRIMINATOR_CHANGED");
        assert_eq!(Rule::UNION_DISCRIMINATOR_CHANGED as usize, RULES.len() - 1);
    }

    #[test]
    fn ids_are_screaming_snake_and_unique() {
        let mut seen = std::collections::HashSet::new();
        for r in RULES {
            assert!(r.id.bytes().all(|b| b.is_ascii_uppercase() || b == b'_'), "{}", r.id);
            assert!(seen.insert(r.id), "duplicate {}", r.id);
            assert!(!r.quote.is_empty() && !r.section.is_empty(), "{} cites nothing", r.id);
        }
    }
}
