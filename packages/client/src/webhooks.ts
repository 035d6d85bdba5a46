/**
 * `@commerce-api/client/webhooks`: receiving the service's webhooks. `verifyWebhook` checks a
 * delivery's signature (Standard Webhooks, WebCrypto only: Node 20, browsers, Workers, Deno,
 * Bun) and answers its typed event; `createWebhookHandler` is a whole endpoint for
 * fetch-standard servers, and `toNodeHandler` mounts it on `node:http` or Express. Nothing
 * here is imported by the client's other entries, nor they by it.
 */

import type * as events from "@commerce-api/schemas/webhooks";

// Aliases, not `export type { … } from`: a declaration bundler drops that `type`, and the
// bundled `.d.ts` would promise values (`WebhookEvent.parse`) this entry does not export.
export type KnownWebhookEvent = events.KnownWebhookEvent;
export type UnknownWebhookEvent = events.UnknownWebhookEvent;
export type WebhookEvent = events.WebhookEvent;
export type WebhookEventVariants = events.WebhookEventVariants;
export { WebhookVerificationError, type WebhookVerificationReason } from "./webhooks/error.js";
export {
  createWebhookHandler,
  type WebhookCallback,
  type WebhookCallbacks,
  type WebhookContext,
  type WebhookHandlerOptions,
} from "./webhooks/handler.js";
export type { WebhookHeaders } from "./webhooks/headers.js";
export {
  keepRawBody,
  type NodeHandlerOptions,
  type NodeWebhookRequest,
  type NodeWebhookResponse,
  toNodeHandler,
} from "./webhooks/node.js";
export { type VerifyWebhookOptions, verifyWebhook, type WebhookBody } from "./webhooks/verify.js";
