// Records the tests mutate: the spec's own examples, as the generated vectors carry them.

import AgentWire
import Foundation
import XCTest

enum Fixture {
    static let instance = "in_0123456789abcdef"
    static let connection = "cn_0123456789abcdef"

    /// The input of a generated consumer vector, by ID.
    static func vector(_ id: String) throws -> String {
        let url = repositoryRoot.appendingPathComponent("conformance/vectors/consumer.json")
        let file = try jsonObject(String(decoding: try Data(contentsOf: url), as: UTF8.self))
        let vectors = try XCTUnwrap(file["vectors"] as? [[String: Any]])
        let v = try XCTUnwrap(vectors.first { $0["id"] as? String == id }, "vector \(id)")
        return try XCTUnwrap(v["input"] as? String)
    }

    /// `record` with `edit` applied to its parsed JSON object.
    static func edited(_ record: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
        var object = try jsonObject(record)
        edit(&object)
        return try jsonText(object)
    }

    /// An initialized conversation with a pending request of `method`.
    static func conversation(pending method: String, requestID: String = "req-1", sessionID: String? = nil, operationID: String? = nil) -> Conversation {
        var c = Conversation(instanceID: instance, connectionID: connection)
        c.sent(PendingRequest(method: method, requestID: requestID, sessionID: sessionID, operationID: operationID))
        return c
    }

    static func initializeResponse(_ edit: (inout [String: Any]) -> Void = { _ in }) throws -> InitializeResponse {
        let record = try jsonObject(try vector("resp.initialize.example"))
        var payload = try XCTUnwrap(record["payload"] as? [String: Any])
        edit(&payload)
        return try JSONDecoder().decode(InitializeResponse.self, from: Data(try jsonText(payload).utf8))
    }
}

extension Dictionary where Key == String, Value == Any {
    /// Set a nested member: `["payload", "error"]`.
    mutating func set(_ path: [String], _ value: Any?) {
        guard let first = path.first else { return }
        if path.count == 1 {
            self[first] = value
            return
        }
        var inner = self[first] as? [String: Any] ?? [:]
        inner.set(Array(path.dropFirst()), value)
        self[first] = inner
    }
}
