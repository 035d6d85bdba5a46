/**
 * The public names the generator derives from the spec that more than one target uses (the
 * schemas', the client's and its validators'). Pure functions of the spec's names: no IR
 * lookups, no state. A name only one target uses lives in that target's folder (React's in
 * emitters/react/names.ts); each target lists the names it generates in its descriptor
 * (`<folder>/target.ts`), and the loader's collision check reserves them from there.
 */

/** `validateLicenseKey` → `ValidateLicenseKey`. */
export function pascalCase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** `ValidateLicenseKey` → `validateLicenseKey`. */
export function camelCase(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** The names generated for one operation that several targets use. */
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
