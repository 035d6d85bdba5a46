import type { Mode, ModeAnalysis } from "../../ir/modes.ts";
import { camelCase, operationNames, validatorName } from "../../ir/names.ts";
import type { Operation } from "../../ir/types.ts";

/**
 * The validators' file-local names (the exported ones come from ir/names.ts): the module
 * constants a validator reads, named after it.
 */
export { validatorName };

/** A response status whose body is not one named type; `status` tells several such apart. */
export function responseValidatorName(operation: Operation, status?: number): string {
  const name = operationNames(operation).responseValidator;
  return status === undefined ? name : `${name}${status}`;
}

function stem(validator: string): string {
  return camelCase(validator.replace(/^(validate|check)(?=[A-Z])/, ""));
}

/** The validator that routes a tagged union on its tag (ir/modes.ts's routedNameOf). */
export function routedValidatorName(modes: ModeAnalysis, union: string, mode: Mode): string {
  return validatorName(modes.routedNameOf(union, mode));
}

/** The members of a union tried in turn, named after the validator or check that tries them. */
export function membersName(validator: string): string {
  return `${stem(validator)}Members`;
}

/** The variants of a tagged union by tag. */
export function variantsName(validator: string): string {
  return `${stem(validator)}Variants`;
}

/** The values of a closed enum (inputs). */
export function enumValuesName(enumName: string): string {
  return `${camelCase(enumName)}Values`;
}

/**
 * A string pattern's compiled expression, named after a hash of its text (FNV-1a): stable
 * whatever else the spec holds, and distinct for distinct patterns.
 */
export function patternName(pattern: string): string {
  let hash = 0x811c9dc5;
  for (const char of pattern) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return `pattern${hash.toString(36)}`;
}
