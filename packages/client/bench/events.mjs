// A page of 100 events shaped as the service sends them: user and system events, most
// with an embedded customer, a few parent/child links and one name the SDK does not know.
const uuid = (n) =>
  `${n.toString(16).padStart(8, "0")}-1b2c-4d3e-8f40-${(n * 7919).toString(16).padStart(12, "0")}`;
const time = (n) => new Date(Date.UTC(2026, 3, 1) + n * 3_600_000).toISOString();
const organization_id = uuid(1);

function customer(n) {
  return {
    id: uuid(1000 + n),
    created_at: time(n),
    modified_at: null,
    metadata: { plan: "pro", seats: 3 },
    external_id: `cus_${n}`,
    email: `customer${n}@example.com`,
    email_verified: true,
    type: "individual",
    name: `Customer ${n}`,
    billing_name: null,
    billing_address: {
      line1: "1 Main St",
      line2: null,
      postal_code: "10115",
      city: "Berlin",
      state: null,
      country: "DE",
    },
    tax_id: null,
    locale: "en",
    organization_id,
    default_payment_method_id: null,
    deleted_at: null,
    first_user_event_at: time(0),
    avatar_url: null,
  };
}

const systemMetadata = {
  "subscription.created": (n) => ({
    subscription_id: uuid(2000 + n),
    product_id: uuid(3000),
    amount: 1900,
    currency: "usd",
    recurring_interval: "month",
    recurring_interval_count: 1,
    started_at: time(n),
  }),
  "order.paid": (n) => ({
    order_id: uuid(4000 + n),
    amount: 1900,
    currency: "usd",
    net_amount: 1900,
    tax_amount: 0,
  }),
  "customer.created": (n) => ({
    customer_id: uuid(1000 + n),
    customer_email: `customer${n}@example.com`,
    customer_name: `Customer ${n}`,
    customer_external_id: null,
  }),
  "benefit.granted": (n) => ({
    benefit_id: uuid(5000),
    benefit_grant_id: uuid(6000 + n),
    benefit_type: "license_keys",
  }),
  "meter.drained": () => ({ meter_id: uuid(7000), note: "a name this SDK version does not know" }),
};
const systemNames = Object.keys(systemMetadata);

export function eventsPage(count = 100) {
  const items = Array.from({ length: count }, (_, n) => {
    const isUser = n % 3 === 0;
    const common = {
      id: uuid(10_000 + n),
      timestamp: time(n),
      organization_id,
      customer_id: uuid(1000 + (n % 10)),
      customer: n % 5 === 4 ? null : customer(n % 10),
      external_customer_id: `cus_${n % 10}`,
      member_id: null,
      external_member_id: null,
      child_count: n % 10 === 0 ? 2 : 0,
      parent_id: n % 10 === 1 || n % 10 === 2 ? uuid(10_000 + n - (n % 10)) : null,
      label: isUser ? "API call" : "System event",
    };
    if (isUser) {
      return {
        ...common,
        source: "user",
        name: "api.call",
        metadata: { route: "/v1/things", duration_ms: 12 + n, _cost: { amount: "0.0042", currency: "usd" } },
      };
    }
    const name = systemNames[n % systemNames.length];
    return { ...common, source: "system", name, metadata: systemMetadata[name](n) };
  });
  return { items, pagination: { total_count: 5_000, max_page: 50 } };
}
