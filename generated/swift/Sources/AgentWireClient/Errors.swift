// Hand-written: the client's typed errors.

import AgentWire
import Foundation

public enum ClientError: Error, Sendable, CustomStringConvertible {
    /// Connecting, reading or writing the socket failed.
    case socket(String)
    /// The daemon refused the identity handshake (wrong package version, workspace, ...).
    case handshakeRejected(code: String, message: String)
    /// An identity, version, capability or limit check failed after initialize; nothing was
    /// mutated.
    case preflight(String)
    /// The request would be rejected by the service; it was not sent.
    case refused(RequestRefusal)
    /// The service answered with an error object; `code` is nil for a code this package does
    /// not know (a newer service).
    case service(code: ErrorCode?, error: ErrorObject)
    /// A received record broke a consumer rule; the connection is closed.
    case protocolViolation(ProtocolViolation)
    /// No answer within the configured time (the handshake, or one request).
    case timeout(String)
    /// The connection is closed (by `close()`, the daemon, or an earlier failure).
    case closed

    public var description: String {
        switch self {
        case .socket(let s): return "socket: \(s)"
        case .handshakeRejected(let code, let message): return "handshake rejected: \(code): \(message)"
        case .preflight(let s): return "preflight: \(s)"
        case .refused(let r): return "refused: \(r)"
        case .service(_, let e): return "service error \(e.code.value): \(e.message)"
        case .protocolViolation(let v): return "protocol violation: \(v)"
        case .timeout(let s): return "timeout: \(s)"
        case .closed: return "connection closed"
        }
    }
}
