/** Open a record by ID (its input schema checks the ID before the screen asks for it). */
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import type * as z from "zod/mini";
import { checkInput } from "../../lib/forms.js";
import { TextField } from "../../ui/Fields.js";
import { useFormErrors } from "../../ui/useFormErrors.js";

export function OpenById({
  label,
  button,
  schema,
  to,
}: {
  label: string;
  button: string;
  schema: z.ZodMiniType<{ id: string }, { id: string }>;
  to: (id: string) => string;
}) {
  const [id, setId] = useState("");
  const { errors, setErrors } = useFormErrors();
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkInput(schema, { id: id.trim() });
    if (!checked.ok) return setErrors(checked.errors);
    navigate(to(checked.input.id));
  };
  return (
    <form onSubmit={submit} className="inline-form" aria-label={button} noValidate>
      <TextField label={label} name="id" value={id} onChange={setId} error={errors.id} />
      <button type="submit" className="button button-secondary">
        {button}
      </button>
    </form>
  );
}
