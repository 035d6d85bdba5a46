/** A form's field errors: its own checks before sending, then a 422 from the service on the same fields. */
import { useState } from "react";
import { describeError } from "../lib/errors.js";
import type { FieldErrors } from "../lib/forms.js";

export function useFormErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  return {
    errors,
    setErrors,
    clear: () => setErrors({}),
    /** Puts a failed call's field errors on the form; true when it had any. */
    fromError(error: unknown): boolean {
      const fields = describeError(error).fields;
      setErrors(fields);
      return Object.keys(fields).length > 0;
    },
  };
}
