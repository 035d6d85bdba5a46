// The public surface is the generated schemas; see src/generated/.
export * from "./generated/index.js";
// The union member a value came closest to, for tools that report issues (the client does).
export { closestBranch } from "./messages.js";
