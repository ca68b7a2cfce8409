// Generated from protocol.toml (sha256 437b58c767cca02c2bf29d3f50b79eda71a30c97fcc369125af06fe3fadaf8b1). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
