import { clientRuntimeErrorClasses } from "../emitters/client/runtime-names.ts";
import type { ErrorCode } from "../ir/types.ts";
import type { SpecDocument } from "./language.ts";
import type { Reporter } from "./reporter.ts";
import type { DeclarationKind } from "./type-resolution.ts";

/**
 * The spec's error codes. A code's `class` becomes a generated ApiError subclass of the
 * client, so it must be a fresh class name: not a runtime class, another code's, or a type's
 * (the client exports the spec's types beside its classes).
 */
export function lowerErrorCodes(
  spec: SpecDocument,
  reporter: Reporter,
  kinds: ReadonlyMap<string, DeclarationKind>,
): ErrorCode[] {
  const owners = new Map<string, string>();
  return Object.entries(spec.errors).map(([code, { status, description, class: errorClass }]) => {
    if (errorClass !== undefined) {
      const path = ["errors", code, "class"];
      const other = owners.get(errorClass);
      if (!/^[A-Z][A-Za-z0-9]*Error$/.test(errorClass))
        reporter.report(
          path,
          `error class '${errorClass}' must be PascalCase and end in Error, e.g. '${code}Error'`,
        );
      else if ((clientRuntimeErrorClasses as readonly string[]).includes(errorClass))
        reporter.report(
          path,
          `'${errorClass}' is a class of the client runtime; give '${code}' a class of its own, e.g. '${code}Error', or leave class out`,
        );
      else if (other)
        reporter.report(
          path,
          `'${errorClass}' is already the class of '${other}'; each code needs its own class`,
        );
      else if (kinds.has(errorClass))
        reporter.report(
          path,
          `'${errorClass}' is also the name of a type, and the client exports both; rename one`,
        );
      owners.set(errorClass, code);
    }
    return {
      code,
      status,
      ...(description !== undefined && { description }),
      ...(errorClass !== undefined && { errorClass }),
    };
  });
}
