/**
 * Payloads checked against the generated `WebhookEvent` schemas, as a receiver
 * built on `@commerce-api/client/webhooks` parses them: data given to
 * `send(type, data)` for a type the spec lists must be that type's payload.
 */
import { KnownWebhookEvent, WebhookEvent } from "@commerce-api/schemas/webhooks";
import type { WebhookPayload } from "./log.js";

/** What is wrong with `payload`, in a few lines naming the fields; undefined when nothing is. */
export function payloadProblems(payload: WebhookPayload, known: boolean): string | undefined {
  const result = (known ? KnownWebhookEvent : WebhookEvent).safeParse(payload);
  if (result.success) return undefined;
  const issues = result.error.issues;
  const shown = issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`);
  return shown.join("; ") + (issues.length > 5 ? `; and ${issues.length - 5} more` : "");
}
