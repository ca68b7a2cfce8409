// Generated from protocol.toml (sha256 0e7663a7f8c4edb0691b00f51a23e4d0ebd395db2a07907845bb553060204a4d). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
