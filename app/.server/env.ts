// Bindings and variables are checked once per isolate, with a message that names what is missing or wrong.
import * as z from "zod";
import { pushVarsSchema, toPushConfig } from "./notifications/config";
import { toWhatsAppConfig, whatsappVarsSchema } from "./whatsapp/config";

/**
 * The main worker's environment: the ambient `Bindings.App` (workers/app-env.d.ts, built on the types `wrangler types`
 * generates from wrangler.toml). Ambient, so the modules that name the environment import no Durable Object class
 * and no queue message through it (decision 0021, "Bindings are ambient").
 */
export type AppEnv = Bindings.App;

const binding = <T>(name: string, kind: string, method: string) =>
  z.custom<T>((value) => typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)[method] === "function", {
    message: `${name} must be a ${kind} binding (see wrangler.toml)`,
  });

const bindingsSchema = z.object({
  DB: binding<D1Database>("DB", "D1 database", "prepare"),
  MEDIA: binding<R2Bucket>("MEDIA", "R2 bucket", "put"),
  PAGE_VIEWS: binding<AnalyticsEngineDataset>("PAGE_VIEWS", "Analytics Engine dataset", "writeDataPoint"),
  ANALYTICS_RATE: binding<RateLimit>("ANALYTICS_RATE", "Rate Limiting binding", "limit"),
  CREDITS: binding<AppEnv["CREDITS"]>("CREDITS", "Durable Object namespace", "idFromName"),
  AUTH_THROTTLE: binding<AppEnv["AUTH_THROTTLE"]>("AUTH_THROTTLE", "Durable Object namespace", "idFromName"),
  ACCOUNT: binding<AppEnv["ACCOUNT"]>("ACCOUNT", "Durable Object namespace", "idFromName"),
  IMAGE_JOBS: binding<AppEnv["IMAGE_JOBS"]>("IMAGE_JOBS", "Queue producer", "send"),
  DATA_EXPORTS: binding<AppEnv["DATA_EXPORTS"]>("DATA_EXPORTS", "Queue producer", "send"),
  MEMORY_JOBS: binding<AppEnv["MEMORY_JOBS"]>("MEMORY_JOBS", "Queue producer", "send"),
  ACCOUNT_DELETIONS: binding<AppEnv["ACCOUNT_DELETIONS"]>("ACCOUNT_DELETIONS", "Queue producer", "send"),
  DOCUMENT_READS: binding<AppEnv["DOCUMENT_READS"]>("DOCUMENT_READS", "Queue producer", "send"),
  DOCUMENT_CHECK: binding<AppEnv["DOCUMENT_CHECK"]>("DOCUMENT_CHECK", "service (the document-check worker)", "pdfPageCount"),
  WHATSAPP_NUMBER: binding<AppEnv["WHATSAPP_NUMBER"]>("WHATSAPP_NUMBER", "Durable Object namespace", "idFromName"),
});

const count = (fallback: number) => z.coerce.number().int().min(0).max(100_000).default(fallback);
/** Signs cookies only under APP_ENV=development without a SESSION_SECRET of its own (SECURITY.md "Development pages"). */
const DEV_SESSION_SECRET = "development-only-secret-do-not-deploy-0123456789";
/** Signs the demo checkout's webhook events outside production; a real deployment uses its own `whsec_` secret. */
export const DEV_STRIPE_WEBHOOK_SECRET = "whsec_development_only_do_not_deploy_0123456789";
/** "true"/"false" (or a TOML boolean) from wrangler vars. */
const flag = (fallback: boolean) => z.preprocess((value) => (typeof value === "boolean" ? String(value) : value), z.stringbool()).default(fallback);
const priceId = z
  .string()
  .regex(/^price_[A-Za-z0-9_]+$/, "must be a Stripe Price id (price_...)")
  .optional();

const varsSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]).default("production"),
    /** Public origin (https://example.com); defaults to the request's own origin. */
    APP_ORIGIN: z.url().optional(),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    CREDITS_GUEST_DAILY: count(5),
    CREDITS_FREE_DAILY: count(20),
    /** All visitors from one address (IPv6: one /64) may spend this many guests' daily allowance (decision 0011). */
    CREDITS_GUEST_ADDRESS_FACTOR: z.coerce.number().int().min(1).max(1000).default(3),
    /** Images visitors may upload from one address (IPv6: one /64) per UTC day; accounts are not capped (decision 0013). */
    UPLOADS_GUEST_DAILY: count(20),
    SENTRY_DSN: z.url().optional(),
    // Accounts: sign-in with Google and Apple (each offered only when its credentials are set) and email delivery.
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
    GOOGLE_AUTHORIZATION_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
    GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
    GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
    APPLE_CLIENT_ID: z.string().optional(),
    APPLE_TEAM_ID: z.string().optional(),
    APPLE_KEY_ID: z.string().optional(),
    /** The .p8 key from Apple (PKCS#8 PEM; "\n" escapes are accepted) that signs the client secret. */
    APPLE_PRIVATE_KEY: z.string().optional(),
    APPLE_ISSUER: z.url().default("https://appleid.apple.com"),
    APPLE_AUTHORIZATION_URL: z.url().default("https://appleid.apple.com/auth/authorize"),
    APPLE_TOKEN_URL: z.url().default("https://appleid.apple.com/auth/token"),
    APPLE_JWKS_URL: z.url().default("https://appleid.apple.com/auth/keys"),
    EMAIL_PROVIDER_URL: z.url().optional(),
    EMAIL_API_KEY: z.string().optional(),
    EMAIL_FROM: z.string().min(3).default("Nova Assistant <no-reply@example.com>"),
    // Pro billing with Stripe. Without a secret key, outside production, a labelled demo checkout stands in.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret or restricted key (sk_... / rk_...)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "must be the endpoint's signing secret (whsec_...)").optional(),
    STRIPE_PRICE_WEEK: priceId,
    STRIPE_PRICE_MONTH: priceId,
    STRIPE_PRICE_QUARTER: priceId,
    STRIPE_PRICE_YEAR: priceId,
    /** Another Stripe API origin (a local fake or stripe-mock in tests); Stripe's own by default. */
    STRIPE_API_BASE: z.url().optional(),
    /** Stripe Tax on checkout and on the payment page's totals; turn on once Stripe Tax is set up in the account. */
    STRIPE_AUTOMATIC_TAX: flag(false),
    /** How long the Prices and the visitors' totals read from Stripe are reused before being read again (0: never reused). */
    STRIPE_PRICE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
    /**
     * New accounts may be made (password sign-up, a first Google or Apple sign-in). "false" closes the door while existing
     * accounts still sign in; read per request, so a change in the dashboard's variables needs no code deploy (decision 0005).
     */
    SIGNUPS_OPEN: flag(true),
    /** docs/product.md §4: once per user, a Free user sees the Pro dialog after signing in. */
    PAYWALL_AFTER_SIGN_IN: flag(true),
    /** The operator's token for /api/admin/account-moves (decision 0026); without it that endpoint does not exist. */
    ACCOUNT_MOVES_TOKEN: z.string().min(32, "ACCOUNT_MOVES_TOKEN must be at least 32 characters").optional(),
  })
  .extend(whatsappVarsSchema.shape)
  .extend(pushVarsSchema.shape)
  .superRefine((vars, ctx) => {
    if (vars.STRIPE_SECRET_KEY) {
      const needed = ["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_WEEK", "STRIPE_PRICE_MONTH", "STRIPE_PRICE_QUARTER", "STRIPE_PRICE_YEAR"] as const;
      for (const name of needed) {
        if (!vars[name]) ctx.addIssue({ code: "custom", path: [name], message: `${name} is required when STRIPE_SECRET_KEY is set` });
      }
    }
    if (vars.APP_ENV !== "development" && !vars.SESSION_SECRET) {
      // Fail closed: the fixed development secret is public, so anything but a developer's own run needs its own.
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: `SESSION_SECRET is required unless APP_ENV is "development" (APP_ENV is "${vars.APP_ENV}"; wrangler secret put SESSION_SECRET)`,
      });
    }
    if (vars.APP_ENV === "production" && !vars.APP_ORIGIN) {
      // Links in e-mails and return URLs are built from it; without it they would follow the request's Host header.
      ctx.addIssue({
        code: "custom",
        path: ["APP_ORIGIN"],
        message: "APP_ORIGIN is required in production (the public https:// origin, e.g. https://assistant.example.com)",
      });
    }
    if (Boolean(vars.VAPID_PUBLIC_KEY) !== Boolean(vars.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["VAPID_PRIVATE_KEY"],
        message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (scripts/vapid-keys.mjs)",
      });
    }
    if (vars.APP_ENV === "production" && !vars.WHATSAPP_APP_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["WHATSAPP_APP_SECRET"],
        message: "WHATSAPP_APP_SECRET is required in production (wrangler secret put WHATSAPP_APP_SECRET, in both workers)",
      });
    }
  });

export type AppConfig = ReturnType<typeof toConfig>;

