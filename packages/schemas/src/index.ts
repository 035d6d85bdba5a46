// The public surface is the generated schemas; see src/generated/.
export * from "./generated/index.js";
