import type {
  MutationFunctionContext,
  MutationKey,
  QueryKey,
  UseMutationOptions,
} from "@tanstack/react-query";
import type { CommerceError } from "./errors.js";

/**
 * The options a mutation hook or options factory takes: TanStack's, without those the
 * operation decides (`mutationFn`, `mutationKey`).
 */
export type MutationOverrides<Result, Input> = Omit<
  UseMutationOptions<Result, CommerceError, Input>,
  "mutationFn" | "mutationKey"
>;

/**
 * What `<op>MutationOptions` returns: options for `useMutation`, `useMutationState` filters
 * (by its `mutationKey`) or `queryClient.setMutationDefaults`.
 */
export type CommerceMutationOptions<Result, Input> = UseMutationOptions<Result, CommerceError, Input> & {
  readonly mutationKey: MutationKey;
};

type OnSuccess<Result, Input> = NonNullable<MutationOverrides<Result, Input>["onSuccess"]>;

/**
 * The `onSuccess` of a mutation that changes what queries read: first it invalidates the
 * queries under each key of `keys(input)` in the `QueryClient` the mutation runs in (for
 * every client: the change happened on the service, whoever looks at it), waiting for the
 * active ones to refetch; then it runs the caller's `onSuccess`. So `mutateAsync` resolves
 * once the screen can show the change, with our hooks or with `useMutation(options)` alone.
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
