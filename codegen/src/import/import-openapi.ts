import { child, pointer } from "../drift/json-pointer.ts";
import { dereference, isSchema, propertiesOf, type Schema } from "../drift/schema-view.ts";
import { camelCase, NameBook, operationNames } from "./names.ts";
import type { Note } from "./notes.ts";
import { type DocumentOperation, documentOperations, OperationImporter } from "./operations.ts";
import { type Entry, SchemaImporter } from "./schemas.ts";

/** What to bring in from the document. */
export interface Selection {
  /** operationIds or "METHOD path"s. */
  readonly operations: readonly string[];
  readonly all: boolean;
  readonly webhooks: boolean;
}

/** The spec an import is merged into, as the import needs it (merge/plan.ts makes it). */
export interface ImportTarget {
  /** Our name for a schema of the document (by its pointer) that the spec already has. */
  readonly reuse: (pointer: string) => string | undefined;
  /** The names of the spec's types and enums: a new one never takes them. */
  readonly takenNames: Iterable<string>;
  /** The spec's error code for each status. */
  readonly codesByStatus: ReadonlyMap<number, string>;
}

/** The spec written from a document: its sections as our language has them, and the notes. */
export interface Imported {
  readonly spec: Entry;
  readonly notes: Note[];
  /** The document's place of each operation we wrote, by our id (for merging). */
  readonly operationPlaces: Map<string, { method: string; path: string }>;
}

export class SelectionError extends Error {
  override name = "SelectionError";
}

/**
 * Writes our language from an OpenAPI 3.0/3.1 document: the selected operations (and
 * webhooks), with every type, enum, error code and security scheme they reach.
 */
export function importOpenApi(document: Schema, selection: Selection, into?: ImportTarget): Imported {
  const notes: Note[] = [];
  const names = new NameBook([...(into?.takenNames ?? [])].map((name) => [name, `the spec's ${name}`]));
  const ours =
    typeof document["x-generated-from"] === "string" &&
    document["x-generated-from"].includes("commerce-codegen");
  // Our own export states openness (its fallback variants, or x-commerce-open); a document
  // of the service lists the tags known today, which our responses must outlive.
  const types = new SchemaImporter(document, names, notes, {
    openUnions: !ours && !usesOpenMarks(document),
    ...(into && { reuse: into.reuse }),
  });
  const operations = new OperationImporter(types, ours, into?.codesByStatus);
  const chosen = selectOperations(document, selection);
  const operationIds = new NameBook();
  const operationEntries: Entry = {};
  const operationPlaces = new Map<string, { method: string; path: string }>();
  const byTag = groupByTag(chosen);
  for (const source of byTag) {
    const tag = firstTag(source.operation);
    const wanted =
      ownNames(source.operation) ??
      operationNames(String(source.operation.operationId ?? `${source.method}_${source.path}`), tag);
    const { name: id, collidedWith } = operationIds.claim(wanted.id, source.at);
    if (collidedWith !== undefined) {
      notes.push({
        pointer: child(source.at, "operationId"),
        message: `named ${id}: ${wanted.id} is already the id of ${collidedWith}`,
        entry: ["operations", id],
      });
    }
    const group = collidedWith === undefined ? wanted.group : `${wanted.group}${id.slice(wanted.id.length)}`;
    operationEntries[id] = types.within(["operations", id], () => operations.operation(source, id, group));
    operationPlaces.set(id, { method: source.method.toUpperCase(), path: source.path });
  }
  const webhooks = selection.webhooks ? importWebhooks(document, types) : undefined;
  const spec: Entry = {
    info: info(document),
    environments: environments(document),
    security: security(document, operations, types),
    errors: Object.fromEntries(operations.errors),
  };
  if (types.enums.size > 0) spec.enums = Object.fromEntries(types.enums);
  spec.types = Object.fromEntries(types.types);
  spec.operations = operationEntries;
  if (webhooks && Object.keys(webhooks).length > 0) spec.webhooks = webhooks;
  pruneUnreached(spec);
  return { spec, notes, operationPlaces };
}

/** The id and group our own export states (`x-commerce-group` beside its operationId). */
function ownNames(operation: Schema): { id: string; group: string } | undefined {
  const group = operation["x-commerce-group"];
  return typeof group === "string" && typeof operation.operationId === "string"
    ? { id: operation.operationId, group }
    : undefined;
}

