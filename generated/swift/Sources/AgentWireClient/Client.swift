// Hand-written client of the agentwire daemon over its private Unix socket (Foundation only):
// identity handshake line, `initialize`, preflight of everything a consumer must check before
// any mutation, typed requests, and an async stream of validated events.
//
//     let client = try await AgentWireClient.connect(configuration)
//     let status = try await client.send(Operations.Status.self, StatusRequest())
//     for try await event in client.events { ... }

import AgentWire
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

public enum ClientError: Error, Sendable {
    /// Connecting, reading or writing the socket failed.
    case socket(String)
    case handshakeRejected(code: String, message: String)
    /// An identity, version, capability or limit check failed; nothing was mutated.
    case preflight(String)
    /// Requests wait for a successful preflight.
    case notReady
    /// The request does not follow the operation's envelope slot rules.
    case slotRule(String)
    /// The service answered with an error object (possibly an unfamiliar code).
    case failure(ErrorObject)
    /// The stream can no longer be trusted; the connection is closed.
    case protocolViolation(String)
    case closed
}

public struct ClientConfiguration: Sendable {
    public var socketPath: String
    /// This client's package version; Unix admission requires an exact match.
    public var packageVersion: PackageVersion
    /// Canonical workspace path the client expects the daemon to serve.
    public var workspace: String
    public var expectedInstanceID: OpaqueID?
    public var expectedWorkspaceID: OpaqueID?
    public var expectedStateRootID: OpaqueID?
    /// Operations the client requires (sent as requested capabilities and preflighted).
    public var requiredOperations: [String]
    /// Independent local bounds; the server's advertised bounds must not exceed them.
    public var localLimits: ProfileLimits
    public var maxSummaryBytes: UInt64

    public init(
        socketPath: String, packageVersion: PackageVersion, workspace: String,
        requiredOperations: [String] = ProtocolInfo.operations, localLimits: ProfileLimits = .protocolDefaults,
        maxSummaryBytes: UInt64 = Constants.summaryMaxBytes
    ) {
        self.socketPath = socketPath
        self.packageVersion = packageVersion
        self.workspace = workspace
        self.requiredOperations = requiredOperations
        self.localLimits = localLimits
        self.maxSummaryBytes = maxSummaryBytes
    }

    /// A configuration for the daemon that `start-or-connect` reported.
    public init(discovery: Discovery, packageVersion: PackageVersion, workspace: String) {
        self.init(socketPath: discovery.socket, packageVersion: packageVersion, workspace: workspace)
        expectedInstanceID = discovery.instanceID
        expectedWorkspaceID = discovery.workspaceID
        expectedStateRootID = discovery.stateRootID
    }
}

