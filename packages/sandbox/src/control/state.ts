/** Fixtures, reset, the records held now and the requests routed. */

import { json } from "../http/body.js";
import { empty } from "../http/responses.js";
import { recordsOf, TABLES, type TableName, tablesOf } from "../state/store.js";
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

/**
 * `GET /__sandbox/state`: every table; `GET /__sandbox/state/<table>`: one table's records.
 * Serialized at once, so they need no copy first (a copy of every table for each read was most
 * of the sandbox's CPU in the portal's walk, whose screens read one table each).
 */
export const stateHandler: ControlHandler = {
  params: { table: TABLES },
  handle({ params: { table } }, { store }) {
    return json(200, table === undefined ? tablesOf(store) : recordsOf(store, table as TableName));
  },
};

/** `GET /__sandbox/requests`: the API requests routed so far, with the version and organization each asked for. */
export const requestsHandler: ControlHandler = {
  handle: (_, control) => json(200, control.sandbox.requests),
};
