/**
 * `POST /__sandbox/add/<kind>`: a builder over HTTP. The body is the builder's
 * input as JSON (records given by id, or by what an earlier call returned);
 * the answer is 201 with what it made, exactly as `sandbox.add.<kind>(input)` returns it.
 */
import { BUILDER_KINDS, type BuilderKind } from "../builders/index.js";
import { routeNotFound } from "../http.js";
import { checkKeys, checkOneOf } from "../usage.js";
import { json, readObject } from "./http-body.js";
import type { ControlGroup } from "./types.js";

export const addGroup: ControlGroup = async ({ method, segments, request }, control) => {
  if (method !== "POST" || segments.length !== 2) throw routeNotFound();
  const kind: BuilderKind = checkOneOf("POST /__sandbox/add/<kind>", segments[1], BUILDER_KINDS);
  const input = await readObject(request, `POST /__sandbox/add/${kind}`);
  // customerSession takes the customer itself; over HTTP it travels as `{ customer }`.
  if (kind === "customerSession") {
    checkKeys("POST /__sandbox/add/customerSession", input, ["customer"]);
    return json(201, { token: control.sandbox.add.customerSession(input.customer as string) });
  }
  const build = control.sandbox.add[kind] as (input: unknown) => unknown;
  return json(201, build(input));
};
