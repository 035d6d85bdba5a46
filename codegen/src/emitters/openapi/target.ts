import { apiAsOf } from "../../ir/versions.ts";
import type { Target } from "../target.ts";
import { openApiText } from "./document.ts";

/**
 * The spec as OpenAPI 3.1 documents, published by `@commerce-api/schemas`: `openapi.json`
 * (`@commerce-api/schemas/openapi.json`) describes the roots' version, and
 * `openapi/<version>.json` each other dated version. It generates no code, so it reserves
 * and generates no names.
 */
export const openApiTarget: Target = {
  name: "openapi",
  output: { packageRoot: "schemas" },
  everyVersion: true,
  emit: (api, files) => {
    files.text("openapi.json", openApiText(apiAsOf(api, api.version)));
    for (const version of api.versions.filter((v) => v !== api.version))
      files.text(`openapi/${version}.json`, openApiText(apiAsOf(api, version)));
  },
};
