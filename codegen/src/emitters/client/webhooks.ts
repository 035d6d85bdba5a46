import { constStatement } from "../emitter.ts";
import type { Emitter } from "../target.ts";

/**
 * `generated/webhooks.ts` of @commerce-api/client: the webhook event types the spec lists, for
 * the handler of `@commerce-api/client/webhooks` to tell a type it has no callback for from
 * one this version does not know (`onUnknown`), without bundling any schema. Nothing when the
 * spec lists no webhooks.
 */
export const emitWebhookTypes: Emitter = (api, files) => {
  if (api.webhooks.length === 0) return;
  files.module("webhooks.ts").push(
    constStatement({
      name: "knownWebhookEventTypes",
      type: "ReadonlySet<string>",
      docs: "The webhook event types this version of the SDK knows, as the spec lists them.",
      initializer: `/* @__PURE__ */ new Set<string>(${JSON.stringify(api.webhooks.map((event) => event.type))})`,
    }),
  );
};
