// Generated from protocol.toml (sha256 89c8d61bc808b8b0f9ab921ae3ac2a4eff18286d17cfb2b8b867ca9ff0fb7568). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
