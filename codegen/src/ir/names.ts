/**
 * Every public name the generator derives from the spec, in one place. The emitters print
 * these names and the loader's collision check reserves them, so a name can only change
 * here. Pure functions of the spec's names: no IR lookups, no state.
 *
 * Adding a generated name: add a field to `OperationNames` or `DeclarationNames`, use it in
 * the emitter, and list it in `generatedTypeNames`/`generatedValueNames` when a spec name
 * could collide with it (the loader reports collisions from those lists).
 */
import type { Declaration } from "./types.ts";

/** `validateLicenseKey` → `ValidateLicenseKey`. */
export function pascalCase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** `ValidateLicenseKey` → `validateLicenseKey`. */
export function camelCase(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** The names generated for one operation, across the three packages. */
export interface OperationNames {
  /** The standalone function (client), e.g. `validateLicenseKey`. */
  readonly function: string;
  /** The stem of the operation's type names, e.g. `ValidateLicenseKey`. */
  readonly typeName: string;
  /** The definition the client runtime calls it through, e.g. `validateLicenseKeyOperation`. */
  readonly definition: string;
  /** The input's schema and type (schemas), e.g. `ValidateLicenseKeyInput`. */
  readonly input: string;
  /** What the call resolves to, schema and type (schemas), e.g. `ValidateLicenseKeyResponse`. */
  readonly response: string;
  /** The client's validators of the input and of a response body that is not one named type. */
  readonly inputValidator: string;
  readonly responseValidator: string;
  /** React: the query key's type and its factory. */
  readonly queryKeyType: string;
  readonly queryKey: string;
  readonly queryOptions: string;
  /** React, lists that page by number: the input without `page`, the pages' key and options. */
  readonly pagesInput: string;
  readonly infiniteQueryKeyType: string;
  readonly infiniteQueryKey: string;
  readonly infiniteQueryOptions: string;
  /** React, mutations: the mutation key's type and its factory, the mutation options factory. */
  readonly mutationKeyType: string;
  readonly mutationKey: string;
  readonly mutationOptions: string;
  /**
   * React hooks: `use<Op>` (a query's or a mutation's), `use<Op>Suspense`, `use<Op>Infinite`,
   * `use<Op>SuspenseInfinite`.
   */
  readonly hook: string;
  readonly suspenseHook: string;
  readonly infiniteHook: string;
  readonly suspenseInfiniteHook: string;
}

export function operationNames(operation: { readonly id: string }): OperationNames {
  const { id } = operation;
  const typeName = pascalCase(id);
  return {
    function: id,
    typeName,
    definition: `${id}Operation`,
    input: `${typeName}Input`,
    response: `${typeName}Response`,
    inputValidator: validatorName(`${typeName}Input`),
    responseValidator: validatorName(`${typeName}Response`),
    queryKeyType: `${typeName}QueryKey`,
    queryKey: `${id}QueryKey`,
    queryOptions: `${id}QueryOptions`,
    pagesInput: `${typeName}PagesInput`,
    infiniteQueryKeyType: `${typeName}InfiniteQueryKey`,
    infiniteQueryKey: `${id}InfiniteQueryKey`,
    infiniteQueryOptions: `${id}InfiniteQueryOptions`,
    mutationKeyType: `${typeName}MutationKey`,
    mutationKey: `${id}MutationKey`,
    mutationOptions: `${id}MutationOptions`,
    hook: `use${typeName}`,
    suspenseHook: `use${typeName}Suspense`,
    infiniteHook: `use${typeName}Infinite`,
    suspenseInfiniteHook: `use${typeName}SuspenseInfinite`,
  };
}

/**
 * The client's validator of a schema (generated/validators.ts), by the schema's name:
 * `validateEvent`, `validateKnownEvent`, `validateProductCreateInput`.
 */
export function validatorName(schemaName: string): string {
  return `validate${schemaName}`;
}

/**
 * The names generated beside a declaration's own. For a union's input twin, pass the twin's
 * name (`declarationNames(strictName)`): its known part is `Known<Name>Input`.
 */
export interface DeclarationNames {
  /** The strict twin of a type used by inputs and responses both, e.g. `CustomerInput`. */
  readonly strictInput: string;
  /** An enum's closed type (its known values); a union's routed part (its known variants). */
  readonly known: string;
  /** An enum's known values, as a constant array. */
  readonly values: string;
  /** A union's variants by tag, and its type guards. */
  readonly variants: string;
  readonly guard: string;
  readonly knownGuard: string;
  /** A union's set of its variants' tags, used by its guards and its fallback's schema (module-private). */
  readonly knownTags: string;
  /** A union of unions: the set of its innermost variants' tags (module-private). */
  readonly knownLeafTags: string;
}

export function declarationNames(name: string): DeclarationNames {
  return {
    strictInput: `${name}Input`,
    known: `Known${name}`,
    values: `${name}Values`,
    variants: `${name}Variants`,
    guard: `is${name}`,
    knownGuard: `isKnown${name}`,
    knownTags: `${camelCase(name)}Tags`,
    knownLeafTags: `${camelCase(name)}LeafTags`,
  };
}

/**
 * The type names generated beside a declaration of this kind, with what each is, for the
 * collision check (a spec type may not take one). The strict twin is checked on its own:
 * only types used by inputs and responses both get one.
 */
export function generatedTypeNames(name: string, kind: Declaration["kind"]): [string, string][] {
  const names = declarationNames(name);
  if (kind === "enum")
    return [
      [names.known, "the known values"],
      [names.values, "the known values"],
    ];
  if (kind === "union")
    return [
      [names.known, "the known variants"],
      [names.variants, "the variants by tag"],
    ];
  return [];
}

/** The names an operation adds to the client's exports besides its function. */
export function clientValueNames(operation: { readonly id: string }): string[] {
  return [operationNames(operation).definition];
}

/**
 * The names of an operation's hooks, with what each is, for the collision check: a hook of
 * one operation may not be another's (`getThingSuspense` → `useGetThingSuspense`).
 */
export function hookNames(
  operation: { readonly id: string },
  kind: "query" | "mutation",
): [string, string][] {
  const names = operationNames(operation);
  if (kind === "mutation") return [[names.hook, "hook"]];
  return [
    [names.hook, "hook"],
    [names.suspenseHook, "Suspense hook"],
    [names.infiniteHook, "Infinite hook"],
    [names.suspenseInfiniteHook, "SuspenseInfinite hook"],
  ];
}

/**
 * The keys and options factories the React bindings export for an operation, with what each
 * is, for the collision check: another operation's id may not be one (`createThingMutationKey`).
 */
export function reactValueNames(
  operation: { readonly id: string },
  kind: "query" | "mutation",
): [string, string][] {
  const names = operationNames(operation);
  if (kind === "mutation")
    return [
      [names.mutationKey, "mutation key"],
      [names.mutationOptions, "mutation options factory"],
    ];
  return [
    [names.queryKey, "query key"],
    [names.queryOptions, "query options factory"],
    [names.infiniteQueryKey, "infinite query key"],
    [names.infiniteQueryOptions, "infinite query options factory"],
  ];
}
