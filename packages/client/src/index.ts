/**
 * `@commerce-api/client`: everything of `@commerce-api/client/core`, with a
 * `createClient` whose client also carries the grouped methods
 * (`client.licenseKeys.validate(input)`). The grouped facade references every
 * operation; apps that call only a few import from `/core` instead.
 */
import { type ClientOptions, type CoreClient, createCoreClient } from "./client.js";
import { type GroupedOperations, groupOperations } from "./generated/grouped.js";

// `createClient` below replaces core's bare one; everything else is re-exported as is.
export * from "./core.js";
export type { GroupedOperations } from "./generated/grouped.js";

/** A client with the grouped methods; it is also a `CoreClient`, so standalone operations accept it. */
export type Client = CoreClient & GroupedOperations;

export function createClient(options?: ClientOptions): Client {
  const core = createCoreClient(options);
  // The same object, not a wrapper: `validateLicenseKey(client, ...)` and `client.licenseKeys.validate(...)` share one config.
  return Object.assign(core, groupOperations(core));
}
