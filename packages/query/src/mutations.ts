import type { CoreClient } from "@commerce-api/client";
import type {
  MutationFunctionContext,
  MutationKey,
  MutationObserverOptions,
  QueryKey,
} from "@tanstack/query-core";
import type { CommerceError } from "./errors.js";
import { queryKeyRoot } from "./keys.js";
import type { OperationCall } from "./operations.js";

/**
 * The options a mutation options factory (or hook) takes: TanStack's, without those the
 * operation decides (`mutationFn`, `mutationKey`).
 */
export type MutationOverrides<Result, Input> = Omit<
  MutationObserverOptions<Result, CommerceError, Input>,
  "mutationFn" | "mutationKey"
>;

/**
 * What `<op>MutationOptions` returns: options for any adapter's mutation, mutation-state
 * filters (by its `mutationKey`) or `queryClient.setMutationDefaults`.
 */
export type CommerceMutationOptions<Result, Input> = MutationObserverOptions<Result, CommerceError, Input> & {
  readonly mutationKey: MutationKey;
};

/** A mutation's key: the root and the operation's group path. */
export type OperationMutationKey<Path extends readonly string[]> = readonly [typeof queryKeyRoot, ...Path];

/** `<op>MutationOptions(client, options?)`. */
export type MutationOptionsFactory<Result, Input> = (
  client: CoreClient,
  options?: MutationOverrides<Result, Input>,
) => CommerceMutationOptions<Result, Input>;

/** The query keys (prefixes, e.g. `[queryKeyRoot, "products", "list"]`) a call with `input` invalidates. */
export type Invalidates<Input> = (input: Input) => readonly QueryKey[];

type OnSuccess<Result, Input> = NonNullable<MutationOverrides<Result, Input>["onSuccess"]>;

/**
 * The `onSuccess` of a mutation that changes what queries read: first it invalidates the
 * queries under each key of `keys(input)` in the `QueryClient` the mutation runs in (for
 * every client: the change happened on the service, whoever looks at it), waiting for the
 * active ones to refetch; then it runs the caller's `onSuccess`. So `mutateAsync` resolves
 * once the screen can show the change, whatever the framework.
 */
export function invalidateThen<Result, Input>(
  keys: (input: Input) => readonly QueryKey[],
  onSuccess?: OnSuccess<Result, Input>,
): OnSuccess<Result, Input> {
  return async (data, input, onMutateResult, context: MutationFunctionContext) => {
    await Promise.all(keys(input).map((queryKey) => context.client.invalidateQueries({ queryKey })));
    return onSuccess?.(data, input, onMutateResult, context);
  };
}

/** The key factory of a mutation under `path`, rooted like the query keys. */
export function mutationKeyFactory<Key extends MutationKey>(path: readonly string[]): () => Key {
  return () => [queryKeyRoot, ...path] as unknown as Key;
}

/**
 * The options factory of a mutation: its key, its call, and (when the spec says it changes
 * what queries read) an `onSuccess` that invalidates those queries before the caller's.
 */
export function mutationOptionsFactory<Result, Input>(
  call: OperationCall<Input, Result>,
  key: () => MutationKey,
  invalidates?: Invalidates<Input>,
): MutationOptionsFactory<Result, Input> {
  return (client, overrides) => ({
    ...overrides,
    mutationKey: key(),
    mutationFn: (input: Input) => call(client, input),
    ...(invalidates && { onSuccess: invalidateThen(invalidates, overrides?.onSuccess) }),
  });
}
