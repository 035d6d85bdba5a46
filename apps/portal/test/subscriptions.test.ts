import { describe, expect, test } from "vitest";
import { nextStep, type SubscriptionLike } from "../src/lib/subscriptions.js";

const base: SubscriptionLike = {
  status: "active",
  amount: 2900,
  currency: "usd",
  recurring_interval: "month",
  recurring_interval_count: 1,
  current_period_end: "2026-05-05T00:00:00Z",
  trial_end: null,
  cancel_at_period_end: false,
  ends_at: null,
  ended_at: null,
  canceled_at: null,
  resumes_at: null,
};

describe("what comes next for a subscription", () => {
  test("active: when it renews and for how much", () => {
    expect(nextStep(base, "en-US")).toEqual({ text: "Renews May 5, 2026 at $29.00 per month before tax" });
  });

  test("trialing: the trial's end, then the price that follows", () => {
    expect(nextStep({ ...base, status: "trialing", trial_end: "2026-04-20T00:00:00Z" }, "en-US")).toEqual({
      text: "Trial ends Apr 20, 2026, then $29.00 per month before tax",
    });
  });

  test("past due: the customer has to update their payment method", () => {
    expect(nextStep({ ...base, status: "past_due" }, "en-US")).toEqual({
      text: "The last payment failed.",
      updatePayment: true,
    });
  });

  test("canceled: ended, on the day it ended, not a period end in the past", () => {
    const canceled = {
      ...base,
      status: "canceled",
      ended_at: "2026-03-01T00:00:00Z",
      canceled_at: "2026-02-10T00:00:00Z",
    };
    expect(nextStep(canceled, "en-US")).toEqual({ text: "Ended Mar 1, 2026" });
  });

  test("set to cancel with its own end date: that date, not the period's end", () => {
    const ending = { ...base, cancel_at_period_end: true, ends_at: "2026-04-28T00:00:00Z" };
    expect(nextStep(ending, "en-US")).toEqual({ text: "Ends Apr 28, 2026; it will not renew" });
  });

  test("set to cancel: the day it ends, and that it will not renew", () => {
    expect(nextStep({ ...base, cancel_at_period_end: true }, "en-US")).toEqual({
      text: "Ends May 5, 2026; it will not renew",
    });
  });
});

describe("what comes next, for every status", () => {
  test("a trial: its end (or the period's), then the price, or that it will not renew", () => {
    expect(nextStep({ ...base, status: "trialing" }, "en-US")).toEqual({
      text: "Trial ends May 5, 2026, then $29.00 per month before tax",
    });
    expect(
      nextStep(
        { ...base, status: "trialing", trial_end: "2026-04-20T00:00:00Z", cancel_at_period_end: true },
        "en-US",
      ),
    ).toEqual({ text: "Trial ends Apr 20, 2026; it will not renew" });
    expect(nextStep({ ...base, status: "trialing", cancel_at_period_end: true }, "en-US")).toEqual({
      text: "Trial ends May 5, 2026; it will not renew",
    });
  });

  test("the price: free when it costs nothing, every n periods when billed so", () => {
    expect(nextStep({ ...base, amount: 0 }, "en-US")).toEqual({ text: "Renews May 5, 2026, free" });
    expect(nextStep({ ...base, recurring_interval: "month", recurring_interval_count: 3 }, "en-US")).toEqual({
      text: "Renews May 5, 2026 at $29.00 every 3 months before tax",
    });
  });

  test("unpaid or never started: what the customer can do about it", () => {
    expect(nextStep({ ...base, status: "unpaid" })).toEqual({ text: "Unpaid.", updatePayment: true });
    expect(nextStep({ ...base, status: "incomplete" })).toEqual({
      text: "Waiting for the first payment.",
      updatePayment: true,
    });
    expect(nextStep({ ...base, status: "incomplete_expired" })).toEqual({
      text: "The first payment never came; it did not start.",
    });
  });

  test("paused, until a date when there is one; canceled, on the best date known", () => {
    expect(nextStep({ ...base, status: "paused" })).toEqual({ text: "Paused" });
    expect(nextStep({ ...base, status: "paused", resumes_at: "2026-06-01T00:00:00Z" }, "en-US")).toEqual({
      text: "Paused until Jun 1, 2026",
    });
    const canceled = { ...base, status: "canceled", canceled_at: "2026-02-10T00:00:00Z" };
    expect(nextStep(canceled, "en-US")).toEqual({ text: "Ended Feb 10, 2026" });
    expect(nextStep({ ...canceled, ends_at: "2026-02-28T00:00:00Z" }, "en-US")).toEqual({
      text: "Ended Feb 28, 2026",
    });
    expect(nextStep({ ...base, status: "canceled" }, "en-US")).toEqual({ text: "Ended —" });
  });

  test("a status this app does not know yet: when the current period ends", () => {
    expect(nextStep({ ...base, status: "suspended" }, "en-US")).toEqual({
      text: "Current period ends May 5, 2026",
    });
  });
});
