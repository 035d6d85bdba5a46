import * as z from "zod/mini";

/**
 * A query parameter the service reads as JSON text (`style: json` in the spec): the caller may
 * give the value, or its JSON text already. Either way the value must pass `schema`, so a bad
 * filter never reaches the service, and its problems are reported at their own paths. The input
 * is kept as given (the client encodes a value, and sends text as it is).
 */
export function jsonText<T>(schema: z.ZodMiniType<T>): z.ZodMiniType<T | string, T | string> {
  return z.custom<T | string>().check(
    z.superRefine((input, context) => {
      let value: unknown = input;
      if (typeof input === "string") {
        try {
          value = JSON.parse(input);
        } catch {
          context.addIssue({ code: "custom", message: "expected JSON text", input });
          return;
        }
      }
      const result = schema.safeParse(value);
      if (!result.success) for (const issue of result.error.issues) context.addIssue({ ...issue });
    }),
  );
}
