import type { CoreClient } from "@commerce-api/client";

/** A client's standalone operation (`listProducts(client, input, { signal })`), as the factories call it. */
export type OperationCall<Input, Result> = (
  client: CoreClient,
  input: Input,
  options?: { readonly signal?: AbortSignal },
) => Promise<Result>;
