// Hand-written: bounded event delivery with back-pressure. The socket's reading thread takes a
// credit before handing an event over and the consumer returns it when it takes the event, so
// at most `capacity` events wait unconsumed; past that the client stops reading the socket.

import AgentWire
import Foundation

/// Credits shared by every event stream of one connection.
final class Credits: @unchecked Sendable {
    private let semaphore: DispatchSemaphore
    private let lock = NSLock()
    private var stopped = false

    init(capacity: Int) {
        semaphore = DispatchSemaphore(value: capacity)
    }

    /// Wait for a credit; false once the connection stopped (then nothing is delivered).
    func take() -> Bool {
        while true {
            if lock.withLock({ stopped }) { return false }
            if semaphore.wait(timeout: .now() + .milliseconds(100)) == .success { return true }
        }
    }

    func give(_ n: Int = 1) {
        for _ in 0..<n { semaphore.signal() }
    }

    func stop() {
        lock.withLock { stopped = true }
    }
}

/// One stream of validated events: the connection's, or one turn's.
final class EventChannel: @unchecked Sendable {
    let stream: AsyncThrowingStream<ServerEvent, Error>
    private let continuation: AsyncThrowingStream<ServerEvent, Error>.Continuation
    private let credits: Credits
    private let lock = NSLock()
    private var outstanding = 0
    private var terminated = false

    init(credits: Credits) {
        self.credits = credits
        (stream, continuation) = AsyncThrowingStream.makeStream(of: ServerEvent.self, throwing: Error.self)
        continuation.onTermination = { [weak self] _ in self?.terminate() }
    }

    /// Hand one event over, blocking the reading thread while the consumer is `capacity`
    /// events behind.
    func send(_ event: ServerEvent) {
        guard credits.take() else { return }
        let accepted = lock.withLock { () -> Bool in
            guard !terminated else { return false }
            outstanding += 1
            return true
        }
        if accepted {
            continuation.yield(event)
        } else {
            credits.give()
        }
    }

    /// The consumer took one event.
    func consumed() {
        let give = lock.withLock { () -> Bool in
            guard !terminated, outstanding > 0 else { return false }
            outstanding -= 1
            return true
        }
        if give { credits.give() }
    }

    /// The consumer dropped or finished the stream.
    var isTerminated: Bool {
        lock.withLock { terminated }
    }

    func finish(throwing error: Error? = nil) {
        continuation.finish(throwing: error)
    }

    /// A dropped or finished stream returns the credits of the events nobody will take.
    private func terminate() {
        let n = lock.withLock { () -> Int in
            terminated = true
            defer { outstanding = 0 }
            return outstanding
        }
        credits.give(n)
    }
}

/// Validated events, in order; iterating returns back-pressure credits.
public struct EventStream: AsyncSequence, Sendable {
    public typealias Element = ServerEvent
    let channel: EventChannel

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<ServerEvent, Error>.AsyncIterator
        let channel: EventChannel

        public mutating func next() async throws -> ServerEvent? {
            let event = try await base.next()
            if event != nil { channel.consumed() }
            return event
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: channel.stream.makeAsyncIterator(), channel: channel)
    }
}
