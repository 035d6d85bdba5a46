/**
 * `@commerce-api/client/webhooks`: receiving the service's webhooks. `verifyWebhook` checks a
 * delivery's signature (Standard Webhooks, WebCrypto only: Node 20, browsers, Workers, Deno,
 * Bun) and answers its typed event; `createWebhookHandler` is a whole endpoint for
 * fetch-standard servers, and `toNodeHandler` mounts it on `node:http` or Express. Nothing
 * here is imported by the client's other entries, nor they by it.
 */

export type {
  KnownWebhookEvent,
  UnknownWebhookEvent,
  WebhookEvent,
  WebhookEventVariants,
} from "@commerce-api/schemas/webhooks";
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
