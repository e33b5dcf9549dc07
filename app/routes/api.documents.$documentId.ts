import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { documentView } from "~/.server/documents/operations";
import { deleteDocument, requireDocumentRow } from "~/.server/documents/store";
import { AppError } from "~/.server/errors";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";

/** The methods the action takes (the worker refuses any other with a 405 before it gets here). */
export const actionMethods = ["DELETE"];

/** The asker's account; a visitor without one, like another account's id, finds nothing (404). */
async function ownerOf(request: Request, context: LoaderFunctionArgs["context"], documentId: string | undefined) {
  const viewer = await getViewer(request, context);
  if (!viewer.accountId || !documentId) throw new AppError("request/not-found");
  return viewer.accountId;
}

/** GET one of the asker's documents (decision 0031): `{ ok, document }`, polled by the chip while it is read. */
export const loader = resource(async ({ request, params, context }: LoaderFunctionArgs) => {
  const owner = await ownerOf(request, context, params.documentId);
  const document = await requireDocumentRow(context.env, owner, params.documentId!);
  return Response.json({ ok: true, document: documentView(document) }, { headers: { "Cache-Control": "no-store" } });
});

/** DELETE one of the asker's documents: its file, rows, pages and search index (`{ ok }`); another account's id is 404. */
export const action = resource(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") throw new AppError("request/method-not-allowed", { allow: ["GET", "HEAD", ...actionMethods] });
  const owner = await ownerOf(request, context, params.documentId);
  await deleteDocument(context.env, owner, params.documentId!);
  return Response.json({ ok: true });
});
