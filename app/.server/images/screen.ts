// What the image tool pages load and how their forms are handled; the routes stay thin (README "Architecture map").
import type { AppContext } from "../context";
import type { Locale } from "../../lib/constants";
import type { JobView } from "../../lib/jobs";
import { TRANSLATE_LANGUAGES, type CreateJobInput, type ImageTool, type JobSettings, type TranslateLanguage } from "../../lib/schemas/images";
import { isDemoMode } from "../ai/providers";
import { clientAddress } from "../auth/throttle";
import { AppError } from "../errors";
import { getLocale } from "../i18n";
import { getViewer } from "../identity";
import { pageTitle } from "../page";
import { resolveImageEngine, toolModels } from "./engines";
import { inAccount } from "../account/client";
import { createJob, getJob, mediaUrl, recentJobs } from "./jobs";
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

/**
 * A tool's checked form (and "Edit image"'s brush mask) becomes a job of the signed-in viewer: POST /api/jobs and
 * /api/images/edits (decision 0029). Creations live in a gallery, which needs an account (docs/product.md §6: tools that
 * store creations ask visitors to sign in).
 */
export async function startImageJob(request: Request, context: AppContext, input: CreateJobInput, mask?: Uint8Array): Promise<JobView> {
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("auth/sign-in-required");
  return createJob(context.env, context.config, { accountId: viewer.accountId, plan: viewer.plan, address: clientAddress(request) }, input, mask);
}
