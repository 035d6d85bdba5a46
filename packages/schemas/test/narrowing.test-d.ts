// Type-level tests of narrowing: run with `vitest run --typecheck` (also checked by `pnpm typecheck`).
// The unknown variant of each open union has an open tag (any other string), which keeps
// TypeScript from narrowing the union by comparing the tag. The generated guards narrow instead:
// `is<Union>(value, tag)` to one variant, `isKnown<Union>(value)` to the known variants, which a
// `switch` on the tag then narrows.
import { describe, expectTypeOf, it } from "vitest";
import {
  type BalanceCreditOrderEvent,
  type BalanceCreditOrderMetadata,
  type BalanceDisputeEvent,
  type BalanceDisputeMetadata,
  type BalanceDisputeReversalEvent,
  type BalanceOrderEvent,
  type BalanceOrderMetadata,
  type BalanceRefundEvent,
  type BalanceRefundMetadata,
  type BalanceRefundReversalEvent,
  type Benefit,
  type BenefitCycledEvent,
  type BenefitGrantedEvent,
  type BenefitGrantMetadata,
  type BenefitRevokedEvent,
  type BenefitUpdatedEvent,
  type CheckoutCreatedEvent,
  type CheckoutCreatedMetadata,
  type CustomBenefitProperties,
  type Customer,
  type CustomerCreatedEvent,
  type CustomerDeletedEvent,
  type CustomerEventMetadata,
  type CustomerUpdatedEvent,
  type CustomerUpdatedMetadata,
  type CustomField,
  type CustomFieldSelectOption,
  type DiscordBenefitProperties,
  type Event,
  type EventVariants,
  type IndividualCustomer,
  isBenefit,
  isCustomer,
  isCustomField,
  isEvent,
  isKnownBenefit,
  isKnownCustomer,
  isKnownCustomField,
  isKnownEvent,
  isKnownPrice,
  isPrice,
  type KnownSystemEvent,
  type ListEventsInput,
  type MeterCreditedEvent,
  type MeterCreditedMetadata,
  type MeterResetEvent,
  type MeterResetMetadata,
  type OrderAmountMetadata,
  type OrderPaidEvent,
  type OrderPaidMetadata,
  type OrderRefundedEvent,
  type OrderRefundedMetadata,
  type OrderUnvoidedEvent,
  type OrderVoidedEvent,
  type Price,
  type PriceSeatTiers,
  type SubscriptionBillingPeriodUpdatedEvent,
  type SubscriptionBillingPeriodUpdatedMetadata,
  type SubscriptionCanceledEvent,
  type SubscriptionCanceledMetadata,
  type SubscriptionCreatedEvent,
  type SubscriptionCreatedMetadata,
  type SubscriptionCycledEvent,
  type SubscriptionEventMetadata,
  type SubscriptionPastDueEvent,
  type SubscriptionPastDueMetadata,
  type SubscriptionPausedEvent,
  type SubscriptionPausedMetadata,
  type SubscriptionPlanMetadata,
  type SubscriptionProductUpdatedEvent,
  type SubscriptionProductUpdatedMetadata,
  type SubscriptionReactivatedEvent,
  type SubscriptionReinstatedEvent,
  type SubscriptionResumedEvent,
  type SubscriptionRevokedEvent,
  type SubscriptionSeatsUpdatedEvent,
  type SubscriptionSeatsUpdatedMetadata,
  type SubscriptionUncanceledEvent,
  type SubscriptionUpdateClearedEvent,
  type SubscriptionUpdateClearedMetadata,
  type SubscriptionUpdatedEvent,
  type SubscriptionUpdatedMetadata,
  type TeamCustomer,
  type UnknownBenefit,
  type UnknownCustomer,
  type UnknownCustomField,
  type UnknownPrice,
  type UnknownSourceEvent,
  type UnknownSystemEvent,
  type UserEvent,
  type UserEventMetadata,
  type ValidateLicenseKeyInput,
} from "../src/index.js";

declare const event: Event;
declare const price: Price;
declare const benefit: Benefit;
declare const field: CustomField;
declare const customer: Customer;

