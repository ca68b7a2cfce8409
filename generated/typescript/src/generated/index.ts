// Generated from protocol.toml (sha256 28b6e595ceba3f710493644e33e27bf680cfc729f24af3b908a6e8ecdd72b8c5). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
