// Generated from protocol.toml (sha256 1520560ddaf5ada3ef187651addbf1c62570ffe835cb407581765b4745bbdafb). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
