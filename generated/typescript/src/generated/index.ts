// Generated from protocol.toml (sha256 d28d72d11518aa43287ce10e98c600c02965b70e7fb266d506ac16f890729c2c). Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

export * from "./capabilities.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./examples.js";
export * from "./protocol.js";
export type * from "./types.js";
export * from "./validators.js";
