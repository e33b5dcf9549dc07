import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readForm, textFields } from "~/.server/http/request";
import { invalidForm, resource } from "~/.server/http/respond";
import { serverNamespace } from "~/.server/i18n";
import { MASK_MAX_BYTES } from "~/.server/images/jobs";
import { startImageJob } from "~/.server/images/screen";
import { imageEditSchema } from "~/lib/schemas/images";

/**
 * POST "Edit image" (decision 0029), multipart: `requestId`, `model`, `prompt` (the change), `sourceImageId` (a gallery
 * picture) or `uploadId` (a chat photo), and an optional PNG `mask`. It becomes an image job like the others, answered
 * 201 { ok, job }; its result is a new version of the picture.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY, maxBytes: MASK_MAX_BYTES + 64 * 1024 });
  const parsed = imageEditSchema().safeParse(textFields(form));
  if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("images") });
  const maskField = form.get("mask");
  // A mask sent as text, or an empty file, is not a mask.
  if (maskField !== null && (typeof maskField === "string" || maskField.size === 0)) throw new AppError("image/mask-invalid");
  const { requestId, model, prompt, sourceImageId, uploadId } = parsed.data;
  const mask = maskField ? new Uint8Array(await maskField.arrayBuffer()) : undefined;
  const job = await startImageJob(
    request,
    context,
    { tool: "image-generation", requestId, model, prompt, style: "none", aspectRatio: "1:1", edit: { sourceImageId, uploadId } },
    mask,
  );
  return Response.json({ ok: true, job }, { status: 201 });
});
