import type { Api, ErrorCode } from "../../ir/types.ts";
import { blankLine, constStatement, type Statement } from "../emitter.ts";
import { importCollector, prependImports } from "../imports.ts";

/**
 * generated/errors.ts: the class of every error code that names one (an ApiError subclass,
 * named on its prototype like the runtime's own, see src/errors.ts), and `errorCodes`, the
 * table of code → status and class that the runtime looks a response's code up in.
 */
export function emitErrors(api: Api, file: Statement[]) {
  const classes = api.errorCodes.filter((error) => error.errorClass !== undefined);
  const imports = importCollector();
  imports.use("../errors.js", "type ErrorCodes", ...(classes.length > 0 ? ["ApiError", "nameClass"] : []));
  for (const error of classes) file.push(blankLine, classDeclaration(error));
  const entries = api.errorCodes.map((error) => {
    const errorClass = error.errorClass === undefined ? "" : `, errorClass: ${error.errorClass}`;
    return `${error.code}: { status: ${error.status}${errorClass} },`;
  });
  file.push(
    blankLine,
    constStatement({
      name: "errorCodes",
      type: "ErrorCodes",
      docs: `The error codes of the ${api.title} (the \`error\` of its error-shaped bodies): each one's status, and the class the client throws for it when it has one of its own.`,
      initializer: entries.length === 0 ? "{}" : `{\n${entries.join("\n")}\n}`,
    }),
  );
  prependImports(file, imports);
  // As in the runtime's src/errors.ts: naming the class inside its own body makes esbuild rename it.
  if (classes.length > 0)
    file.unshift(
      "// biome-ignore-all lint/complexity/noThisInStatic: naming the class in its body makes esbuild rename it",
    );
}

/** Literal code: the printer prints no classes, and this one never varies but by its name. */
function classDeclaration(error: ErrorCode): string {
  const name = error.errorClass!;
  const what = error.description ? `: ${error.description.trim()}` : "";
  return `/** ${error.status} \`${error.code}\`${what} */\nexport class ${name} extends ApiError { static { nameClass(this, ${JSON.stringify(name)}); } }`;
}
