// The in-process sandbox a fragment drives: `createSandbox()` of `@commerce-api/sandbox`.
declare const sandbox: import("@commerce-api/sandbox").Sandbox;
