import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveStripeWebhook } from "~/.server/billing/webhook";

/**
 * Stripe's webhook endpoint (register https://<host>/api/stripe/webhook in the Stripe dashboard). Authenticated by
 * its Stripe-Signature, not a cookie, so the Origin check lets it through (app/.server/security.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  return receiveStripeWebhook(request, context.env, context.config);
}