describe("isEvent(event, name) narrows to that system event and its metadata, for every name", () => {
  it("meter.credited", () => {
    if (isEvent(event, "meter.credited")) {
      expectTypeOf(event).toEqualTypeOf<MeterCreditedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<MeterCreditedMetadata>();
    }
  });

  it("meter.reset", () => {
    if (isEvent(event, "meter.reset")) {
      expectTypeOf(event).toEqualTypeOf<MeterResetEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<MeterResetMetadata>();
    }
  });

  it("benefit.granted", () => {
    if (isEvent(event, "benefit.granted")) {
      expectTypeOf(event).toEqualTypeOf<BenefitGrantedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<BenefitGrantMetadata>();
    }
  });

  it("benefit.cycled", () => {
    if (isEvent(event, "benefit.cycled")) {
      expectTypeOf(event).toEqualTypeOf<BenefitCycledEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<BenefitGrantMetadata>();
    }
  });

  it("benefit.updated", () => {
    if (isEvent(event, "benefit.updated")) {
      expectTypeOf(event).toEqualTypeOf<BenefitUpdatedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<BenefitGrantMetadata>();
    }
  });

  it("benefit.revoked", () => {
    if (isEvent(event, "benefit.revoked")) {
      expectTypeOf(event).toEqualTypeOf<BenefitRevokedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<BenefitGrantMetadata>();
    }
  });

  it("subscription.created", () => {
    if (isEvent(event, "subscription.created")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionCreatedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionCreatedMetadata>();
    }
  });

  it("subscription.updated", () => {
    if (isEvent(event, "subscription.updated")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionUpdatedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionUpdatedMetadata>();
    }
  });

  it("subscription.cycled", () => {
    if (isEvent(event, "subscription.cycled")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionCycledEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionEventMetadata>();
    }
  });

  it("subscription.canceled", () => {
    if (isEvent(event, "subscription.canceled")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionCanceledEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionCanceledMetadata>();
    }
  });

  it("subscription.revoked", () => {
    if (isEvent(event, "subscription.revoked")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionRevokedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionEventMetadata>();
    }
  });

  it("subscription.past_due", () => {
    if (isEvent(event, "subscription.past_due")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionPastDueEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionPastDueMetadata>();
    }
  });

  it("subscription.reactivated", () => {
    if (isEvent(event, "subscription.reactivated")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionReactivatedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionEventMetadata>();
    }
  });

  it("subscription.reinstated", () => {
    if (isEvent(event, "subscription.reinstated")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionReinstatedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionEventMetadata>();
    }
  });

  it("subscription.paused", () => {
    if (isEvent(event, "subscription.paused")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionPausedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionPausedMetadata>();
    }
  });

  it("subscription.resumed", () => {
    if (isEvent(event, "subscription.resumed")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionResumedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionEventMetadata>();
    }
  });

  it("subscription.uncanceled", () => {
    if (isEvent(event, "subscription.uncanceled")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionUncanceledEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionPlanMetadata>();
    }
  });

  it("subscription.product_updated", () => {
    if (isEvent(event, "subscription.product_updated")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionProductUpdatedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionProductUpdatedMetadata>();
    }
  });

  it("subscription.seats_updated", () => {
    if (isEvent(event, "subscription.seats_updated")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionSeatsUpdatedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionSeatsUpdatedMetadata>();
    }
  });

  it("subscription.billing_period_updated", () => {
    if (isEvent(event, "subscription.billing_period_updated")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionBillingPeriodUpdatedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionBillingPeriodUpdatedMetadata>();
    }
  });

  it("subscription.update_cleared", () => {
    if (isEvent(event, "subscription.update_cleared")) {
      expectTypeOf(event).toEqualTypeOf<SubscriptionUpdateClearedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionUpdateClearedMetadata>();
    }
  });

  it("order.paid", () => {
    if (isEvent(event, "order.paid")) {
      expectTypeOf(event).toEqualTypeOf<OrderPaidEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<OrderPaidMetadata>();
    }
  });

  it("order.refunded", () => {
    if (isEvent(event, "order.refunded")) {
      expectTypeOf(event).toEqualTypeOf<OrderRefundedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<OrderRefundedMetadata>();
    }
  });

  it("order.voided", () => {
    if (isEvent(event, "order.voided")) {
      expectTypeOf(event).toEqualTypeOf<OrderVoidedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<OrderAmountMetadata>();
    }
  });

  it("order.unvoided", () => {
    if (isEvent(event, "order.unvoided")) {
      expectTypeOf(event).toEqualTypeOf<OrderUnvoidedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<OrderAmountMetadata>();
    }
  });

  it("checkout.created", () => {
    if (isEvent(event, "checkout.created")) {
      expectTypeOf(event).toEqualTypeOf<CheckoutCreatedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<CheckoutCreatedMetadata>();
    }
  });

  it("customer.created", () => {
    if (isEvent(event, "customer.created")) {
      expectTypeOf(event).toEqualTypeOf<CustomerCreatedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<CustomerEventMetadata>();
    }
  });

  it("customer.updated", () => {
    if (isEvent(event, "customer.updated")) {
      expectTypeOf(event).toEqualTypeOf<CustomerUpdatedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<CustomerUpdatedMetadata>();
    }
  });

  it("customer.deleted", () => {
    if (isEvent(event, "customer.deleted")) {
      expectTypeOf(event).toEqualTypeOf<CustomerDeletedEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<CustomerEventMetadata>();
    }
  });

  it("balance.order", () => {
    if (isEvent(event, "balance.order")) {
      expectTypeOf(event).toEqualTypeOf<BalanceOrderEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<BalanceOrderMetadata>();
    }
  });

  it("balance.credit_order", () => {
    if (isEvent(event, "balance.credit_order")) {
      expectTypeOf(event).toEqualTypeOf<BalanceCreditOrderEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<BalanceCreditOrderMetadata>();
    }
  });

  it("balance.refund", () => {
    if (isEvent(event, "balance.refund")) {
      expectTypeOf(event).toEqualTypeOf<BalanceRefundEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<BalanceRefundMetadata>();
    }
  });

  it("balance.refund_reversal", () => {
    if (isEvent(event, "balance.refund_reversal")) {
      expectTypeOf(event).toEqualTypeOf<BalanceRefundReversalEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<BalanceRefundMetadata>();
    }
  });

  it("balance.dispute", () => {
    if (isEvent(event, "balance.dispute")) {
      expectTypeOf(event).toEqualTypeOf<BalanceDisputeEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<BalanceDisputeMetadata>();
    }
  });

  it("balance.dispute_reversal", () => {
    if (isEvent(event, "balance.dispute_reversal")) {
      expectTypeOf(event).toEqualTypeOf<BalanceDisputeReversalEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<BalanceDisputeMetadata>();
    }
  });

  it("names every known system event and the user source, nothing else", () => {
    expectTypeOf<keyof EventVariants>().toEqualTypeOf<KnownSystemEvent["name"] | "user">();
    // @ts-expect-error a name this version does not know is not a tag of the guard
    isEvent(event, "meter.drained");
  });
});

