/**
 * The in-memory store: one Map per kind of record, keyed by id, filled from the
 * seed data. `createStore` deep-copies the seed, so requests never change it and
 * `reset()` can build a fresh store from the same seed.
 */
import type {
  ActivationRecord,
  Benefit,
  CheckoutLink,
  Customer,
  CustomField,
  Discount,
  EventRecord,
  LicenseKeyRecord,
  Media,
  Member,
  Meter,
  OrderRecord,
  Organization,
  PaymentMethodRecord,
  ProductRecord,
  Refund,
  SubscriptionRecord,
  TokenRecord,
} from "./records.js";

/** Everything the seed produces, as plain arrays. */
export interface SeedData {
  organizations: Organization[];
  customers: Customer[];
  members: Member[];
  benefits: Benefit[];
  media: Media[];
  customFields: CustomField[];
  products: ProductRecord[];
  meters: Meter[];
  subscriptions: SubscriptionRecord[];
  orders: OrderRecord[];
  refunds: Refund[];
  paymentMethods: PaymentMethodRecord[];
  licenseKeys: LicenseKeyRecord[];
  activations: ActivationRecord[];
  events: EventRecord[];
  checkoutLinks: CheckoutLink[];
  discounts: Discount[];
  tokens: TokenRecord[];
}

type Tables = { [K in keyof SeedData]: Map<string, SeedData[K][number]> };

export interface Store extends Omit<Tables, "tokens"> {
  /** Tokens by their text. */
  tokens: Map<string, TokenRecord>;
  /** Direct children of each event, by parent id (events never change, so this is built once). */
  eventChildren: Map<string, string[]>;
}

export function createStore(seed: SeedData): Store {
  const copy = structuredClone(seed);
  return {
    organizations: byId(copy.organizations),
    customers: byId(copy.customers),
    members: byId(copy.members),
    benefits: byId(copy.benefits),
    media: byId(copy.media),
    customFields: byId(copy.customFields),
    products: byId(copy.products),
    meters: byId(copy.meters),
    subscriptions: byId(copy.subscriptions),
    orders: byId(copy.orders),
    refunds: byId(copy.refunds),
    paymentMethods: byId(copy.paymentMethods),
    licenseKeys: byId(copy.licenseKeys),
    activations: byId(copy.activations),
    events: byId(copy.events),
    checkoutLinks: byId(copy.checkoutLinks),
    discounts: byId(copy.discounts),
    tokens: new Map(copy.tokens.map((t) => [t.token, t])),
    eventChildren: childrenIndex(copy.events),
  };
}

function byId<T extends { id: string }>(records: T[]): Map<string, T> {
  return new Map(records.map((r) => [r.id, r]));
}

function childrenIndex(events: EventRecord[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const event of events) {
    if (event.parent_id === null) continue;
    const siblings = index.get(event.parent_id) ?? [];
    siblings.push(event.id);
    index.set(event.parent_id, siblings);
  }
  return index;
}

/** The record with this id when it belongs to `organizationId`; tenancy in one place. */
export function findOwned<T extends { organization_id: string }>(
  table: ReadonlyMap<string, T>,
  id: string,
  organizationId: string,
): T | undefined {
  const record = table.get(id);
  return record?.organization_id === organizationId ? record : undefined;
}

/** What the store holds, as arrays of records (the shape of the seed data). */
export type StoreState = SeedData;

/** A deep copy of the store's records: reading it never changes the sandbox. */
export function snapshot(store: Store): StoreState {
  const { eventChildren: _index, tokens, ...tables } = store;
  const state = Object.fromEntries(
    Object.entries(tables).map(([name, table]) => [name, [...table.values()]]),
  ) as Omit<StoreState, "tokens">;
  return structuredClone({ ...state, tokens: [...tokens.values()] });
}
