// The approvals profile through the client's API against a scripted daemon (the live flow runs
// against the real daemon in `AgentWireLive approvals`): "A client library talking to a daemon
// without the profile learns that before any turn, with a typed reason"; the daemon's rejection
// and mismatch are typed too; a negotiated profile's events are accepted, and on a connection
// that did not negotiate they are unknown events.

import AgentWire
import AgentWireClient
import Foundation
import XCTest
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

final class ApprovalsClientTests: XCTestCase {
    func testADaemonWithoutTheProfileIsATypedErrorAndNothingIsSent() async throws {
        let daemon = try ScriptedDaemon(named: "noprofile", offers: false)
        defer { daemon.stop() }
        let client = try await AgentWireClient.connect(daemon.configuration)
        defer { client.close() }
        do {
            try await client.optInApprovals()
            XCTFail("opted in without an offer")
        } catch ClientError.profileUnavailable(let profile, let version, let reason, let error) {
            XCTAssertEqual(profile, AgentWireClient.approvalsProfile)
            XCTAssertEqual(version, AgentWireClient.approvalsVersion)
            XCTAssertEqual(reason, .notOffered)
            XCTAssertNil(error)
            XCTAssertEqual(
                "\(ClientError.profileUnavailable(profile: profile, version: version, reason: reason, error: error))",
                "profile not offered: the daemon does not offer approvals version 1")
        }
        // The connection goes on, and the opt-in sent nothing: the next request is the first after initialize.
        _ = try await client.send(Operations.Status.self, StatusRequest())
        XCTAssertEqual(daemon.methods, [Operations.Initialize.method, Operations.Status.method])
        XCTAssertNil(client.negotiated(AgentWireClient.approvalsProfile))
    }

    func testTheDaemonsRefusalsAreTypedReasons() async throws {
        // An advertised profile answered as an unknown method is not offered after all.
        let refusals: [(ErrorCode, ProfileUnavailableReason)] = [
            (.profileUnsupported, .rejected), (.profileMismatch, .mismatch), (.unsupportedOperation, .notOffered),
        ]
        for (code, reason) in refusals {
            let daemon = try ScriptedDaemon(named: "refuses", offers: true) { _ in Scripted(error: code) }
            defer { daemon.stop() }
            let client = try await AgentWireClient.connect(daemon.configuration)
            defer { client.close() }
            do {
                try await client.optInApprovals()
                XCTFail("\(code): opted in")
            } catch ClientError.profileUnavailable(_, _, let got, let error) {
                XCTAssertEqual(got, reason)
                XCTAssertEqual(error?.code.value, code.rawValue)
            }
            XCTAssertNil(client.negotiated(AgentWireClient.approvalsProfile))
            XCTAssertEqual(daemon.methods, [Operations.Initialize.method, Operations.ProfileNegotiate.method])
        }
    }

    func testANegotiatedProfilesEventsAreAcceptedAndUnknownWithoutIt() async throws {
        let event = try Fixture.vector("event.approval.requested.example")
        // Opted in: the event reaches the connection's stream.
        let daemon = try ScriptedDaemon(named: "asks", offers: true) { method in
            Scripted(then: method == Operations.ProfileNegotiate.method ? event : nil)
        }
        defer { daemon.stop() }
        let client = try await AgentWireClient.connect(daemon.configuration)
        defer { client.close() }
        let terms = try await client.optInApprovals()
        XCTAssertEqual(terms.version, 1)
        XCTAssertEqual(client.negotiated(AgentWireClient.approvalsProfile), terms)
        var events = client.events.makeAsyncIterator()
        guard case .approvalRequested(let asked)? = try await events.next() else { return XCTFail("no approval.requested") }
        XCTAssertEqual(asked.payload.option(ofKind: .rejectOnce)?.id.value, "reject")

        // Never opted in: the same event is unadvertised, a protocol violation.
        let ordinary = try ScriptedDaemon(named: "ordinary", offers: true) { _ in Scripted(then: event) }
        defer { ordinary.stop() }
        let plain = try await AgentWireClient.connect(ordinary.configuration)
        defer { plain.close() }
        _ = try await plain.send(Operations.Status.self, StatusRequest())
        do {
            for try await _ in plain.events {}
            XCTFail("the stream ended without an error")
        } catch ClientError.protocolViolation(let v) {
            XCTAssertEqual(v.category, .unknownEvent)
        }
    }
}

