// A small fake of Stripe's REST API for the billing tests and the bench, speaking its wire format: form-encoded
// requests with bracketed keys, bearer key auth, Idempotency-Key, JSON objects and Stripe-style errors. The app
// reaches it through the real stripe library (STRIPE_API_BASE points the client here): in the integration tests
// through the fetch router of tests/integration/billing-helpers.ts (the fake lives in the worker's isolate), in the
// bench over HTTP (tests/bench/stripe.mjs serves `handle` on a local port). Fetch API only, no Node modules, so both
// runtimes load it. It keeps just the objects the app uses: prices, customers, checkout sessions, subscriptions,
// invoice previews and billing portal sessions. Types: fake-stripe.d.mts.

const DAY = 24 * 60 * 60;

function error(status, type, message, code) {
  return Response.json({ error: { type, message, ...(code ? { code } : {}) } }, { status, headers: { "Request-Id": `req_${crypto.randomUUID()}` } });
}

export class FakeStripe {
  requests = [];
  prices = new Map();
  customers = new Map();
  sessions = new Map();
  subscriptions = new Map();
  /** Answers the next `times` requests to `path` (exact, e.g. "/v1/subscriptions/sub_1") with `status` instead. */
  failures = new Map();
  #idempotent = new Map();
  #sequence = 0;

  /** `host` is what STRIPE_API_BASE names (http://host); in the bench, the local port the fake is served on. */
  constructor(secretKey = "sk_test_fake_integration", host = "fake-stripe.test:12111") {
    this.secretKey = secretKey;
    this.host = host;
    this.apiBase = `http://${host}`;
  }