describe("isKnownEvent(event): then source and name narrow, as the README shows", () => {
  it("a system event named order.paid has its metadata", () => {
    if (isKnownEvent(event) && event.source === "system" && event.name === "order.paid") {
      expectTypeOf(event).toEqualTypeOf<OrderPaidEvent>();
      expectTypeOf(event.metadata.amount).toEqualTypeOf<number>();
    }
  });

  it("a user event has the user metadata, not a union of every metadata type", () => {
    if (isKnownEvent(event) && event.source === "user") {
      expectTypeOf(event).toEqualTypeOf<UserEvent>();
      expectTypeOf(event.metadata).toEqualTypeOf<UserEventMetadata>();
    }
    if (isEvent(event, "user")) expectTypeOf(event.metadata).toEqualTypeOf<UserEventMetadata>();
  });

  it("a switch on source, then on name, narrows each case", () => {
    if (!isKnownEvent(event)) {
      expectTypeOf(event).toEqualTypeOf<UnknownSystemEvent | UnknownSourceEvent>();
      return;
    }
    switch (event.source) {
      case "user":
        expectTypeOf(event).toEqualTypeOf<UserEvent>();
        break;
      case "system":
        switch (event.name) {
          case "subscription.canceled":
            expectTypeOf(event.metadata).toEqualTypeOf<SubscriptionCanceledMetadata>();
            break;
          case "meter.credited":
            expectTypeOf(event.metadata.units).toEqualTypeOf<number>();
            break;
        }
    }
  });

  it("without a guard, comparing the name leaves the open variants in (why the guards exist)", () => {
    if (event.source === "system" && event.name === "order.paid") {
      expectTypeOf<UnknownSystemEvent>().toExtend<typeof event>();
    }
  });
});

