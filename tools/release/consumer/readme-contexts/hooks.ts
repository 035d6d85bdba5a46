// What the hooks example reports to: the app's token, its tracing, logger and metrics.
declare const token: string;
declare function currentTraceparent(): string;
declare const log: { debug(entry: Record<string, unknown>): void };
declare const metrics: { count(operationId: string, status: number): void };
