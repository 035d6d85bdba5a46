import type { Api } from "../../ir/types.ts";
import { withWebhookDeclarations } from "../../ir/webhook-declarations.ts";
import { declarationSchema, type JsonObject } from "./json-schema.ts";
import { pathsObject, tagOf } from "./operations.ts";
import { webhooksObject } from "./webhooks.ts";

/**
 * The spec as one OpenAPI 3.1 document, for the tools of that ecosystem (docs renderers,
 * Postman and Bruno, other languages' generators, Prism). Built with its keys in a fixed
 * order, so the same spec gives the same bytes.
 */
export function openApiDocument(api: Api): JsonObject {
  const { declarations } = withWebhookDeclarations(api);
  // A union's fallback variant (`UnknownPrice`) is not a schema here: the union says it is open.
  const fallbacks = new Set(
    declarations.flatMap((d) => (d.kind === "union" && d.fallback ? [d.fallback] : [])),
  );
  const tags = [...new Set([...api.operations.map(tagOf), ...(api.webhooks.length > 0 ? ["webhooks"] : [])])];
  return {
    openapi: "3.1.0",
    // Says where the document comes from, and so that it is never edited by hand.
    "x-generated-from": `${api.source} (commerce-codegen; do not edit: change the spec and run pnpm generate)`,
    info: {
      title: api.title,
      version: api.version,
      ...(api.description !== undefined && { description: api.description }),
    },
    servers: api.environments.map((environment) => ({
      url: environment.url,
      description: environment.name,
    })),
    tags: tags.map((name) => ({ name })),
    paths: pathsObject(api),
    ...(api.webhooks.length > 0 && { webhooks: webhooksObject(api) }),
    components: {
      // The webhook events' types among the others, as @commerce-api/schemas has them.
      schemas: Object.fromEntries(
        declarations
          .filter((declaration) => !fallbacks.has(declaration.name))
          .map((declaration) => [declaration.name, declarationSchema(declaration)]),
      ),
      securitySchemes: Object.fromEntries(
        api.securitySchemes.map((scheme) => [
          scheme.name,
          {
            type: "http",
            scheme: "bearer",
            ...(scheme.description !== undefined && { description: scheme.description }),
            "x-audience": scheme.audience,
            ...(scheme.tokenPrefix !== undefined && { "x-token-prefix": scheme.tokenPrefix }),
          },
        ]),
      ),
    },
  };
}

/** The document as the text written to packages/schemas/openapi.json. */
export function openApiText(api: Api): string {
  return `${JSON.stringify(openApiDocument(api), null, 2)}\n`;
}
