import { operationNames } from "../../ir/names.ts";
import type { Target } from "../target.ts";
import { emitClient } from "./emit-client.ts";
import { clientReservedNames } from "./runtime-names.ts";
import { emitWebhookTypes } from "./webhooks.ts";

/**
 * @commerce-api/client: operation definitions and functions, errors, the facade (emit-client.ts),
 * and the webhook event types the /webhooks handler knows (webhooks.ts).
 */
export const clientTarget: Target = {
  name: "client",
  output: { package: "client" },
  emit: (api, files) => {
    emitClient(api, files);
    emitWebhookTypes(api, files);
  },
  reserved: { by: "the client runtime", names: clientReservedNames },
  operationValueNames: (operation) => [
    { name: operation.id, what: "function" },
    { name: operationNames(operation).definition, what: "definition" },
  ],
};
