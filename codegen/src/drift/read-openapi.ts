import { readFile } from "node:fs/promises";
import { parse as parseYaml } from "yaml";
import type { Schema } from "./schema-view.ts";

/** The OpenAPI document to compare with could not be used; the message names the file and the fix. */
export class OpenApiInputError extends Error {
  override name = "OpenApiInputError";
}

/** Reads an OpenAPI 3 document, JSON or YAML, from a file the maintainer downloaded (never fetched). */
export async function readOpenApi(file: string, displayPath: string): Promise<Schema> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT" ? "it does not exist" : code === "EISDIR" ? "it is a folder" : String(error);
    throw new OpenApiInputError(
      `cannot read ${displayPath}: ${reason}; pass the path of the OpenAPI document (JSON or YAML) with --openapi`,
    );
  }
  return parseOpenApi(text, displayPath);
}

export function parseOpenApi(text: string, displayPath: string): Schema {
  let value: unknown;
  try {
    value = /^\s*[{[]/.test(text) ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1 });
  } catch (error) {
    throw new OpenApiInputError(
      `${displayPath} is neither JSON nor YAML (${(error as Error).message.split("\n")[0]}); pass the OpenAPI document itself, as downloaded`,
    );
  }
  const document = value as Schema | null;
  const version = document && typeof document === "object" ? document.openapi : undefined;
  if (typeof version !== "string" || !version.startsWith("3.")) {
    const swagger = document && typeof document === "object" && "swagger" in document;
    throw new OpenApiInputError(
      swagger
        ? `${displayPath} is a Swagger 2 document; convert it to OpenAPI 3 (e.g. with swagger2openapi) and pass that`
        : `${displayPath} is not an OpenAPI 3 document (it has no \`openapi: 3.x\` field); pass the service's OpenAPI document`,
    );
  }
  if (!document!.paths || typeof document!.paths !== "object") {
    throw new OpenApiInputError(
      `${displayPath} has no \`paths\`: there is nothing to compare; pass the whole document`,
    );
  }
  return document!;
}
