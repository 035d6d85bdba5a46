import type { Target } from "../target.ts";
import { emitValidators } from "./emit-validators.ts";

/**
 * The client's validators (generated/validators.ts, beside the client's runtime). Their names
 * (`validate<Schema>`) follow the schemas' names, which the schemas target reserves, and they
 * stay in their module: operations.ts imports them as one namespace (`validators`, which the
 * client target reserves), so an operation id may take any of them.
 */
export const validatorsTarget: Target = {
  name: "validators",
  output: { package: "client" },
  emit: emitValidators,
};
