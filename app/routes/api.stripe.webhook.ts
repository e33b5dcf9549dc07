import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveStripeWebhook, STRIPE_EVENT_MAX_BYTES, stripeWebhookSecret } from "~/.server/billing/webhook";
import { POST_ONLY, readText, requireMethod } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";

/**
 * Stripe's webhook endpoint (register https://<host>/api/stripe/webhook in the Stripe dashboard). Authenticated by
 * its Stripe-Signature, not a cookie, so the Origin check lets it through (app/.server/security.ts). A delivery that
 * failed while being applied answers 500, so Stripe sends it again later.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  requireMethod(request, POST_ONLY);
  stripeWebhookSecret(context.config);
  const payload = await readText(request, { allow: POST_ONLY, maxBytes: STRIPE_EVENT_MAX_BYTES });
  const delivery = await receiveStripeWebhook(context.env, context.config, payload, request.headers.get("Stripe-Signature"));
  return delivery.processed ? Response.json({ received: true, outcome: delivery.outcome }) : Response.json({ error: "processing failed" }, { status: 500 });
});
