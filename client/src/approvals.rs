//! The `approvals` profile (issue #38) on the client side: [`Client::opt_in_approvals`]
//! negotiates it after `initialize` and before any claim, failing locally with a typed reason
//! ([`ProfileError::NotOffered`]) when the daemon does not offer it; a turn's stream then
//! yields `approval.requested` and `approval.resolved` among its events, and
//! [`Claim::respond`](crate::Claim::respond) answers with one of the offered options (choose
//! and show them by their `kind`, never by their IDs).

use crate::client::Client;
use crate::error::CallError;
use agentwire_protocol::{
    operation, Capabilities, ErrorCode, Profile, ProfileNegotiateRequest, ProfileNegotiateResponse,
};

/// The version of the approvals profile this client speaks.
pub const APPROVALS_VERSION: u32 = 1;

/// Why a profile could not be opted into.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum ProfileError {
    /// The daemon's capability object does not list the profile at this version; nothing was
    /// sent.
    #[error("profile not offered: the daemon does not offer {profile} version {version}")]
    NotOffered { profile: &'static str, version: u32 },
    /// The daemon refused the negotiation (`profile_unsupported`, `profile_mismatch`, …) or
    /// the call failed.
    #[error(transparent)]
    Call(#[from] CallError),
}

/// Why a profile was not opted into, named as the TypeScript and Swift clients name it
/// (`not_offered`, `rejected`, `mismatch`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProfileUnavailable {
    /// The capability object does not list the profile at this version; nothing was sent.
    NotOffered,
    /// The daemon answered `profile_unsupported`.
    Rejected,
    /// The daemon answered `profile_mismatch` (a session was claimed first, or another version
    /// was negotiated).
    Mismatch,
}

impl ProfileUnavailable {
    pub fn as_str(self) -> &'static str {
        match self {
            ProfileUnavailable::NotOffered => "not_offered",
            ProfileUnavailable::Rejected => "rejected",
            ProfileUnavailable::Mismatch => "mismatch",
        }
    }
}

impl ProfileError {
    /// The typed reason the profile is unavailable; `None` for any other failure of the call
    /// (the connection, a timeout, another service error), after which the connection's state
    /// is not known to be unchanged.
    pub fn reason(&self) -> Option<ProfileUnavailable> {
        match self {
            ProfileError::NotOffered { .. } => Some(ProfileUnavailable::NotOffered),
            ProfileError::Call(e) => match e.service_code()? {
                ErrorCode::ProfileUnsupported => Some(ProfileUnavailable::Rejected),
                ErrorCode::ProfileMismatch => Some(ProfileUnavailable::Mismatch),
                // Advertised, yet answered as an unknown method: it is not offered after all.
                ErrorCode::UnsupportedOperation => Some(ProfileUnavailable::NotOffered),
                _ => None,
            },
        }
    }
}

/// Whether `caps` offers `profile` at `version`.
pub fn offered(caps: &Capabilities, profile: Profile, version: u32) -> bool {
    caps.profiles
        .as_ref()
        .is_some_and(|offers| offers.iter().any(|o| o.name == profile.as_str() && o.versions.contains(&version)))
}

impl Client {
    /// Opts this connection into approvals v1: call it after connecting and before claiming a
    /// session. The answer names the accepted version and the effective limits (the deadline
    /// among them).
    pub async fn opt_in_approvals(&self) -> Result<ProfileNegotiateResponse, ProfileError> {
        let profile = Profile::Approvals;
        if !offered(&self.init().capabilities, profile, APPROVALS_VERSION) {
            return Err(ProfileError::NotOffered { profile: profile.as_str(), version: APPROVALS_VERSION });
        }
        let request = ProfileNegotiateRequest::new(profile.as_str().to_owned(), APPROVALS_VERSION);
        let terms = self.call::<operation::ProfileNegotiate>(&(), request).await?;
        match foreign_terms(profile, APPROVALS_VERSION, &terms) {
            None => Ok(terms),
            Some(reason) => Err(ProfileError::Call(self.broke_protocol(reason))),
        }
    }
}

