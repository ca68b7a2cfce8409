// Hand-written: the `approvals` profile (issue #38) on the client side. `optInApprovals()`
// negotiates it after connecting and before any claim, failing locally with a typed reason
// (`ClientError.profileUnavailable`, `.notOffered`) when the capability object does not list it;
// a turn's stream then carries `approvalRequested` and `approvalResolved` among its events, and
// `Claim.respond(_:optionID:)` answers with one of the offered options (choose and show them by
// their `kind`, never by their IDs).

import AgentWire
import Foundation

/// Why a profile could not be opted into.
public enum ProfileUnavailableReason: String, Sendable {
    /// The daemon's capability object does not list the profile at this version; nothing was sent.
    case notOffered = "not_offered"
    /// The daemon refused the negotiation (`profile_unsupported`).
    case rejected
    /// The negotiation conflicts with this connection's state (`profile_mismatch`: it claimed a
    /// session first, or negotiated another version).
    case mismatch
}

extension AgentWireClient {
    /// The name of the approvals profile (a key of the generated `ProtocolInfo.profiles`).
    public static let approvalsProfile = "approvals"

    /// The approvals version this package speaks: the one its generated types describe.
    public static var approvalsVersion: UInt32 { ProtocolInfo.profiles[approvalsProfile]?.version ?? 0 }

    /// Whether `capabilities` offers `profile` at `version`.
    public static func offers(_ capabilities: Capabilities, profile: String, version: UInt32) -> Bool {
        capabilities.profiles?.contains { $0.name.value == profile && $0.versions.contains(version) } ?? false
    }

    /// Opt this connection into approvals: call it after connecting and before claiming a
    /// session. The answer names the accepted version, the profile's operations and events, and
    /// the effective limits (`approval_deadline_ms` among them). A daemon whose capability object
    /// does not list the profile fails here with `ClientError.profileUnavailable` (`.notOffered`)
    /// before anything is sent; the daemon's refusals are `.rejected` and `.mismatch`. Either way
    /// the connection goes on as an ordinary one. Negotiating the same version again answers the
    /// same result.
    @discardableResult
    public func optInApprovals() async throws -> ProfileNegotiateResponse {
        let profile = Self.approvalsProfile
        let version = Self.approvalsVersion
        guard Self.offers(initializeResponse.capabilities, profile: profile, version: version) else {
            throw ClientError.profileUnavailable(profile: profile, version: version, reason: .notOffered, error: nil)
        }
        do {
            return try await send(Operations.ProfileNegotiate.self, ProfileNegotiateRequest(profile: try ProfileName(profile), version: version))
        } catch ClientError.service(.profileUnsupported?, let error) {
            throw ClientError.profileUnavailable(profile: profile, version: version, reason: .rejected, error: error)
        } catch ClientError.service(.profileMismatch?, let error) {
            throw ClientError.profileUnavailable(profile: profile, version: version, reason: .mismatch, error: error)
        } catch ClientError.service(.unsupportedOperation?, let error) {
            // Advertised, yet answered as an unknown method: it is not offered after all.
            throw ClientError.profileUnavailable(profile: profile, version: version, reason: .notOffered, error: error)
        }
    }

    /// What this connection negotiated for `profile`, nil if it did not.
    public func negotiated(_ profile: String) -> ProfileNegotiateResponse? {
        connection.negotiated(profile)
    }
}

extension Claim {
    /// Answer a pending approval of this session with one of its offered options
    /// (`approval.respond`, under this claim's control; the connection must have opted in). The
    /// first valid answer wins; `ClientError.service` says why not: `approval_unknown`
    /// (unknown, already answered, or decided by the deadline, the policy or a cancel),
    /// `approval_option_unknown` (not an offered option; the request stays pending), or a
    /// control error (`stale_grant`, `control_required`).
    public func respond(_ approvalID: OpaqueID, optionID: OpaqueID) async throws -> ApprovalRespondResponse {
        try await client.send(
            Operations.ApprovalRespond.self, ApprovalRespondRequest(approvalID: approvalID, optionID: optionID), sessionID: sessionID,
            control: control)
    }
}

extension ApprovalRequested {
    /// The first offered option of `kind`: choose options by their kind, never by their IDs.
    public func option(ofKind kind: PermissionKind) -> PermissionOption? {
        options.first { $0.kind == kind }
    }
}
