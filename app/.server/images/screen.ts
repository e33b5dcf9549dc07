// What the image tool pages load and how their forms are handled; the routes stay thin (README "Architecture map").
import type { AppContext } from "../context";
import type { Locale } from "../../lib/constants";
import type { JobView } from "../../lib/jobs";
import { createJobSchema, imageEditSchema, TRANSLATE_LANGUAGES, type ImageTool, type JobSettings, type TranslateLanguage } from "../../lib/schemas/images";
import { isDemoMode } from "../ai/providers";
import { clientAddress } from "../auth/throttle";
import { AppError } from "../errors";
import { POST_ONLY, readForm } from "../http/request";
import { apiError, invalidForm } from "../http/respond";
import { getLocale, serverNamespace } from "../i18n";
import { getViewer } from "../identity";
import { pageTitle } from "../page";
import { resolveImageEngine, toolModels } from "./engines";
import { inAccount } from "../account/client";
import { createJob, getJob, MASK_MAX_BYTES, mediaUrl, recentJobs } from "./jobs";
import { findUpload } from "./uploads";

/** The picture "Edit image" opens with (decision 0029): a gallery picture or a chat photo, only the viewer's own. */
export interface EditSourceView {
  sourceImageId?: string;
  uploadId?: string;
  url: string;
  width: number;
  height: number;
}

async function editSourceOf(
  context: AppContext,
  accountId: string,
  wanted: { sourceImageId?: string; uploadId?: string } | null,
): Promise<EditSourceView | null> {
  if (wanted?.sourceImageId) {
    const image = await inAccount(context.env, accountId, "gallery.find", { id: wanted.sourceImageId });
    if (!image || (image.contentType !== "image/png" && image.contentType !== "image/jpeg")) return null;
    return { sourceImageId: image.id, url: mediaUrl(image.id), width: image.width, height: image.height };
  }
  if (wanted?.uploadId) {
    const upload = await findUpload(context.env, accountId, wanted.uploadId.slice(0, 64));
    return upload ? { uploadId: upload.id, url: `/media/uploads/${encodeURIComponent(upload.id)}`, width: upload.width, height: upload.height } : null;
  }
  return null;
}

/** docs/product.md §1: 40+ languages, named in the interface language and in that language's alphabetical order. */
export function targetLanguages(locale: Locale): { code: TranslateLanguage; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: "language" });
  const collator = new Intl.Collator(locale);
  return TRANSLATE_LANGUAGES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}

export async function loadToolScreen(request: Request, context: AppContext, tool: ImageTool) {
  const viewer = await getViewer(request, context);
  const signedIn = viewer.kind === "user";
  const from = new URL(request.url).searchParams.get("from");
  let prefill: JobSettings | null = null;
  if (signedIn && from) {
    const job = await getJob(context.env, viewer.accountId, from.slice(0, 64));
    if (job?.tool === tool) prefill = job.settings;
  }
  // "Edit image" links name the picture (?edit=<gallery id> or ?editUpload=<upload id>); "use again" on a version brings its own.
  const params = new URL(request.url).searchParams;
  const wantedEdit =
    tool !== "image-generation"
      ? null
      : params.get("edit")
        ? { sourceImageId: params.get("edit")!.slice(0, 64) }
        : params.get("editUpload")
          ? { uploadId: params.get("editUpload")! }
          : prefill?.tool === "image-generation"
            ? (prefill.edit ?? null)
            : null;
  const editSource = signedIn ? await editSourceOf(context, viewer.accountId, wantedEdit) : null;
  const models = toolModels(context.env, tool === "photo-translate" ? "vision" : "images");
  // The image model each picker choice draws with, so the page can say which one it is.
  const engines = Object.fromEntries(
    models.map((model) => {
      const engine = resolveImageEngine(context.env, model.id);
      return [model.id, engine ? (engine.kind === "demo" ? "demo" : engine.imageModel) : null];
    }),
  );
  return {
    /** Photo translate's target languages, named and sorted here so the page and the server agree on every name. */
    languages: tool === "photo-translate" ? targetLanguages(getLocale(request)) : [],
    signedIn,
    plan: viewer.plan,
    demoMode: isDemoMode(context.env),
    models,
    engines,
    jobs: signedIn ? await recentJobs(context.env, viewer.accountId, tool) : [],
    prefill,
    editSource,
  };
}

/** An image tool page's loader data: its screen and its translated <title>. */
export async function loadImageToolPage(request: Request, context: AppContext, tool: ImageTool) {
  const [screen, title] = await Promise.all([loadToolScreen(request, context, tool), pageTitle(request, "tools", `${tool}.title`)]);
  return { ...screen, title };
}

/** A created job; a refusal is the one error body (docs/product.md §7) (http/respond.ts apiError), fieldErrors in the page's language. */
export type CreateJobResult = { ok: true; job: JobView };

/** POST /api/jobs: a tool's form, checked with the shared schema, becomes a job of the signed-in user. */
export async function handleCreateJob(request: Request, context: AppContext): Promise<Response> {
  try {
    const form = await readForm(request);
    const values = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
    const parsed = createJobSchema().safeParse(values);
    if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("images") });
    const viewer = await getViewer(request, context);
    // Creations live in a gallery, which needs an account (docs/product.md §6: tools that store creations ask visitors to sign in).
    if (viewer.kind !== "user") throw new AppError("auth/sign-in-required");
    const job = await createJob(context.env, context.config, { accountId: viewer.accountId, plan: viewer.plan, address: clientAddress(request) }, parsed.data);
    return Response.json({ ok: true, job } satisfies CreateJobResult, { status: 201 });
  } catch (error) {
    return apiError(request, error);
  }
}

/**
 * POST /api/images/edits (multipart): "Edit image" (decision 0029). `requestId`, `model`, `prompt` (the change),
 * `sourceImageId` (a gallery picture) or `uploadId` (a chat photo), and an optional PNG `mask`. It becomes an image
 * job like the others, answered 201 { ok, job }; its result is a new version of the picture.
 */
export async function handleEditImage(request: Request, context: AppContext): Promise<Response> {
  try {
    const form = await readForm(request, { allow: POST_ONLY, maxBytes: MASK_MAX_BYTES + 64 * 1024 });
    const values = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
    const parsed = imageEditSchema().safeParse(values);
    if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("images") });
    const maskField = form.get("mask");
    // A mask sent as text, or an empty file, is not a mask.
    if (maskField !== null && (typeof maskField === "string" || maskField.size === 0)) throw new AppError("image/mask-invalid");
    const viewer = await getViewer(request, context);
    if (viewer.kind !== "user") throw new AppError("auth/sign-in-required");
    const { requestId, model, prompt, sourceImageId, uploadId } = parsed.data;
    const mask = maskField ? new Uint8Array(await maskField.arrayBuffer()) : undefined;
    const job = await createJob(
      context.env,
      context.config,
      { accountId: viewer.accountId, plan: viewer.plan, address: clientAddress(request) },
      { tool: "image-generation", requestId, model, prompt, style: "none", aspectRatio: "1:1", edit: { sourceImageId, uploadId } },
      mask,
    );
    return Response.json({ ok: true, job } satisfies CreateJobResult, { status: 201 });
  } catch (error) {
    return apiError(request, error);
  }
}
