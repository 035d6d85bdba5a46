/**
 * The fixed content of the seed: two organizations, their customers, catalog and
 * subscriptions. Everything else (ids, dates, amounts, events) is derived from
 * these with the seeded random generator.
 */
import type { Address, RecurringInterval, SubscriptionStatus } from "../state/records.js";

export interface CustomerProfile {
  /** Short handle, used in token names: `polar_cst_acme_alice`. */
  handle: string;
  name: string;
  email: string;
  type: "individual" | "team";
  /** false: no billing name or address, so its orders cannot be invoiced (422). */
  billing: boolean;
  external_id: string | null;
  tax_id?: [string, string];
  locale: string | null;
  /** Members of a team customer; each gets a member session. */
  members?: { handle: string; name: string; email: string; role: "owner" | "billing_manager" | "member" }[];
  /** Number of saved cards (the first is the default). */
  cards: number;
}

export type ProductKey =
  | "starter"
  | "pro"
  | "pro_yearly"
  | "team"
  | "enterprise"
  | "legacy"
  | "desktop"
  | "ebook"
  | "beta";

export interface ProductProfile {
  key: ProductKey;
  name: string;
  description: string | null;
  visibility: "public" | "private" | "draft";
  archived: boolean;
  recurring: RecurringInterval | null;
  trialDays: number | null;
  price:
    | { kind: "fixed"; amount: number; legacy?: boolean }
    | { kind: "custom"; minimum: number; preset: number | null }
    | { kind: "seat_based"; perSeat: number };
  benefits: BenefitKey[];
  media: number;
  customFields: number[];
  metered: boolean;
  metadata: Record<string, string | number | boolean>;
}

export type BenefitKey = "support" | "community" | "desktop_license" | "api_license";

export interface SubscriptionPlan {
  customer: string;
  product: ProductKey;
  status: SubscriptionStatus;
  /** How long ago it started, in days. */
  startedDaysAgo: number;
  cancelAtPeriodEnd?: boolean;
  pendingUpdate?: boolean;
}

export interface OrganizationProfile {
  name: string;
  slug: string;
  brand: string;
  currency: string;
  address: Omit<Address, "line2">;
  customers: CustomerProfile[];
}

export const ORGANIZATIONS: OrganizationProfile[] = [
  {
    name: "Acme Software",
    slug: "acme",
    brand: "Acme",
    currency: "usd",
    address: {
      line1: "100 Market Street",
      postal_code: "94105",
      city: "San Francisco",
      state: "CA",
      country: "US",
    },
    customers: [
      {
        handle: "alice",
        name: "Alice Johnson",
        email: "alice@example.com",
        type: "individual",
        billing: true,
        external_id: "acme_cus_001",
        locale: "en",
        cards: 2,
      },
      {
        handle: "bob",
        name: "Bob Smith",
        email: "bob@example.com",
        type: "individual",
        billing: true,
        external_id: "acme_cus_002",
        locale: "en-US",
        cards: 1,
      },
      {
        handle: "carol",
        name: "Carol Danvers",
        email: "carol@example.net",
        type: "individual",
        billing: false,
        external_id: null,
        locale: null,
        cards: 1,
      },
      {
        handle: "dunder",
        name: "Dunder Mifflin",
        email: "billing@dundermifflin.example",
        type: "team",
        billing: true,
        external_id: "acme_cus_004",
        tax_id: ["123456789", "us_ein"],
        locale: "en",
        cards: 3,
        members: [
          { handle: "michael", name: "Michael Scott", email: "michael@dundermifflin.example", role: "owner" },
          { handle: "pam", name: "Pam Beesly", email: "pam@dundermifflin.example", role: "billing_manager" },
          { handle: "jim", name: "Jim Halpert", email: "jim@dundermifflin.example", role: "member" },
        ],
      },
      {
        handle: "eve",
        name: "Eve Torres",
        email: "eve@example.org",
        type: "individual",
        billing: true,
        external_id: "acme_cus_005",
        locale: "es",
        cards: 1,
      },
      {
        handle: "frank",
        name: "Frank Miller",
        email: "frank@example.org",
        type: "individual",
        billing: true,
        external_id: "acme_cus_006",
        locale: null,
        cards: 0,
      },
    ],
  },
  {
    name: "Globex Labs",
    slug: "globex",
    brand: "Globex",
    currency: "eur",
    address: {
      line1: "Friedrichstraße 68",
      postal_code: "10117",
      city: "Berlin",
      state: null,
      country: "DE",
    },
    customers: [
      {
        handle: "greta",
        name: "Greta Müller",
        email: "greta@example.de",
        type: "individual",
        billing: true,
        external_id: "gx-1001",
        tax_id: ["DE123456789", "eu_vat"],
        locale: "de",
        cards: 1,
      },
      {
        handle: "hans",
        name: "Hans Becker",
        email: "hans@example.de",
        type: "individual",
        billing: true,
        external_id: "gx-1002",
        locale: "de",
        cards: 2,
      },
      {
        handle: "ines",
        name: "Ines Vogel",
        email: "ines@example.at",
        type: "individual",
        billing: false,
        external_id: "gx-1003",
        locale: "de-AT",
        cards: 1,
      },
      {
        handle: "initech",
        name: "Initech GmbH",
        email: "finance@initech.example",
        type: "team",
        billing: true,
        external_id: "gx-1004",
        tax_id: ["DE987654321", "eu_vat"],
        locale: "en",
        cards: 1,
        members: [
          { handle: "peter", name: "Peter Gibbons", email: "peter@initech.example", role: "owner" },
          { handle: "joanna", name: "Joanna Brandt", email: "joanna@initech.example", role: "member" },
        ],
      },
      {
        handle: "jonas",
        name: "Jonas Weber",
        email: "jonas@example.ch",
        type: "individual",
        billing: true,
        external_id: null,
        locale: "fr-CH",
        cards: 0,
      },
    ],
  },
];