/// What the scripted daemon answers one request with: the spec's example response payload of
/// its method unless `error` is set, then `then` (a record) if given.
struct Scripted: Sendable {
    var error: ErrorCode?
    var then: String?
}

/// A daemon on a Unix socket that answers the handshake and `initialize` (the spec's example,
/// with `profiles` offering approvals v1 when `offers`), then every request as `answer` says
/// for its method (after `initialize`), and records the methods it was sent.
final class ScriptedDaemon: @unchecked Sendable {
    let configuration: ClientConfiguration
    private let listener: UnixListener
    private let lock = NSLock()
    private var seen: [String] = []
    private var peer: Int32 = -1

    var methods: [String] {
        lock.withLock { seen }
    }

    init(named name: String, offers: Bool, answer: @escaping @Sendable (String) -> Scripted = { _ in Scripted() }) throws {
        listener = UnixListener(named: name)
        var payload = try XCTUnwrap(try jsonObject(try Fixture.vector("resp.initialize.example"))["payload"] as? [String: Any])
        payload["server_version"] = AgentWire.packageVersion.value
        if offers { payload.set(["capabilities", "profiles"], [["name": AgentWireClient.approvalsProfile, "versions": [1]]]) }
        let initialized = try jsonText(payload)
        let result = try JSONDecoder().decode(InitializeResponse.self, from: Data(initialized.utf8))
        let hello = String(decoding: try JSONEncoder().encode(HandshakeReply.accepted(HandshakeReplyAccepted(
            version: AgentWire.packageVersion, pid: 1, instanceID: result.instanceID, workspaceID: result.workspaceID,
            stateRootID: result.stateRootID))), as: UTF8.self)
        configuration = ClientConfiguration(socketPath: listener.path, workspace: "/w")
        let fd = listener.fd
        Thread.detachNewThread { [self] in
            let peer = accept(fd, nil, nil)
            lock.withLock { self.peer = peer }
            var lines = LineReader(fd: peer)
            guard lines.next() != nil else { return }
            send(peer, hello)
            while let line = lines.next(), let request = try? jsonObject(line) {
                let method = request["method"] as? String ?? ""
                lock.withLock { seen.append(method) }
                let scripted = answer(method)
                var response: [String: Any] = [
                    "protocol_version": 2, "kind": "response", "request_id": request["request_id"] ?? NSNull(),
                    "instance_id": Fixture.instance, "connection_id": Fixture.connection,
                    "session_id": request["session_id"] ?? NSNull(), "operation_id": request["operation_id"] ?? NSNull(),
                    "payload": NSNull(), "error": NSNull(),
                ]
                if method == Operations.Initialize.method {
                    response["instance_id"] = NSNull()
                    response["connection_id"] = NSNull()
                    response["payload"] = try? jsonObject(initialized)
                } else if let code = scripted.error {
                    response["error"] = ["code": code.rawValue, "message": code.message]
                } else {
                    response["payload"] = try? jsonObject(try Fixture.vector("resp.\(method).example"))["payload"]
                }
                guard let text = try? jsonText(response) else { return }
                send(peer, text)
                if let then = scripted.then, method != Operations.Initialize.method { send(peer, then) }
            }
        }
    }

    func stop() {
        lock.withLock { if peer >= 0 { close(peer) } }
        listener.stop()
    }

    private func send(_ fd: Int32, _ text: String) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}

/// Newline-delimited lines of a blocking socket.
private struct LineReader {
    let fd: Int32
    var buffer: [UInt8] = []

    mutating func next() -> String? {
        while true {
            if let end = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(...end)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return nil }
            buffer += chunk[..<n]
        }
    }
}
