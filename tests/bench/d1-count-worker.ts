// The benchmark's build of the main worker (`wrangler dev tests/bench/d1-count-worker.ts`, tests/bench/d1-queries.mjs):
// workers/app.ts unchanged, with its D1 binding counted (tests/mocks/d1-query-counter.ts) in the fetch, queue and
// cron handlers and in the Durable Objects that use D1, so a request's D1 reads and writes are known wherever they
// run. The deployed worker has no counter and no /__bench route: this file is never its entry.
import app, { Account as AppAccount, AuthThrottle, CreditsCounter, WhatsAppNumber } from "../../workers/app";
import type { AppEnv } from "../../app/.server/env";
import { countingD1, emptyCounts } from "../mocks/d1-query-counter";

/** One isolate under wrangler dev serves the worker and its Durable Objects: these counts are theirs together. */
const counts = emptyCounts();
/** waitUntil work not yet finished (a statement it makes after the response still belongs to the request). */
const pending = new Set<Promise<unknown>>();

function counted<T extends object>(env: T): T {
  const { DB } = env as unknown as AppEnv;
  return { ...env, DB: countingD1(DB, counts) };
}

function tracked(ctx: ExecutionContext): ExecutionContext {
  return {
    props: ctx.props,
    passThroughOnException: () => ctx.passThroughOnException(),
    waitUntil(promise: Promise<unknown>) {
      pending.add(promise);
      void promise.finally(() => pending.delete(promise)).catch(() => undefined);
      ctx.waitUntil(promise);
    },
  } as ExecutionContext;
}

/** The account's object reaches D1 itself (moving old rows, asking about shared uploads): its binding is counted too. */
export class Account extends AppAccount {
  constructor(state: DurableObjectState, env: AppEnv) {
    super(state, counted(env));
  }
}

// The WhatsApp numbers' object reaches no D1 (decision 0036): exported as it is.
export { AuthThrottle, CreditsCounter, WhatsAppNumber };

/**
 * GET /__bench/d1: the counts since the last call (after the background work of the requests before it has ended),
 * then zero again. The benchmark calls it between the requests it measures, one request at a time.
 */
async function takeCounts(): Promise<Response> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
  const taken = Response.json(counts);
  // Zeroed in place: a Durable Object's binding, counted when the object started, keeps counting into this one.
  Object.assign(counts, emptyCounts());
  return taken;
}

export default {
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname === "/__bench/d1") return takeCounts();
    return app.fetch(request, counted(env), tracked(ctx));
  },
  queue: (batch, env) => app.queue(batch, counted(env)),
  scheduled: (controller, env) => app.scheduled(controller, counted(env)),
} satisfies ExportedHandler<Env>;
