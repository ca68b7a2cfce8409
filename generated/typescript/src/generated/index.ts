// Generated from protocol.toml (sha256 3094b92585d45d8665f73a59c28881dcd303333d1581b27096abddc03442c81a). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
