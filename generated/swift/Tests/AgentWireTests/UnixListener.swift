// Hand-written test helper: a listening Unix socket for the client's socket tests.

import Foundation
import XCTest
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A socket listening (backlog 4) at a fresh path in the temporary folder. Nothing accepts on it
/// until the test does: the kernel still completes a client's connection. `stop()` closes and
/// removes it.
struct UnixListener {
    let path: String
    let fd: Int32

    init(named name: String, file: StaticString = #filePath, line: UInt = #line) {
        path = NSTemporaryDirectory() + "aw-\(name)-\(getpid()).sock"
        unlink(path)
        #if canImport(Darwin)
        fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #else
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        XCTAssertGreaterThanOrEqual(fd, 0, file: file, line: line)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let descriptor = fd
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0, "bind: errno \(errno)", file: file, line: line)
        XCTAssertEqual(listen(fd, 4), 0, file: file, line: line)
    }

    func stop() {
        close(fd)
        unlink(path)
    }
}
