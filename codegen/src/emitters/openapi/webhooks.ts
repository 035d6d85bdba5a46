import type { Api } from "../../ir/types.ts";
import { type JsonObject, schemaRef } from "./json-schema.ts";

/**
 * The document's `webhooks`: per event type (`order.paid`), the POST the service sends to a
 * webhook endpoint, its body the event `{ type, timestamp, data }` (the event's schema among
 * the components, as @commerce-api/schemas has it). Types the spec does not list arrive too,
 * as `UnknownWebhookEvent`s of the `WebhookEvent` union.
 */
export function webhooksObject(api: Api): JsonObject {
  return Object.fromEntries(
    api.webhooks.map((event) => [
      event.type,
      {
        post: {
          operationId: event.name,
          summary: event.type,
          ...(event.description !== undefined && { description: event.description }),
          tags: ["webhooks"],
          // Sent by the service to the organization's endpoint: signed, not authenticated by a token.
          security: [],
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemaRef(event.name) } },
          },
          responses: { "200": { description: "Any 2xx status acknowledges the event." } },
        },
      },
    ]),
  );
}
