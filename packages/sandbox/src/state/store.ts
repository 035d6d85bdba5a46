/**
 * The in-memory store: one Map per table, keyed by id (tokens by their text).
 *
 * `TABLES` is the one list of tables: the seed's shape (`SeedData`), the store's
 * maps and the state a test reads back (`sandbox.state`) all come from it, so a
 * new kind of record is one line here and one in `Records`.
 *
 * Readers see the tables as read-only maps. Every change goes through
 * `insert`, `update` and `remove`, which tell the `onChange` listeners what
 * changed (table, action, the record and the one it replaced). Other parts of
 * the sandbox derive what they need from that one stream: the webhooks part
 * turns changes into events (`order.paid` from an order's status becoming
 * "paid", `discount.deleted` from a removed discount) without each route having
 * to remember to send them. `load()` (start and `reset()`) replaces the data
 * without telling listeners: nothing happened in the service's terms.
 *
 * Records are never changed in place: `update` stores a new record. So every
 * sandbox's store holds the same seed records, and a fresh sandbox or a reset
 * costs filling the maps, not copying the seed (test/isolation.test.ts checks
 * that no operation or builder changes a shared record; freezing them instead
 * made every read 3-4 times slower in V8).
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

/** The record each table holds. */
export interface Records {
  organizations: Organization;
  customers: Customer;
  members: Member;
  benefits: Benefit;
  media: Media;
  customFields: CustomField;
  products: ProductRecord;
  meters: Meter;
  subscriptions: SubscriptionRecord;
  orders: OrderRecord;
  refunds: Refund;
  paymentMethods: PaymentMethodRecord;
  licenseKeys: LicenseKeyRecord;
  activations: ActivationRecord;
  events: EventRecord;
  checkoutLinks: CheckoutLink;
  discounts: Discount;
  tokens: TokenRecord;
}

export type TableName = keyof Records;

/** Every table, in the order the seed fills them and `state` lists them. */
export const TABLES = [
  "organizations",
  "customers",
  "members",
  "benefits",
  "media",
  "customFields",
  "products",
  "meters",
  "subscriptions",
  "orders",
  "refunds",
  "paymentMethods",
  "licenseKeys",
  "activations",
  "events",
  "checkoutLinks",
  "discounts",
  "tokens",
] as const satisfies readonly TableName[];

/** Everything the seed produces (and `sandbox.state` reads back), as plain arrays. */
export type SeedData = { [K in TableName]: Records[K][] };

/** What the store holds, as arrays of records (the shape of the seed data). */
export type StoreState = SeedData;

export function emptySeedData(): SeedData {
  return Object.fromEntries(TABLES.map((table) => [table, []])) as unknown as SeedData;
}

/** One change to the store, as `onChange` listeners receive it. Treat the records as read-only. */
export type StoreChange = {
  [K in TableName]:
    | { table: K; action: "insert"; record: Records[K]; previous?: undefined }
    | { table: K; action: "update"; record: Records[K]; previous: Records[K] }
    | { table: K; action: "remove"; record: Records[K]; previous?: undefined };
}[TableName];

export type StoreListener = (change: StoreChange) => void;

/** Read-only maps of read-only records: a change goes through insert/update/remove (a type error otherwise). */
type Tables = { readonly [K in TableName]: ReadonlyMap<string, Readonly<Records[K]>> };

export interface Store extends Tables {
  /** Direct children of each event, by parent id (kept by insert and remove). */
  readonly eventChildren: ReadonlyMap<string, readonly string[]>;
  /** Adds a record (replacing one with the same key); returns it. */
  insert<K extends TableName>(table: K, record: Records[K]): Records[K];
  /** Replaces the record with `key` by a copy with `patch` applied; returns the new record. */
  update<K extends TableName>(table: K, key: string, patch: Partial<Records[K]>): Records[K];
  /** Removes the record with `key`; returns it, or undefined when there was none. */
  remove<K extends TableName>(table: K, key: string): Records[K] | undefined;
  /** Calls `listener` after every insert, update and remove; returns a function that stops it. */
  onChange(listener: StoreListener): () => void;
  /** Replaces all data with the records of `seed` (shared, never changed in place), telling no listener. */
  load(seed: SeedData): void;
}

/** The key of a record in its table: the token's text for tokens, the id for everything else. */
function keyOf<K extends TableName>(table: K, record: Records[K]): string {
  return table === "tokens" ? (record as TokenRecord).token : (record as { id: string }).id;
}

export function createStore(seed: SeedData): Store {
  const maps = Object.fromEntries(TABLES.map((table) => [table, new Map()])) as unknown as {
    [K in TableName]: Map<string, Records[K]>;
  };
  const eventChildren = new Map<string, string[]>();
  const listeners = new Set<StoreListener>();

  function tell(change: StoreChange): void {
    for (const listener of listeners) listener(change);
  }

  function indexEvent(event: EventRecord): void {
    if (event.parent_id === null) return;
    const siblings = eventChildren.get(event.parent_id);
    if (siblings) siblings.push(event.id);
    else eventChildren.set(event.parent_id, [event.id]);
  }

  function unindexEvent(event: EventRecord): void {
    if (event.parent_id === null) return;
    const siblings = eventChildren.get(event.parent_id)?.filter((id) => id !== event.id) ?? [];
    if (siblings.length > 0) eventChildren.set(event.parent_id, siblings);
    else eventChildren.delete(event.parent_id);
  }

  const store: Store = {
    ...maps,
    eventChildren,
    insert(table, record) {
      const key = keyOf(table, record);
      const previous = maps[table].get(key);
      if (previous && table === "events") unindexEvent(previous as EventRecord);
      maps[table].set(key, record);
      if (table === "events") indexEvent(record as EventRecord);
      tell(
        (previous
          ? { table, action: "update", record, previous }
          : { table, action: "insert", record }) as StoreChange,
      );
      return record;
    },
    update(table, key, patch) {
      const previous = maps[table].get(key);
      if (!previous) throw new Error(`sandbox store: no ${table} record ${key} to update`);
      const record = { ...previous, ...patch };
      maps[table].set(key, record);
      tell({ table, action: "update", record, previous } as StoreChange);
      return record;
    },
    remove(table, key) {
      const record = maps[table].get(key);
      if (!record) return undefined;
      maps[table].delete(key);
      if (table === "events") unindexEvent(record as EventRecord);
      tell({ table, action: "remove", record } as StoreChange);
      return record;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load(data) {
      const copy = data;
      eventChildren.clear();
      for (const table of TABLES) {
        const map = maps[table] as Map<string, Records[typeof table]>;
        map.clear();
        for (const record of copy[table]) map.set(keyOf(table, record), record);
      }
      for (const event of copy.events) indexEvent(event);
    },
  };
  store.load(seed);
  return store;
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

/** One table's records as the store holds them: not copies, so serialize or copy them before they leave. */
export function recordsOf<K extends TableName>(store: Store, table: K): StoreState[K] {
  return [...store[table].values()] as StoreState[K];
}

/** Every table's records as the store holds them (see recordsOf). */
export function tablesOf(store: Store): StoreState {
  return Object.fromEntries(TABLES.map((table) => [table, recordsOf(store, table)])) as unknown as StoreState;
}

/** A deep copy of the store's records: reading it never changes the sandbox. */
export function snapshot(store: Store): StoreState {
  return structuredClone(tablesOf(store));
}
