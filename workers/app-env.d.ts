// The main worker's environment as the app reads it, declared ambiently so no module imports it (decision 0021,
// "Bindings are ambient"): `AppEnv` (app/.server/env.ts) is `Bindings.App`, so the ~85 modules that name the
// environment import no Durable Object class and no queue message through it. The bindings themselves come from
// the generated `Cloudflare.Env` (workers/worker-configuration.d.ts, `npm run cf-typegen`, checked by `npm test`'s
// "generated types" stage); this file only narrows what `wrangler types` cannot know: which member of a binding
// that `[env.dev]` rebinds is production's, and each queue's message type.
/* eslint-disable @typescript-eslint/consistent-type-imports -- an ambient file cannot import; `import("…")` types are its only way to name a class. */
declare namespace Bindings {
  type Generated = Cloudflare.Env;

  /**
   * The generated type of a binding that `[env.dev]` rebinds: a union of production's binding and the dev services
   * worker's (an untyped namespace, a service entrypoint). The app is typed against production's, picked out of the
   * union, so a binding renamed or removed in wrangler.toml fails the typecheck instead of failing at run time.
   */
  type ProductionBinding<Name extends keyof Generated, Kind> = Extract<Generated[Name], Kind>;

  /** A queue producer as the app calls it: only `send`, which production's Queue and dev's entrypoint both have. */
  type Producer<Name extends keyof Generated, Message> =
    ProductionBinding<Name, Queue> extends { send(body: Message): Promise<unknown> } ? { send(body: Message): Promise<unknown> } : never;

  /**
   * wrangler.toml's bindings (D1, R2, the Durable Objects with their classes, the queues with their message types, the
   * WhatsApp service) and its variables as plain values, which loadConfig (app/.server/env.ts) checks and parses.
   * WHATSAPP and WHATSAPP_INBOX are optional because a deployment without the channel leaves them out (the inbox
   * producer is bound to the WhatsApp worker's queue only where it is deployed).
   */
  type App = Pick<Generated, "DB" | "MEDIA" | "PAGE_VIEWS" | "ANALYTICS_RATE"> & {
    CREDITS: ProductionBinding<"CREDITS", DurableObjectNamespace<import("../app/.server/credits/counter").CreditsCounter>>;
    AUTH_THROTTLE: ProductionBinding<"AUTH_THROTTLE", DurableObjectNamespace<import("../app/.server/auth/throttle-counter").AuthThrottle>>;
    ACCOUNT: ProductionBinding<"ACCOUNT", DurableObjectNamespace<import("../app/.server/account/object").Account>>;
    /** One object per WhatsApp number: its bookkeeping off D1 (decision 0036). */
    WHATSAPP_NUMBER: ProductionBinding<"WHATSAPP_NUMBER", DurableObjectNamespace<import("../app/.server/whatsapp/number-object").WhatsAppNumber>>;
    IMAGE_JOBS: Producer<"IMAGE_JOBS", import("../app/.server/images/messages").ImageJobMessage>;
    DATA_EXPORTS: Producer<"DATA_EXPORTS", import("../app/.server/exports/messages").DataExportMessage>;
    MEMORY_JOBS: Producer<"MEMORY_JOBS", import("../app/.server/memory/jobs").MemoryJob>;
    ACCOUNT_DELETIONS: Producer<"ACCOUNT_DELETIONS", import("../app/.server/account/messages").AccountDeletionMessage>;
    DOCUMENT_READS: Producer<"DOCUMENT_READS", import("../app/.server/documents/messages").DocumentReadMessage>;
    /**
     * The document-check worker (workers/document-check.ts, entrypoint DocumentCheck; decision 0031): the upload's
     * page count of a PDF runs there, so this worker's bundle carries no document parser.
     */
    DOCUMENT_CHECK: Generated["DOCUMENT_CHECK"];
    /** WhatsApp messages accepted by the webhook worker, answered by this worker's queue consumer. */
    WHATSAPP_INBOX?: import("../app/.server/whatsapp/inbox-message").InboxQueue;
    WHATSAPP?: Generated["WHATSAPP"];
    /** Moving a deployed database's old per-account rows into the accounts' objects (decision 0026). */
    ACCOUNT_MOVES?: import("../app/.server/account/messages").AccountMovesQueue;
    [variable: string]: unknown;
  };
}