describe("prices: isPrice, or isKnownPrice then a switch on amount_type", () => {
  it("isPrice narrows to the variant of the tag", () => {
    if (isPrice(price, "fixed")) expectTypeOf(price.price_amount).toEqualTypeOf<number>();
    if (isPrice(price, "seat_based")) expectTypeOf(price.seat_tiers).toEqualTypeOf<PriceSeatTiers>();
  });

  it("a switch on a known price's amount_type narrows every case", () => {
    if (!isKnownPrice(price)) {
      expectTypeOf(price).toEqualTypeOf<UnknownPrice>();
      expectTypeOf(price.amount_type).toEqualTypeOf<string & {}>();
      return;
    }
    switch (price.amount_type) {
      case "fixed":
        expectTypeOf(price.price_amount).toEqualTypeOf<number>();
        expectTypeOf(price.legacy).toEqualTypeOf<boolean | undefined>();
        break;
      case "custom":
        expectTypeOf(price.minimum_amount).toEqualTypeOf<number>();
        expectTypeOf(price.maximum_amount).toEqualTypeOf<number | null>();
        break;
      case "seat_based":
        expectTypeOf(price.seat_tiers.tiers[0]!.price_per_seat).toEqualTypeOf<number>();
        break;
      case "metered_unit":
        expectTypeOf(price.unit_amount).toEqualTypeOf<string>();
        expectTypeOf(price.meter_id).toEqualTypeOf<string>();
        break;
      default:
        expectTypeOf(price).toBeNever();
    }
  });
});

describe("benefits, custom fields and customers narrow the same way", () => {
  it("benefits: properties typed per type", () => {
    if (isBenefit(benefit, "discord"))
      expectTypeOf(benefit.properties).toEqualTypeOf<DiscordBenefitProperties>();
    if (isKnownBenefit(benefit)) {
      if (benefit.type === "custom")
        expectTypeOf(benefit.properties).toEqualTypeOf<CustomBenefitProperties>();
      if (benefit.type === "meter_credit") expectTypeOf(benefit.properties.units).toEqualTypeOf<number>();
    } else {
      expectTypeOf(benefit).toEqualTypeOf<UnknownBenefit>();
      expectTypeOf(benefit.properties).toEqualTypeOf<Record<string, unknown>>();
    }
  });

  it("custom fields: a select field's options are required", () => {
    if (isCustomField(field, "select"))
      expectTypeOf(field.properties.options).toEqualTypeOf<CustomFieldSelectOption[]>();
    if (isKnownCustomField(field)) {
      if (field.type === "text")
        expectTypeOf(field.properties.max_length).toEqualTypeOf<number | undefined>();
    } else {
      expectTypeOf(field).toEqualTypeOf<UnknownCustomField>();
    }
  });

  it("customers: an individual's e-mail is a string", () => {
    if (isCustomer(customer, "individual")) {
      expectTypeOf(customer).toEqualTypeOf<IndividualCustomer>();
      expectTypeOf(customer.email).toEqualTypeOf<string>();
    }
    if (isKnownCustomer(customer)) {
      if (customer.type === "team") {
        expectTypeOf(customer).toEqualTypeOf<TeamCustomer>();
        expectTypeOf(customer.email).toEqualTypeOf<string | null | undefined>();
      }
    } else {
      expectTypeOf(customer).toEqualTypeOf<UnknownCustomer>();
    }
  });
});

describe("inputs take what the service takes", () => {
  it("listEvents filter: the object or its JSON text", () => {
    expectTypeOf<{ filter: string }>().toExtend<ListEventsInput>();
    expectTypeOf<{ filter: { conjunction: "and"; clauses: [] } }>().toExtend<ListEventsInput>();
    expectTypeOf<{ filter: 42 }>().not.toExtend<ListEventsInput>();
  });

  it("validateLicenseKey: activation_id, benefit_id, customer_id and increment_usage take null", () => {
    expectTypeOf<{
      key: "k";
      organization_id: "o";
      activation_id: null;
      benefit_id: null;
      customer_id: null;
      increment_usage: null;
    }>().toExtend<ValidateLicenseKeyInput>();
    expectTypeOf<{ key: null; organization_id: "o" }>().not.toExtend<ValidateLicenseKeyInput>();
  });
});
