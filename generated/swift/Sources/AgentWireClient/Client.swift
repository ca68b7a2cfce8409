// Hand-written: one connection to the agentwire daemon over its private Unix socket
// (Foundation only): identity handshake line, `initialize` and the full preflight before any
// mutation, typed requests with timeouts and cancellation, and bounded event streams with
// back-pressure — the connection's, and one per turn that ends with the turn's terminal.
// `AgentWireClient` is its public face.

import AgentWire
import Foundation

final class ClientConnection: Sendable {
    let configuration: ClientConfiguration
    /// Validated events of this connection not claimed by a turn stream.
    var events: EventStream { EventStream(channel: connectionEvents) }

    private let socket: LineSocket
    private let credits: Credits
    private let connectionEvents: EventChannel
    private let state = Locked(State())

    struct State: Sendable {
        var handshakeWaiter: CheckedContinuation<Data, Error>?
        var handshakeLine: Data?
        var handshakeSeen = false
        /// Callers waiting for a response, by request ID (the conversation keeps its own
        /// pending entries, so a late answer to a timed-out request is still consumed).
        var waiters: [String: CheckedContinuation<Data, Error>] = [:]
        var conversation = Conversation()
        var requestCounter = 0
        var failure: ClientError?
        var session: InitializeResponse?
        /// Turn streams by the operation ID of their `turn.start`.
        var turns: [String: EventChannel] = [:]
        /// Streams of one session's or one turn's events (copies).
        var subscriptions: [Subscription] = []
        /// Optional profiles this connection negotiated, by name: their events are accepted too.
        var profiles: [String: ProfileNegotiateResponse] = [:]
    }

    /// The initialize result, once preflight passed.
    private var session: InitializeResponse? { state.withLock { $0.session } }

    private init(configuration: ClientConfiguration, socket: LineSocket) {
        self.configuration = configuration
        self.socket = socket
        credits = Credits(capacity: configuration.eventBufferCapacity)
        connectionEvents = EventChannel(credits: credits)
        state.withLock { $0.conversation.limits = configuration.localLimits }
    }

    /// Connect, handshake, initialize and preflight within `handshakeTimeout`; throws before any
    /// mutation is possible.
    static func connect(_ configuration: ClientConfiguration) async throws
        -> (connection: ClientConnection, handshake: HandshakeReplyAccepted, initialized: InitializeResponse)
    {
        if let daemon = configuration.daemonVersion, daemon != configuration.packageVersion {
            throw ClientError.versionMismatch(package: configuration.packageVersion, daemon: daemon)
        }
        let client = ClientConnection(configuration: configuration, socket: try LineSocket(path: configuration.socketPath))
        client.socket.startReading(
            maxLineBytes: configuration.localLimits.maxRecordBytes ?? Int(Limits.maxRecordBytes),
            onLine: { [weak client] line in client?.handle(line) },
            onEnd: { [weak client] error in client?.fail(error ?? .closed) })
        do {
            let (accepted, result) = try await client.withTimeout(configuration.handshakeTimeout, "handshake and initialize") {
                let accepted = try await client.handshake()
                let result = try await client.initialize()
                try Preflight.check(result, handshake: accepted, configuration: configuration)
                client.state.withLock { $0.session = result }
                return (accepted, result)
            }
            return (client, accepted, result)
        } catch {
            let failure = (error as? ClientError) ?? .socket("\(error)")
            client.fail(failure)
            throw failure
        }
    }

    /// Close the connection: every waiter and stream ends with `ClientError.closed`.
    func close() {
        fail(.closed)
    }

    deinit {
        socket.close()
        credits.stop()
    }

    // MARK: Handshake and initialize

