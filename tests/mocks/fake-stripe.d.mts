// Types for fake-stripe.mjs (the project compiles TypeScript with allowJs off).
export type StripeObject = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body (or query string) as flat bracketed keys: { "line_items[0][price]": "price_week" }. */
  params: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
  stripeVersion: string | null;
}

export class FakeStripe {
  constructor(secretKey?: string, host?: string);
  readonly secretKey: string;
  /** What STRIPE_API_BASE names: "fake-stripe.test:12111" unless given. */
  readonly host: string;
  readonly apiBase: string;
  readonly requests: RecordedRequest[];
  readonly prices: Map<string, StripeObject>;
  readonly customers: Map<string, StripeObject>;
  readonly sessions: Map<string, StripeObject>;
  readonly subscriptions: Map<string, StripeObject>;
  /** Answers the next `times` requests to `path` (exact, e.g. "/v1/subscriptions/sub_1") with `status` instead. */
  readonly failures: Map<string, { status: number; times: number }>;
  addPrice(id: string, unitAmount: number, interval: "week" | "month" | "year", intervalCount?: number, currency?: string): void;
  /** A subscription as Stripe holds it (the "current state" a webhook handler reads back). */
  putSubscription(input: {
    id?: string;
    customer: string;
    userId: string;
    priceId: string;
    status?: string;
    periodEnd: number;
    cancelAtPeriodEnd?: boolean;
  }): StripeObject;
  requestsTo(method: string, path: string | RegExp): RecordedRequest[];
  handle(request: Request): Promise<Response>;
  /** Completes a checkout session as a payment would: a subscription for its price, active for a month. */
  completeSession(sessionId: string, userId: string, periodEnd: number): StripeObject;
}
