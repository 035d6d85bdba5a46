import type { Api, Declaration, Field, ObjectDeclaration, TypeNode, UnionDeclaration } from "./types.ts";
import { webhookUnionNames } from "./webhooks.ts";

/**
 * The webhook events as declarations, so the emitters print them as they print any tagged
 * union: one object type per event (`{ type: "order.paid", timestamp, data: Order }`), the
 * open variant for every other type (`data: unknown`), and `WebhookEvent`, the union of
 * them all on `type`. Empty when the spec lists no webhooks.
 */
export function webhookDeclarations(api: Api): Declaration[] {
  if (api.webhooks.length === 0) return [];
  const { union, fallback } = webhookUnionNames;
  const known = api.webhooks.map((event) => event.type);
  const events = api.webhooks.map(
    (event): ObjectDeclaration => ({
      kind: "object",
      name: event.name,
      description: `\`${event.type}\`: ${event.description ?? `an event whose data is ${event.payload.name}.`}`,
      recursive: false,
      fields: envelope(
        { kind: "literal", value: event.type },
        "The event type.",
        { kind: "ref", name: event.payload.name, target: event.payload.kind },
        `The ${event.payload.name} the event is about.`,
      ),
    }),
  );
  const open: ObjectDeclaration = {
    kind: "object",
    name: fallback,
    description:
      "A webhook event of a type this version of the SDK does not know (the service added it, or the spec does not list it): its `data` as sent.",
    recursive: false,
    fields: envelope(
      { kind: "otherString", union, known },
      "The event type, one this version does not list, e.g. `member.created`.",
      { kind: "unknown" },
      "The event's data, as sent.",
    ),
  };
  const all: UnionDeclaration = {
    kind: "union",
    name: union,
    description:
      "An event the service sends to a webhook endpoint, told apart by `type`. Types this version does not know are `UnknownWebhookEvent`s, never an error.",
    recursive: false,
    discriminator: "type",
    variants: api.webhooks.map((event) => ({ value: event.type, type: event.name })),
    fallback,
  };
  return [...events, open, all];
}

/** The API with its webhook declarations among the others, for emitters that print both. */
export function withWebhookDeclarations(api: Api): Api {
  const declarations = webhookDeclarations(api);
  return declarations.length === 0 ? api : { ...api, declarations: [...api.declarations, ...declarations] };
}

function envelope(type: TypeNode, typeDescription: string, data: TypeNode, dataDescription: string): Field[] {
  return [
    { name: "type", type, optional: false, description: typeDescription },
    {
      name: "timestamp",
      type: { kind: "string", format: "datetime" },
      optional: false,
      description: "When the event happened.",
    },
    { name: "data", type: data, optional: false, description: dataDescription },
  ];
}
