/**
 * What the service sent to this app's webhook endpoint: each event in words, the record it
 * concerns (linked), when it happened, and whether its signature checked out. The endpoint is
 * the app's server (server/webhooks.mjs: `createWebhookHandler` at `POST /api/webhooks`); this
 * screen reads what it kept (`GET /api/webhooks/received`) every 2 seconds while in view, and
 * when the tab comes back, so a discount deleted in another tab shows up here.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useNames } from "../../data/useNames.js";
import { formatDateTime } from "../../lib/format.js";
import { describeWebhook, organizationOf, type ReceivedWebhook } from "../../lib/webhook-words.js";
import { usePortal } from "../../session/PortalContext.js";
import { Badge } from "../../ui/Badge.js";
import { DevOnly } from "../../ui/DeveloperMode.js";
import { EmptyState, ErrorNotice, Loading } from "../../ui/Feedback.js";
import { Page, Panel } from "../../ui/Page.js";

interface Received {
  receiving: boolean;
  endpoint: string;
  received: ReceivedWebhook[];
}

export const receivedWebhooksKey = ["portal", "webhooks", "received"] as const;

async function fetchReceived(): Promise<Received> {
  const response = await fetch("/api/webhooks/received", { headers: { accept: "application/json" } });
  if (response.status === 404) return { receiving: false, endpoint: "/api/webhooks", received: [] };
  if (!response.ok) throw new Error(`The webhooks received could not be read (${response.status}).`);
  return (await response.json()) as Received;
}

export function WebhooksPage() {
  const { config, session } = usePortal();
  const query = useQuery({
    queryKey: receivedWebhooksKey,
    queryFn: fetchReceived,
    refetchInterval: 2000,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  // Another organization's events go to the same endpoint: each organization sees its own.
  const mine = (query.data?.received ?? []).filter((arrival) => {
    const organization = organizationOf(arrival);
    return organization === undefined || organization === session?.organizationId;
  });
  return (
    <Page
      title="Webhooks"
      description={`What the service sent to this app's webhook endpoint, newest first, each checked against the endpoint's secret.${config.mode === "sandbox" ? " Here the sandbox sends them, as the service would." : ""}`}
      hooks={["createWebhookHandler", "toNodeHandler"]}
    >
      <DevOnly>
        <p className="panel-note">
          The app's server receives them at <code>POST {query.data?.endpoint ?? "/api/webhooks"}</code> with{" "}
          <code>createWebhookHandler</code> from <code>@commerce-api/client/webhooks</code>{" "}
          (server/webhooks.mjs)
          {config.mode === "sandbox"
            ? "; the sandbox it serves was given that URL and the endpoint's secret when it started."
            : "; register its public address in the service's dashboard."}
        </p>
      </DevOnly>
      {query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <Loading label="Loading webhooks…" />
      ) : !query.data.receiving ? (
        <EmptyState title="This app receives no webhooks here">
          <p>
            Start its server with <code>COMMERCE_WEBHOOK_SECRET</code> set to the endpoint's secret, and
            register <code>/api/webhooks</code> at the server's public address in the service's dashboard.
          </p>
        </EmptyState>
      ) : mine.length === 0 ? (
        <EmptyState title="No webhooks yet">
          <p>
            {config.mode === "sandbox"
              ? "Change something and the sandbox sends its event here: "
              : "Try it: "}
            <Link to="/org/discounts">delete a discount</Link> (discount deleted) or{" "}
            <Link to="/org/orders">generate an invoice</Link> (order updated). It appears within seconds.
          </p>
        </EmptyState>
      ) : (
        <Panel>
          <WebhookTable arrivals={mine} />
        </Panel>
      )}
    </Page>
  );
}

function WebhookTable({ arrivals }: { arrivals: readonly ReceivedWebhook[] }) {
  const names = useNames();
  return (
    <div className="table-wrap">
      <table className="table table-cards table-compact" aria-label="Webhooks received">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Concerns</th>
            <th scope="col">When</th>
            <th scope="col">Signature</th>
          </tr>
        </thead>
        <tbody>
          {arrivals.map((arrival) => {
            const words = describeWebhook(arrival, names);
            return (
              <tr key={`${arrival.webhookId}-${arrival.receivedAt}`}>
                <td data-label="Event" className="cell-main">
                  {words.sentence}
                  <DevOnly>
                    <br />
                    <code>{arrival.type ?? "no type"}</code> <code>{arrival.webhookId}</code>
                  </DevOnly>
                </td>
                <td data-label="Concerns" className={words.record ? undefined : "if-any"}>
                  {words.record?.path ? (
                    <Link to={words.record.path}>{words.record.name}</Link>
                  ) : (
                    (words.record?.name ?? <span className="muted">Nothing named</span>)
                  )}
                </td>
                <td data-label="When" className="nowrap">
                  {formatDateTime(arrival.verified ? arrival.timestamp : arrival.receivedAt)}
                </td>
                <td data-label="Signature">
                  {arrival.verified ? (
                    <Badge tone="green">Verified</Badge>
                  ) : (
                    <Badge tone="red">Not verified</Badge>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
