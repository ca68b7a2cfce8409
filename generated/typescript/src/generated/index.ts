// Generated from protocol.toml (sha256 9ac0ee32c3636b0c8ce390d60c1c1b3e36f076fc5b22cf48c1c0942f9ed73de4). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
