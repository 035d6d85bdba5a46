import type { Operation } from "../../ir/types.ts";

/**
 * The names of the generated validators (client/src/generated/validators.ts), in one place.
 * A declaration's validator is named after the schema it matches (`validateEvent` for
 * `Event`, `validateProductCreateInput` for the strict twin `ProductCreateInput`).
 */
export function validatorName(schemaName: string): string {
  return `validate${schemaName}`;
}

export function inputValidatorName(operation: Operation): string {
  return validatorName(`${operation.typeName}Input`);
}

/** A status whose body is not one named type gets its own validator; `status` tells several apart. */
export function responseValidatorName(operation: Operation, status?: number): string {
  return validatorName(`${operation.typeName}Response${status === undefined ? "" : status}`);
}

/** The members of a union tried in turn, as a module constant. */
export function membersName(validator: string): string {
  return `${validator.replace(/^validate/, "").replace(/^./, (c) => c.toLowerCase())}Members`;
}

/** The variants of a tagged union by tag, as a module constant. */
export function variantsName(validator: string): string {
  return `${validator.replace(/^validate/, "").replace(/^./, (c) => c.toLowerCase())}Variants`;
}

/** The tags of a tagged union, as a module constant. */
export function tagsName(validator: string): string {
  return `${validator.replace(/^validate/, "").replace(/^./, (c) => c.toLowerCase())}Tags`;
}

/** The values of a closed enum (inputs). */
export function enumValuesName(enumName: string): string {
  return `${enumName.charAt(0).toLowerCase()}${enumName.slice(1)}Values`;
}
