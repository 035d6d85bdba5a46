import { specJsonSchema } from "../../loader/language.ts";
import type { Target } from "../target.ts";

/** The spec language's JSON Schema, written beside the spec for editors (`commerce.schema.json`). */
export const specSchemaTarget: Target = {
  name: "spec-schema",
  output: "spec-folder",
  emit: (_api, files) => files.text("commerce.schema.json", `${JSON.stringify(specJsonSchema(), null, 2)}\n`),
};
