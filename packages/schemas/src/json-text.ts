import * as z from "zod/mini";
import { issueMessages } from "./messages.js";

/**
 * A query parameter the service reads as JSON text (`style: json` in the spec), given as text:
 * the text must be JSON, and its value must pass `schema`, so a bad filter never reaches the
 * service. The text itself is kept, unchanged, as the parsed value.
 */
export function jsonText(schema: z.ZodMiniType): z.ZodMiniType<string, string> {
  return z.string(issueMessages).check(
    z.superRefine((text, context) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        context.addIssue({ code: "custom", message: "expected JSON text", input: text });
        return;
      }
      const result = schema.safeParse(value);
      if (result.success) return;
      for (const issue of result.error.issues) {
        context.addIssue({ code: "custom", message: issue.message, path: issue.path, input: text });
      }
    }),
  );
}
