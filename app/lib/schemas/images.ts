// The image tools' forms (docs/product.md §1, §5), shared by the pages (client checks) and their actions (server checks), and
// the settings each creation keeps for "use again".
import * as z from "zod";
import { ASPECT_RATIOS, BRAND_MAX, DESCRIPTION_MAX, IMAGE_STYLES, LOGO_KINDS, PROMPT_MAX, SLOGAN_MAX, TRANSLATE_LANGUAGES } from "../image-options";
import { LOGO_STYLES, TATTOO_THEMES } from "../tools";
import { lazily } from "./lazy";

export * from "../image-options";

// Built on first use (lazy.ts). The pages load this module only when a form is first used (image-options.ts).
const hexColor = () =>
  z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "validation.color")
    .transform((value) => value.toLowerCase());
/** Empty form fields mean "not given". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

const common = () => ({
  /** Client-made id of this creation: the same request sent twice makes and charges one job. */
  requestId: z.uuid(),
  model: z.string().min(1).max(64),
});

const editSourceSchema = lazily(() =>
  z
    .object({
      sourceImageId: z.uuid().optional(),
      uploadId: z.uuid().optional(),
      maskKey: z
        .string()
        .regex(/^masks\/[\w-]{1,64}\/[\w-]{1,64}\.png$/)
        .optional(),
    })
    .refine((edit) => Boolean(edit.sourceImageId) !== Boolean(edit.uploadId), "validation.photoRequired"),
);

/** "Edit image"'s form (POST /api/images/edits, multipart with an optional PNG `mask`): one picture and the change. */
export const imageEditSchema = lazily(() =>
  z
    .object({
      ...common(),
      prompt: z.string().trim().min(1, "validation.required").max(PROMPT_MAX, "validation.tooLong"),
      sourceImageId: optional(z.uuid()),
      uploadId: optional(z.uuid()),
    })
    .refine((edit) => Boolean(edit.sourceImageId) !== Boolean(edit.uploadId), { message: "validation.photoRequired", path: ["sourceImageId"] }),
);
export type ImageEditInput = z.infer<ReturnType<typeof imageEditSchema>>;

export const imageGenerationSchema = lazily(() =>
  z.object({
    ...common(),
    tool: z.literal("image-generation"),
    prompt: z.string().trim().min(1, "validation.required").max(PROMPT_MAX, "validation.tooLong"),
    style: z.enum(IMAGE_STYLES).default("none"),
    aspectRatio: z.enum(ASPECT_RATIOS).default("1:1"),
    /**
     * Set only by "Edit image" (decision 0029): the picture changed by `prompt` (a gallery image or a chat photo) and the
     * brush mask the server stored for it. A form field is a string, never this object, so /api/jobs cannot set it.
     */
    edit: editSourceSchema().optional(),
  }),
);

export const logoSchema = lazily(() =>
  z.object({
    ...common(),
    tool: z.literal("logo-maker"),
    kind: z.enum(LOGO_KINDS).default("graphic"),
    style: z.enum(LOGO_STYLES).default("basic"),
    brandName: z.string().trim().min(1, "validation.required").max(BRAND_MAX, "validation.tooLong"),
    slogan: optional(z.string().trim().max(SLOGAN_MAX, "validation.tooLong")),
    primaryColor: optional(hexColor()),
    secondaryColor: optional(hexColor()),
  }),
);

export const tattooSchema = lazily(() =>
  z.object({
    ...common(),
    tool: z.literal("tattoo-generator"),
    uploadId: z.uuid("validation.photoRequired"),
    theme: z.enum(TATTOO_THEMES).default("geometric"),
    description: optional(z.string().trim().max(DESCRIPTION_MAX, "validation.tooLong")),
  }),
);

export const photoTranslateSchema = lazily(() =>
  z.object({
    ...common(),
    tool: z.literal("photo-translate"),
    uploadId: z.uuid("validation.photoRequired"),
    targetLanguage: z.enum(TRANSLATE_LANGUAGES, "validation.required"),
  }),
);

export const createJobSchema = lazily(() => z.discriminatedUnion("tool", [imageGenerationSchema(), logoSchema(), tattooSchema(), photoTranslateSchema()]));
export type CreateJobInput = z.infer<ReturnType<typeof createJobSchema>>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a job keeps of its form (everything except the request id), for the consumer and for "use again". */
export type JobSettings = DistributiveOmit<CreateJobInput, "requestId">;

/** Photo translate's answer (from a vision model, checked with this schema before it is stored). */
export const translationResultSchema = lazily(() =>
  z.object({
    sourceLanguage: z.string().trim().min(1).max(40),
    blocks: z.array(z.object({ text: z.string().trim().min(1).max(4000), translation: z.string().trim().max(4000) })).max(100),
  }),
);
export type TranslationResult = z.infer<ReturnType<typeof translationResultSchema>> & { demo?: boolean };