/**
 * Drops the types and enums nothing refers to: a type the document declares that the import
 * replaced by what it stands for (a deepObject parameter spelled out, a variant's tag read as
 * any string) would otherwise stay behind, used by nothing.
 */
function pruneUnreached(spec: Entry): void {
  const declared = { ...((spec.types ?? {}) as Entry), ...((spec.enums ?? {}) as Entry) };
  const reached = new Set<string>();
  // The types our language gives a role: the pages' and the error bodies'.
  const roles = ["Pagination", "CursorPagination", "ErrorBody", "ValidationErrorBody"];
  const pending = [...roles, ...namesIn(spec.operations), ...namesIn(spec.webhooks)];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (reached.has(name) || !(name in declared)) continue;
    reached.add(name);
    pending.push(...namesIn(declared[name]));
  }
  for (const section of ["types", "enums"] as const) {
    const entries = spec[section] as Entry | undefined;
    if (entries)
      spec[section] = Object.fromEntries(Object.entries(entries).filter(([name]) => reached.has(name)));
  }
  if (spec.enums && Object.keys(spec.enums as Entry).length === 0) delete spec.enums;
}

/** The type names an entry's values may mention (prose and examples aside). */
function namesIn(value: unknown, key = ""): string[] {
  if (["description", "summary", "example", "default", "deliberate", "group", "path"].includes(key))
    return [];
  if (typeof value === "string") return value.match(/[A-Z][A-Za-z0-9_]*/g) ?? [];
  if (Array.isArray(value)) return value.flatMap((item) => namesIn(item, key));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([child, inner]) => namesIn(inner, child));
  return [];
}

function usesOpenMarks(document: Schema): boolean {
  return JSON.stringify(document.components ?? {}).includes('"x-commerce-open"');
}

function selectOperations(document: Schema, selection: Selection): DocumentOperation[] {
  const all = documentOperations(document);
  if (selection.all) return all;
  const chosen: DocumentOperation[] = [];
  for (const wanted of selection.operations) {
    const match = /^(GET|POST|PUT|PATCH|DELETE)\s+(\/\S*)$/i.exec(wanted.trim());
    const found = match
      ? all.find((candidate) => candidate.method === match[1]!.toLowerCase() && candidate.path === match[2])
      : all.find(
          (candidate) =>
            candidate.operation.operationId === wanted ||
            operationNames(String(candidate.operation.operationId ?? ""), firstTag(candidate.operation))
              .id === wanted,
        );
    if (!found) {
      const close = all
        .map((candidate) => String(candidate.operation.operationId))
        .filter((id) => id.includes(wanted.split(/[:\s/]/).at(-1) ?? wanted))
        .slice(0, 3);
      throw new SelectionError(
        `the document has no operation '${wanted}'; name one by its operationId or as "METHOD /path"${close.length > 0 ? ` (did you mean ${close.join(", ")}?)` : ""}`,
      );
    }
    if (!chosen.includes(found)) chosen.push(found);
  }
  return chosen;
}

/** Operations grouped by their first tag, the tags in the order they first appear. */
function groupByTag(operations: DocumentOperation[]): DocumentOperation[] {
  const groups = new Map<string, DocumentOperation[]>();
  for (const operation of operations) {
    const tag = firstTag(operation.operation) ?? "";
    groups.set(tag, [...(groups.get(tag) ?? []), operation]);
  }
  return [...groups.values()].flat();
}

export function firstTag(operation: Schema): string | undefined {
  return Array.isArray(operation.tags) && typeof operation.tags[0] === "string"
    ? operation.tags[0]
    : undefined;
}

function info(document: Schema): Entry {
  const source = isSchema(document.info) ? document.info : {};
  return {
    title: String(source.title ?? "API"),
    version: String(source.version ?? "1"),
    ...(typeof source.description === "string" && { description: source.description }),
  };
}

