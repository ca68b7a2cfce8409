// Hand-written: what a client connects with.

import AgentWire
import Foundation

public struct ClientConfiguration: Sendable {
    public var socketPath: String
    /// This client's package version, sent in the handshake; Unix admission requires an exact
    /// match. Default: this package's own `AgentWire.packageVersion` (never the daemon's).
    public var packageVersion: PackageVersion
    /// The daemon's version as discovery reported it: a different one fails with
    /// `ClientError.versionMismatch` before connecting, and a rejection names it.
    public var daemonVersion: PackageVersion?
    /// Canonical workspace path the client expects the daemon to serve.
    public var workspace: String
    public var expectedInstanceID: OpaqueID?
    public var expectedWorkspaceID: OpaqueID?
    public var expectedStateRootID: OpaqueID?
    /// Operations the client requires: preflighted against the advertisement, and the first
    /// `max_negotiation_items` sent as requested capabilities.
    public var requiredOperations: [String]
    /// Independent local bounds; the server's advertised bounds must not exceed them.
    public var localLimits: ProfileLimits
    public var maxSummaryBytes: UInt64
    /// How long the identity handshake and initialize may take together.
    public var handshakeTimeout: Duration
    /// How long one request may wait for its response.
    public var requestTimeout: Duration
    /// Events delivered but not yet consumed before the client stops reading the socket
    /// (back-pressure: the daemon then sees a slow consumer, per its own queue bound).
    public var eventBufferCapacity: Int

    public init(
        socketPath: String, packageVersion: PackageVersion = AgentWire.packageVersion, workspace: String,
        requiredOperations: [String] = ProtocolInfo.operations, localLimits: ProfileLimits = .protocolDefaults,
        maxSummaryBytes: UInt64 = Constants.summaryMaxBytes, handshakeTimeout: Duration = .milliseconds(Int64(Limits.handshakeTimeoutMs)),
        requestTimeout: Duration = .seconds(30), eventBufferCapacity: Int = Int(Limits.turnEventQueueItems)
    ) {
        self.socketPath = socketPath
        self.packageVersion = packageVersion
        self.workspace = workspace
        self.requiredOperations = requiredOperations
        self.localLimits = localLimits
        self.maxSummaryBytes = maxSummaryBytes
        self.handshakeTimeout = handshakeTimeout
        self.requestTimeout = requestTimeout
        self.eventBufferCapacity = max(1, eventBufferCapacity)
    }

    /// A configuration for the daemon that `start-or-connect` reported.
    public init(discovery: Discovery, packageVersion: PackageVersion = AgentWire.packageVersion, workspace: String) {
        self.init(socketPath: discovery.socket, packageVersion: packageVersion, workspace: workspace)
        daemonVersion = discovery.version
        expectedInstanceID = discovery.instanceID
        expectedWorkspaceID = discovery.workspaceID
        expectedStateRootID = discovery.stateRootID
    }
}
