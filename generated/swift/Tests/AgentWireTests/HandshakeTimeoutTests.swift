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
    /// A listening Unix socket nobody ever accepts from: the kernel completes the connection,
    /// and no reply ever comes.
    private func silentListener(_ path: String) throws -> Int32 {
        #if canImport(Darwin)
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        XCTAssertGreaterThanOrEqual(fd, 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, "bind: errno \(errno)")
        XCTAssertEqual(listen(fd, 4), 0)
        return fd
    }

    func testConnectGivesUpAtTheHandshakeDeadline() async throws {
        let path = NSTemporaryDirectory() + "aw-silent-\(getpid()).sock"
        unlink(path)
        let listener = try silentListener(path)
        defer {
            close(listener)
            unlink(path)
        }
        var configuration = ClientConfiguration(socketPath: path, packageVersion: try PackageVersion("0.1.0"), workspace: "/")
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
