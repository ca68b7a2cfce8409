// Generated from protocol.toml (sha256 0ef8933245180bf15fea280afb2f4c540f20c5d75f51768d8b7a6457febc13f4). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
