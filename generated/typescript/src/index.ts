export * from "./generated/index.js";
export * from "./records.js";
