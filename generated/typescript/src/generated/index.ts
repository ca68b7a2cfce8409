// Generated from protocol.toml (sha256 b85361cbf268855e42fb5e2b9edae993557b5c0ed6a4e3a040d36f5eefad3e44). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
