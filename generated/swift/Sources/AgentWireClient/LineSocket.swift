// Hand-written: a connected Unix stream socket carrying newline-terminated records.

import AgentWire
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

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
    /// A reading thread was started and has not ended yet.
    private var reading = false

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

    /// Read records on a dedicated thread, calling `onLine` for each (without its newline) and
    /// `onEnd` once at the end (nil for an orderly end of stream). A record longer than
    /// `maxLineBytes` (newline included) ends reading with an error. `onLine` may block: that
    /// is the back-pressure of a slow event consumer.
    func startReading(maxLineBytes: Int, onLine: @escaping @Sendable (Data) -> Void, onEnd: @escaping @Sendable (ClientError?) -> Void) {
        let fd = self.fd
        lock.lock()
        reading = true
        lock.unlock()
        let thread = Thread {
            let end = Self.readLines(fd, maxLineBytes: maxLineBytes, onLine: onLine)
            self.readingEnded()
            onEnd(end)
        }
        thread.start()
    }

    /// The reading loop; returns how reading ended (nil for an orderly end of stream).
    private static func readLines(_ fd: Int32, maxLineBytes: Int, onLine: (Data) -> Void) -> ClientError? {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .socket("read() failed: errno \(errno)")
            }
            if n == 0 { return nil }
            buffer.append(contentsOf: chunk[0..<n])
            var start = 0
            while let newline = buffer[start...].firstIndex(of: 0x0A) {
                onLine(Data(buffer[start..<newline]))
                start = newline + 1
            }
            buffer.removeSubrange(0..<start)
            if buffer.count >= maxLineBytes {
                return .protocolViolation(ProtocolViolation(.recordTooLarge, "record exceeds \(maxLineBytes) bytes"))
            }
        }
    }

    /// The descriptor is closed by the last of `close()` and the reading thread's end: closed
    /// while the thread is between two reads, its number could go to the next socket opened,
    /// and the thread would read (and swallow) that connection's records, such as a handshake
    /// reply.
    private func readingEnded() {
        lock.lock()
        defer { lock.unlock() }
        reading = false
        if closed { systemClose(fd) }
    }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        // Shutdown wakes the reading thread (end of stream); the descriptor stays open until that
        // thread has ended (`readingEnded`).
        _ = shutdown(fd, Int32(SHUT_RDWR))
        if !reading { systemClose(fd) }
    }
}
