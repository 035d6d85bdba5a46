/** Fixtures, reset and the records held now. */
import { empty, routeNotFound } from "../http.js";
import { TABLES } from "../store.js";
import { checkOneOf } from "../usage.js";
import { json } from "./http-body.js";
import type { ControlGroup } from "./types.js";

export const fixturesGroup: ControlGroup = ({ method, segments }, control) => {
  if (method !== "GET" || segments.length !== 1) throw routeNotFound();
  return json(200, control.sandbox.fixtures);
};

export const resetGroup: ControlGroup = ({ method, segments }, control) => {
  if (method !== "POST" || segments.length !== 1) throw routeNotFound();
  control.sandbox.reset();
  return empty(204);
};

/** `GET /__sandbox/state`: every table; `GET /__sandbox/state/<table>`: one table's records. */
export const stateGroup: ControlGroup = ({ method, segments }, control) => {
  if (method !== "GET" || segments.length > 2) throw routeNotFound();
  const state = control.sandbox.state;
  if (segments.length === 1) return json(200, state);
  const table = checkOneOf("GET /__sandbox/state/<table>", segments[1], TABLES);
  return json(200, state[table]);
};

/** `GET /__sandbox/requests`: the API requests routed so far, with the version and organization each asked for. */
export const requestsGroup: ControlGroup = ({ method, segments }, control) => {
  if (method !== "GET" || segments.length !== 1) throw routeNotFound();
  return json(200, control.sandbox.requests);
};
