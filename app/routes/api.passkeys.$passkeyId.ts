import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { removePasskey, renamePasskey } from "~/.server/auth/passkeys";
import { requireRecentSignIn } from "~/.server/auth/recent-sign-in";
import { AppError } from "~/.server/errors";
import { linkContext, requireApiUser } from "~/.server/http/auth";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { invalidForm, resource, serverNamespace } from "~/.server/http/respond";
import { passkeyNameSchema } from "~/lib/schemas/auth";

/**
 * POST `intent=rename` with `name`, or `intent=remove`, for one of the signed-in owner's passkeys (decision 0028).
 * Another account's passkey id is auth/passkey-not-found (404), like one that does not exist. Removing one needs a
 * sign-in from the last 10 minutes and keeps at least one verified way in (auth/last-connection).
 */
export const action = resource(async ({ request, context, params }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const { viewer, user } = await requireApiUser(request, context);
  const passkeyId = params.passkeyId ?? "";
  const intent = form.get("intent");
  if (intent === "rename") {
    const parsed = passkeyNameSchema().safeParse({ name: form.get("name") });
    if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("auth") });
    await renamePasskey(context.env, user.id, passkeyId, parsed.data.name);
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  }
  if (intent === "remove") {
    requireRecentSignIn(viewer);
    await removePasskey(context.env, user, passkeyId, linkContext(request, context));
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  }
  throw new AppError("request/invalid");
});
