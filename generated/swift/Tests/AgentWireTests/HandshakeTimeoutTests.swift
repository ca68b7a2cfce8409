// "The handshake has its own deadline (`handshake_timeout_ms`)": a daemon that accepts the
// connection and never replies must not keep `connect` waiting. Found by the conformance client
// suite (client.handshake.timeout): the deadline's task group waited for a handshake wait that
// ignored cancellation, so `connect` hung forever.

import AgentWire
import AgentWireClient
import Foundation
import XCTest
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

final class HandshakeTimeoutTests: XCTestCase {
    func testConnectGivesUpAtTheHandshakeDeadline() async throws {
        // Nobody ever accepts: the connection completes, and no reply ever comes.
        let listener = UnixListener(named: "silent")
        defer { listener.stop() }
        let path = listener.path
        var configuration = ClientConfiguration(socketPath: path, workspace: "/")
        configuration.handshakeTimeout = .milliseconds(200)
        let done = expectation(description: "connect returned")
        let outcome = Outcome()
        // Not awaited: a connect that never returns must fail the test, not hang it.
        Task {
            do {
                _ = try await AgentWireClient.connect(configuration)
                outcome.set("connected")
            } catch ClientError.timeout {
                outcome.set("timeout")
            } catch {
                outcome.set("\(error)")
            }
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
        XCTAssertEqual(outcome.get(), "timeout")
    }
}

/// What the connect attempt ended with, written by its task.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String?

    func set(_ v: String) {
        lock.lock()
        value = v
        lock.unlock()
    }

    func get() -> String? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
