/** The customer's license keys and one key with its activations; calls useGetCustomerLicenseKey. */
import { useGetCustomerLicenseKey } from "@commerce-api/react/2026-10";
import { GetCustomerLicenseKeyInput } from "@commerce-api/schemas/2026-10";
import { Link, useParams } from "react-router";
import { useNames } from "../../data/useNames.js";
import { useSandboxRecords } from "../../data/useSandboxRecords.js";
import { formatDateTime, humanize, keyStatusWords, maskKey, statusTone } from "../../lib/format.js";
import { Badge, StatusBadge } from "../../ui/Badge.js";
import { DevOnly } from "../../ui/DeveloperMode.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { KeyHolder } from "../../ui/KeyHolder.js";
import { Page, Panel } from "../../ui/Page.js";
import { QueryList, useHeldList } from "../../ui/QueryList.js";
import { SandboxToday } from "../../ui/SandboxClock.js";
import { SecretKey } from "../../ui/SecretKey.js";
import { SeedNote } from "../../ui/SeedNote.js";
import { OpenById } from "./IdPicker.js";

export function MyLicenseKeysPage() {
  const records = useSandboxRecords();
  const names = useNames();
  const keys = useHeldList(records.held(records.ofCustomer(records.licenseKeys)), 50);
  return (
    <Page
      title="My license keys"
      description="The keys your purchases granted, and the devices they are activated on."
      hooks={["useGetCustomerLicenseKey"]}
    >
      {records.sandbox ? (
        <Panel title="Your keys" id="keys">
          <DevOnly>
            <SeedNote what="a customer's keys">Each opens live.</SeedNote>
          </DevOnly>
          <QueryList
            bare
            query={keys}
            loading="Loading your keys…"
            empty={<EmptyState title="No license keys for this customer" />}
          >
            {(items) => (
              <ul className="link-list">
                {items.map((key) => (
                  <li key={key.id}>
                    <Link to={`/portal/license-keys/${key.id}`}>
                      {names.benefit(key.benefit_id) ?? "License key"} <code>{maskKey(key.key)}</code>
                    </Link>{" "}
                    <Badge tone={key.expired ? "red" : statusTone(key.status)}>
                      {keyStatusWords(key.status, key.expired)}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </QueryList>
        </Panel>
      ) : null}
      <DevOnly>
        <Panel title="Open a key by ID" id="open">
          <OpenById
            label="License key ID"
            button="Open key"
            schema={GetCustomerLicenseKeyInput}
            to={(id) => `/portal/license-keys/${id}`}
          />
        </Panel>
      </DevOnly>
    </Page>
  );
}

export function MyLicenseKeyPage() {
  const { id = "" } = useParams();
  const query = useGetCustomerLicenseKey({ id });
  const names = useNames();
  // Named as the list names it: what it unlocks, then the key's last characters.
  const title = query.data
    ? `${names.benefit(query.data.benefit_id) ?? "License key"} ${maskKey(query.data.key)}`
    : "License key";
  return (
    <Page
      title={title}
      description={<Link to="/portal/license-keys">← All my license keys</Link>}
      hooks={["useGetCustomerLicenseKey"]}
    >
      {query.isPending ? (
        <Loading label="Loading the key…" />
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <Panel title="Key" id="key">
            <SandboxToday />
            <dl className="facts">
              <dt>Key</dt>
              <dd>
                <SecretKey value={query.data.key} />
              </dd>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={query.data.status} />
              </dd>
              <dt>Held by</dt>
              <dd>
                <KeyHolder member={query.data.member} customer="You" />
              </dd>
              <dt>Usage</dt>
              <dd>
                {query.data.usage}
                {query.data.limit_usage === null ? " (no limit)" : ` of ${query.data.limit_usage}`}
              </dd>
              <dt>Activations</dt>
              <dd>
                {query.data.activations.length}
                {query.data.limit_activations === null ? "" : ` of ${query.data.limit_activations}`}
              </dd>
              <dt>Expires</dt>
              <dd>{query.data.expires_at ? formatDateTime(query.data.expires_at) : "never"}</dd>
            </dl>
          </Panel>
          <Panel title="Activations" id="activations">
            {query.data.activations.length === 0 ? (
              <EmptyState title="Not activated on any device" />
            ) : (
              <div className="table-wrap">
                <table className="table table-cards" aria-label="Activations">
                  <thead>
                    <tr>
                      <th scope="col">Device</th>
                      <th scope="col">Details</th>
                      <th scope="col">Activated</th>
                    </tr>
                  </thead>
                  <tbody>
                    {query.data.activations.map((activation) => (
                      <tr key={activation.id}>
                        <td data-label="Device" className="cell-main">
                          {activation.label}
                        </td>
                        <td data-label="Details">
                          {Object.entries(activation.meta).map(([k, v]) => (
                            <Badge key={k}>
                              {humanize(k)}: {String(v)}
                            </Badge>
                          ))}
                        </td>
                        <td data-label="Activated" className="nowrap">
                          {formatDateTime(activation.created_at)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Panel>
        </>
      )}
    </Page>
  );
}
