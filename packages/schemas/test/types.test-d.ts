// Type-level tests: run with `vitest run --typecheck` (they are also checked by `pnpm typecheck`).
import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod/mini";
import type {
  CursorPagination,
  Customer,
  DeactivateLicenseKeyResponse,
  Event,
  EventSource,
  GetOrderReceiptResponse,
  KnownEvent,
  KnownEventSortProperty,
  KnownEventSource,
  KnownLicenseKeyStatus,
  KnownSubscriptionStatus,
  KnownSystemEvent,
  KnownTaxIdFormat,
  LicenseKey,
  LicenseKeyActivation,
  LicenseKeyStatus,
  ListEventsInput,
  ListEventsResponse,
  OrderPaidEvent,
  OrderPaidMetadata,
  OrderReceipt,
  Pagination,
  SubscriptionStatus,
  SystemEvent,
  TaxIdFormat,
  UnknownSourceEvent,
  UnknownSystemEvent,
  UserEvent,
  ValidatedLicenseKey,
  ValidateLicenseKeyInput,
} from "../src/index.js";
import {
  type LicenseKeyStatusValues,
  type ListEventsInput as ListEventsInputSchema,
  type ValidateLicenseKeyInput as ValidateLicenseKeyInputSchema,
  ValidateLicenseKeyResponse,
} from "../src/index.js";

describe("open enums in responses", () => {
  it("LicenseKey['status'] accepts the known values and arbitrary strings", () => {
    expectTypeOf<"granted">().toExtend<LicenseKey["status"]>();
    expectTypeOf<"revoked">().toExtend<LicenseKey["status"]>();
    expectTypeOf<string>().toExtend<LicenseKey["status"]>();
    expectTypeOf<LicenseKey["status"]>().toEqualTypeOf<LicenseKeyStatus>();
    expectTypeOf<LicenseKeyStatus>().toEqualTypeOf<KnownLicenseKeyStatus | (string & {})>();
    // Still a string, never a number or null.
    expectTypeOf<number>().not.toExtend<LicenseKey["status"]>();
    expectTypeOf<null>().not.toExtend<LicenseKey["status"]>();
  });

  it("Known<Name> is the literal union, and <Name>Values lists exactly it", () => {
    expectTypeOf<KnownLicenseKeyStatus>().toEqualTypeOf<"granted" | "revoked" | "disabled">();
    expectTypeOf<(typeof LicenseKeyStatusValues)[number]>().toEqualTypeOf<KnownLicenseKeyStatus>();
    expectTypeOf<string>().not.toExtend<KnownLicenseKeyStatus>();
    expectTypeOf<"paused">().toExtend<KnownSubscriptionStatus>();
    expectTypeOf<"suspended">().not.toExtend<KnownSubscriptionStatus>();
    expectTypeOf<"suspended">().toExtend<SubscriptionStatus>();
  });

  it("the tax ID is an [id, format] pair with an open format", () => {
    expectTypeOf<Customer["tax_id"]>().toEqualTypeOf<[string, TaxIdFormat] | null>();
    expectTypeOf<"eu_vat">().toExtend<KnownTaxIdFormat>();
    expectTypeOf<["XK1", "xk_vat"]>().toExtend<NonNullable<Customer["tax_id"]>>();
  });
});

