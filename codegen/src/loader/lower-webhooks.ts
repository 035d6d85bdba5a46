import { declarationNames } from "../ir/names.ts";
import { type WebhookEventType, webhookEventName, webhookUnionNames } from "../ir/webhooks.ts";
import type { SpecDocument } from "./language.ts";
import { type Reporter, suggest } from "./reporter.ts";
import type { DeclarationKind } from "./type-resolution.ts";

/**
 * The spec's `webhooks:` section: each event type, the resource its `data` is, and what it
 * means. Checked like the rest: the event type's form, the resource it names, and the type
 * names generated from it (one per event, plus the union), which must be free.
 */
export function lowerWebhooks(
  spec: SpecDocument,
  reporter: Reporter,
  kinds: ReadonlyMap<string, DeclarationKind>,
): WebhookEventType[] {
  const events = Object.entries(spec.webhooks ?? {});
  if (events.length > 0) checkUnionNamesAreFree(reporter, kinds);
  const owners = new Map<string, string>();
  return events.flatMap(([type, { data, description }]): WebhookEventType[] => {
    const path = ["webhooks", type];
    const name = webhookEventName(type);
    if (!/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/.test(type)) {
      reporter.reportKey(
        path,
        `webhook event type '${type}' must be dotted snake_case, as the service sends it, e.g. order.paid or benefit_grant.created`,
      );
    } else if (owners.has(name)) {
      reporter.reportKey(
        path,
        `webhook events '${owners.get(name)}' and '${type}' would both generate the type '${name}'; keep the one the service sends and remove the other`,
      );
    } else if (kinds.has(name)) {
      reporter.reportKey(
        path,
        `webhook event '${type}' generates the type '${name}', which is also declared under types; rename that type`,
      );
    }
    owners.set(name, owners.get(name) ?? type);
    const kind = payloadKind(reporter, kinds, [...path, "data"], data);
    if (!kind) return [];
    return [{ type, name, payload: { name: data, kind }, ...(description !== undefined && { description }) }];
  });
}

/** The kind of the declaration `data` names; reports and answers nothing when it names no resource. */
function payloadKind(
  reporter: Reporter,
  kinds: ReadonlyMap<string, DeclarationKind>,
  path: string[],
  data: string,
): Exclude<DeclarationKind, "enum"> | undefined {
  const kind = kinds.get(data);
  if (kind === "enum") {
    reporter.report(
      path,
      `'${data}' is an enum; an event's data is a resource: an object type, a union or an alias under types`,
    );
    return undefined;
  }
  if (kind) return kind;
  if (!/^[A-Z][A-Za-z0-9]*$/.test(data)) {
    reporter.report(
      path,
      `an event's data names one resource declared under types, e.g. Order, not a type expression ('${data}')`,
    );
    return undefined;
  }
  const resources = [...kinds].filter(([, k]) => k !== "enum").map(([n]) => n);
  reporter.reportUnknown(
    data,
    path,
    `unknown resource '${data}'${suggest(data, resources)}; declare it under types or fix the name`,
  );
  return undefined;
}

/** `WebhookEvent` and the names generated beside it may not be taken by a declared type. */
function checkUnionNamesAreFree(reporter: Reporter, kinds: ReadonlyMap<string, DeclarationKind>) {
  const union = webhookUnionNames.union;
  const generated = [
    union,
    webhookUnionNames.fallback,
    declarationNames(union).known,
    declarationNames(union).variants,
  ];
  for (const name of generated) {
    if (!kinds.has(name)) continue;
    reporter.reportKey(
      [kinds.get(name) === "enum" ? "enums" : "types", name],
      `'${name}' is generated for the spec's webhooks (the union of the webhook events); rename this ${kinds.get(name) === "enum" ? "enum" : "type"}`,
    );
  }
}