/// What in `terms` breaks "the answer is exactly what was accepted": another profile or
/// version than asked, or an operation or event that is not the profile's own.
fn foreign_terms(profile: Profile, version: u32, terms: &ProfileNegotiateResponse) -> Option<String> {
    let own_ops: Vec<&str> = profile.operations().iter().map(|m| m.as_str()).collect();
    let own_events: Vec<&str> = profile.events().iter().map(|e| e.as_str()).collect();
    let foreign: Vec<&str> = (terms.operations.iter().filter(|o| !own_ops.contains(&o.as_str())))
        .chain(terms.events.iter().filter(|e| !own_events.contains(&e.as_str())))
        .map(String::as_str)
        .collect();
    if terms.profile == profile.as_str() && terms.version == version && foreign.is_empty() {
        return None;
    }
    let with = if foreign.is_empty() { String::new() } else { format!(" with {}", foreign.join(", ")) };
    Some(format!(
        "{} asked for {profile} version {version} and accepted {} version {}{with}",
        agentwire_protocol::Method::ProfileNegotiate.as_str(),
        terms.profile,
        terms.version
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use agentwire_protocol::ProfileOffer;

    #[test]
    fn absence_is_known_from_the_capability_object_before_any_request() {
        // "A client library talking to a daemon without the profile learns that before any
        // turn, with a typed reason."
        let ordinary = agentwire_protocol::capabilities().clone();
        assert!(!offered(&ordinary, Profile::Approvals, APPROVALS_VERSION));
        let other_version = ordinary.clone().with_profiles(vec![ProfileOffer::new("approvals".to_owned(), vec![2])]);
        assert!(!offered(&other_version, Profile::Approvals, APPROVALS_VERSION));
        let v1 = ordinary.with_profiles(vec![ProfileOffer::new("approvals".to_owned(), vec![1])]);
        assert!(offered(&v1, Profile::Approvals, APPROVALS_VERSION));
        let e = ProfileError::NotOffered { profile: "approvals", version: 1 };
        assert_eq!(e.to_string(), "profile not offered: the daemon does not offer approvals version 1");
    }

    #[test]
    fn the_daemons_refusals_have_typed_reasons() {
        // "the daemon's refusals are `rejected` (`profile_unsupported`) and `mismatch`
        // (`profile_mismatch`)"; any other failure has none.
        let refused = |code: ErrorCode| {
            let object = agentwire_protocol::ErrorObject::new(code.as_str().to_owned(), code.message().to_owned());
            ProfileError::Call(CallError::Service(crate::ServiceError::from_object(object)))
        };
        assert_eq!(refused(ErrorCode::ProfileUnsupported).reason(), Some(ProfileUnavailable::Rejected));
        assert_eq!(refused(ErrorCode::ProfileMismatch).reason(), Some(ProfileUnavailable::Mismatch));
        // Advertised, yet answered as an unknown method: not offered after all (as TypeScript).
        assert_eq!(refused(ErrorCode::UnsupportedOperation).reason(), Some(ProfileUnavailable::NotOffered));
        assert_eq!(refused(ErrorCode::ControlRequired).reason(), None);
        assert_eq!(ProfileError::Call(CallError::Transport("gone".into())).reason(), None);
        let absent = ProfileError::NotOffered { profile: "approvals", version: 1 };
        assert_eq!(absent.reason().map(ProfileUnavailable::as_str), Some("not_offered"));
    }

    #[test]
    fn the_answer_must_be_exactly_what_was_asked_and_only_the_profiles_own_items() {
        // "learns in the answer exactly what was accepted (profile version, its limits)": an
        // answer naming another profile or version, or an item not the profile's, breaks the
        // protocol (the TypeScript and Swift clients check the same).
        let profile = Profile::Approvals;
        let ops: Vec<_> = profile.operations().iter().map(|m| m.as_str().to_owned()).collect();
        let events: Vec<_> = profile.events().iter().map(|e| e.as_str().to_owned()).collect();
        let terms = |name: &str, version: u32, ops: Vec<String>| {
            ProfileNegotiateResponse::new(
                name,
                version,
                ops,
                events.clone(),
                agentwire_protocol::ProfileLimitMap::new(),
            )
        };
        assert_eq!(foreign_terms(profile, 1, &terms(profile.as_str(), 1, ops.clone())), None);
        let other_version = foreign_terms(profile, 1, &terms(profile.as_str(), 2, ops.clone())).unwrap();
        assert!(other_version.ends_with("accepted approvals version 2"), "{other_version}");
        let mut more = ops.clone();
        more.push(agentwire_protocol::Method::TurnStart.as_str().to_owned());
        let foreign = foreign_terms(profile, 1, &terms(profile.as_str(), 1, more)).unwrap();
        assert!(foreign.ends_with(&format!("with {}", agentwire_protocol::Method::TurnStart.as_str())), "{foreign}");
    }
}
