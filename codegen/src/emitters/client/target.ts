import { operationNames } from "../../ir/names.ts";
import { apiAsOf } from "../../ir/versions.ts";
import type { Target } from "../target.ts";
import { emitClient } from "./emit-client.ts";
import { clientReservedNames } from "./runtime-names.ts";
import { emitClientVersions } from "./versions.ts";
import { emitWebhookTypes } from "./webhooks.ts";

/**
 * @commerce-api/client: operation definitions and functions, errors, the facade (emit-client.ts),
 * and the webhook event types the /webhooks handler knows (webhooks.ts).
 */
export const clientTarget: Target = {
  name: "client",
  output: { package: "client" },
  everyVersion: true,
  emit: (api, files) => {
    const root = apiAsOf(api, api.version);
    emitClient(root, files);
    emitWebhookTypes(root, files);
    emitClientVersions(api, files);
  },
  reserved: { by: "the client runtime", names: clientReservedNames },
  operationValueNames: (operation) => [
    { name: operation.id, what: "function" },
    { name: operationNames(operation).definition, what: "definition" },
  ],
};
