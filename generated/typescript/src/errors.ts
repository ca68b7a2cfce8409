/**
 * The typed failures of the client. Every message says each thing once: a service error reads
 * `<method> failed with <code>: <fixed message>` (the code also a property, `code`), a
 * handshake error `<code>: <fixed message> (<detail>)`, and a JSON path appears only where it
 * adds something.
 *
 * - {@link ConnectionClosedError}: the connection is gone (closed by either side, or never
 *   reached); nothing more will arrive on it.
 * - {@link TimeoutError}: a request's deadline passed before its answer.
 * - {@link ServiceError}: the service answered with an error response (`code` is the spec's
 *   `ErrorCode`, or an unknown code, which is a generic failure).
 * - {@link HandshakeError}: launch or handshake failed with one of the spec's launch error codes.
 * - `ProtocolError` (records.ts): a record broke a rule; `code` is the rule's category.
 * - {@link StreamOverflowError}: one event stream's buffer filled because nobody read it.
 * - {@link ProfileUnavailableError}: an optional profile (approvals) could not be opted into.
 *
 * A request aborted through its `AbortSignal` rejects with the signal's reason (a DOMException
 * named `AbortError` unless the caller gave another), as `fetch` does.
 */

import { isErrorCode } from "./generated/errors.js";
import type { ErrorCode, LaunchErrorCode } from "./generated/errors.js";
import { LAUNCH_ERROR_MESSAGES } from "./generated/errors.js";

/** The connection closed, or could not be opened; `cause` holds the underlying error, if any. */
export class ConnectionClosedError extends Error {
  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.name = "ConnectionClosedError";
  }
}

/**
 * A request's deadline passed. For a mutation the service may still apply it: `operationId`
 * names it, and `operation.lookup` (see `AgentwireClient.lookup`) tells what became of it.
 */
export class TimeoutError extends Error {
  constructor(
    readonly method: string,
    readonly timeoutMs: number,
    /** The mutation's operation ID, whose outcome is uncertain; null for a read. */
    readonly operationId: string | null,
  ) {
    super(`${method} got no answer within ${timeoutMs} ms`);
    this.name = "TimeoutError";
  }
}

/** An error response. `known` is false for a code this package does not know (a generic failure). */
export class ServiceError extends Error {
  readonly known: boolean;
  constructor(
    readonly code: string,
    message: string,
    /** The method of the request it answers, when known. */
    readonly method?: string,
  ) {
    super(method === undefined ? `${code}: ${message}` : `${method} failed with ${code}: ${message}`);
    this.name = "ServiceError";
    this.known = isErrorCode(code);
  }

  /** The code, when it is one this package knows. */
  get errorCode(): ErrorCode | undefined {
    return this.known ? (this.code as ErrorCode) : undefined;
  }
}

/** Launch (`start-or-connect`) or the identity handshake failed. */
export class HandshakeError extends Error {
  constructor(
    readonly code: LaunchErrorCode,
    message: string = LAUNCH_ERROR_MESSAGES[code],
  ) {
    super(message === LAUNCH_ERROR_MESSAGES[code] ? `${code}: ${message}` : `${code}: ${LAUNCH_ERROR_MESSAGES[code]} (${message})`);
    this.name = "HandshakeError";
  }

  /** The spec's fixed message of the code. */
  get fixedMessage(): string {
    return LAUNCH_ERROR_MESSAGES[this.code];
  }
}

/**
 * "Package versions must match exactly": this package and the daemon are different versions.
 * `code` is `version_mismatch`; `daemonVersion` is the daemon's version when it is known (from
 * its discovery record, which {@link startOrConnect} reads, or an accepted reply naming another
 * version), null when the daemon only refused the handshake.
 */
export class VersionMismatchError extends HandshakeError {
  constructor(
    /** The version this client sent: its own `PACKAGE_VERSION` unless `version` said otherwise. */
    readonly packageVersion: string,
    readonly daemonVersion: string | null,
  ) {
    super(
      "version_mismatch",
      `this package is ${packageVersion}, the daemon runs ${daemonVersion ?? "another version"}; install the agentwire daemon and @agentwire/protocol of the same version (upgrade whichever is older) and restart the daemon`,
    );
    this.name = "VersionMismatchError";
  }
}

/** Whether `code` is one of the spec's launch error codes. */
export function isLaunchErrorCode(code: string): code is LaunchErrorCode {
  return Object.prototype.hasOwnProperty.call(LAUNCH_ERROR_MESSAGES, code);
}

/**
 * An event stream held more unread events than its bound. Only that stream ends (with this
 * error, after the events it buffered); the connection, its requests and other streams go on.
 * Durable history is not lost: `session.replay` from a saved cursor reads it again.
 */
export class StreamOverflowError extends Error {
  constructor(readonly bound: number) {
    super(`event stream overflowed: more than ${bound} events were not read`);
    this.name = "StreamOverflowError";
  }
}

/**
 * Why an optional profile could not be opted into:
 * - `not_offered`: the capability object's `profiles` does not list it at this version; nothing
 *   was sent.
 * - `rejected`: the daemon answered `profile_unsupported` (profile or version not offered).
 * - `mismatch`: the daemon answered `profile_mismatch` (this connection already negotiated
 *   another version, or claimed a session before negotiating).
 * In each case the connection's state is unchanged and it goes on as an ordinary one.
 */
export type ProfileUnavailableReason = "not_offered" | "rejected" | "mismatch";

/** An optional profile could not be opted into; `cause` is the daemon's `ServiceError`, if it answered. */
export class ProfileUnavailableError extends Error {
  constructor(
    readonly profile: string,
    readonly version: number,
    readonly reason: ProfileUnavailableReason,
    options?: { readonly cause?: ServiceError },
  ) {
    super(
      reason === "not_offered"
        ? `profile not offered: the daemon does not offer ${profile} version ${version}`
        : `profile ${reason === "rejected" ? "rejected" : "mismatch"}: ${options?.cause?.message ?? reason}`,
      options,
    );
    this.name = "ProfileUnavailableError";
  }
}
