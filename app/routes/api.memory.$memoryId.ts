import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { readSignedInForm } from "~/.server/http/auth";
import { invalidForm, resource, serverNamespace } from "~/.server/http/respond";
import { deleteMemory, editMemory, memoryItemSchema } from "~/.server/memory/settings";

/**
 * POST edit (`text`) or delete one memory (decision 0027): `{ ok: true }`; another account's memory is 404 (it is looked
 * for only in the asking account's own storage).
 */
export const action = resource(async ({ request, params, context }: ActionFunctionArgs) => {
  const { form, viewer } = await readSignedInForm(request, context);
  if (!params.memoryId) throw new AppError("memory/not-found");
  const parsed = memoryItemSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("settings"), under: "memory" });
  if (parsed.data.intent === "edit") await editMemory(context.env, viewer.user.id, params.memoryId, parsed.data.text);
  else await deleteMemory(context.env, viewer.user.id, params.memoryId);
  return Response.json({ ok: true });
});
