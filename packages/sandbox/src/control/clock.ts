/** The clock over HTTP: `GET /__sandbox/clock`, `POST /__sandbox/clock/{freeze,set,advance,resume}`. */

import { json } from "../http/body.js";
import { checkKeys } from "../kit/usage.js";
import type { Duration } from "../state/clock.js";
import type { ControlContext, ControlHandler } from "./types.js";

const ACTIONS = ["freeze", "set", "advance", "resume"] as const;

const reading = ({ sandbox: { clock } }: ControlContext) =>
  json(200, { now: clock.now().toISOString(), frozen: clock.frozen });

export const clockHandler: ControlHandler = { handle: (_, control) => reading(control) };

export const clockActionHandler: ControlHandler = {
  params: { action: ACTIONS },
  body: "object",
  handle({ params, body, where }, control) {
    const clock = control.sandbox.clock;
    switch (params.action as (typeof ACTIONS)[number]) {
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
    return reading(control);
  },
};
