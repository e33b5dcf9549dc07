import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clientAddress } from "~/.server/auth/throttle";
import { actingViewer } from "~/.server/chat/viewer";
import { checkDocument, documentKind, MAX_DOCUMENT_BYTES } from "~/.server/documents/check";
import { storeDocument } from "~/.server/documents/store";
import { AppError } from "~/.server/errors";
import { FORM_MAX_BYTES, formFile, POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { checkedImage, storeCheckedImage, storeGuestUpload, withUploadAllowance } from "~/.server/images/uploads";
import { MAX_UPLOAD_BYTES } from "~/.server/images/validate";
import { addProjectFile, addProjectImage, checkFileRoom, projectOwner } from "~/.server/projects/projects";

/**
 * POST multipart `file`: a JPEG or PNG image (checked by content) for chat attachments and the tools, or a PDF, DOCX,
 * TXT or Markdown document for chat (decision 0031), answered with its `kind`. A refused file gets its reason in the
 * person's language; a daily cap also says when uploads open again. `?accept=image` (the image tools' photo fields)
 * takes images only: a document there is `upload/invalid-type`, as before documents existed, and the body is capped
 * at the image limit while it is read, since it is known before the body is (SECURITY.md "Request bodies").
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const imagesAsked = new URL(request.url).searchParams.get("accept") === "image";
  // The form around the file adds a little to it; documents may be larger than images (each type checks its own limit).
  const maxBytes = (imagesAsked ? MAX_UPLOAD_BYTES : MAX_DOCUMENT_BYTES) + FORM_MAX_BYTES;
  const form = await readForm(request, { allow: POST_ONLY, maxBytes, tooLarge: "upload/too-large" });
  // A page loaded before the query parameter existed still says so in a form field: images only there too.
  const imagesOnly = imagesAsked || form.get("accept") === "image";
  // Chosen in a temporary chat: kept an hour at most and never listed as the person's files (decision 0027).
  const temporary = !imagesOnly && form.get("temporary") === "true";
  const { viewer, accountId, setCookie } = await actingViewer(request, context);
  // A file for a project's page (decision 0038-projects): the project must be the account's and have room, before anything is kept.
  const projectId = !imagesOnly && !temporary ? form.get("projectId") : null;
  const project = typeof projectId === "string" && projectId ? { id: projectId, owner: projectOwner(viewer) } : null;
  if (project) await checkFileRoom(context.env, project.owner, project.id);
  // Read once: the document check and the image check look at the same bytes.
  const upload = await formFile(form, "file");
  if (!upload) throw new AppError("upload/empty");
  // Checked before the day's allowance is taken: a check cut off by the platform's CPU limit runs no code after it, so
  // it must not be holding a counted upload (decision 0013; SECURITY.md "Uploads").
  const documentType = imagesOnly ? null : documentKind(upload.bytes, upload.file);
  const checked = documentType ? { document: await checkDocument(context.env, upload.bytes, documentType) } : { image: checkedImage(upload.bytes) };
  // An account's upload is recorded only within `quotaBytes`, decided inside its object (decision 0013); a visitor's has none.
  const store = async (quotaBytes?: number) => {
    if (checked.document) return storeDocument(context.env, accountId, upload, checked.document, quotaBytes, temporary);
    // The answer names the image by its id; its storage key stays on the server.
    const { id, contentType, width, height } = await storeCheckedImage(context.env, accountId, upload.bytes, checked.image, { quotaBytes, temporary });
    return { kind: "image" as const, id, contentType, width, height };
  };
  // Visitors are capped per address and day; accounts per day and by their plan's storage quota (decision 0013).
  const stored =
    viewer.kind === "guest"
      ? await storeGuestUpload(context.env, clientAddress(request), context.config.uploads.guestDaily, store)
      : await withUploadAllowance(context.env, { accountId, plan: viewer.plan }, upload.file.size, store);
  // A project's image is kept by the project (shown to vision models in its chats), its document is read for its text.
  if (project && stored.kind === "image") await addProjectImage(context.env, project.owner, project.id, stored.id, upload.file.name.slice(0, 200) || "image");
  else if (project && "id" in stored) await addProjectFile(context.env, project.owner, project.id, stored.id, true);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return Response.json({ ok: true, ...stored }, { status: 201, headers });
});
