import { describe, expect, test } from "vitest";
import {
  EVENTS_PAGE_SIZE,
  emptyEventFilters,
  eventsInput,
  filtersFromParams,
  filtersToParams,
} from "../src/screens/org/events/event-filters.js";

const organizationId = "bd4201f8-eac5-4054-b602-a58699560ff5";

describe("the events screen's filters", () => {
  test("round-trip through the address, so a filtered view is a link", () => {
    const filters = {
      ...emptyEventFilters,
      name: "order.paid",
      source: "system",
      metadata: "route=/v1/chat",
      pagination: "cursor" as const,
      tree: true,
    };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe(
      "name=order.paid&source=system&metadata=route%3D%2Fv1%2Fchat&pagination=cursor&tree=1",
    );
    expect(filtersFromParams(params)).toEqual(filters);
    expect(filtersToParams(emptyEventFilters).toString()).toBe("");
    // What the fields hold around the text is not part of the link; a field of spaces is empty.
    expect(filtersToParams({ ...emptyEventFilters, name: "  order.paid ", query: "   " }).toString()).toBe(
      "name=order.paid",
    );
  });

  test("become listEvents input: trees ask for roots, cursor asks for has_next_page, search adds the organization", () => {
    const checked = eventsInput(
      { ...emptyEventFilters, query: "alice", tree: true, pagination: "cursor", metadata: "tokens=5" },
      organizationId,
    );
    expect(checked).toEqual({
      ok: true,
      input: {
        query: "alice",
        organization_id: organizationId,
        depth: 0,
        cursor_pagination: true,
        metadata: { tokens: 5 },
        limit: EVENTS_PAGE_SIZE,
      },
    });
  });

  test("problems are reported on the form's own fields", () => {
    expect(eventsInput({ ...emptyEventFilters, query: "al", source: "robot" }, organizationId)).toEqual({
      ok: false,
      errors: { query: "Enter at least 3 characters.", source: "Choose one of: system, user." },
    });
    expect(eventsInput({ ...emptyEventFilters, metadata: "route" }, organizationId)).toEqual({
      ok: false,
      errors: { metadata: 'Write each pair as key=value ("route" has no key or no "=").' },
    });
  });

  test("a reversed date range is refused on Until, not answered with an empty list", () => {
    expect(
      eventsInput(
        { ...emptyEventFilters, start: "2026-04-10T10:00", end: "2026-04-01T10:00" },
        organizationId,
      ),
    ).toEqual({ ok: false, errors: { end: "Until must be after From." } });
    const forward = eventsInput(
      { ...emptyEventFilters, start: "2026-04-01T10:00", end: "2026-04-10T10:00" },
      organizationId,
    );
    expect(forward.ok).toBe(true);
    // One instant, From and Until alike: a range of one moment, not a reversed one.
    const same = eventsInput(
      { ...emptyEventFilters, start: "2026-04-01T10:00", end: "2026-04-01T10:00" },
      organizationId,
    );
    expect(same.ok).toBe(true);
  });
});

describe("the events filters, field by field", () => {
  test("every field comes back from the address; an unknown pagination or tree value is the default", () => {
    const filters = {
      ...emptyEventFilters,
      name: "order.paid",
      source: "user",
      customer_id: "cus_1",
      meter_id: "met_1",
      start: "2026-04-01T10:00",
      end: "2026-04-02T10:00",
      metadata: "plan=pro",
      query: "alice",
    };
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
    expect(filtersFromParams(new URLSearchParams("pagination=pages&tree=yes"))).toEqual(emptyEventFilters);
    expect(filtersFromParams(new URLSearchParams("tree=0")).tree).toBe(false);
  });

  test("the input: fields trimmed; offset pagination and a flat list send nothing extra", () => {
    const checked = eventsInput(
      {
        ...emptyEventFilters,
        name: " order.paid ",
        customer_id: ` ${organizationId} `,
        meter_id: ` ${organizationId} `,
        query: " alice ",
      },
      organizationId,
    );
    expect(checked).toEqual({
      ok: true,
      input: {
        name: "order.paid",
        customer_id: organizationId,
        meter_id: organizationId,
        query: "alice",
        organization_id: organizationId,
        limit: EVENTS_PAGE_SIZE,
      },
    });
  });

  test("the organization goes with a search only, and only when the session has one", () => {
    expect(eventsInput({ ...emptyEventFilters, name: "order.paid" }, organizationId)).toEqual({
      ok: true,
      input: { name: "order.paid", limit: EVENTS_PAGE_SIZE },
    });
    expect(eventsInput({ ...emptyEventFilters, query: "alice" }, undefined)).toEqual({
      ok: true,
      input: { query: "alice", limit: EVENTS_PAGE_SIZE },
    });
  });

  test("a date that is not one is refused on its own field (From or Until), by the form's names", () => {
    expect(eventsInput({ ...emptyEventFilters, start: "someday" }, organizationId)).toEqual({
      ok: false,
      errors: { start: "Enter a date and time." },
    });
    expect(eventsInput({ ...emptyEventFilters, end: "later" }, organizationId)).toEqual({
      ok: false,
      errors: { end: "Enter a date and time." },
    });
    // One date alone is no range to reverse.
    expect(eventsInput({ ...emptyEventFilters, start: "2026-04-10T10:00" }, organizationId).ok).toBe(true);
  });
});
