// Hand-written runtime: what an operation descriptor (generated under `Operations`) says about
// its envelope, so the client can build requests that follow the slot rules.

import Foundation

/// Whether an envelope slot must be null or set for an operation.
public enum SlotRule: Sendable {
    case mustBeNull
    case required
}

/// A typed operation: its payload types and envelope rules.
public protocol AgentWireOperation {
    associatedtype Request: Codable & Sendable
    associatedtype Response: Codable & Sendable
    static var method: String { get }
    /// Mutations carry an operation ID; reads carry null.
    static var isMutation: Bool { get }
    static var requiresInitialization: Bool { get }
    static var sessionID: SlotRule { get }
    static var control: SlotRule { get }
    /// Operation-specific error codes (the shared request errors come on top).
    static var errors: [String] { get }
    /// Events the operation's accepted work may send.
    static var events: [String] { get }
}
