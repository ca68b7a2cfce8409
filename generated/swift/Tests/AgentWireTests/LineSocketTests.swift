// A closed socket's reading thread must never read another connection's records. Found by the
// live test under load ("the handshake rejects a wrong package version" failed with "connection
// closed"): `close()` closed the descriptor while the previous client's reading thread was
// between two reads; the next socket got the same descriptor number, and the old thread read
// (and swallowed) its handshake reply.

@testable import AgentWireClient
import Foundation
import XCTest
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

final class LineSocketTests: XCTestCase {
    private func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        XCTAssertEqual(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }, bytes.count)
    }

    func testAClosedSocketsReaderNeverReadsTheNextSocketsRecords() throws {
        let server = UnixListener(named: "reuse")
        defer { server.stop() }
        let path = server.path
        // A's reading thread is held inside its first line (between two reads) while A closes.
        let a = try LineSocket(path: path)
        let peerA = accept(server.fd, nil, nil)
        defer { close(peerA) }
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), aEnded = DispatchSemaphore(value: 0)
        let seenByA = Lines()
        a.startReading(maxLineBytes: 1024, onLine: { line in
            if seenByA.add(line) == 1 {
                held.signal()
                release.wait()
            }
        }, onEnd: { _ in aEnded.signal() })
        send(peerA, "to-a\n")
        XCTAssertEqual(held.wait(timeout: .now() + 5), .success)
        a.close()

        // B opens while A's thread is still inside its line: the lowest free descriptor number
        // is A's if A's descriptor was already closed.
        let b = try LineSocket(path: path)
        defer { b.close() }
        let peerB = accept(server.fd, nil, nil)
        defer { close(peerB) }
        send(peerB, "to-b\n")
        release.signal()
        XCTAssertEqual(aEnded.wait(timeout: .now() + 5), .success, "A's reader ended at its end of stream")

        let seenByB = Lines(), bLine = DispatchSemaphore(value: 0)
        b.startReading(maxLineBytes: 1024, onLine: { line in
            _ = seenByB.add(line)
            bLine.signal()
        }, onEnd: { _ in bLine.signal() })
        XCTAssertEqual(bLine.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(seenByB.all, ["to-b"])
        XCTAssertEqual(seenByA.all, ["to-a"], "A's reader read nothing of B's connection")
    }
}

/// Lines a reading thread delivered.
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    /// Adds a line; returns how many there are now.
    func add(_ line: Data) -> Int {
        lock.lock()
        defer { lock.unlock() }
        lines.append(String(decoding: line, as: UTF8.self))
        return lines.count
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