function toConfig(vars: z.infer<typeof varsSchema>) {
  return {
    appEnv: vars.APP_ENV,
    isProduction: vars.APP_ENV === "production",
    appOrigin: vars.APP_ORIGIN,
    sessionSecret: vars.SESSION_SECRET ?? DEV_SESSION_SECRET,
    credits: { guestDaily: vars.CREDITS_GUEST_DAILY, freeDaily: vars.CREDITS_FREE_DAILY, guestAddressFactor: vars.CREDITS_GUEST_ADDRESS_FACTOR },
    uploads: { guestDaily: vars.UPLOADS_GUEST_DAILY },
    sentryDsn: vars.SENTRY_DSN,
    signupsOpen: vars.SIGNUPS_OPEN,
    oauth: {
      google:
        vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
          ? {
              clientId: vars.GOOGLE_CLIENT_ID,
              clientSecret: vars.GOOGLE_CLIENT_SECRET,
              issuer: vars.GOOGLE_ISSUER,
              authorizationUrl: vars.GOOGLE_AUTHORIZATION_URL,
              tokenUrl: vars.GOOGLE_TOKEN_URL,
              jwksUrl: vars.GOOGLE_JWKS_URL,
            }
          : null,
      apple:
        vars.APPLE_CLIENT_ID && vars.APPLE_TEAM_ID && vars.APPLE_KEY_ID && vars.APPLE_PRIVATE_KEY
          ? {
              clientId: vars.APPLE_CLIENT_ID,
              teamId: vars.APPLE_TEAM_ID,
              keyId: vars.APPLE_KEY_ID,
              privateKey: vars.APPLE_PRIVATE_KEY.replace(/\\n/g, "\n"),
              issuer: vars.APPLE_ISSUER,
              authorizationUrl: vars.APPLE_AUTHORIZATION_URL,
              tokenUrl: vars.APPLE_TOKEN_URL,
              jwksUrl: vars.APPLE_JWKS_URL,
            }
          : null,
    },
    email: { providerUrl: vars.EMAIL_PROVIDER_URL, apiKey: vars.EMAIL_API_KEY, from: vars.EMAIL_FROM },
    billing: billingConfig(vars),
    whatsapp: toWhatsAppConfig(vars),
    push: toPushConfig(vars),
    accountMovesToken: vars.ACCOUNT_MOVES_TOKEN ?? null,
  };
}

/**
 * "stripe" with a secret key; otherwise "demo" (prices from app/.server/billing/catalogue.ts, checkout through signed demo
 * webhook events), except in production, where no key means payments are "off": a deployment never gives Pro away.
 */
function billingConfig(vars: z.infer<typeof varsSchema>) {
  const mode: "stripe" | "demo" | "off" = vars.STRIPE_SECRET_KEY ? "stripe" : vars.APP_ENV === "production" ? "off" : "demo";
  return {
    mode,
    secretKey: vars.STRIPE_SECRET_KEY ?? null,
    webhookSecret: vars.STRIPE_WEBHOOK_SECRET ?? (mode === "demo" ? DEV_STRIPE_WEBHOOK_SECRET : null),
    prices: { week: vars.STRIPE_PRICE_WEEK, month: vars.STRIPE_PRICE_MONTH, quarter: vars.STRIPE_PRICE_QUARTER, year: vars.STRIPE_PRICE_YEAR },
    apiBase: vars.STRIPE_API_BASE ?? null,
    automaticTax: vars.STRIPE_AUTOMATIC_TAX,
    priceCacheSeconds: vars.STRIPE_PRICE_CACHE_SECONDS,
    paywallAfterSignIn: vars.PAYWALL_AFTER_SIGN_IN,
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

const checked = new WeakMap<object, AppConfig>();

/**
 * `env` with some bindings replaced (a request's D1 session), sharing `env`'s checked configuration: checking it again
 * for every request's copy would cost each request a full validation.
 */
export function withBindings(env: AppEnv, bindings: Partial<AppEnv>): AppEnv {
  const replaced = { ...env, ...bindings };
  checked.set(replaced, loadConfig(env));
  return replaced;
}

/** Validates `env` (cached per env object) and returns the typed configuration; throws ConfigError naming each problem. */
export function loadConfig(env: object): AppConfig {
  const cached = checked.get(env);
  if (cached) return cached;
  const source = env as Record<string, unknown>;
  const problems: string[] = [];
  const bindings = bindingsSchema.safeParse(source);
  if (!bindings.success) problems.push(...bindings.error.issues.map((issue) => issue.message));
  // Empty strings come from unset .dev.vars lines; treat them as absent.
  const vars = varsSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== "")));
  if (!vars.success) problems.push(...vars.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  if (problems.length > 0 || !vars.success) {
    throw new ConfigError(`Invalid worker configuration:\n- ${problems.join("\n- ")}`);
  }
  const config = toConfig(vars.data);
  checked.set(env, config);
  return config;
}

/**
 * A worker's `env` as the app types it: the bindings its wrangler config declares, which is what the runtime hands it.
 * The one place the runtime's object becomes an AppEnv (wrangler's generated `Env` also admits [env.dev]'s stand-ins,
 * an untyped namespace or a service entrypoint, which only the Vite dev proxy sees). Not checked here: a request's
 * context is (checkedEnv), and a queue consumer that needs the configuration loads it (loadConfig).
 */
export function workerEnv(env: object): AppEnv {
  return env as AppEnv;
}

/** A worker's `env` and its configuration, checked by loadConfig (every binding and variable, or a ConfigError naming each problem). */
export function checkedEnv(env: object): { env: AppEnv; config: AppConfig } {
  const config = loadConfig(env);
  return { env: workerEnv(env), config };
}
