import type { CoreClient } from "@commerce-api/client";
import {
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { CommerceError } from "./errors.js";
import { queryKeyRoot } from "./keys.js";
import { useCommerceClient } from "./provider.js";

/** The options a mutation hook takes: TanStack's, without the function the operation decides. */
export type MutationOverrides<Result, Input> = Omit<
  UseMutationOptions<Result, CommerceError, Input>,
  "mutationFn"
>;

/**
 * A mutation calling `operation` with the provider's client. On success it first
 * invalidates the queries under each group path of `invalidates` (for every client: the
 * change happened on the service, whoever looks at it), waiting for the active ones to
 * refetch, then runs the caller's `onSuccess`; so `mutateAsync` resolves once the screen
 * can show the change.
 */
export function useCommerceMutation<Input, Result>(
  operation: (client: CoreClient, input: Input) => Promise<Result>,
  invalidates: readonly (readonly string[])[],
  options: MutationOverrides<Result, Input> = {},
): UseMutationResult<Result, CommerceError, Input> {
  const client = useCommerceClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input) => operation(client, input),
    onSuccess: async (...args) => {
      await Promise.all(
        invalidates.map((group) => queryClient.invalidateQueries({ queryKey: [queryKeyRoot, ...group] })),
      );
      return options.onSuccess?.(...args);
    },
  });
}
