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
export function operationNames(operation: { readonly id: string }) {
  const { id } = operation;
  const typeName = pascalCase(id);
  return {
    /** The standalone function (client), e.g. `validateLicenseKey`. */
    function: id,
    /** The stem of the operation's type names, e.g. `ValidateLicenseKey`. */
    typeName,
    /** The definition the client runtime calls it through, e.g. `validateLicenseKeyOperation`. */
    definition: `${id}Operation`,
    /** The input's schema and type (schemas), e.g. `ValidateLicenseKeyInput`. */
    input: `${typeName}Input`,
    /** What the call resolves to, schema and type (schemas), e.g. `ValidateLicenseKeyResponse`. */
    response: `${typeName}Response`,
    /** The client's validators of the input and of a response body that is not one named type. */
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
export function declarationNames(name: string) {
  return {
    /** The strict twin of a type used by inputs and responses both, e.g. `CustomerInput`. */
    strictInput: `${name}Input`,
    /** An enum's closed type (its known values); a union's routed part (its known variants). */
    known: `Known${name}`,
    /** An enum's known values, as a constant array. */
    values: `${name}Values`,
    /** A union's variants by tag, and its type guards. */
    variants: `${name}Variants`,
    guard: `is${name}`,
    knownGuard: `isKnown${name}`,
    /** A union's set of its variants' tags, used by its guards and its fallback's schema (module-private). */
    knownTags: `${camelCase(name)}Tags`,
    /** A union of unions: the set of its innermost variants' tags (module-private). */
    knownLeafTags: `${camelCase(name)}LeafTags`,
  };
}