function environments(document: Schema): Entry {
  const servers = Array.isArray(document.servers) ? document.servers.filter(isSchema) : [];
  const found: Entry = {};
  servers.forEach((server, index) => {
    if (typeof server.url !== "string" || !/^https?:\/\//.test(server.url)) return;
    const named = Object.entries(server).find(
      ([key, value]) => key.endsWith("-environment") && typeof value === "string",
    )?.[1];
    const description =
      typeof server.description === "string" && /^[a-z][a-z0-9_-]*$/i.test(server.description)
        ? server.description
        : undefined;
    const name = String(
      named ?? description ?? (index === 0 ? "production" : index === 1 ? "sandbox" : `server${index + 1}`),
    );
    found[camelCase(name)] = server.url;
  });
  if (Object.keys(found).length === 0) found.production = "https://api.example.com";
  return found;
}

/**
 * Whom a scheme's tokens act for, when the document does not say (`x-audience`): customers
 * when its name says customer or member, or when every operation that takes it is one of the
 * customer portal's; else the organization.
 */
function audienceOf(name: string, operations: OperationImporter): { audience: string; why: string } {
  if (/customer|member/i.test(name)) return { audience: "customer", why: "its name" };
  const paths = operations.operationsBySchemes.filter((o) => o.schemes.includes(name)).map((o) => o.path);
  const portal = paths.length > 0 && paths.every((path) => /customer[-_]portal/.test(path));
  return portal
    ? { audience: "customer", why: "its operations, all of the customer portal" }
    : { audience: "organization", why: "its operations, not all of the customer portal" };
}

function security(document: Schema, operations: OperationImporter, types: SchemaImporter): Entry {
  const used = operations.schemes;
  const schemes = ((document.components as Schema | undefined)?.securitySchemes ?? {}) as Record<
    string,
    unknown
  >;
  const entries: Entry = {};
  for (const name of used) {
    const at = pointer("components", "securitySchemes", name);
    const scheme = isSchema(schemes[name]) ? dereference(document, { schema: schemes[name], at }).schema : {};
    const given = scheme["x-audience"];
    const stated = given === "customer" || given === "organization" ? given : undefined;
    const inferred = audienceOf(name, operations);
    const audience = stated ?? inferred.audience;
    if (stated === undefined) {
      types.note(at, `no audience stated; read ${audience} from ${inferred.why}`, ["security", name]);
    }
    if (!(scheme.type === "http" && String(scheme.scheme).toLowerCase() === "bearer")) {
      types.note(
        at,
        `a scheme of type ${String(scheme.type ?? "(none)")}; our schemes are bearer tokens; chose a bearer token`,
        ["security", name],
      );
    }
    entries[name] = {
      audience,
      ...(typeof scheme["x-token-prefix"] === "string" && { tokenPrefix: scheme["x-token-prefix"] }),
      ...(typeof scheme.description === "string" && { description: scheme.description }),
    };
  }
  return entries;
}

/** `webhooks`: each event's `data` resource, from the body `{ type, timestamp, data }` it is posted. */
function importWebhooks(document: Schema, types: SchemaImporter): Entry {
  const events: Entry = {};
  const source = isSchema(document.webhooks) ? document.webhooks : {};
  for (const [type, item] of Object.entries(source)) {
    const post = isSchema(item) ? item.post : undefined;
    const at = pointer("webhooks", type, "post");
    if (!isSchema(post)) continue;
    const body = isSchema(post.requestBody)
      ? dereference(document, { schema: post.requestBody, at: child(at, "requestBody") })
      : undefined;
    const content =
      body && isSchema(body.schema.content)
        ? (body.schema.content as Record<string, Schema>)["application/json"]
        : undefined;
    if (!content || !isSchema(content.schema)) {
      types.note(at, "a webhook without a JSON body; left out", ["webhooks"]);
      continue;
    }
    const payload = { schema: content.schema, at: child(body!.at, "content", "application/json", "schema") };
    const data = propertiesOf(document, payload).properties.get("data");
    if (!data) {
      types.note(
        payload.at,
        "a webhook body without `data`; our events are { type, timestamp, data }; left out",
        ["webhooks"],
      );
      continue;
    }
    let name = types.convert(
      data,
      `${camelCase(type)[0]!.toUpperCase()}${camelCase(type).slice(1)}Data`,
    ).expression;
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) {
      // `data` names a resource: an expression becomes an alias of its own.
      const alias = types.claim(
        `${camelCase(type.replaceAll(".", "_")).replace(/^./, (c) => c.toUpperCase())}Data`,
        data.at,
      );
      types.types.set(alias, { type: name });
      name = alias;
    }
    const description = typeof post.description === "string" ? post.description : undefined;
    events[type] = { data: name, ...(description !== undefined && { description }) };
  }
  return events;
}