public actor AgentWireClient {
    public let configuration: ClientConfiguration
    /// Validated events: known names, matching identities and correlation, per-turn sequence
    /// strictly increasing and nothing after a terminal. It ends with an error if the stream
    /// becomes untrustworthy.
    public nonisolated let events: AsyncThrowingStream<ServerEvent, Error>

    private let socket: LineSocket
    private let eventSink: AsyncThrowingStream<ServerEvent, Error>.Continuation
    private var handshakeWaiter: CheckedContinuation<Data, Error>?
    private var handshakeSeen = false
    private var pending: [String: CheckedContinuation<Data, Error>] = [:]
    private var requestCounter = 0
    private var sequences = SequenceTracker()
    private var failure: Error?
    /// The initialize result, set once preflight passed.
    public private(set) var session: InitializeResponse?

    private init(configuration: ClientConfiguration, socket: LineSocket) {
        self.configuration = configuration
        self.socket = socket
        let (stream, sink) = AsyncThrowingStream<ServerEvent, Error>.makeStream()
        self.events = stream
        self.eventSink = sink
    }

    /// Connect, handshake, initialize and preflight; throws before any mutation is possible.
    public static func connect(_ configuration: ClientConfiguration) async throws -> AgentWireClient {
        let socket = try LineSocket(path: configuration.socketPath)
        let client = AgentWireClient(configuration: configuration, socket: socket)
        do {
            try await client.start()
        } catch {
            await client.fail(error)
            throw error
        }
        return client
    }

    public func close() {
        fail(ClientError.closed)
    }

    private func start() async throws {
        let lines = socket.lines(maxLineBytes: configuration.localLimits.maxRecordBytes ?? Int(Limits.maxRecordBytes))
        Task { await self.readLoop(lines) }
        let accepted = try await handshake()
        let result = try await initialize()
        try Preflight.check(result, handshake: accepted, configuration: configuration)
        session = result
    }

    // MARK: Handshake and initialize

    private func handshake() async throws -> HandshakeReplyAccepted {
        let line = try encodeLine(HandshakeRequest(version: configuration.packageVersion, workspace: configuration.workspace))
        let reply: Data = try await withCheckedThrowingContinuation { continuation in
            handshakeWaiter = continuation
            do {
                try socket.write(line)
            } catch {
                handshakeWaiter = nil
                continuation.resume(throwing: error)
            }
        }
        try JSONProfile.check(reply, limits: configuration.localLimits)
        switch try JSONDecoder().decode(HandshakeReply.self, from: reply) {
        case .rejected(let r):
            throw ClientError.handshakeRejected(code: r.code.rawValue, message: r.message)
        case .accepted(let a):
            guard a.version == configuration.packageVersion else {
                throw ClientError.preflight("daemon package version \(a.version) is not \(configuration.packageVersion)")
            }
            return a
        }
    }

    private func initialize() async throws -> InitializeResponse {
        let names = try configuration.requiredOperations.map { try Name($0) }
        let payload = InitializeRequest(supportedProtocolVersions: [ProtocolInfo.version], requestedCapabilities: names)
        let requestID = try nextRequestID()
        let envelope = RequestEnvelope(
            protocolVersion: ProtocolInfo.version, requestID: requestID, method: try Name(Operations.Initialize.method), payload: payload)
        let line = try await roundTrip(requestID.value, try encodeLine(envelope))
        let response = try AgentWireDecoder.decodeResponse(data: line, for: Operations.Initialize.self, limits: configuration.localLimits)
        return try outcome(response)
    }

    // MARK: Typed requests

    /// Send one request and wait for its response. Mutations get a fresh operation ID unless
    /// one is given (reuse one only to reconcile an uncertain earlier attempt).
    public func send<O: AgentWireOperation>(
        _ operation: O.Type, _ payload: O.Request, sessionID: SessionID? = nil, control: Control? = nil,
        operationID: OpaqueID? = nil
    ) async throws -> O.Response {
        if let failure = failure { throw failure }
        guard let session = session else { throw ClientError.notReady }
        try Self.checkSlot(O.sessionID, isSet: sessionID != nil, name: "session_id", method: O.method)
        try Self.checkSlot(O.control, isSet: control != nil, name: "control", method: O.method)
        guard O.isMutation || operationID == nil else { throw ClientError.slotRule("\(O.method) is a read: operation_id must be null") }
        var opID: OpaqueID?
        if O.isMutation {
            opID = try operationID ?? OpaqueID("op-\(UUID().uuidString)")
        }
        let requestID = try nextRequestID()
        // The envelope slot is an opaque ID; a session ID always is one.
        let envelopeSession = try sessionID.map { try OpaqueID($0.value) }
        let envelope = RequestEnvelope(
            protocolVersion: ProtocolInfo.version, requestID: requestID, instanceID: session.instanceID,
            connectionID: session.connectionID, sessionID: envelopeSession, operationID: opID, control: control,
            method: try Name(O.method), payload: payload)
        let line = try await roundTrip(requestID.value, try encodeLine(envelope))
        let response = try AgentWireDecoder.decodeResponse(data: line, for: O.self, limits: configuration.localLimits)
        guard response.instanceID == session.instanceID, response.connectionID == session.connectionID,
              response.sessionID == envelopeSession, response.operationID == opID else {
            throw fail(ClientError.protocolViolation("response identities do not match request \(requestID)"))
        }
        return try outcome(response)
    }

    private static func checkSlot(_ rule: SlotRule, isSet: Bool, name: String, method: String) throws {
        switch (rule, isSet) {
        case (.required, false):
            throw ClientError.slotRule("\(method) requires \(name)")
        case (.mustBeNull, true):
            throw ClientError.slotRule("\(method) requires \(name) to be null")
        default:
            break
        }
    }

    private func outcome<P: Codable & Sendable>(_ response: ResponseEnvelope<P>) throws -> P {
        if let error = response.error {
            throw ClientError.failure(error)
        }
        guard let payload = response.payload else {
            throw fail(ClientError.protocolViolation("response has neither payload nor error"))
        }
        return payload
    }

    private func nextRequestID() throws -> OpaqueID {
        requestCounter += 1
        return try OpaqueID("rq-\(requestCounter)")
    }

    private func encodeLine<T: Encodable>(_ value: T) throws -> Data {
        var line = try JSONEncoder().encode(value)
        line.append(0x0A)
        // An oversized frame makes the server close the socket: refuse it here instead.
        guard line.count <= Int(Limits.maxRecordBytes) else {
            throw ClientError.slotRule("request record of \(line.count) bytes exceeds max_record_bytes")
        }
        return line
    }

    private func roundTrip(_ requestID: String, _ line: Data) async throws -> Data {
        if let failure = failure { throw failure }
        return try await withCheckedThrowingContinuation { continuation in
            pending[requestID] = continuation
            do {
                try socket.write(line)
            } catch {
                pending.removeValue(forKey: requestID)
                continuation.resume(throwing: error)
            }
        }
    }

    // MARK: Reading

    private func readLoop(_ lines: AsyncThrowingStream<Data, Error>) async {
        do {
            for try await line in lines {
                handle(line)
            }
            fail(ClientError.closed)
        } catch {
            fail(error)
        }
    }

    private func handle(_ line: Data) {
        if !handshakeSeen {
            handshakeSeen = true
            handshakeWaiter?.resume(returning: line)
            handshakeWaiter = nil
            return
        }
        do {
            switch try AgentWireDecoder.recordKind(data: line, limits: configuration.localLimits) {
            case .response:
                try route(line)
            case .event:
                try deliver(line)
            case .request:
                throw ClientError.protocolViolation("the server sent a request record")
            }
        } catch {
            fail(error)
        }
    }

    /// Hand a response to the request waiting for it; an uncorrelated response is fatal.
    private func route(_ line: Data) throws {
        let head = try AgentWireDecoder.decodeResponse(data: line, limits: configuration.localLimits)
        guard let id = head.requestID?.value, let waiter = pending.removeValue(forKey: id) else {
            throw ClientError.protocolViolation("response correlates to no pending request")
        }
        waiter.resume(returning: line)
    }

    private func deliver(_ line: Data) throws {
        guard let session = session else {
            throw ClientError.protocolViolation("event before preflight")
        }
        let event = try AgentWireDecoder.decodeEvent(data: line, limits: configuration.localLimits)
        guard session.capabilities.events.contains(where: { $0.value == event.name }) else {
            throw ClientError.protocolViolation("unadvertised event \(event.name)")
        }
        let c = event.correlation
        guard c.instanceID == session.instanceID, c.connectionID == session.connectionID else {
            throw ClientError.protocolViolation("event for another instance or connection")
        }
        if let s = event.turnSequence {
            try sequences.accept(turn: s.turnID.value, sequence: s.sequence, terminal: event.isTerminal)
        }
        eventSink.yield(event)
    }

    /// Close the connection and fail everything waiting; returns the error for `throw`.
    @discardableResult
    private func fail(_ error: Error) -> Error {
        guard failure == nil else { return error }
        failure = error
        handshakeWaiter?.resume(throwing: error)
        handshakeWaiter = nil
        for (_, waiter) in pending {
            waiter.resume(throwing: error)
        }
        pending.removeAll()
        if case ClientError.closed = error {
            eventSink.finish()
        } else {
            eventSink.finish(throwing: error)
        }
        socket.close()
        return error
    }
}

