/**
 * What comes next for a subscription, in words, and what the customer can do about it:
 * a renewal date, a trial's end and the price after it, a failed payment to fix, an end.
 */
import { formatDate, formatMoney, formatPer } from "./format.js";

export interface SubscriptionLike {
  status: string;
  amount: number;
  currency: string;
  recurring_interval: string;
  recurring_interval_count: number;
  current_period_end: string;
  trial_end: string | null;
  cancel_at_period_end: boolean;
  ends_at: string | null;
  ended_at: string | null;
  canceled_at: string | null;
  resumes_at: string | null;
}

export interface NextStep {
  text: string;
  /**
   * The customer has something to do: their payment method needs updating. The API has no
   * operation for it: the service's hosted customer portal is where it is done.
   */
  updatePayment?: boolean;
}

export function nextStep(s: SubscriptionLike, locale?: string): NextStep {
  const price =
    s.amount === 0
      ? "free"
      : `${formatMoney(s.amount, s.currency, locale)} ${formatPer(s.recurring_interval, s.recurring_interval_count)} before tax`;
  const date = (iso: string | null) => formatDate(iso, locale);
  switch (s.status) {
    case "trialing":
      return s.cancel_at_period_end
        ? { text: `Trial ends ${date(s.trial_end ?? s.current_period_end)}; it will not renew` }
        : { text: `Trial ends ${date(s.trial_end ?? s.current_period_end)}, then ${price}` };
    case "active":
      return s.cancel_at_period_end
        ? { text: `Ends ${date(s.ends_at ?? s.current_period_end)}; it will not renew` }
        : { text: `Renews ${date(s.current_period_end)}${s.amount === 0 ? ", free" : ` at ${price}`}` };
    case "past_due":
      return { text: "The last payment failed.", updatePayment: true };
    case "unpaid":
      return { text: "Unpaid.", updatePayment: true };
    case "incomplete":
      return { text: "Waiting for the first payment.", updatePayment: true };
    case "incomplete_expired":
      return { text: "The first payment never came; it did not start." };
    case "paused":
      return { text: s.resumes_at ? `Paused until ${date(s.resumes_at)}` : "Paused" };
    case "canceled":
      return { text: `Ended ${date(s.ended_at ?? s.ends_at ?? s.canceled_at)}` };
    default:
      return { text: `Current period ends ${date(s.current_period_end)}` };
  }
}
