import type { Target } from "../target.ts";
import { openApiText } from "./document.ts";

/**
 * The spec as an OpenAPI 3.1 document, `packages/schemas/openapi.json`, published by
 * `@commerce-api/schemas` as `@commerce-api/schemas/openapi.json`. It generates no code, so it
 * reserves and generates no names.
 */
export const openApiTarget: Target = {
  name: "openapi",
  output: { packageRoot: "schemas" },
  emit: (api, files) => files.text("openapi.json", openApiText(api)),
};
