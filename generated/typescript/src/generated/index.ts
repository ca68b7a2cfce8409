// Generated from protocol.toml (sha256 1bd9d3c89fa67909f74ef6cb86f7d372fb9007caceb4314c8c47089b9108bc48). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
