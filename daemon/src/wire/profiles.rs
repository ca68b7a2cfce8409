//! Which optional profiles one connection negotiated: the rules of `profile.negotiate` for a
//! connection, whatever the daemon offers (the offer is the service's, passed in).
//!
//! - Rejection: an unknown profile, or a version not offered → `profile_unsupported`.
//! - Mismatch: another version already negotiated, or a session claimed before negotiating →
//!   `profile_mismatch`.
//! - The same version again answers the same result.
//!
//! A rejected or mismatched negotiation changes nothing.

use agentwire_protocol::{ErrorCode, Profile};

/// A profile the daemon offers, with the versions it negotiates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Offer {
    pub profile: Profile,
    pub versions: &'static [u32],
}

/// What one connection has negotiated, and whether it claimed a session yet.
#[derive(Debug, Default)]
pub struct Negotiated {
    /// At most one version per profile; a handful of profiles, so a scan beats hashing.
    accepted: Vec<(Profile, u32)>,
    claimed: bool,
}

impl Negotiated {
    /// Negotiate `name` at `version` against `offer`; the accepted profile on success.
    pub fn negotiate(&mut self, offer: &[Offer], name: &str, version: u32) -> Result<Profile, ErrorCode> {
        let offered = offer.iter().find(|o| o.profile.as_str() == name && o.versions.contains(&version));
        let Some(offered) = offered else {
            return Err(ErrorCode::ProfileUnsupported);
        };
        match self.accepted.iter().find(|(p, _)| *p == offered.profile) {
            Some(&(_, v)) if v == version => Ok(offered.profile),
            Some(_) => Err(ErrorCode::ProfileMismatch),
            None if self.claimed => Err(ErrorCode::ProfileMismatch),
            None => {
                self.accepted.push((offered.profile, version));
                Ok(offered.profile)
            }
        }
    }

    /// Whether the connection negotiated `profile` (any version).
    pub fn has(&self, profile: Profile) -> bool {
        self.accepted.iter().any(|(p, _)| *p == profile)
    }

    /// The version of `profile` the connection negotiated.
    pub fn version(&self, profile: Profile) -> Option<u32> {
        self.accepted.iter().find(|(p, _)| *p == profile).map(|&(_, v)| v)
    }

    /// The connection claimed a session: a profile not negotiated by now no longer can be.
    pub fn mark_claimed(&mut self) {
        self.claimed = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const V1: &[u32] = &[1];
    const OFFER: &[Offer] = &[Offer { profile: Profile::Approvals, versions: V1 }];

    #[test]
    fn an_offered_profile_and_version_is_accepted() {
        let mut n = Negotiated::default();
        assert_eq!(n.negotiate(OFFER, "approvals", 1), Ok(Profile::Approvals));
        assert!(n.has(Profile::Approvals));
        assert_eq!(n.version(Profile::Approvals), Some(1));
    }

    #[test]
    fn rejection_an_unknown_profile_or_version_changes_nothing() {
        // "an unknown profile name or a version not offered -> profile_unsupported ...
        // the connection's state is unchanged"
        let mut n = Negotiated::default();
        assert_eq!(n.negotiate(OFFER, "steering", 1), Err(ErrorCode::ProfileUnsupported));
        assert_eq!(n.negotiate(OFFER, "approvals", 2), Err(ErrorCode::ProfileUnsupported));
        assert!(!n.has(Profile::Approvals));
        assert_eq!(n.negotiate(OFFER, "approvals", 1), Ok(Profile::Approvals));
    }

    #[test]
    fn absence_a_profile_the_daemon_does_not_offer_is_unsupported() {
        let mut n = Negotiated::default();
        assert_eq!(n.negotiate(&[], "approvals", 1), Err(ErrorCode::ProfileUnsupported));
        assert!(!n.has(Profile::Approvals));
    }

    #[test]
    fn mismatch_another_version_after_a_negotiation_changes_nothing() {
        // "already negotiated another version of the profile ... -> profile_mismatch"
        const V12: &[u32] = &[1, 2];
        let offer = [Offer { profile: Profile::Approvals, versions: V12 }];
        let mut n = Negotiated::default();
        assert_eq!(n.negotiate(&offer, "approvals", 1), Ok(Profile::Approvals));
        assert_eq!(n.negotiate(&offer, "approvals", 2), Err(ErrorCode::ProfileMismatch));
        assert_eq!(n.version(Profile::Approvals), Some(1));
    }

    #[test]
    fn mismatch_a_session_claimed_before_negotiating() {
        // "it already claimed a session before negotiating -> profile_mismatch"
        let mut n = Negotiated::default();
        n.mark_claimed();
        assert_eq!(n.negotiate(OFFER, "approvals", 1), Err(ErrorCode::ProfileMismatch));
        assert!(!n.has(Profile::Approvals));
    }

    #[test]
    fn negotiating_the_same_version_again_answers_the_same_result() {
        // "Negotiating the same version again answers the same result", after a claim too.
        let mut n = Negotiated::default();
        assert_eq!(n.negotiate(OFFER, "approvals", 1), Ok(Profile::Approvals));
        n.mark_claimed();
        assert_eq!(n.negotiate(OFFER, "approvals", 1), Ok(Profile::Approvals));
    }
}
