import { declarationNames, operationNames } from "../../ir/names.ts";
import { apiAsOf } from "../../ir/versions.ts";
import type { GeneratedName, Target } from "../target.ts";
import { emitSchemas } from "./emit-schemas.ts";
import { schemasRuntimeImports } from "./runtime-names.ts";
import { emitSchemaVersions } from "./versions.ts";
import { emitWebhookSchemas } from "./webhooks.ts";

/**
 * @commerce-api/schemas: zod/mini schemas and TypeScript types (emit-schemas.ts), and the
 * webhook events' (webhooks.ts, the package's /webhooks entry).
 */
export const schemasTarget: Target = {
  name: "schemas",
  output: { package: "schemas" },
  everyVersion: true,
  emit: (api, files) => {
    const root = apiAsOf(api, api.version);
    emitSchemas(root, files);
    emitWebhookSchemas(root, files);
    emitSchemaVersions(api, files);
  },
  reserved: { by: "the schemas' runtime", names: Object.values(schemasRuntimeImports).flat() },
  operationTypeNames: (operation) => {
    const names = operationNames(operation);
    return [
      { name: names.input, what: "input" },
      { name: names.response, what: "response" },
    ];
  },
  declarationTypeNames: ({ name, kind }) => {
    const names = declarationNames(name);
    const generated: GeneratedName[] = [];
    // Only types used by inputs and responses both get one, but which are is known only once lowered.
    if (kind !== "enum") generated.push({ name: names.strictInput, what: "strict input form" });
    if (kind === "enum")
      generated.push(
        { name: names.known, what: "known values" },
        { name: names.values, what: "known values" },
      );
    if (kind === "union")
      generated.push(
        { name: names.known, what: "known variants" },
        { name: names.variants, what: "variants by tag" },
        // The strict input form's own known part (`KnownShapeInput`), when it has one.
        { name: declarationNames(names.strictInput).known, what: "known variants of the strict input form" },
      );
    return generated;
  },
  declarationValueNames: ({ name, kind }) => {
    if (kind !== "union") return [];
    const names = declarationNames(name);
    return [
      { name: names.guard, what: "type guard" },
      { name: names.knownGuard, what: "known-variant guard" },
    ];
  },
};
