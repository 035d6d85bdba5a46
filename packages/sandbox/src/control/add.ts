/**
 * `POST /__sandbox/add/<kind>`: a builder over HTTP. The body is the builder's
 * input as JSON (records given by id, or by what an earlier call returned);
 * the answer is 201 with what it made, exactly as `sandbox.add.<kind>(input)` returns it.
 */
import { BUILDER_KINDS, type BuilderKind } from "../builders/index.js";
import { json } from "../http/body.js";
import { checkKeys } from "../kit/usage.js";
import type { ControlHandler } from "./types.js";

export const addHandler: ControlHandler = {
  params: { kind: BUILDER_KINDS },
  body: "object",
  handle({ params, body, where }, control) {
    // customerSession takes the customer itself; over HTTP it travels as `{ customer }`.
    if (params.kind === "customerSession") {
      checkKeys(where, body, ["customer"]);
      return json(201, { token: control.sandbox.add.customerSession(body.customer as string) });
    }
    const build = control.sandbox.add[params.kind as BuilderKind] as (input: unknown) => unknown;
    return json(201, build(body));
  },
};
