/**
 * Events: what happened in the organization, in words. Filters live in the address
 * (EventFilterForm), the rows and trees in EventTree. Calls useListEventsInfinite.
 */
import { useListEventsInfinite } from "@commerce-api/react/2026-10";
import { describeError } from "../../../lib/errors.js";
import { usePortal } from "../../../session/PortalContext.js";
import { ErrorNotice } from "../../../ui/Feedback.js";
import { FilterPanel } from "../../../ui/FilterPanel.js";
import { Page } from "../../../ui/Page.js";
import { keepRows } from "../../../ui/QueryList.js";
import { useUrlFilters } from "../../../ui/url-filters.js";
import { EventFilterForm } from "./EventFilterForm.js";
import { EventList } from "./EventTree.js";
import {
  type EventFilters,
  eventsInput,
  filtersFromParams,
  filtersToParams,
  toFormFields,
} from "./event-filters.js";

const codec = { read: filtersFromParams, write: filtersToParams };

export function EventsPage() {
  const { session } = usePortal();
  const form = useUrlFilters(codec, (filters) => {
    const checked = eventsInput(filters, session?.organizationId);
    return checked.ok ? undefined : checked.errors;
  });
  const applied = form.applied;
  const checked = eventsInput(applied, session?.organizationId);
  const query = useListEventsInfinite(checked.ok ? checked.input : {}, { enabled: checked.ok, ...keepRows });
  // A 422 from the service (e.g. an unknown meter) lands on the same fields as the form's own checks.
  const serviceErrors = query.isError ? toFormFields(describeError(query.error).fields) : {};

  return (
    <Page
      title="Events"
      description="Everything that happened in the organization: orders, subscriptions and benefits, and the usage your app reports."
      hooks={["useListEventsInfinite", "useListEvents"]}
    >
      <FilterPanel applied={appliedCount(applied)}>
        <EventFilterForm form={form} serviceErrors={serviceErrors} />
      </FilterPanel>
      {checked.ok ? (
        <EventList query={query} tree={applied.tree} />
      ) : (
        <ErrorNotice error={new Error("The filters in this address are not valid; correct them above.")} />
      )}
    </Page>
  );
}

/** How many filters narrow the list (pagination and the tree view are ways of showing it). */
function appliedCount(filters: EventFilters): number {
  const { pagination: _pagination, tree: _tree, ...narrowing } = filters;
  return Object.values(narrowing).filter((value) => value.trim() !== "").length;
}
