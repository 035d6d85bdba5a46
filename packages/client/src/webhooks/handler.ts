import type { UnknownWebhookEvent, WebhookEvent, WebhookEventVariants } from "@commerce-api/schemas/webhooks";
import { knownWebhookEventTypes } from "../generated/webhooks.js";
import { WebhookVerificationError } from "./error.js";
import { type VerifyWebhookOptions, verifyWebhook } from "./verify.js";

/** What a callback learns about the delivery beside its event. */
export interface WebhookContext {
  /**
   * The delivery's `webhook-id`: the same for every retry of one event, so a callback can
   * skip an event it has already handled.
   */
  readonly webhookId: string;
  readonly request: Request;
}

/** A callback for one event type; the service retries the delivery when it throws. */
export type WebhookCallback<Event> = (event: Event, context: WebhookContext) => unknown;

/** Callbacks by event type, each given its event typed. */
export type WebhookCallbacks = {
  readonly [Type in keyof WebhookEventVariants]?: WebhookCallback<WebhookEventVariants[Type]>;
};

export interface WebhookHandlerOptions extends VerifyWebhookOptions {
  /** The endpoint's secret, as the service's dashboard shows it. */
  readonly secret: string;
  /** The callbacks by event type. A known type without one is acknowledged and dropped. */
  readonly on: WebhookCallbacks;
  /**
   * Events of types this version of the SDK does not know (the service added them since):
   * acknowledged and dropped without this.
   */
  readonly onUnknown?: WebhookCallback<UnknownWebhookEvent>;
  /**
   * Told why a delivery was refused or failed, since the response does not say: a failed
   * verification (its message says what to fix) or what a callback threw.
   * @defaultValue logs with console.error
   */
  readonly onError?: (error: unknown, request: Request) => void;
}

/**
 * A webhook endpoint for fetch-standard servers (Next.js route handlers, Hono, Workers, Bun,
 * Deno): verifies each delivery (verifyWebhook), calls the callback of its type, and answers
 * 204 once the callback is done, 400 when verification fails (without saying why: tell
 * `onError`), 500 when the callback throws, so the service delivers the event again.
 */
export function createWebhookHandler(
  options: WebhookHandlerOptions,
): (request: Request) => Promise<Response> {
  const report = options.onError ?? ((error: unknown) => console.error(error));
  return async (request) => {
    if (request.method !== "POST")
      return new Response("webhooks are POSTed", { status: 405, headers: { allow: "POST" } });
    let event: WebhookEvent;
    try {
      // The bytes as received: decoding them to text first would alter any that are not UTF-8.
      event = await verifyWebhook(await request.arrayBuffer(), request.headers, options.secret, options);
    } catch (error) {
      report(error, request);
      if (error instanceof WebhookVerificationError) return new Response("invalid webhook", { status: 400 });
      return new Response("webhook not handled", { status: 500 });
    }
    const callback = callbackFor(options, event.type);
    try {
      await callback?.(event, { webhookId: request.headers.get("webhook-id") ?? "", request });
    } catch (error) {
      report(error, request);
      return new Response("webhook not handled", { status: 500 });
    }
    return new Response(null, { status: 204 });
  };
}

/** The callback of an event's type, which takes that event (so, typed as taking any). */
function callbackFor(
  options: WebhookHandlerOptions,
  type: string,
): WebhookCallback<WebhookEvent> | undefined {
  const callback = Object.hasOwn(options.on, type)
    ? options.on[type as keyof WebhookCallbacks]
    : knownWebhookEventTypes.has(type)
      ? undefined
      : options.onUnknown;
  return callback as WebhookCallback<WebhookEvent> | undefined;
}
