/**
 * The agentwire protocol for TypeScript: generated types, decoders and tables
 * (`src/generated`, from protocol.toml), the record-level JSON profile, record decoders and the
 * strict request encoder, and session-stream helpers. The Node socket client is a separate
 * entry point (`@agentwire/protocol/client`) so this one stays free of Node built-ins.
 */

export * from "./generated/index.js";
export * from "./records.js";
export * from "./stream.js";
export { EXTENSIONS, extensionsOf, toWire } from "./runtime/json.js";
export { SchemaError, isRfc3339, utf8Length } from "./runtime/check.js";
export { ProfileError, checkProfile, parseRecord } from "./runtime/jsonProfile.js";
export type { ProfileFailure, ProfileLimits, ParsedRecord } from "./runtime/jsonProfile.js";
export { Conversation, PreflightError, TurnTracker, localProfile, preflight } from "./conversation.js";
export type { ConversationOptions, LocalBounds, PendingRequest, Received } from "./conversation.js";
export { RecordSplitter } from "./framing.js";
