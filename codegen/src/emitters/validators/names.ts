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
  return camelCase(validator.replace(/^validate/, ""));
}

/** The members of a union tried in turn. */
export function membersName(validator: string): string {
  return `${stem(validator)}Members`;
}

/** The variants of a tagged union by tag. */
export function variantsName(validator: string): string {
  return `${stem(validator)}Variants`;
}

/** The tags of a tagged union, for the problem of a tag none has. */
export function tagsName(validator: string): string {
  return `${stem(validator)}Tags`;
}

/** The values of a closed enum (inputs). */
export function enumValuesName(enumName: string): string {
  return `${camelCase(enumName)}Values`;
}