  #id(prefix) {
    this.#sequence += 1;
    return `${prefix}_fake${this.#sequence}${crypto.randomUUID().slice(0, 8)}`;
  }

  addPrice(id, unitAmount, interval, intervalCount = 1, currency = "usd") {
    this.prices.set(id, {
      id,
      object: "price",
      active: true,
      currency,
      unit_amount: unitAmount,
      recurring: { interval, interval_count: intervalCount, usage_type: "licensed", meter: null, trial_period_days: null },
      type: "recurring",
      livemode: false,
    });
  }

  /** A subscription as Stripe holds it (the "current state" a webhook handler reads back). */
  putSubscription(input) {
    const id = input.id ?? this.#id("sub");
    const price = this.prices.get(input.priceId);
    if (!price) throw new Error(`fake Stripe has no price ${input.priceId}`);
    const subscription = {
      id,
      object: "subscription",
      cancel_at: input.cancelAtPeriodEnd ? input.periodEnd : null,
      cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
      customer: input.customer,
      items: {
        object: "list",
        data: [
          {
            id: `si_${id}`,
            object: "subscription_item",
            current_period_start: input.periodEnd - 30 * DAY,
            current_period_end: input.periodEnd,
            price,
            quantity: 1,
          },
        ],
        has_more: false,
      },
      metadata: { userId: input.userId },
      status: input.status ?? "active",
      livemode: false,
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  requestsTo(method, path) {
    return this.requests.filter((request) => request.method === method && (typeof path === "string" ? request.path === path : path.test(request.path)));
  }

  async handle(request) {
    const url = new URL(request.url);
    const body = request.method === "GET" ? url.searchParams.toString() : await request.text();
    const params = Object.fromEntries(new URLSearchParams(body));
    const recorded = {
      method: request.method,
      path: url.pathname,
      params,
      idempotencyKey: request.headers.get("Idempotency-Key"),
      authorization: request.headers.get("Authorization"),
      stripeVersion: request.headers.get("Stripe-Version"),
    };
    this.requests.push(recorded);
    if (recorded.authorization !== `Bearer ${this.secretKey}`) return error(401, "invalid_request_error", "Invalid API Key provided");
    const failure = this.failures.get(url.pathname);
    if (failure && failure.times > 0) {
      failure.times -= 1;
      return error(failure.status, failure.status >= 500 ? "api_error" : "invalid_request_error", "The fake was told to fail this request");
    }
    if (recorded.idempotencyKey && request.method === "POST") {
      const previous = this.#idempotent.get(recorded.idempotencyKey);
      if (previous) return previous.clone();
    }
    const response = this.#route(request.method, url.pathname, params, url);
    if (recorded.idempotencyKey && request.method === "POST" && response.ok) this.#idempotent.set(recorded.idempotencyKey, response.clone());
    return response;
  }

  #route(method, path, params, url) {
    const match = (pattern) => pattern.exec(path);
    let found;

    if (method === "GET" && (found = match(/^\/v1\/prices\/([^/]+)$/))) {
      const price = this.prices.get(found[1]);
      return price ? Response.json(price) : error(404, "invalid_request_error", `No such price: '${found[1]}'`, "resource_missing");
    }

    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: this.#id("cus"),
        object: "customer",
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: { userId: params["metadata[userId]"] },
      };
      this.customers.set(customer.id, customer);
      return Response.json(customer);
    }

    if (method === "POST" && path === "/v1/checkout/sessions") {
      if (!params["line_items[0][price]"] || params.mode !== "subscription") return error(400, "invalid_request_error", "Missing required param: line_items.");
      const id = this.#id("cs_test");
      const session = {
        id,
        object: "checkout.session",
        mode: "subscription",
        status: "open",
        customer: params.customer,
        client_reference_id: params.client_reference_id ?? null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        subscription: null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        line_items_price: params["line_items[0][price]"],
      };
      this.sessions.set(id, session);
      return Response.json(session);
    }

    if (method === "GET" && (found = match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = this.sessions.get(found[1]);
      if (!session) return error(404, "invalid_request_error", `No such checkout.session: '${found[1]}'`, "resource_missing");
      const expand = url.searchParams.getAll("expand[0]").concat(url.searchParams.getAll("expand[]"));
      if (expand.includes("subscription") && typeof session.subscription === "string") {
        return Response.json({ ...session, subscription: this.subscriptions.get(session.subscription) ?? session.subscription });
      }
      return Response.json(session);
    }

    if ((found = match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = this.subscriptions.get(found[1]);
      if (!subscription) return error(404, "invalid_request_error", `No such subscription: '${found[1]}'`, "resource_missing");
      if (method === "GET") return Response.json(subscription);
      if (method === "POST") {
        if (params.cancel_at_period_end !== undefined) {
          const cancel = params.cancel_at_period_end === "true";
          const item = subscription.items.data[0];
          subscription.cancel_at_period_end = cancel;
          subscription.cancel_at = cancel ? item.current_period_end : null;
        }
        return Response.json(subscription);
      }
    }

    if (method === "POST" && path === "/v1/invoices/create_preview") {
      const price = this.prices.get(params["subscription_details[items][0][price]"] ?? "");
      if (!price) return error(400, "invalid_request_error", "No such price");
      const subtotal = price.unit_amount;
      const taxed = params["automatic_tax[enabled]"] === "true";
      if (taxed && !params.customer) return error(400, "invalid_request_error", "The customer's location is not recognized.", "customer_tax_location_invalid");
      const tax = taxed ? Math.round(subtotal * 0.2) : 0;
      return Response.json({
        object: "invoice",
        currency: price.currency,
        subtotal,
        total: subtotal + tax,
        total_taxes: taxed ? [{ amount: tax, tax_behavior: "exclusive", taxability_reason: "standard_rated" }] : [],
      });
    }

    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!params.customer || !this.customers.has(params.customer)) return error(400, "invalid_request_error", `No such customer: '${params.customer}'`);
      return Response.json({
        id: this.#id("bps"),
        object: "billing_portal.session",
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.com/p/session/${this.#id("test")}`,
      });
    }

    return error(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  /** Completes a checkout session as a payment would: a subscription for its price, active for a month. */
  completeSession(sessionId, userId, periodEnd) {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const subscription = this.putSubscription({ customer: session.customer, userId, priceId: session.line_items_price, periodEnd });
    session.status = "complete";
    session.subscription = subscription.id;
    return subscription;
  }
}
