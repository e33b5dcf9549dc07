import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { readSignedInForm } from "~/.server/http/auth";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { saveOffered } from "~/.server/memory/jobs";
import { memoryNote } from "~/.server/memory/settings";
import { memoryNoteActionSchema } from "~/lib/schemas/memory";

/**
 * GET what memory did for one answer (decision 0027): `{ ok: true, note: { used, updated, pending, offer } }`. The chat asks
 * again while the extraction job is pending; another account's answer is 404.
 */
export const loader = resource(async ({ request, params, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user" || !params.messageId) throw new AppError("memory/not-found");
  const note = await memoryNote(context.env, viewer.user.id, params.messageId);
  return Response.json({ ok: true, note }, { headers: { "Cache-Control": "no-store" } });
});

/**
 * POST intent=save: "Save to memory?" under an answer that offers it (decision 0027) queues the extraction of the
 * person's own question, once: `{ ok: true, note }` with the note pending. An answer that offers nothing, or another
 * account's, is 404.
 */
export const action = resource(async ({ request, params, context }: ActionFunctionArgs) => {
  const { form, viewer } = await readSignedInForm(request, context);
  if (!memoryNoteActionSchema.safeParse(Object.fromEntries(form)).success) throw new AppError("request/invalid");
  if (!params.messageId) throw new AppError("memory/not-found");
  const note = await saveOffered(context.env, viewer.user.id, params.messageId);
  return Response.json({ ok: true, note }, { headers: { "Cache-Control": "no-store" } });
});