/** The catalog every organization sells, named after its brand. */
export function productProfiles(brand: string): ProductProfile[] {
  return [
    {
      key: "starter",
      name: `${brand} Starter`,
      description: "Everything to get going: one project, email support.",
      visibility: "public",
      archived: false,
      recurring: "month",
      trialDays: null,
      price: { kind: "fixed", amount: 900 },
      benefits: ["support"],
      media: 1,
      customFields: [0],
      metered: false,
      metadata: { tier: "starter", featured: false, max_projects: 1 },
    },
    {
      key: "pro",
      name: `${brand} Pro`,
      description: "Unlimited projects, API access and priority support.",
      visibility: "public",
      archived: false,
      recurring: "month",
      trialDays: 14,
      price: { kind: "fixed", amount: 2900 },
      benefits: ["support", "community", "api_license"],
      media: 2,
      customFields: [0, 1],
      metered: true,
      metadata: { tier: "pro", featured: true, max_projects: 100 },
    },
    {
      key: "pro_yearly",
      name: `${brand} Pro (yearly)`,
      description: "Pro, billed once a year.",
      visibility: "public",
      archived: false,
      recurring: "year",
      trialDays: null,
      price: { kind: "fixed", amount: 29000, legacy: true },
      benefits: ["support", "community", "api_license"],
      media: 1,
      customFields: [],
      metered: false,
      metadata: { tier: "pro", featured: false, max_projects: 100 },
    },
    {
      key: "team",
      name: `${brand} Team`,
      description: "Pro for the whole team, priced per seat.",
      visibility: "public",
      archived: false,
      recurring: "month",
      trialDays: null,
      price: { kind: "seat_based", perSeat: 1500 },
      benefits: ["support", "community"],
      media: 1,
      customFields: [1],
      metered: true,
      metadata: { tier: "team", featured: true, max_projects: 500 },
    },
    {
      key: "enterprise",
      name: `${brand} Enterprise`,
      description: "Custom contract, single sign-on and a named account manager.",
      visibility: "private",
      archived: false,
      recurring: "year",
      trialDays: null,
      price: { kind: "fixed", amount: 99000 },
      benefits: ["support", "community"],
      media: 0,
      customFields: [0, 1],
      metered: false,
      metadata: { tier: "enterprise", featured: false, max_projects: 10000 },
    },
    {
      key: "legacy",
      name: `${brand} Classic`,
      description: "The original plan, no longer sold.",
      visibility: "public",
      archived: true,
      recurring: "month",
      trialDays: null,
      price: { kind: "fixed", amount: 500, legacy: true },
      benefits: ["support"],
      media: 0,
      customFields: [],
      metered: false,
      metadata: { tier: "classic", featured: false, max_projects: 3 },
    },
    {
      key: "desktop",
      name: `${brand} Desktop`,
      description: "A perpetual license of the desktop app.",
      visibility: "public",
      archived: false,
      recurring: null,
      trialDays: null,
      price: { kind: "fixed", amount: 4900 },
      benefits: ["desktop_license"],
      media: 2,
      customFields: [2],
      metered: false,
      metadata: { tier: "desktop", featured: true, platform: "all" },
    },
    {
      key: "ebook",
      name: `The ${brand} Handbook`,
      description: "An e-book: pay what you want.",
      visibility: "public",
      archived: false,
      recurring: null,
      trialDays: null,
      price: { kind: "custom", minimum: 0, preset: 1500 },
      benefits: ["community"],
      media: 1,
      customFields: [],
      metered: false,
      metadata: { tier: "content", featured: false, format: "pdf" },
    },
    {
      key: "beta",
      name: `${brand} Beta Access`,
      description: null,
      visibility: "draft",
      archived: false,
      recurring: null,
      trialDays: null,
      price: { kind: "fixed", amount: 0 },
      benefits: [],
      media: 0,
      customFields: [],
      metered: false,
      metadata: { tier: "beta", featured: false },
    },
  ];
}

