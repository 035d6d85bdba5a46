import type { Operation } from "../../ir/types.ts";
import { blankLine, functionStatement, type Statement } from "../emitter.ts";
import { importCollector, prependImports } from "../imports.ts";
import { changes } from "../query/emit-query.ts";
import { reactNames } from "./names.ts";

/** mutations.ts: `use<Op>(options?)`, `useMutation` over the core's options factory with the provider's client. */
export function emitMutationHooks(operations: readonly Operation[], file: Statement[]) {
  const imports = importCollector();
  imports.use("@tanstack/react-query", "useMutation", "type UseMutationResult");
  imports.use("@commerce-api/query", "type CommerceError", "type MutationOverrides");
  imports.use("../provider.js", "useCommerceClient");
  for (const operation of operations) {
    const names = reactNames(operation);
    const { function: id, input, response } = names;
    imports.use("@commerce-api/client", `type ${input}`, `type ${response}`);
    imports.use("@commerce-api/query", names.mutationOptions);
    file.push(
      blankLine,
      functionStatement({
        name: names.hook,
        docs: `${operation.summary} A mutation over {@link ${id}}: \`mutate(input)\` or \`mutateAsync(input)\`. ${changes(operation)}`,
        parameters: [
          { name: "options", type: `MutationOverrides<${response}, ${input}>`, hasQuestionToken: true },
        ],
        returnType: `UseMutationResult<${response}, CommerceError, ${input}>`,
        statements: `return useMutation(${names.mutationOptions}(useCommerceClient(), options));`,
      }),
    );
  }
  prependImports(file, imports);
}
