/** Reading and answering control requests' JSON. */
import { SandboxUsageError } from "../kit/usage.js";

export { json } from "./responses.js";

/** The JSON body as an object; an empty body is `{}`. Anything else is a usage error naming the route. */
export async function readObject(request: Request, route: string): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new SandboxUsageError(`${route}: the body is not JSON (${(error as Error).message})`);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new SandboxUsageError(`${route}: the body must be a JSON object, got ${text.slice(0, 80)}`);
  return body as Record<string, unknown>;
}

/** A usage error for a route that exists with other methods or sub-paths. */
export function noSuchControlRoute(
  method: string,
  path: string,
  accepted: readonly string[],
): SandboxUsageError {
  return new SandboxUsageError(
    `${method} ${path}: not a control route; accepted here: ${accepted.join("; ")}`,
  );
}

/** `times` as JSON carries it: a number, or "always" for Infinity (JSON has no Infinity). */
export function timesFromJson(value: unknown): number | undefined {
  return value === "always" ? Number.POSITIVE_INFINITY : (value as number | undefined);
}
