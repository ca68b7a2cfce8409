// The generated consumer vectors (conformance/vectors/consumer.json, generated from the spec)
// judged in-process by `Conversation`, so `swift test` alone checks every outcome the spec knows.

import AgentWire
import Foundation
import XCTest

final class ConsumerVectorTests: XCTestCase {
    func testEveryOneShotConsumerVectorHasItsOutcome() throws {
        let url = repositoryRoot.appendingPathComponent("conformance/vectors/consumer.json")
        let file = try jsonObject(String(decoding: try Data(contentsOf: url), as: UTF8.self))
        let vectors = try XCTUnwrap(file["vectors"] as? [[String: Any]])
        var checked = 0
        for v in vectors {
            guard let input = v["input"] as? String, let expect = v["expect"] as? [String: Any],
                  let outcome = expect["outcome"] as? String, let id = v["id"] as? String,
                  !id.hasPrefix("table.") else { continue }  // conversations run through the harness
            let context = v["context"] as? [String: Any] ?? [:]
            var conversation = Conversation(instanceID: context["instance_id"] as? String, connectionID: context["connection_id"] as? String)
            if let r = context["request"] as? [String: Any], let method = r["method"] as? String {
                conversation.sent(PendingRequest(
                    method: method, requestID: r["request_id"] as? String, sessionID: r["session_id"] as? String,
                    operationID: r["operation_id"] as? String))
            }
            let data = Data(input.utf8)
            let rejected = violation {
                if id.hasPrefix("msg.") {
                    _ = try AgentWireDecoder.decodeSessionMessage(data: data)
                } else if id.hasPrefix("event.") {
                    _ = try conversation.event(data)
                } else {
                    _ = try conversation.response(data)
                }
            }
            XCTAssertEqual(rejected == nil ? "accept" : "reject", outcome, "\(id): \(rejected?.rawValue ?? "accepted")")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 3000)
    }
}