    private func handshake() async throws -> HandshakeReplyAccepted {
        let line = try Self.encodeLine(HandshakeRequest(version: configuration.packageVersion, workspace: configuration.workspace))
        // Cancellable (the handshake deadline cancels it): a daemon that never replies must not
        // keep `connect` waiting past `handshake_timeout_ms`.
        let reply: Data = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let early: Result<Data, Error>? = state.withLock { s in
                    if let failure = s.failure { return .failure(failure) }
                    if let line = s.handshakeLine { return .success(line) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    s.handshakeWaiter = continuation
                    return nil
                }
                if let early { return continuation.resume(with: early) }
                do {
                    try socket.write(line)
                } catch {
                    fail((error as? ClientError) ?? .socket("\(error)"))
                }
            }
        } onCancel: {
            state.withLock { s in
                defer { s.handshakeWaiter = nil }
                return s.handshakeWaiter
            }?.resume(throwing: CancellationError())
        }
        try JSONProfile.check(reply, limits: configuration.localLimits)
        switch try JSONDecoder().decode(HandshakeReply.self, from: reply) {
        case .rejected(let r) where r.code.rawValue == LaunchErrorCode.versionMismatch.rawValue:
            throw ClientError.versionMismatch(package: configuration.packageVersion, daemon: configuration.daemonVersion)
        case .rejected(let r):
            throw ClientError.handshakeRejected(code: r.code.rawValue, message: r.message)
        case .accepted(let a):
            guard a.version == configuration.packageVersion else {
                throw ClientError.versionMismatch(package: configuration.packageVersion, daemon: a.version)
            }
            return a
        }
    }

    private func initialize() async throws -> InitializeResponse {
        // Required operations are preflighted against the advertisement; the request names at
        // most `max_negotiation_items` of them.
        let names = try configuration.requiredOperations.prefix(Int(Limits.maxNegotiationItems)).map { try Name($0) }
        let payload = InitializeRequest(supportedProtocolVersions: [ProtocolInfo.version], requestedCapabilities: names)
        let result = try await request(Operations.Initialize.self, payload, connection: nil, sessionID: nil, control: nil, operationID: nil)
        state.withLock {
            $0.conversation.instanceID = result.instanceID.value
            $0.conversation.connectionID = result.connectionID.value
        }
        return result
    }

    // MARK: Typed requests

    /// Send one request and wait for its success payload (at most `requestTimeout`). Mutations
    /// get a fresh operation ID unless one is given (reuse one only to reconcile an uncertain
    /// earlier attempt). Cancelling the task abandons the wait with `CancellationError`.
    func send<O: AgentWireOperation>(
        _ operation: O.Type, _ payload: O.Request, sessionID: SessionID? = nil, control: Control? = nil,
        operationID: OpaqueID? = nil, timeout: Duration? = nil
    ) async throws -> O.Response {
        guard let session else { throw state.withLock { $0.failure } ?? ClientError.closed }
        let connection = ConnectionIdentity(instanceID: session.instanceID, connectionID: session.connectionID)
        let opID = O.isMutation ? try operationID ?? Self.newOperationID() : operationID
        return try await withTimeout(timeout ?? configuration.requestTimeout, O.method) {
            try await self.request(operation, payload, connection: connection, sessionID: sessionID, control: control, operationID: opID)
        }
    }

    /// Start a turn on a claimed session; its events come on the returned stream (not on
    /// `events`), which ends after the turn's terminal.
    func startTurn(_ prompt: String, sessionID: SessionID, control: Control) async throws -> Turn {
        let opID = try Self.newOperationID()
        let channel = EventChannel(credits: credits)
        // Registered before sending: the first event may follow the response immediately.
        state.withLock { $0.turns[opID.value] = channel }
        do {
            let started = try await send(
                Operations.TurnStart.self, TurnStartRequest(prompt: prompt), sessionID: sessionID, control: control, operationID: opID)
            return Turn(turnID: started.turnID, operationID: opID, events: EventStream(channel: channel))
        } catch {
            _ = state.withLock { $0.turns.removeValue(forKey: opID.value) }
            channel.finish(throwing: error)
            throw error
        }
    }

    /// What this connection negotiated for `profile`, nil if it did not.
    func negotiated(_ profile: String) -> ProfileNegotiateResponse? {
        state.withLock { $0.profiles[profile] }
    }

    /// A stream of this connection's events from now on that belong to `sessionID` or to the
    /// turn `turnID`: copies, so they still reach `events` or their turn's stream too. A turn's
    /// stream ends after its terminal.
    func subscribe(sessionID: String? = nil, turnID: String? = nil) -> EventStream {
        let channel = EventChannel(credits: credits)
        let failure: ClientError? = state.withLock { s in
            if s.failure == nil { s.subscriptions.append(Subscription(channel: channel, sessionID: sessionID, turnID: turnID)) }
            return s.failure
        }
        if let failure { channel.finish(throwing: failure.endsStreams) }
        return EventStream(channel: channel)
    }

    private static func newOperationID() throws -> OpaqueID {
        try OpaqueID("op-\(UUID().uuidString.lowercased())")
    }

    private func request<O: AgentWireOperation>(
        _ operation: O.Type, _ payload: O.Request, connection: ConnectionIdentity?, sessionID: SessionID?, control: Control?,
        operationID: OpaqueID?
    ) async throws -> O.Response {
        let requestID = try OpaqueID("rq-\(state.withLock { s in s.requestCounter += 1; return s.requestCounter })")
        let line: Data
        do {
            let bounds = requestBounds()
            line = try RequestEncoder.encode(
                operation, payload, requestID: requestID, connection: connection, sessionID: sessionID, control: control,
                operationID: operationID, maxRecordBytes: bounds.record, maxPayloadBytes: bounds.payload)
        } catch let refusal as RequestRefusal {
            throw ClientError.refused(refusal)
        }
        let pending = PendingRequest(
            method: O.method, requestID: requestID.value, sessionID: sessionID?.value, operationID: operationID?.value)
        let data = try await roundTrip(pending, line)
        let response: ResponseEnvelope<O.Response>
        do {
            response = try AgentWireDecoder.decodeResponse(data: data, for: operation, limits: configuration.localLimits)
        } catch let v as ProtocolViolation {
            throw fail(.protocolViolation(v))
        }
        if let error = response.error {
            throw ClientError.service(code: ErrorCode(rawValue: error.code.value), error: error)
        }
        guard let result = response.payload else {
            throw fail(.protocolViolation(ProtocolViolation(.resultShape, "response has neither payload nor error")))
        }
        return result
    }

    /// "For requests ..., use the smaller of the applicable server and local limits": the local
    /// bounds, lowered by what initialize advertised once preflight accepted it.
    private func requestBounds() -> (record: Int, payload: Int) {
        let advertised = session?.limits.values ?? [:]
        let bound = { (name: String, local: UInt64) -> Int in
            Int(clamping: min(local, advertised[name] ?? local))
        }
        return (bound(Limits.Name.maxRecordBytes, Limits.maxRecordBytes), bound(Limits.Name.maxPayloadBytes, Limits.maxPayloadBytes))
    }

    /// Write a request and wait for the raw response, honouring task cancellation: the waiter
    /// is removed exactly once, by whichever of response, failure, timeout or cancel comes first.
    private func roundTrip(_ pending: PendingRequest, _ line: Data) async throws -> Data {
        let id = pending.requestID ?? ""
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, Error>) in
                let refused: Error? = state.withLock { s in
                    if let failure = s.failure { return failure }
                    if Task.isCancelled { return CancellationError() }
                    s.waiters[id] = continuation
                    s.conversation.sent(pending)
                    return nil
                }
                if let refused { return continuation.resume(throwing: refused) }
                do {
                    try socket.write(line)
                } catch {
                    fail((error as? ClientError) ?? .socket("\(error)"))
                }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }

    /// Run `body`, failing it with `ClientError.timeout` after `limit`. On timeout the waiting
    /// request is cancelled (its waiter removed); a late response is still consumed in order.
    private func withTimeout<T: Sendable>(_ limit: Duration, _ what: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw ClientError.timeout("\(what) took longer than \(limit)")
            }
            return value
        }
    }

    private static func encodeLine<T: Encodable>(_ value: T) throws -> Data {
        var line = try JSONEncoder().encode(value)
        line.append(0x0A)
        return line
    }

    // MARK: Reading (the socket's thread)

    private func handle(_ line: Data) {
        let handshake: CheckedContinuation<Data, Error>?? = state.withLock { s in
            guard !s.handshakeSeen else { return nil }
            s.handshakeSeen = true
            defer { s.handshakeWaiter = nil }
            if s.handshakeWaiter == nil { s.handshakeLine = line }
            return .some(s.handshakeWaiter)
        }
        if let handshake {
            handshake?.resume(returning: line)
            return
        }
        do {
            try receive(line)
        } catch let v as ProtocolViolation {
            fail(.protocolViolation(v))
        } catch {
            fail((error as? ClientError) ?? .socket("\(error)"))
        }
    }

    private func receive(_ line: Data) throws {
        enum Route {
            case waiter(CheckedContinuation<Data, Error>?)
            case event(ServerEvent, [(channel: EventChannel, settled: Bool)])
        }
        let route: Route = try state.withLock { s in
            switch try s.conversation.received(line) {
            case .response(let head, let settles):
                // A negotiated profile's events are accepted from the record after its answer
                // on, before the caller even resumes.
                if head.error == nil, settles?.method == Operations.ProfileNegotiate.method,
                    let accepted = try AgentWireDecoder.decodeResponse(
                        data: line, for: Operations.ProfileNegotiate.self, limits: configuration.localLimits
                    ).payload
                {
                    s.profiles[accepted.profile.value] = accepted
                }
                return .waiter(settles?.requestID.flatMap { s.waiters.removeValue(forKey: $0) })
            case .event(let event):
                // Advertised by the ordinary profile, or by one this connection negotiated; any
                // other (a profile's event on a connection that did not opt in) is unknown.
                let known = (s.session?.capabilities.events.contains { $0.value == event.name } ?? false)
                    || s.profiles.values.contains { profile in profile.events.contains { $0.value == event.name } }
                guard known else {
                    throw ProtocolViolation(.unknownEvent, "unadvertised event \(event.name)")
                }
                let copies = s.copies(of: event)
                let op = event.correlation.operationID?.value
                if let op, let channel = s.turns[op] {
                    if event.isTerminal { s.turns.removeValue(forKey: op) }
                    return .event(event, [(channel, event.isTerminal)] + copies)
                }
                return .event(event, [(connectionEvents, false)] + copies)
            }
        }
        switch route {
        case .waiter(let waiter):
            waiter?.resume(returning: line)
        case .event(let event, let channels):
            for (channel, settled) in channels {
                channel.send(event)
                if settled { channel.finish() }
            }
        }
    }

    /// Close the connection and fail everything waiting; returns the error for `throw`.
    @discardableResult
    private func fail(_ error: ClientError) -> ClientError {
        let taken = state.withLock { s -> (CheckedContinuation<Data, Error>?, [CheckedContinuation<Data, Error>], [EventChannel])? in
            guard s.failure == nil else { return nil }
            s.failure = error
            defer {
                s.handshakeWaiter = nil
                s.waiters.removeAll()
                s.turns.removeAll()
                s.subscriptions.removeAll()
            }
            return (s.handshakeWaiter, Array(s.waiters.values), Array(s.turns.values) + s.subscriptions.map(\.channel))
        }
        guard let (handshake, waiters, turns) = taken else { return error }
        credits.stop()
        socket.close()
        handshake?.resume(throwing: error)
        for waiter in waiters { waiter.resume(throwing: error) }
        for channel in turns + [connectionEvents] { channel.finish(throwing: error.endsStreams) }
        return error
    }
}

