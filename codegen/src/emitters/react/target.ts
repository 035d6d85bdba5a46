import { apiAsOf } from "../../ir/versions.ts";
import type { GeneratedName, OperationSummary, Target } from "../target.ts";
import { emitReact } from "./emit-react.ts";
import { reactNames } from "./names.ts";
import { reactReservedNames } from "./runtime-names.ts";
import { emitReactVersions } from "./versions.ts";

/** @commerce-api/react: TanStack Query hooks over the core's factories (emit-react.ts). */
export const reactTarget: Target = {
  name: "react",
  output: { package: "react" },
  everyVersion: true,
  emit: (api, files) => {
    emitReact(apiAsOf(api, api.version), files);
    emitReactVersions(api, files);
  },
  reserved: { by: "the React bindings", names: reactReservedNames },
  operationValueNames: reactValueNames,
};

/** The hooks: an operation id that is another's hook is reported as such. */
function reactValueNames(operation: OperationSummary): GeneratedName[] {
  const names = reactNames(operation);
  if (operation.kind === "mutation") return [{ name: names.hook, what: "hook" }];
  return [
    { name: names.hook, what: "hook" },
    { name: names.suspenseHook, what: "Suspense hook" },
    { name: names.infiniteHook, what: "Infinite hook" },
    { name: names.suspenseInfiniteHook, what: "SuspenseInfinite hook" },
  ];
}
