//! The `approvals` profile (issue #38) on the client side: [`Client::opt_in_approvals`]
//! negotiates it after `initialize` and before any claim, failing locally with a typed reason
//! ([`ProfileError::NotOffered`]) when the daemon does not offer it, and with the daemon's
//! refusal typed as [`ProfileError::Rejected`] or [`ProfileError::Mismatch`] (the reasons the
//! TypeScript and Swift clients name `rejected` and `mismatch`); a turn's stream then
//! yields `approval.requested` and `approval.resolved` among its events, and
//! [`Claim::respond`](crate::Claim::respond) answers with one of the offered options (choose
//! and show them by their `kind`, never by their IDs).

use crate::client::Client;
use crate::error::{CallError, ServiceError};
use agentwire_protocol::{
    operation, Capabilities, ErrorCode, Profile, ProfileNegotiateRequest, ProfileNegotiateResponse,
};

/// The version of the approvals profile this client speaks.
pub const APPROVALS_VERSION: u32 = 1;

/// Why a profile could not be opted into. In each case the connection's state is unchanged
/// and it goes on as an ordinary one.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum ProfileError {
    /// The daemon does not offer the profile at this version: its capability object does not
    /// list it (nothing was sent), or it answered the negotiation as an unknown method.
    #[error("profile not offered: the daemon does not offer {profile} version {version}")]
    NotOffered { profile: &'static str, version: u32 },
    /// The daemon rejected the profile or version (`profile_unsupported`).
    #[error("profile rejected: {}", answer.message)]
    Rejected { profile: &'static str, version: u32, answer: ServiceError },
    /// The negotiation conflicts with this connection's state (`profile_mismatch`): it claimed
    /// a session before opting in, or negotiated another version.
    #[error("profile mismatch: {}", answer.message)]
    Mismatch { profile: &'static str, version: u32, answer: ServiceError },
    /// The call failed otherwise (the connection, a timeout, another service error).
    #[error(transparent)]
    Call(#[from] CallError),
}

impl ProfileError {
    /// The typed reason for the daemon's refusal of `profile` at `version`; other failures
    /// stay [`ProfileError::Call`].
    fn refused(profile: &'static str, version: u32, e: CallError) -> ProfileError {
        let CallError::Service(answer) = e else { return ProfileError::Call(e) };
        match answer.code {
            Some(ErrorCode::ProfileUnsupported) => ProfileError::Rejected { profile, version, answer },
            Some(ErrorCode::ProfileMismatch) => ProfileError::Mismatch { profile, version, answer },
            // "answers `profile.negotiate` like any unknown method": advertised, yet not offered.
            Some(ErrorCode::UnsupportedOperation) => ProfileError::NotOffered { profile, version },
            _ => ProfileError::Call(CallError::Service(answer)),
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
    /// among them). The daemon's refusals are [`ProfileError::Rejected`] and
    /// [`ProfileError::Mismatch`] (a session was claimed first).
    pub async fn opt_in_approvals(&self) -> Result<ProfileNegotiateResponse, ProfileError> {
        let (profile, version) = (Profile::Approvals.as_str(), APPROVALS_VERSION);
        if !offered(&self.init().capabilities, Profile::Approvals, version) {
            return Err(ProfileError::NotOffered { profile, version });
        }
        let request = ProfileNegotiateRequest::new(profile.to_owned(), version);
        self.call::<operation::ProfileNegotiate>(&(), request)
            .await
            .map_err(|e| ProfileError::refused(profile, version, e))
    }
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

    fn answer(code: ErrorCode) -> CallError {
        CallError::Service(ServiceError::from_object(agentwire_protocol::ErrorObject::new(
            code.as_str().to_owned(),
            code.message().to_owned(),
        )))
    }

    #[test]
    fn rejection_and_mismatch_are_typed_reasons_as_in_the_other_clients() {
        // "Absence (...), rejection (an unknown profile or version) and mismatch each have a
        // defined, tested outcome": the same three reasons the TypeScript
        // (`ProfileUnavailableError.reason`) and Swift (`.profileUnavailable(reason:)`) clients give.
        let refused = |code| ProfileError::refused("approvals", 1, answer(code));
        let rejected = refused(ErrorCode::ProfileUnsupported);
        assert!(matches!(&rejected, ProfileError::Rejected { profile: "approvals", version: 1, answer }
            if answer.is(ErrorCode::ProfileUnsupported)));
        assert_eq!(rejected.to_string(), format!("profile rejected: {}", ErrorCode::ProfileUnsupported.message()));
        let mismatch = refused(ErrorCode::ProfileMismatch);
        assert!(matches!(&mismatch, ProfileError::Mismatch { answer, .. } if answer.is(ErrorCode::ProfileMismatch)));
        assert_eq!(mismatch.to_string(), format!("profile mismatch: {}", ErrorCode::ProfileMismatch.message()));
        assert!(matches!(refused(ErrorCode::UnsupportedOperation), ProfileError::NotOffered { .. }));
        let other = refused(ErrorCode::InternalError);
        assert!(matches!(other, ProfileError::Call(e) if e.service_code() == Some(ErrorCode::InternalError)));
        let gone = ProfileError::refused("approvals", 1, CallError::Transport("closed".into()));
        assert!(matches!(gone, ProfileError::Call(CallError::Transport(_))));
    }
}