/// One `sessionEvents` or `turnEvents` stream and what it follows.
struct Subscription: Sendable {
    let channel: EventChannel
    let sessionID: String?
    let turnID: String?

    func follows(_ event: ServerEvent) -> Bool {
        if let sessionID, sessionID == (event.correlation.sessionID?.value ?? event.payloadSessionID) { return true }
        if let turnID, turnID == event.subjectID { return true }
        return false
    }
}

extension ClientConnection.State {
    /// The subscriptions `event` is copied to (with whether it ends them), dropping those whose
    /// consumer is gone and turn subscriptions the event settles.
    mutating func copies(of event: ServerEvent) -> [(channel: EventChannel, settled: Bool)] {
        subscriptions.removeAll { $0.channel.isTerminated }
        let matching = subscriptions.filter { $0.follows(event) }
        let settles = { (sub: Subscription) in event.isTerminal && sub.turnID != nil && sub.turnID == event.subjectID }
        subscriptions.removeAll { settles($0) }
        return matching.map { ($0.channel, settles($0)) }
    }
}

extension ClientError {
    /// What an ending stream throws: nothing for a plain close.
    var endsStreams: Error? {
        if case .closed = self { return nil }
        return self
    }
}

/// A value behind a lock, for state the socket's thread and callers share.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
