// The photos the person uploaded and the photo translations made of them, in "Download my data" (decision 0018):
// uploads/ holds each photo as stored (a chat's photo, a project's image, a tool's source photo, the profile photo) and uploads.json says
// what each was for; translations/translations.json holds every finished translation with the photo it was made from,
// read from the account's object in pages (pages.ts) since their text adds up.
import { inAccount } from "../account/client";
import type { AppEnv } from "../env";
import type { Cursor, everyUpload, TranslationsPage } from "./pages";
import { jsonArrayParts, type StreamingZip } from "./zip-writer";
import { isoDay, isoTime } from "./archive-format";

type Upload = ReturnType<typeof everyUpload>[number];

interface UploadsWriting {
  env: AppEnv;
  ownerId: string;
  zip: StreamingZip;
  /** The chat file (without extension) each thread was written to. */
  chatFiles: Map<string, string>;
  now: number;
  /** Called once an upload is written: each is one step of the export's progress (archive.ts). */
  step: () => Promise<void>;
}

/** What an upload was for: the profile photo lives under avatars/ (auth/avatar.ts), the others are known by what refers to them. */
function kindOf(upload: Upload): "profile-photo" | "chat-photo" | "project-image" | "tool-source" | "not-used" {
  if (upload.r2Key.startsWith("avatars/")) return "profile-photo";
  if (upload.threadId) return "chat-photo";
  if (upload.inProject) return "project-image";
  return upload.tool ? "tool-source" : "not-used";
}

/** Writes every upload's file and uploads.json; answers the archive path each upload's photo went to. */
export async function writeUploads(uploads: Upload[], { env, zip, chatFiles, now, step }: UploadsWriting): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  const listed = [];
  for (const upload of uploads) {
    const kind = kindOf(upload);
    const object = await env.MEDIA.get(upload.r2Key);
    const file = `${isoDay(upload.createdAt)}-${kind}-${upload.id.slice(0, 8)}.${upload.contentType === "image/png" ? "png" : "jpg"}`;
    if (object) {
      await zip.addStream(`uploads/${file}`, object.body, upload.createdAt);
      paths.set(upload.id, `uploads/${file}`);
    }
    const chat = upload.threadId ? chatFiles.get(upload.threadId) : undefined;
    listed.push({
      file: object ? file : null,
      kind,
      tool: kind === "tool-source" ? upload.tool : null,
      chat: chat ? `${chat}.md` : null,
      type: upload.contentType,
      width: upload.width,
      height: upload.height,
      bytes: upload.bytes,
      createdAt: isoTime(upload.createdAt),
    });
    await step();
  }
  await zip.addText("uploads/uploads.json", `${JSON.stringify(listed, null, 2)}\n`, now);
  return paths;
}

/** translations/translations.json: each finished photo translation, its languages, text blocks and source photo. */
export async function writeTranslations({ env, ownerId, zip, now }: Omit<UploadsWriting, "step" | "chatFiles">, photos: Map<string, string>) {
  async function* pages() {
    let after: Cursor | null = null;
    do {
      const page: TranslationsPage = await inAccount(env, ownerId, "dataExports.translations", { after });
      yield page.translations.map((job) => {
        const result = parsedJson<{ sourceLanguage?: string; blocks?: { text: string; translation: string }[] }>(job.resultText) ?? {};
        const settings = parsedJson<{ targetLanguage?: string }>(job.params) ?? {};
        return {
          sourcePhoto: job.sourceUploadId ? (photos.get(job.sourceUploadId) ?? null) : null,
          targetLanguage: settings.targetLanguage ?? null,
          sourceLanguage: result.sourceLanguage ?? null,
          blocks: (result.blocks ?? []).map((block) => ({ text: block.text, translation: block.translation })),
          model: job.model,
          createdAt: isoTime(job.createdAt),
        };
      });
      after = page.next;
    } while (after);
  }
  await zip.addTextParts("translations/translations.json", jsonArrayParts(pages()), now);
}

/** A JSON column as its value, or null when it is empty or not JSON (an archive is written whatever a row holds). */
export function parsedJson<Value = unknown>(text: string | null): Value | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Value;
  } catch {
    return null;
  }
}
