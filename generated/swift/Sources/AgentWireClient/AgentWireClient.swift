// Hand-written: the client of the agentwire daemon (`AgentWireClient`), what it learned when it
// connected (`Identity`, the initialize response), and typed requests over its connection.
//
//     let client = try await AgentWireClient.startOrConnect(workspace: "/abs/project")
//     let status = try await client.send(Operations.Status.self, StatusRequest())
//     for try await event in client.events { ... }

import AgentWire
import Foundation

/// Who the client talks to, as the identity handshake and `initialize` established it.
public struct Identity: Hashable, Sendable {
    /// The daemon's package version (equal to `AgentWire.packageVersion`: admission requires it).
    public let serverVersion: PackageVersion
    public let pid: UInt32
    public let instanceID: OpaqueID
    public let connectionID: OpaqueID
    public let workspaceID: OpaqueID
    public let stateRootID: OpaqueID
}

/// A started turn: its ID and its events, ending after `turn.terminal`.
public struct Turn: Sendable {
    public let turnID: OpaqueID
    public let operationID: OpaqueID
    public let events: EventStream
}

/// A connection to the daemon whose handshake, `initialize` and preflight passed.
public final class AgentWireClient: Sendable {
    public let configuration: ClientConfiguration
    public let identity: Identity
    /// The `initialize` result the preflight accepted: capabilities and limits.
    public let initializeResponse: InitializeResponse
    /// What `start-or-connect` printed, when the client came from `startOrConnect`.
    public let discovery: Discovery?
    let connection: ClientConnection

    /// Validated events of this connection not claimed by a turn stream: known and advertised
    /// names, matching identities and correlation, per-turn sequence strictly increasing and
    /// nothing after a terminal. Ends with the error that made the stream untrustworthy.
    public var events: EventStream { connection.events }

    private init(connection: ClientConnection, handshake: HandshakeReplyAccepted, initialized: InitializeResponse, discovery: Discovery?) {
        self.connection = connection
        configuration = connection.configuration
        initializeResponse = initialized
        self.discovery = discovery
        identity = Identity(
            serverVersion: initialized.serverVersion, pid: handshake.pid, instanceID: initialized.instanceID,
            connectionID: initialized.connectionID, workspaceID: initialized.workspaceID, stateRootID: initialized.stateRootID)
    }

    /// Connect, handshake, initialize and preflight within `handshakeTimeout`; throws before any
    /// mutation is possible.
    public static func connect(_ configuration: ClientConfiguration) async throws -> AgentWireClient {
        try await connect(configuration, discovery: nil)
    }

    static func connect(_ configuration: ClientConfiguration, discovery: Discovery?) async throws -> AgentWireClient {
        let (connection, handshake, initialized) = try await ClientConnection.connect(configuration)
        return AgentWireClient(connection: connection, handshake: handshake, initialized: initialized, discovery: discovery)
    }

    /// This connection's events of one session, from now on (copies: they still reach
    /// `events` or their turn's stream). Consume it, or drop it: an unread stream holds back the
    /// connection once `eventBufferCapacity` events wait.
    public func sessionEvents(_ sessionID: SessionID) -> EventStream {
        connection.subscribe(sessionID: sessionID.value)
    }

    /// This connection's events of one turn, from now on, ending after its terminal (copies, as
    /// `sessionEvents`).
    public func turnEvents(_ turnID: OpaqueID) -> EventStream {
        connection.subscribe(turnID: turnID.value)
    }

    /// Close the connection: every waiter and stream ends with `ClientError.closed`.
    public func close() {
        connection.close()
    }

    /// Send one request and wait for its success payload (at most `timeout`, by default the
    /// configuration's `requestTimeout`; then `ClientError.timeout`). Mutations
    /// get a fresh operation ID unless one is given (reuse one only to reconcile an uncertain
    /// earlier attempt). Cancelling the task abandons the wait with `CancellationError`; an
    /// abandoned mutation is never resent: `lookup` tells what became of it.
    public func send<O: AgentWireOperation>(
        _ operation: O.Type, _ payload: O.Request, sessionID: SessionID? = nil, control: Control? = nil,
        operationID: OpaqueID? = nil, timeout: Duration? = nil
    ) async throws -> O.Response {
        try await connection.send(
            operation, payload, sessionID: sessionID, control: control, operationID: operationID,
            timeout: timeout ?? configuration.requestTimeout)
    }

    /// Claim control of a session (`session.claim`); `takeOver` revokes another connection's
    /// grant instead of failing with `session_busy`. A running turn's events, its pending
    /// approvals first, follow the response at once: they reach `events`, and a `sessionEvents`
    /// stream opened before the claim.
    public func claim(_ sessionID: SessionID, takeOver: Bool = false) async throws -> Claim {
        let response = try await send(Operations.SessionClaim.self, SessionClaimRequest(takeOver: takeOver), sessionID: sessionID)
        return Claim(response: response, client: self)
    }

    /// What became of a mutation whose answer never came (`operation.lookup`).
    public func lookup(_ operationID: OpaqueID) async throws -> OperationLookupResponse {
        try await send(Operations.OperationLookup.self, OperationLookupRequest(operationID: operationID))
    }
}

/// A claimed session: the grant `session.claim` returned, which fills the `control` slot of the
/// operations that need it. A take-over by another connection revokes it (`stale_grant`).
public final class Claim: Sendable {
    public let response: SessionClaimResponse
    public let control: Control
    public let client: AgentWireClient
    public var sessionID: SessionID { response.sessionID }

    init(response: SessionClaimResponse, client: AgentWireClient) {
        self.response = response
        self.client = client
        control = Control(claimID: response.claimID, grantGeneration: response.grantGeneration)
    }

    /// Start a turn; its events come on the returned stream (not on `client.events`), which
    /// ends after the turn's terminal.
    public func startTurn(_ prompt: String) async throws -> Turn {
        try await client.connection.startTurn(prompt, sessionID: sessionID, control: control)
    }

    /// Ask the turn to stop (`turn.cancel`). The answer is `cancellation_requested`; the turn's
    /// terminal (on its stream) says how it ended.
    public func cancel(_ turnID: OpaqueID) async throws -> TurnCancelResponse {
        try await client.send(Operations.TurnCancel.self, TurnCancelRequest(turnID: turnID), sessionID: sessionID, control: control)
    }

    /// Give control back (`session.detach`).
    public func detach() async throws -> SessionDetachResponse {
        try await client.send(Operations.SessionDetach.self, SessionDetachRequest(), sessionID: sessionID, control: control)
    }
}
