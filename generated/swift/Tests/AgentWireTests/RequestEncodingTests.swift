// Strict request encoding refuses what the service would reject, before anything is sent:
// envelope slots against the operation's rules ("reads carry null"; session operations require
// session_id; controlled ones require control), payload bounds, and max_record_bytes.

import AgentWire
import Foundation
import XCTest

final class RequestEncodingTests: XCTestCase {
    private let connection = ConnectionIdentity(instanceID: try! OpaqueID(Fixture.instance), connectionID: try! OpaqueID(Fixture.connection))

    func testAValidMutationEncodesWithItsSlots() throws {
        let line = try RequestEncoder.encode(
            Operations.SessionCreate.self, SessionCreateRequest(), requestID: try OpaqueID("rq-1"), connection: connection,
            operationID: try OpaqueID("op-1"))
        XCTAssertEqual(line.last, 0x0A)
        let object = try jsonObject(String(decoding: line.dropLast(), as: UTF8.self))
        XCTAssertEqual(object["method"] as? String, "session.create")
        XCTAssertEqual(object["operation_id"] as? String, "op-1")
        XCTAssertTrue(object["session_id"] is NSNull, "null must be written, not omitted")
    }

    func testAPayloadOverTheGivenBoundIsRefused() throws {
        // "For requests and configurable page sizes, use the smaller of the applicable server and
        // local limits": the client passes a service's smaller advertised payload bound, and the
        // encoder refuses a payload over it (found by the conformance client suite,
        // client.requests.server_limit_smaller).
        let prompt = String(repeating: "a", count: 100)
        let encode = { (bound: Int) in
            try RequestEncoder.encode(
                Operations.SessionCreate.self, SessionCreateRequest(), requestID: try OpaqueID("rq-1"), connection: self.connection,
                operationID: try OpaqueID("op-1"), maxPayloadBytes: bound)
        }
        XCTAssertNoThrow(try encode(2))
        XCTAssertThrowsError(try encode(1)) { error in
            XCTAssertEqual(error as? RequestRefusal, .payloadTooLarge(bytes: 2, limit: 1))
        }
        let session = try SessionID("s-01")
        let control = Control(claimID: try OpaqueID("cl-1"), grantGeneration: 1)
        XCTAssertThrowsError(try RequestEncoder.encode(
            Operations.TurnStart.self, TurnStartRequest(prompt: prompt), requestID: try OpaqueID("rq-2"), connection: connection,
            sessionID: session, control: control, operationID: try OpaqueID("op-2"), maxPayloadBytes: prompt.utf8.count)) { error in
            guard case .payloadTooLarge(let bytes, _)? = error as? RequestRefusal else { return XCTFail("\(error)") }
            XCTAssertGreaterThan(bytes, prompt.utf8.count)
        }
    }

    func testAReadCarriesNullOperationID() throws {
        XCTAssertThrowsError(try RequestEncoder.encode(
            Operations.Status.self, StatusRequest(), requestID: try OpaqueID("rq-1"), connection: connection,
            operationID: try OpaqueID("op-1"))) { error in
            XCTAssertEqual(error as? RequestRefusal, .slot(method: "status", slot: "operation_id", rule: .mustBeNull))
        }
    }

    func testAMutationWithoutOperationIDIsRefused() throws {
        XCTAssertThrowsError(try RequestEncoder.encode(
            Operations.SessionCreate.self, SessionCreateRequest(), requestID: try OpaqueID("rq-1"), connection: connection)) { error in
            XCTAssertEqual(error as? RequestRefusal, .slot(method: "session.create", slot: "operation_id", rule: .required))
        }
    }

    func testWrongSessionAndControlSlotsAreRefused() throws {
        let session = try SessionID("s-01")
        XCTAssertThrowsError(try RequestEncoder.encode(
            Operations.Status.self, StatusRequest(), requestID: try OpaqueID("rq-1"), connection: connection, sessionID: session)) {
            XCTAssertEqual($0 as? RequestRefusal, .slot(method: "status", slot: "session_id", rule: .mustBeNull))
        }
        XCTAssertThrowsError(try RequestEncoder.encode(
            Operations.TurnStart.self, TurnStartRequest(prompt: "hi"), requestID: try OpaqueID("rq-1"), connection: connection,
            sessionID: session, operationID: try OpaqueID("op-1"))) {
            XCTAssertEqual($0 as? RequestRefusal, .slot(method: "turn.start", slot: "control", rule: .required))
        }
        XCTAssertThrowsError(try RequestEncoder.encode(
            Operations.TurnStart.self, TurnStartRequest(prompt: "hi"), requestID: try OpaqueID("rq-1"), connection: connection,
            control: Control(claimID: try OpaqueID("cl-1"), grantGeneration: 1), operationID: try OpaqueID("op-1"))) {
            XCTAssertEqual($0 as? RequestRefusal, .slot(method: "turn.start", slot: "session_id", rule: .required))
        }
    }

    func testOverSizedRecordsAreRefusedNotSent() throws {
        // A prompt within its own bound can still make the record exceed max_record_bytes.
        let control = Control(claimID: try OpaqueID("cl-1"), grantGeneration: 1)
        let big = String(repeating: "é", count: Int(Limits.maxStringBytes) / 2)
        XCTAssertNoThrow(try RequestEncoder.encode(
            Operations.TurnStart.self, TurnStartRequest(prompt: big), requestID: try OpaqueID("rq-1"), connection: connection,
            sessionID: try SessionID("s-01"), control: control, operationID: try OpaqueID("op-1")))
        XCTAssertThrowsError(try RequestEncoder.encode(
            Operations.TurnStart.self, TurnStartRequest(prompt: big), requestID: try OpaqueID("rq-1"), connection: connection,
            sessionID: try SessionID("s-01"), control: control, operationID: try OpaqueID("op-1"), maxRecordBytes: 1024)) {
            guard case .recordTooLarge(_, 1024)? = $0 as? RequestRefusal else { return XCTFail("\($0)") }
        }
    }

    func testAPayloadOverItsBoundIsRefused() throws {
        let control = Control(claimID: try OpaqueID("cl-1"), grantGeneration: 1)
        let tooLong = String(repeating: "x", count: Int(Limits.maxStringBytes) + 1)
        XCTAssertThrowsError(try RequestEncoder.encode(
            Operations.TurnStart.self, TurnStartRequest(prompt: tooLong), requestID: try OpaqueID("rq-1"), connection: connection,
            sessionID: try SessionID("s-01"), control: control, operationID: try OpaqueID("op-1"))) {
            guard case .payload? = $0 as? RequestRefusal else { return XCTFail("\($0)") }
        }
    }

    func testIDTypesRefuseValuesOutsideTheirBounds() {
        XCTAssertThrowsError(try OpaqueID(""))
        XCTAssertThrowsError(try OpaqueID(String(repeating: "a", count: Int(Limits.maxIDBytes) + 1)))
        XCTAssertThrowsError(try SessionID("a b"))
    }
}
