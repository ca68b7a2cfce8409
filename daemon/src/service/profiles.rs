//! Optional profiles: which ones this daemon offers ([`OFFERED`], the one switch), the
//! capability object that advertises them, and `profile.negotiate`.
//!
//! Absence is a defined outcome: with nothing offered the capability object has no `profiles`
//! member and `profile.negotiate` answers exactly as an unknown method does
//! (`unsupported_operation`), as do the profile's operations.

use super::Service;
use crate::wire::{ConnCtx, Offer};
use agentwire_protocol::{
    Capabilities, ErrorCode, Profile, ProfileLimitMap, ProfileNegotiateRequest, ProfileNegotiateResponse, ProfileOffer,
};
use std::sync::OnceLock;

/// The optional profiles this daemon offers, with the versions it negotiates: a profile is
/// offered only once it works end to end (approvals: [`crate::turns::asking`]).
pub const OFFERED: &[Offer] = &[Offer { profile: Profile::Approvals, versions: &[1] }];

/// The settings key (and limit) whose effective value negotiation advertises.
const DEADLINE_LIMIT: &str = "approval_deadline_ms";

/// The capability object `initialize` and `capabilities` answer: the spec's ordinary
/// advertisement, plus the optional `profiles` member when something is offered.
pub fn advertised() -> &'static Capabilities {
    static CAPS: OnceLock<Capabilities> = OnceLock::new();
    CAPS.get_or_init(|| with_offer(agentwire_protocol::capabilities(), OFFERED))
}

fn with_offer(caps: &Capabilities, offer: &[Offer]) -> Capabilities {
    if offer.is_empty() {
        return caps.clone();
    }
    let offers =
        offer.iter().map(|o| ProfileOffer::new(o.profile.as_str().to_owned(), o.versions.to_vec())).collect::<Vec<_>>();
    caps.clone().with_profiles(offers)
}

impl Service {
    /// `profile.negotiate`: what the connection negotiated, with the profile's limits.
    pub(super) fn negotiate_profile(
        &self,
        conn: &ConnCtx,
        request: ProfileNegotiateRequest,
    ) -> Result<ProfileNegotiateResponse, ErrorCode> {
        let mut terms = negotiate(conn, OFFERED, request)?;
        // "the advertised value is the effective one": the deadline the settings gave.
        if terms.profile == Profile::Approvals.as_str() {
            let deadline = self.turns.approvals.limits().deadline.as_millis();
            if let Some(value) = terms.limits.extensions.get_mut(DEADLINE_LIMIT) {
                *value = u64::try_from(deadline).unwrap_or(u64::MAX);
            }
        }
        Ok(terms)
    }
}

fn negotiate(
    conn: &ConnCtx,
    offer: &[Offer],
    request: ProfileNegotiateRequest,
) -> Result<ProfileNegotiateResponse, ErrorCode> {
    // "a daemon that offers no profile answers `profile.negotiate` like any unknown method"
    if offer.is_empty() {
        return Err(ErrorCode::UnsupportedOperation);
    }
    let profile = conn.negotiate_profile(offer, &request.profile, request.version)?;
    let mut limits = ProfileLimitMap::new();
    for l in profile.limits() {
        limits.extensions.insert(l.name.to_owned(), l.value);
    }
    Ok(ProfileNegotiateResponse::new(
        profile.as_str().to_owned(),
        request.version,
        profile.operations().iter().map(|m| m.as_str().to_owned()).collect(),
        profile.events().iter().map(|e| e.as_str().to_owned()).collect(),
        limits,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use agentwire_protocol::{Profile, PROFILES_JSON};

    const APPROVALS_V1: &[Offer] = &[Offer { profile: Profile::Approvals, versions: &[1] }];

    fn request(profile: &str, version: u32) -> ProfileNegotiateRequest {
        ProfileNegotiateRequest::new(profile.to_owned(), version)
    }

    #[test]
    fn absence_no_profile_offered_means_no_profiles_member() {
        // "emitted only when the daemon offers at least one profile"
        assert_eq!(OFFERED, APPROVALS_V1, "this daemon offers approvals v1");
        assert!(advertised().profiles.is_some());
        assert_eq!(with_offer(agentwire_protocol::capabilities(), &[]).profiles, None);
    }

    #[test]
    fn an_offer_is_advertised_as_the_spec_spells_it() {
        let caps = with_offer(agentwire_protocol::capabilities(), APPROVALS_V1);
        let written = serde_json::to_value(&caps.profiles).unwrap();
        assert_eq!(written, serde_json::from_str::<serde_json::Value>(PROFILES_JSON).unwrap());
        // Nothing of the profile leaks into the ordinary lists.
        assert_eq!(caps.operations, agentwire_protocol::capabilities().operations);
        assert_eq!(caps.events, agentwire_protocol::capabilities().events);
    }

    #[tokio::test]
    async fn absence_negotiate_on_a_daemon_offering_nothing_is_an_unknown_method() {
        // "a daemon that offers no profile answers profile.negotiate like any unknown method"
        let (conn, _peer) = crate::wire::test_pair(1);
        assert_eq!(negotiate(&conn, &[], request("approvals", 1)), Err(ErrorCode::UnsupportedOperation));
        assert!(!conn.has_profile(Profile::Approvals));
    }

    #[tokio::test]
    async fn negotiation_answers_the_profiles_terms() {
        let (conn, _peer) = crate::wire::test_pair(1);
        let terms = negotiate(&conn, APPROVALS_V1, request("approvals", 1)).unwrap();
        let written = serde_json::to_value(&terms).unwrap();
        assert_eq!(written, serde_json::from_str::<serde_json::Value>(Profile::Approvals.terms_json()).unwrap());
        assert!(conn.has_profile(Profile::Approvals));
    }

    #[tokio::test]
    async fn rejection_and_mismatch_reach_the_client_and_change_nothing() {
        let (conn, _peer) = crate::wire::test_pair(1);
        assert_eq!(negotiate(&conn, APPROVALS_V1, request("approvals", 2)), Err(ErrorCode::ProfileUnsupported));
        conn.mark_claimed();
        assert_eq!(negotiate(&conn, APPROVALS_V1, request("approvals", 1)), Err(ErrorCode::ProfileMismatch));
        assert!(!conn.has_profile(Profile::Approvals));
    }
}
