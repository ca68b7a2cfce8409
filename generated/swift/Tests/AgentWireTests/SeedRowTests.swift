// The seed's "Received form → Consumer outcome" table
// (../shared/seeds/application-service-protocol-v2.md, Compatibility), one test per row.

import AgentWire
import Foundation
import XCTest

final class SeedRowTests: XCTestCase {
    private func status(_ edit: (inout [String: Any]) -> Void) throws -> ViolationCategory? {
        let record = try Fixture.edited(try Fixture.vector("resp.status.example"), edit)
        var c = Fixture.conversation(pending: "status")
        return violation { _ = try c.response(Data(record.utf8)) }
    }

    private func capabilities(_ edit: (inout [String: Any]) -> Void) throws -> ViolationCategory? {
        let record = try Fixture.edited(try Fixture.vector("resp.capabilities.example"), edit)
        var c = Fixture.conversation(pending: "capabilities")
        return violation { _ = try c.response(Data(record.utf8)) }
    }

    private func limits(_ value: Any) throws -> ViolationCategory? {
        try capabilities { r in
            var payload = r["payload"] as? [String: Any] ?? [:]
            var limits = payload["limits"] as? [String: Any] ?? [:]
            limits["max_future_page_items"] = value
            payload["limits"] = limits
            r["payload"] = payload
        }
    }

    func testExtraEnvelopeMemberAcceptIgnoreOnlyTheUnknownMember() throws {
        XCTAssertNil(try status { $0["future_hint"] = true })
        XCTAssertNil(try status { $0.set(["payload", "future_hint"], ["bounded": "metadata"]) })
    }

    func testNewLimitAcceptTheExtensionStillValidateKnownLimits() throws {
        XCTAssertNil(try limits(16))
        XCTAssertEqual(try capabilities { $0.set(["payload", "limits", Limits.Name.maxRecordBytes], nil) }, .payload)
    }

    func testNewLimitStringZeroNegativeOrOverRangeRejectExtensionNotExempt() throws {
        for bad: Any in ["16", 0, -1, 9_007_199_254_740_992 as UInt64] {
            // Foundation reports some of these without the payload's coding path: rejected either way.
            XCTAssertNotNil(try limits(bad), "\(bad)")
        }
    }

    func testOptionalMetadataAbsentOrNullAcceptKnownNonNullableStaysNonNullable() throws {
        XCTAssertNil(try status { $0.set(["payload", "future_metadata"], NSNull()) })
        XCTAssertEqual(try status { $0.set(["payload", "instance_id"], NSNull()) }, .payload)
    }

    func testProviderAuthReadyAbsentNullOrStringRejectRequiredBoolean() throws {
        XCTAssertEqual(try status { $0.set(["payload", "provider_auth_ready"], nil) }, .payload)
        XCTAssertEqual(try status { $0.set(["payload", "provider_auth_ready"], NSNull()) }, .payload)
        XCTAssertEqual(try status { $0.set(["payload", "provider_auth_ready"], "false") }, .payload)
    }

    private func terminal(_ edit: (inout [String: Any]) -> Void) throws -> ViolationCategory? {
        let record = try Fixture.edited(try Fixture.vector("event.turn.terminal.example"), edit)
        var c = Fixture.conversation(pending: "turn.start", sessionID: "s-01", operationID: "op-1")
        let started = try Fixture.edited(try Fixture.vector("resp.turn.start.example")) {
            $0["session_id"] = "s-01"
            $0["operation_id"] = "op-1"
            $0.set(["payload", "turn_id"], "t-1")
        }
        _ = try c.response(Data(started.utf8))
        return violation { _ = try c.event(Data(record.utf8)) }
    }

    func testTerminalLackingTextOrSequenceUnknownStatusOrAnotherTurnReject() throws {
        XCTAssertNil(try terminal { _ in })
        XCTAssertEqual(try terminal { $0.set(["payload", "assistant_text"], nil) }, .payload)
        XCTAssertEqual(try terminal { $0.set(["payload", "sequence"], nil) }, .payload)
        XCTAssertEqual(try terminal { $0.set(["payload", "status"], "vanished") }, .payload)
        XCTAssertEqual(try terminal { $0.set(["payload", "turn_id"], "t-other") }, .correlation)
    }

    func testSequenceGapAcceptedDuplicateRegressingAndAfterTerminalRejected() throws {
        let delta = try Fixture.vector("event.turn.assistant_delta.example")
        func at(_ sequence: Int) throws -> Data {
            Data(try Fixture.edited(delta) { $0.set(["payload", "sequence"], sequence) }.utf8)
        }
        var c = Conversation(instanceID: Fixture.instance, connectionID: Fixture.connection)
        XCTAssertNil(violation { _ = try c.event(try at(2)) })
        XCTAssertNil(violation { _ = try c.event(try at(4)) }, "a gap 2 -> 4 is accepted")
        XCTAssertEqual(violation { _ = try c.event(try at(4)) }, .sequence, "duplicate")
        XCTAssertEqual(violation { _ = try c.event(try at(3)) }, .sequence, "regressing")
        let terminal = try Fixture.edited(try Fixture.vector("event.turn.terminal.example")) { $0.set(["payload", "sequence"], 5) }
        XCTAssertNil(violation { _ = try c.event(Data(terminal.utf8)) })
        XCTAssertEqual(violation { _ = try c.event(try at(6)) }, .sequence, "after the terminal")
    }

    func testAdvertisementAddsUnknownEventRejectEvenIfEveryOperationExists() throws {
        XCTAssertEqual(try capabilities { r in
            var payload = r["payload"] as? [String: Any] ?? [:]
            payload["events"] = (payload["events"] as? [Any] ?? []) + ["turn.future"]
            r["payload"] = payload
        }, .advertisement)
    }

    func testUnknownFieldWithOverLimitContentRejectTheWholeRecord() throws {
        let items = Array(repeating: 1, count: Int(Limits.maxArrayItems) + 1)
        XCTAssertEqual(try status { $0["future"] = items }, .limit)
        XCTAssertEqual(try status { $0["future"] = String(repeating: "x", count: Int(Limits.maxStringBytes) + 1) }, .limit)
        var nested: Any = 1
        for _ in 0..<Int(Limits.maxJSONDepth) { nested = [nested] }
        XCTAssertEqual(try status { $0["future"] = nested }, .limit)
    }
}