/// Per-turn sequence: strictly increasing (gaps allowed), nothing after the terminal.
struct SequenceTracker {
    private var last: [String: UInt64] = [:]
    private var settled: Set<String> = []

    mutating func accept(turn: String, sequence: UInt64, terminal: Bool) throws {
        guard !settled.contains(turn) else {
            throw ClientError.protocolViolation("event after the terminal of turn \(turn)")
        }
        if let previous = last[turn], sequence <= previous {
            throw ClientError.protocolViolation("sequence \(sequence) does not follow \(previous) in turn \(turn)")
        }
        last[turn] = sequence
        if terminal {
            last.removeValue(forKey: turn)
            settled.insert(turn)
        }
    }
}

/// The checks a consumer makes after initialize and before any mutation.
public enum Preflight {
    public static func check(_ r: InitializeResponse, handshake: HandshakeReplyAccepted, configuration: ClientConfiguration) throws {
        func require(_ ok: Bool, _ reason: @autoclosure () -> String) throws {
            if !ok { throw ClientError.preflight(reason()) }
        }
        let caps = r.capabilities
        try require(r.protocolVersion == ProtocolInfo.version, "selected wire version \(r.protocolVersion)")
        try require(r.serverVersion == configuration.packageVersion, "server version \(r.serverVersion)")
        try require(r.instanceID == handshake.instanceID, "instance differs from the handshake")
        try require(r.workspaceID == handshake.workspaceID && r.stateRootID == handshake.stateRootID, "workspace or state root differs from the handshake")
        try require(configuration.expectedInstanceID.map { $0 == r.instanceID } ?? true, "unexpected instance")
        try require(configuration.expectedWorkspaceID.map { $0 == r.workspaceID } ?? true, "unexpected workspace")
        try require(configuration.expectedStateRootID.map { $0 == r.stateRootID } ?? true, "unexpected state root")
        try require(caps.protocolVersions.contains(ProtocolInfo.version), "wire version not advertised")
        try require(caps.transports.contains { $0.rawValue == "unix" }, "transport unix not advertised")
        let operations = Set(caps.operations.map(\.value))
        let events = Set(caps.events.map(\.value))
        for op in configuration.requiredOperations {
            try require(operations.contains(op), "required operation \(op) not advertised")
        }
        // The entire advertised event set must be known, even if every operation exists.
        for event in events {
            try require(ProtocolInfo.events.contains(event), "unknown advertised event \(event)")
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

// MARK: - Socket

#if canImport(Darwin)
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
private func systemSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { Darwin.send(fd, buffer, count, 0) }
private func systemClose(_ fd: Int32) { _ = Darwin.close(fd) }
private let streamSocket = SOCK_STREAM
#else
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
private func systemSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { Glibc.send(fd, buffer, count, Int32(MSG_NOSIGNAL)) }
private func systemClose(_ fd: Int32) { _ = Glibc.close(fd) }
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#endif

/// A connected Unix stream socket carrying newline-terminated records.
final class LineSocket: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var closed = false

    init(path: String) throws {
        let fd = socket(AF_UNIX, streamSocket, 0)
        guard fd >= 0 else { throw ClientError.socket("socket() failed: errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(path.utf8)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else {
            systemClose(fd)
            throw ClientError.socket("socket path is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        #if canImport(Darwin)
        // A write to a closed peer must fail with EPIPE, not kill the process.
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
        }
        guard result == 0 else {
            let code = errno
            systemClose(fd)
            throw ClientError.socket("connect() failed: errno \(code)")
        }
        self.fd = fd
    }

    func write(_ data: Data) throws {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw ClientError.closed }
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < raw.count {
                let n = systemSend(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw ClientError.socket("send() failed: errno \(errno)")
                }
                offset += n
            }
        }
    }

    /// Records as they arrive, read by a dedicated thread; a record longer than
    /// `maxLineBytes` (newline included) ends the stream with an error.
    func lines(maxLineBytes: Int) -> AsyncThrowingStream<Data, Error> {
        let fd = self.fd
        return AsyncThrowingStream { continuation in
            let thread = Thread {
                var buffer = [UInt8]()
                var chunk = [UInt8](repeating: 0, count: 65536)
                while true {
                    let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
                    if n < 0 {
                        if errno == EINTR { continue }
                        continuation.finish(throwing: ClientError.socket("read() failed: errno \(errno)"))
                        return
                    }
                    if n == 0 {
                        continuation.finish()
                        return
                    }
                    buffer.append(contentsOf: chunk[0..<n])
                    while let newline = buffer.firstIndex(of: 0x0A) {
                        continuation.yield(Data(buffer[buffer.startIndex..<newline]))
                        buffer.removeSubrange(buffer.startIndex...newline)
                    }
                    if buffer.count >= maxLineBytes {
                        continuation.finish(throwing: ClientError.protocolViolation("record exceeds \(maxLineBytes) bytes"))
                        return
                    }
                }
            }
            thread.start()
        }
    }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        // Shutdown wakes the reading thread; it sees end of stream before the descriptor closes.
        _ = shutdown(fd, Int32(SHUT_RDWR))
        systemClose(fd)
    }
}
