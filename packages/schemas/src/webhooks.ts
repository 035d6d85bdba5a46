/**
 * `@commerce-api/schemas/webhooks`: the events the service sends to webhook endpoints
 * (`WebhookEvent`, one type and schema per event, the open variant and the tag guards), an
 * entry of its own so that an app that never imports it never loads their types.
 */
export * from "./generated/webhooks.js";
