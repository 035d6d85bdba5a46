// Node's `process.env`, for a fragment that reads its settings from the environment (the
// project checks examples without Node's types).
declare const process: { env: Record<string, string | undefined> };
