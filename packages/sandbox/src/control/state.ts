/** Fixtures, reset, the records held now and the requests routed. */

import { json } from "../http/body.js";
import { empty } from "../http/responses.js";
import { TABLES, type TableName } from "../state/store.js";
import type { ControlHandler } from "./types.js";

export const fixturesHandler: ControlHandler = {
  handle: (_, control) => json(200, control.sandbox.fixtures),
};

export const resetHandler: ControlHandler = {
  handle(_, control) {
    control.sandbox.reset();
    return empty(204);
  },
};

/** `GET /__sandbox/state`: every table; `GET /__sandbox/state/<table>`: one table's records. */
export const stateHandler: ControlHandler = {
  params: { table: TABLES },
  handle({ params }, control) {
    const state = control.sandbox.state;
    return json(200, params.table === undefined ? state : state[params.table as TableName]);
  },
};

/** `GET /__sandbox/requests`: the API requests routed so far, with the version and organization each asked for. */
export const requestsHandler: ControlHandler = {
  handle: (_, control) => json(200, control.sandbox.requests),
};
