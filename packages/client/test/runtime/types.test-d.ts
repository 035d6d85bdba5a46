import { describe, expectTypeOf, it } from "vitest";
import type { CoreClient } from "../../src/client.js";
import { createClient as createBareClient } from "../../src/core.js";
import { ApiError, type HTTPValidationError, type InvalidInputError } from "../../src/errors.js";
import type { GroupedOperations } from "../../src/generated/grouped.js";
import { type Client, createClient } from "../../src/index.js";
import type { Issue } from "../../src/issues.js";
import type { InputOf, ResultOf } from "../../src/operation.js";
import { type Paginator, paginate } from "../../src/paginate.js";
import { type RequestOptions, request } from "../../src/request.js";
import {
  deleteThingOperation,
  getReceiptOperation,
  getThingOperation,
  type ListThingsInput,
  type ListThingsResponse,
  listThings,
  type Thing,
  validateKeyOperation,
} from "./helpers.js";

declare const client: CoreClient;

describe("types", () => {
  it("request returns the definition's result type and checks the input", () => {
    expectTypeOf(request(client, getThingOperation, { id: "1" })).toEqualTypeOf<Promise<Thing>>();
    expectTypeOf(request(client, deleteThingOperation, { id: "1" })).toEqualTypeOf<Promise<void>>();
    expectTypeOf(request(client, getReceiptOperation, { id: "1" })).resolves.toEqualTypeOf<{
      url: string;
    } | null>();
    // @ts-expect-error organization_id is required
    void request(client, validateKeyOperation, { key: "K" });
    expectTypeOf<InputOf<typeof getThingOperation>>().toHaveProperty("id");
    // Path or query parameters come with the function that writes them, never alone.
    const { fillPath: _fill, ...withoutFiller } = getThingOperation;
    // @ts-expect-error pathParameters without fillPath
    void request(client, withoutFiller, { id: "1" });
    const { serializeQuery: _serialize, ...withoutSerializer } = getThingOperation;
    // @ts-expect-error queryParameters without serializeQuery
    void request(client, withoutSerializer, { id: "1" });
    expectTypeOf<ResultOf<typeof getThingOperation>>().toEqualTypeOf<Thing>();
  });

  it("paginate infers the item and page types from the operation", () => {
    const paginator = paginate(listThings, client, { limit: 10 });
    expectTypeOf(paginator).toMatchTypeOf<AsyncIterable<Thing>>();
    expectTypeOf(paginator.pages()).toMatchTypeOf<AsyncIterable<ListThingsResponse>>();
    const input: ListThingsInput = { limit: 10 };
    expectTypeOf(paginate(listThings, client, input)).toEqualTypeOf<Paginator<Thing, ListThingsResponse>>();
    // @ts-expect-error not a field of the input
    paginate(listThings, client, { nope: 1 });
    // @ts-expect-error not a list operation
    paginate((_c: CoreClient, _i: { id: string }) => Promise.resolve({ id: "x" }), client, { id: "x" });
  });

  it("the two createClient functions differ only by the grouped facade", () => {
    expectTypeOf(createBareClient()).toEqualTypeOf<CoreClient>();
    expectTypeOf(createClient()).toEqualTypeOf<Client>();
    expectTypeOf<Client>().toMatchTypeOf<CoreClient>();
    expectTypeOf<Client>().toMatchTypeOf<GroupedOperations>();
  });

  it("retryPost exists per call only", () => {
    expectTypeOf<{ retry: { retryPost: true } }>().toMatchTypeOf<RequestOptions>();
    // @ts-expect-error POST retries are opted into per call, not per client
    createBareClient({ retry: { retryPost: true } });
  });

  it("errors expose typed fields", () => {
    expectTypeOf<ApiError["status"]>().toEqualTypeOf<number>();
    expectTypeOf<ApiError["code"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<HTTPValidationError["issues"]>().toEqualTypeOf<readonly Issue[]>();
    expectTypeOf<InvalidInputError["issues"]>().toEqualTypeOf<readonly Issue[]>();
    expectTypeOf<HTTPValidationError>().toMatchTypeOf<ApiError>();
    expectTypeOf(
      new ApiError({ status: 500, body: "", method: "GET", url: "https://x" }),
    ).toMatchTypeOf<Error>();
  });
});
