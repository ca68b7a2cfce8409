//! The capability advertisement this daemon makes: the spec's profile, restricted to the
//! operations it implements, so nothing is advertised that does not work end to end.

use agentwire_protocol::{Capabilities, Method};
use std::sync::OnceLock;

/// Operations this daemon serves. The rest of the profile arrives with the issues that
/// implement them (authentication, catalogs, configuration, turns).
pub const IMPLEMENTED: &[Method] = &[
    Method::Initialize,
    Method::Status,
    Method::Capabilities,
    Method::SessionList,
    Method::SessionCreate,
    Method::SessionReplay,
    Method::SessionClaim,
    Method::SessionDetach,
    Method::SessionStatus,
    Method::OperationLookup,
    Method::AuthStatus,
    Method::AuthLoginStart,
    Method::AuthLoginCallback,
    Method::AuthLoginCancel,
    Method::AuthLogout,
    Method::CatalogProviders,
    Method::CatalogModels,
    Method::CatalogRefresh,
    Method::ConfigGet,
    Method::ConfigSet,
    Method::TurnStart,
    Method::TurnCancel,
];

/// The complete capability object initialize and capabilities return.
pub fn advertised_capabilities() -> &'static Capabilities {
    static CAPS: OnceLock<Capabilities> = OnceLock::new();
    CAPS.get_or_init(|| {
        let mut caps = agentwire_protocol::capabilities().clone();
        caps.operations.retain(|op| Method::from_wire(op).is_some_and(|m| IMPLEMENTED.contains(&m)));
        // Events ride on operations: advertise only those an implemented operation can send.
        caps.events.retain(|ev| IMPLEMENTED.iter().any(|m| m.events().iter().any(|e| e.as_str() == ev)));
        caps
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advertisement_lists_only_implemented_operations_and_their_events() {
        // "A feature the spec advertises works end to end, or is not advertised."
        let caps = advertised_capabilities();
        assert_eq!(caps.operations.len(), IMPLEMENTED.len());
        let sendable: usize = IMPLEMENTED.iter().map(|m| m.events().len()).sum();
        assert!(caps.events.len() <= sendable);
        assert_eq!(caps.transports, vec![agentwire_protocol::Transport::Unix]);
    }
}
