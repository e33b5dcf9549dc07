import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveStripeWebhook } from "~/.server/billing/webhook";
import { POST_ONLY, requireMethod } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";

/**
 * Stripe's webhook endpoint (register https://<host>/api/stripe/webhook in the Stripe dashboard). Authenticated by
 * its Stripe-Signature, not a cookie, so the Origin check lets it through (app/.server/security.ts).
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  requireMethod(request, POST_ONLY);
  return await receiveStripeWebhook(request, context.env, context.config);
});
