import { docs } from "../docs.ts";
import { StructureKind } from "../emitter.ts";
import type { Emitter } from "../target.ts";

/**
 * `generated/webhooks.ts` of @commerce-api/client: the webhook event types the spec lists, for
 * the handler of `@commerce-api/client/webhooks` to tell a type it has no callback for from
 * one this version does not know (`onUnknown`), without bundling any schema. Nothing when the
 * spec lists no webhooks.
 */
export const emitWebhookTypes: Emitter = (api, files) => {
  if (api.webhooks.length === 0) return;
  files.module("webhooks.ts").push({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: "const" as never,
    docs: docs("The webhook event types this version of the SDK knows, as the spec lists them."),
    declarations: [
      {
        name: "knownWebhookEventTypes",
        type: "ReadonlySet<string>",
        initializer: `/* @__PURE__ */ new Set<string>(${JSON.stringify(api.webhooks.map((event) => event.type))})`,
      },
    ],
  });
};