/**
 * Subscriptions, by customer handle. Both organizations follow the same plan with
 * their own customers (index into `customers`), so every status appears in each.
 */
export function subscriptionPlans(customers: readonly CustomerProfile[]): SubscriptionPlan[] {
  const h = (i: number) => customers[i % customers.length]?.handle as string;
  return [
    { customer: h(0), product: "pro", status: "active", startedDaysAgo: 130 },
    { customer: h(0), product: "starter", status: "canceled", startedDaysAgo: 160 },
    { customer: h(1), product: "starter", status: "trialing", startedDaysAgo: 5 },
    { customer: h(1), product: "team", status: "past_due", startedDaysAgo: 75 },
    { customer: h(2), product: "pro", status: "active", startedDaysAgo: 60, cancelAtPeriodEnd: true },
    { customer: h(3), product: "team", status: "active", startedDaysAgo: 110, pendingUpdate: true },
    { customer: h(3), product: "enterprise", status: "active", startedDaysAgo: 150 },
    { customer: h(3), product: "legacy", status: "canceled", startedDaysAgo: 165 },
    { customer: h(4), product: "pro_yearly", status: "paused", startedDaysAgo: 90 },
    { customer: h(4), product: "starter", status: "unpaid", startedDaysAgo: 45 },
    { customer: h(5), product: "starter", status: "incomplete", startedDaysAgo: 2 },
    { customer: h(5), product: "pro", status: "canceled", startedDaysAgo: 100 },
    { customer: h(5), product: "pro_yearly", status: "active", startedDaysAgo: 20 },
  ];
}

export const BENEFITS: Record<BenefitKey, { type: "custom" | "license_keys"; description: string }> = {
  support: { type: "custom", description: "Priority email support" },
  community: { type: "custom", description: "Access to the private community" },
  desktop_license: { type: "license_keys", description: "Desktop app license key" },
  api_license: { type: "license_keys", description: "API license key" },
};

export const CUSTOM_FIELDS = [
  { slug: "company", name: "Company", label: "Company name", placeholder: "Acme Inc.", textarea: false },
  {
    slug: "use_case",
    name: "Use case",
    label: "What will you use it for?",
    placeholder: "Tell us a bit",
    textarea: true,
  },
  {
    slug: "machine_name",
    name: "Machine name",
    label: "Name of your computer",
    placeholder: "my-laptop",
    textarea: false,
  },
];
