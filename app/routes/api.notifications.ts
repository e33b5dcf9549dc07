import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { readSignedInForm } from "~/.server/http/auth";
import { invalidForm, resource, serverNamespace } from "~/.server/http/respond";
import { getLocale } from "~/.server/i18n";
import { notificationsFormSchema, saveSubscription, sendTestNotification } from "~/.server/notifications/settings";
import { inAccount } from "~/.server/account/client";

/**
 * POST Settings › Notifications (decision 0042): intent `subscribe` (endpoint, p256dh, auth), `remove` (id),
 * `switch` (kind, enabled) or `test`. `{ ok: true, ... }`, or the one error body with translated field errors; nothing
 * is stored when a field is refused. Without VAPID keys (production) push is not available: 503.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const { form, viewer } = await readSignedInForm(request, context);
  const { env, config } = context;
  const parsed = await notificationsFormSchema(config).safeParseAsync(Object.fromEntries(form));
  if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("settings"), under: "notifications" });
  const accountId = viewer.user.id;
  const change = parsed.data;
  if (change.intent === "switch") {
    await inAccount(env, accountId, "notifications.switch", { kind: change.kind, enabled: change.enabled });
    return Response.json({ ok: true });
  }
  if (change.intent === "remove") {
    if (!(await inAccount(env, accountId, "notifications.remove", change.id))) throw new AppError("notifications/not-found");
    return Response.json({ ok: true });
  }
  if (!config.push.vapid) throw new AppError("notifications/not-configured");
  if (change.intent === "subscribe") return Response.json({ ok: true, ...(await saveSubscription(env, accountId, change, request.headers.get("User-Agent"))) });
  return Response.json({ ok: true, outcome: await sendTestNotification(env, accountId, getLocale(request)) });
});
