/** The clock over HTTP: `GET /__sandbox/clock`, `POST /__sandbox/clock/{freeze,set,advance,resume}`. */
import type { Duration } from "../clock.js";
import { checkKeys, checkOneOf } from "../usage.js";
import { json, noSuchControlRoute, readObject } from "./http-body.js";
import type { ControlGroup } from "./types.js";

const ACTIONS = ["freeze", "set", "advance", "resume"] as const;

export const clockGroup: ControlGroup = async ({ method, segments, request, path }, control) => {
  const clock = control.sandbox.clock;
  const reading = () => json(200, { now: clock.now().toISOString(), frozen: clock.frozen });
  if (method === "GET" && segments.length === 1) return reading();
  if (method !== "POST" || segments.length !== 2)
    throw noSuchControlRoute(method, path, ["GET /__sandbox/clock", "POST /__sandbox/clock/<action>"]);
  const action = checkOneOf("POST /__sandbox/clock/<action>", segments[1], ACTIONS);
  const body = await readObject(request, `POST /__sandbox/clock/${action}`);
  const where = `POST /__sandbox/clock/${action}`;
  switch (action) {
    case "freeze":
      checkKeys(where, body, ["at"]);
      clock.freeze(body.at as string | undefined);
      break;
    case "set":
      checkKeys(where, body, ["at"]);
      clock.set(body.at as string);
      break;
    case "advance":
      checkKeys(where, body, ["by"]);
      clock.advance(body.by as Duration);
      break;
    case "resume":
      checkKeys(where, body, []);
      clock.resume();
      break;
  }
  return reading();
};
