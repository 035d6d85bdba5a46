/**
 * The API requests a sandbox was sent, with the API version (`Polar-Version`) and the
 * organization (`Polar-Organization`) each asked for, so a test can see what its client sent.
 * The sandbox answers every version as the one its spec describes (the service does not
 * document what it does with a version it does not know, so the sandbox invents nothing).
 */

export interface ApiRequest {
  /** The operation it reached (routed), e.g. `listProducts`. */
  operation: string;
  method: string;
  path: string;
  /** The `Polar-Version` header; null when the request sent none. */
  apiVersion: string | null;
  /** The `Polar-Organization` header; null when the request sent none. */
  organization: string | null;
}

/** Beyond this many requests the oldest are dropped. */
export const REQUEST_LOG_LIMIT = 1_000;

export class RequestLog {
  #entries: ApiRequest[] = [];

  record(operation: string, request: Request, path: string): void {
    this.#entries.push({
      operation,
      method: request.method,
      path,
      apiVersion: request.headers.get("polar-version"),
      organization: request.headers.get("polar-organization"),
    });
    if (this.#entries.length > REQUEST_LOG_LIMIT) this.#entries.shift();
  }

  /** A copy, oldest first. */
  list(): ApiRequest[] {
    return this.#entries.map((entry) => ({ ...entry }));
  }

  reset(): void {
    this.#entries = [];
  }
}
