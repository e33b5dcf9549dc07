// WhatsApp Cloud API settings (decision 0010's names). Read by both workers: the webhook worker checks
// signatures and verify tokens with them, the app sends replies and builds the dialog's wa.me link.
import * as z from "zod";
import { phoneDigits } from "../../lib/whatsapp";

export const DEFAULT_GRAPH_URL = "https://graph.facebook.com/v26.0";

const optionalText = z.string().trim().min(1).optional();

export const whatsappVarsSchema = z.object({
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_ACCESS_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  /** The number users message (wa.me link): international digits; "+" and spaces are tolerated and stripped. */
  WHATSAPP_BUSINESS_NUMBER: z
    .string()
    .transform(phoneDigits)
    .pipe(z.string().regex(/^\d{6,15}$/, "WHATSAPP_BUSINESS_NUMBER must be an international number (digits, + and spaces)"))
    .optional(),
  /** The Graph API base including its version; nothing is added to it. */
  WHATSAPP_GRAPH_URL: z
    .url()
    .transform((url) => url.replace(/\/+$/, ""))
    .default(DEFAULT_GRAPH_URL),
  WHATSAPP_MODE: z.enum(["chat", "tasks"]).default("chat"),
  /** Voice notes may be answered with a voice note too, for accounts that turned it on (decision 0025). */
  WHATSAPP_VOICE_REPLIES: z.enum(["on", "off"]).default("off"),
  /** The operator's bearer token for /api/admin/whatsapp-pause (billing-pause.ts); without it that endpoint does not exist. */
  WHATSAPP_ADMIN_TOKEN: z.string().min(32, "WHATSAPP_ADMIN_TOKEN must be at least 32 characters").optional(),
  /** The approved template a schedule's answer and a finished research go out with outside the 24-hour window (whatsapp/deliver.ts); none: skipped. */
  WHATSAPP_TEMPLATE_BRIEF: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,512}$/, "WHATSAPP_TEMPLATE_BRIEF must be a template name (a-z, 0-9, _)")
    .optional(),
});

export type WhatsAppVars = z.infer<typeof whatsappVarsSchema>;

export function toWhatsAppConfig(vars: WhatsAppVars) {
  return {
    appSecret: vars.WHATSAPP_APP_SECRET ?? null,
    verifyToken: vars.WHATSAPP_VERIFY_TOKEN ?? null,
    accessToken: vars.WHATSAPP_ACCESS_TOKEN ?? null,
    phoneNumberId: vars.WHATSAPP_PHONE_NUMBER_ID ?? null,
    businessNumber: vars.WHATSAPP_BUSINESS_NUMBER ?? null,
    graphUrl: vars.WHATSAPP_GRAPH_URL,
    mode: vars.WHATSAPP_MODE,
    voiceReplies: vars.WHATSAPP_VOICE_REPLIES === "on",
    adminToken: vars.WHATSAPP_ADMIN_TOKEN ?? null,
    templateBrief: vars.WHATSAPP_TEMPLATE_BRIEF ?? null,
    /** Webhooks can be received (and signatures checked) only with the app secret and the verify token. */
    receiving: Boolean(vars.WHATSAPP_APP_SECRET && vars.WHATSAPP_VERIFY_TOKEN),
    /** Replies can be sent only with the access token and the sending number's id. */
    sending: Boolean(vars.WHATSAPP_ACCESS_TOKEN && vars.WHATSAPP_PHONE_NUMBER_ID),
  };
}

export type WhatsAppConfig = ReturnType<typeof toWhatsAppConfig>;

/** The channel is usable end to end: messages can come in, replies can go out, and the dialog has a number to show. */
export function channelReady(config: WhatsAppConfig): boolean {
  return config.receiving && config.sending && Boolean(config.businessNumber);
}

const workerVarsSchema = whatsappVarsSchema
  .extend({
    APP_ENV: z.enum(["development", "test", "production"]).default("production"),
    APP_ORIGIN: z.url().optional(),
  })
  .superRefine((vars, ctx) => {
    if (vars.APP_ENV === "production" && !vars.WHATSAPP_APP_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["WHATSAPP_APP_SECRET"],
        message: "WHATSAPP_APP_SECRET is required in production (wrangler secret put WHATSAPP_APP_SECRET)",
      });
    }
  });

export class WhatsAppConfigError extends Error {
  override name = "WhatsAppConfigError";
}

const checked = new WeakMap<object, { appEnv: string; whatsapp: WhatsAppConfig }>();

/** The webhook worker's settings, checked once per env object; throws WhatsAppConfigError naming each problem. */
export function loadWhatsAppConfig(env: object): { appEnv: string; whatsapp: WhatsAppConfig } {
  const cached = checked.get(env);
  if (cached) return cached;
  // Empty strings come from unset .dev.vars lines; treat them as absent.
  const source = Object.fromEntries(Object.entries(env).filter(([, value]) => typeof value === "string" && value !== ""));
  const vars = workerVarsSchema.safeParse(source);
  if (!vars.success) {
    throw new WhatsAppConfigError(
      `Invalid WhatsApp worker configuration:\n- ${vars.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n- ")}`,
    );
  }
  const config = { appEnv: vars.data.APP_ENV, whatsapp: toWhatsAppConfig(vars.data) };
  checked.set(env, config);
  return config;
}
