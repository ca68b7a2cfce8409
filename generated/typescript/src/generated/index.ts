// Generated from protocol.toml (sha256 0410a072e1e620bac37825b96e5ce5b3aec260e4934bae1bd690d2a0601dd830). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
