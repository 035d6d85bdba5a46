import { webhookDeclarations, withWebhookDeclarations } from "../../ir/webhook-declarations.ts";
import { importCollector, prependImports } from "../imports.ts";
import type { Emitter } from "../target.ts";
import { emitDeclaration, knownValueSets } from "./emit-schemas.ts";
import { Naming } from "./naming.ts";
import { MESSAGES } from "./runtime-names.ts";

/**
 * `generated/webhooks.ts` of @commerce-api/schemas: one type and tolerant schema per webhook
 * event, the open variant, and `WebhookEvent` with its tag guards (`isWebhookEvent(event,
 * "order.paid")`), in a file of their own beside the resources they carry: the package's
 * `/webhooks` entry exports it, its index does not. Nothing when the spec lists no webhooks.
 */
export const emitWebhookSchemas: Emitter = (api, files) => {
  const declarations = webhookDeclarations(api);
  if (declarations.length === 0) return;
  const naming = new Naming(withWebhookDeclarations(api));
  const file = files.module("webhooks.ts");
  const imports = importCollector();
  imports.use("zod/mini", "* as z");
  imports.use("../messages.js", MESSAGES);
  for (const event of api.webhooks) imports.use("./resources.js", event.payload.name);
  for (const declaration of declarations) {
    const start = file.length;
    emitDeclaration(file, declaration, "response", naming);
    file.splice(start, 0, ...knownValueSets(naming));
  }
  prependImports(file, imports);
};
