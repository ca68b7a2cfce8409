// Hand-written: the checks a consumer makes after initialize and before any mutation.

import AgentWire
import Foundation

/// The checks a consumer makes after initialize and before any mutation.
public enum Preflight {
    public static func check(_ r: InitializeResponse, handshake: HandshakeReplyAccepted, configuration: ClientConfiguration) throws {
        func require(_ ok: Bool, _ reason: @autoclosure () -> String) throws {
            if !ok { throw ClientError.preflight(reason()) }
        }
        let caps = r.capabilities
        // The advertisement rules every consumer applies (wire version, transports, every
        // advertised event known, the two limit maps equal).
        do {
            try Advertisement.check(initialize: r)
        } catch let v as ProtocolViolation {
            throw ClientError.preflight(v.detail)
        }
        if r.serverVersion != configuration.packageVersion {
            throw ClientError.versionMismatch(package: configuration.packageVersion, daemon: r.serverVersion)
        }
        try require(r.instanceID == handshake.instanceID, "instance differs from the handshake")
        try require(r.workspaceID == handshake.workspaceID && r.stateRootID == handshake.stateRootID, "workspace or state root differs from the handshake")
        try require(configuration.expectedInstanceID.map { $0 == r.instanceID } ?? true, "unexpected instance")
        try require(configuration.expectedWorkspaceID.map { $0 == r.workspaceID } ?? true, "unexpected workspace")
        try require(configuration.expectedStateRootID.map { $0 == r.stateRootID } ?? true, "unexpected state root")
        let operations = Set(caps.operations.map(\.value))
        let events = Set(caps.events.map(\.value))
        for op in configuration.requiredOperations {
            try require(operations.contains(op), "required operation \(op) not advertised")
        }
        try require(caps.activity.events == events.contains("turn.activity"), "activity flag and turn.activity disagree")
        try require(r.limits == caps.limits, "initialize's two limit maps differ")
        try limits(caps.limits, configuration: configuration)
        try require(caps.activity.maxSummaryBytes <= configuration.maxSummaryBytes, "summary bound exceeds the local bound")
    }

    /// Every limit that bounds what the service sends (`Limits.outputBounds`, from the spec's
    /// `bounds_output`) must fit the client's own bound: the generated value, or the local
    /// profile's where it narrows one. A missing advertised value fails closed.
    static func limits(_ map: LimitMap, configuration: ClientConfiguration) throws {
        for (name, generated) in Limits.outputBounds {
            let narrowed = configuration.localLimits.bound(forLimit: name).map { UInt64(clamping: $0) }
            let bound = min(generated, narrowed ?? generated)
            guard let advertised = map[name] else {
                throw ClientError.preflight("\(name) is not advertised")
            }
            if advertised > bound {
                throw ClientError.preflight("\(name) \(advertised) exceeds the local bound \(bound)")
            }
        }
    }
}

