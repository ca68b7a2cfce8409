// Generated from protocol.toml (sha256 a8e2cce000998642c05705707c70827c01442f91b8a7793b49972034a5e0d146). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
