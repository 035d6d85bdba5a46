import type { Invalidation, Operation } from "../../ir/types.ts";
import { blankLine, functionStatement, type Statement, typeAliasStatement } from "../emitter.ts";
import { access, propertyKey } from "../identifiers.ts";
import { type ImportCollector, importCollector, prependImports } from "../imports.ts";
import { reactNames } from "./names.ts";
import { keyPrefix, keyPrefixType, returnCall } from "./shared.ts";

/**
 * A mutation's key and options factory, for options.ts (no React): the key is rooted like
 * the query keys (`["commerce-api", ...group]`), so `useMutationState`/`useIsMutating`
 * filters find an operation's calls, or every call of this API by the root alone.
 */
export function mutationOptionStatements(operation: Operation, imports: ImportCollector): Statement[] {
  const names = reactNames(operation);
  const { function: id, input, response, mutationKeyType: key } = names;
  imports.use("@commerce-api/client", id, `type ${input}`, `type ${response}`);
  imports.use("@tanstack/react-query", "mutationOptions");
  imports.use("../keys.js", "queryKeyRoot");
  imports.use("../mutations.js", "type CommerceMutationOptions", "type MutationOverrides");
  const lines = [
    "...options,",
    `mutationKey: ${names.mutationKey}(),`,
    `mutationFn: (input) => ${id}(client, input),`,
  ];
  if (operation.invalidates.length > 0) {
    imports.use("../mutations.js", "invalidateThen");
    lines.push(invalidateThenCall(operation.invalidates));
  }
  return [
    typeAliasStatement({
      name: key,
      docs: `The mutation key of {@link ${id}}: \`useMutationState\` and \`useIsMutating\` find its calls by it.`,
      type: `readonly [${keyPrefixType(operation.group)}]`,
    }),
    blankLine,
    functionStatement({
      name: names.mutationKey,
      docs: `The mutation key of {@link ${id}}, for \`useMutationState({ filters: { mutationKey } })\`, \`useIsMutating\`.`,
      returnType: key,
      statements: `return [${keyPrefix(operation.group)}];`,
    }),
    blankLine,
    functionStatement({
      name: names.mutationOptions,
      docs: [
        `Mutation options of {@link ${id}} (${operation.summary.replace(/\.$/, "")}), for \`useMutation\`:`,
        "`mutate(input)` or `mutateAsync(input)`.",
        changes(operation),
      ].join(" "),
      parameters: [
        { name: "client", type: "CoreClient" },
        { name: "options", type: `MutationOverrides<${response}, ${input}>`, hasQuestionToken: true },
      ],
      returnType: `CommerceMutationOptions<${response}, ${input}>`,
      statements: returnCall("mutationOptions", lines),
    }),
  ];
}

/** mutations.ts: `use<Op>(options?)`, `useMutation` over the options factory with the provider's client. */
export function emitMutationHooks(operations: readonly Operation[], file: Statement[]) {
  const imports = importCollector();
  imports.use("@tanstack/react-query", "useMutation", "type UseMutationResult");
  imports.use("../errors.js", "type CommerceError");
  imports.use("../mutations.js", "type MutationOverrides");
  imports.use("../provider.js", "useCommerceClient");
  for (const operation of operations) {
    const names = reactNames(operation);
    const { function: id, input, response } = names;
    imports.use("@commerce-api/client", `type ${input}`, `type ${response}`);
    imports.use("./options.js", names.mutationOptions);
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

/** What the TSDoc says a successful call invalidates. */
function changes(operation: Operation): string {
  if (operation.invalidates.length === 0)
    return "It changes nothing a query of this API reads, so it invalidates nothing.";
  const targets = operation.invalidates.map((target) => {
    const group = `\`${target.group.join(".")}\``;
    if (!target.where) return `the queries under ${group}`;
    const fields = target.where.map((w) => `\`${w.queryField}\` is the input's \`${w.inputField}\``);
    return `the ${group} entries whose ${fields.join(" and ")}`;
  });
  return [
    `On success, invalidates ${targets.join(", ")}`,
    "(and waits for the active ones to refetch), then runs `options.onSuccess`.",
  ].join(" ");
}

/** `onSuccess: invalidateThen((input) => [keys...], options?.onSuccess),`: the keys a call invalidates. */
function invalidateThenCall(invalidates: readonly Invalidation[]): string {
  const parameter = invalidates.some((target) => target.where !== undefined) ? "input" : "";
  const keys = invalidates.map((target) => {
    const where = target.where?.map((w) => `${propertyKey(w.queryField)}: input${access(w.inputField)}`);
    return `[${keyPrefix(target.group)}${where ? `, { ${where.join(", ")} }` : ""}]`;
  });
  return `onSuccess: invalidateThen((${parameter}) => [${keys.join(", ")}], options?.onSuccess),`;
}