describe("response types", () => {
  it("nullable and optional fields are typed as the service sends them", () => {
    expectTypeOf<ValidatedLicenseKey["activation"]>().toEqualTypeOf<
      LicenseKeyActivation | null | undefined
    >();
    expectTypeOf<LicenseKey["limit_usage"]>().toEqualTypeOf<number | null>();
    expectTypeOf<LicenseKey["expires_at"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Customer["email"]>().toEqualTypeOf<string | null | undefined>();
    // Timestamps stay ISO strings.
    expectTypeOf<LicenseKey["created_at"]>().toEqualTypeOf<string>();
  });

  it("schemas parse to their declared types", () => {
    expectTypeOf(ValidateLicenseKeyResponse.parse).returns.toEqualTypeOf<ValidatedLicenseKey>();
    expectTypeOf<z.infer<typeof ValidateLicenseKeyResponse>>().toEqualTypeOf<ValidatedLicenseKey>();
    expectTypeOf<z.output<typeof ListEventsInputSchema>>().toEqualTypeOf<ListEventsInput>();
    expectTypeOf<z.input<typeof ValidateLicenseKeyInputSchema>>().toEqualTypeOf<ValidateLicenseKeyInput>();
  });

  it("operation responses without a body, or without one yet", () => {
    expectTypeOf<DeactivateLicenseKeyResponse>().toEqualTypeOf<void>();
    expectTypeOf<GetOrderReceiptResponse>().toEqualTypeOf<OrderReceipt | null>();
  });

  it("listEvents answers either pagination form, told apart by `in`", () => {
    expectTypeOf<ListEventsResponse["items"]>().toEqualTypeOf<Event[]>();
    expectTypeOf<ListEventsResponse["pagination"]>().toEqualTypeOf<Pagination | CursorPagination>();
    const page = {} as ListEventsResponse;
    if ("has_next_page" in page.pagination) {
      expectTypeOf(page.pagination).toEqualTypeOf<CursorPagination>();
    } else {
      expectTypeOf(page.pagination).toEqualTypeOf<Pagination>();
      expectTypeOf(page.pagination.max_page).toEqualTypeOf<number>();
    }
  });

  it("events of a known source narrow by source", () => {
    // The open `source` of the unknown-source variant blocks narrowing on Event itself;
    // KnownEvent is the union without it.
    const event = {} as KnownEvent;
    if (event.source === "user") {
      expectTypeOf(event).toEqualTypeOf<UserEvent>();
      expectTypeOf(event.name).toEqualTypeOf<string>();
    } else {
      expectTypeOf(event).toEqualTypeOf<KnownSystemEvent>();
    }
    expectTypeOf<KnownEvent | UnknownSystemEvent | UnknownSourceEvent>().toEqualTypeOf<Event>();
    expectTypeOf<EventSource>().toEqualTypeOf<KnownEventSource | (string & {})>();
  });

  it("an event of a source not yet known is still an Event", () => {
    expectTypeOf<UnknownSourceEvent["source"]>().toEqualTypeOf<string & {}>();
    expectTypeOf<UnknownSourceEvent>().toExtend<Event>();
  });

  it("the unknown system event keeps any name and untyped metadata", () => {
    expectTypeOf<UnknownSystemEvent["name"]>().toEqualTypeOf<string & {}>();
    expectTypeOf<UnknownSystemEvent["metadata"]>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<UnknownSystemEvent>().toExtend<SystemEvent>();
  });

  it("known system events narrow by name once the unknown variant is excluded", () => {
    // `name: string & {}` on the unknown variant stops TypeScript from narrowing the whole
    // SystemEvent union by name; excluding it restores narrowing.
    const event = {} as Exclude<SystemEvent, UnknownSystemEvent>;
    if (event.name === "order.paid") {
      expectTypeOf(event).toEqualTypeOf<OrderPaidEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<OrderPaidMetadata>();
      expectTypeOf(event.metadata.amount).toEqualTypeOf<number>();
    }
  });
});

describe("input types are strict", () => {
  it("ListEventsInput['limit'] is number | undefined", () => {
    expectTypeOf<ListEventsInput["limit"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ListEventsInput["page"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ListEventsInput["depth"]>().toEqualTypeOf<number | undefined>();
  });

  it("enums in inputs accept the known values only", () => {
    expectTypeOf<ListEventsInput["source"]>().toEqualTypeOf<
      KnownEventSource | readonly KnownEventSource[] | undefined
    >();
    expectTypeOf<ListEventsInput["sorting"]>().toEqualTypeOf<readonly KnownEventSortProperty[] | undefined>();
    expectTypeOf<{ source: "partner" }>().not.toExtend<ListEventsInput>();
    expectTypeOf<{ sorting: ["created_at"] }>().not.toExtend<ListEventsInput>();
    expectTypeOf<{ source: ["system", "user"]; sorting: ["-timestamp"] }>().toExtend<ListEventsInput>();
  });

  it("ids may be one or many where the service repeats the key", () => {
    expectTypeOf<ListEventsInput["organization_id"]>().toEqualTypeOf<
      string | readonly string[] | undefined
    >();
  });

  it("validateLicenseKey: required fields and scalar condition values", () => {
    expectTypeOf<ValidateLicenseKeyInput["key"]>().toEqualTypeOf<string>();
    expectTypeOf<ValidateLicenseKeyInput["organization_id"]>().toEqualTypeOf<string>();
    expectTypeOf<{ key: string }>().not.toExtend<ValidateLicenseKeyInput>();
    expectTypeOf<{
      key: "k";
      organization_id: "o";
      conditions: { os: "macOS"; cores: 12; arm64: true };
    }>().toExtend<ValidateLicenseKeyInput>();
    expectTypeOf<{
      key: "k";
      organization_id: "o";
      conditions: { os: { name: "macOS" } };
    }>().not.toExtend<ValidateLicenseKeyInput>();
  });
});
