// Helpers for the accounts integration tests: a browser-like client (cookie jar, Origin header, network address)
// that talks to the real worker, a reader for Remix's single-fetch answers, and row factories.
import type { ErrorInfo } from "../../app/lib/error-body";
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { accountObject } from "../../app/.server/account/client";
import { hashPassword } from "../../app/.server/auth/password";
import { destroyUserSessions, listSessions } from "../../app/.server/auth/session";
import { syncViewerProfile } from "../../app/.server/auth/viewer-profile";
import { getDb, schema } from "../../app/.server/db";
import type { AppEnv } from "../../app/.server/env";
import worker from "../../workers/app";
import { appEnv, uniqueId } from "./helpers";

export const ORIGIN = "https://app.example";
export const db = getDb(appEnv);

/** Calls the worker's fetch handler with `env` (tests add variables to it) and waits for its background work. */
export async function callWorker(request: Request, env: AppEnv = appEnv): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env as unknown as Env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Remix single fetch encodes data with turbo-stream: a flat array of values referenced by index. */
export function decodeSingleFetch(text: string): unknown {
  const values = JSON.parse(text.split("\n")[0]!) as unknown[];
  const special: Record<number, unknown> = { [-5]: null, [-7]: undefined, [-1]: undefined };
  const hydrate = (index: number): unknown => {
    if (index < 0) return special[index];
    const value = values[index];
    if (Array.isArray(value)) return value.map((item) => hydrate(item as number));
    if (value !== null && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(value)) out[values[Number(key.slice(1))] as string] = hydrate(child as number);
      return out;
    }
    return value;
  };
  return hydrate(0);
}

export interface ActionResult {
  status: number;
  /** The action's data (`{ ok: true, ... }` or the one error body, lib/error-body.ts), or the redirect target. */
  data?: Record<string, unknown> & { error?: ErrorInfo };
  redirect?: string;
  setCookies: string[];
}

/** A browser: keeps cookies, sends a same-origin Origin on posts, and comes from one network address. */
/**
 * Every client gets its own network address. Random ones from a small range collided now and then with an address
 * another test had locked on purpose (auth/too-many-requests), which failed an unrelated sign-in.
 */
let nextAddress = Math.floor(Math.random() * 2 ** 22);
function uniqueAddress(): string {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly address = uniqueAddress(),
    readonly env: AppEnv = appEnv,
    /** Where the browser thinks the app is (URL, Host, Origin). */
    readonly origin = ORIGIN,
  ) {}

  /** The same browser (cookies, address) talking to a worker with other variables. */
  withEnv(env: AppEnv): Client {
    const twin = new Client(this.address, env, this.origin);
    for (const [name, value] of this.cookies) twin.cookies.set(name, value);
    return twin;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...rest] = pair!.trim().split("=");
      const value = rest.join("=");
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name!);
      else this.cookies.set(name!, value);
    }
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("CF-Connecting-IP", this.address);
    // Remix compares Origin with Host before running an action; a browser always sends Host.
    headers.set("Host", new URL(this.origin).host);
    if (this.cookies.size > 0) headers.set("Cookie", this.cookieHeader());
    if (init.method && init.method !== "GET" && !headers.has("Origin")) headers.set("Origin", this.origin);
    const response = await callWorker(new Request(`${this.origin}${path}`, { ...init, headers, redirect: "manual" }), this.env);
    this.remember(response);
    return response;
  }

  get(path: string): Promise<Response> {
    return this.fetch(path);
  }

  /** Posts a form to a route action the way a fetcher does (single fetch: `<path>.data`). */
  async action(path: string, fields: Record<string, string> | FormData): Promise<ActionResult> {
    const [pathname, search = ""] = path.split("?");
    const body = fields instanceof FormData ? fields : new URLSearchParams(fields);
    const response = await this.fetch(`${pathname}.data${search ? `?${search}` : ""}`, { method: "POST", body });
    const setCookies = response.headers.getSetCookie();
    const text = await response.text();
    const decoded = text ? (decodeSingleFetch(text) as Record<string, unknown>) : {};
    if (typeof decoded.redirect === "string") return { status: response.status, redirect: decoded.redirect, setCookies };
    return { status: response.status, data: decoded.data as ActionResult["data"], setCookies };
  }

  /** Reads a page's loader data through single fetch (`<path>.data?_routes=<route id>`). */
  async loaderData(path: string, routeId: string): Promise<{ status: number; data?: Record<string, unknown>; redirect?: string }> {
    const [pathname, search = ""] = path.split("?");
    const params = new URLSearchParams(search);
    params.set("_routes", routeId);
    const response = await this.fetch(`${pathname === "/" ? "/_root" : pathname}.data?${params}`);
    const decoded = decodeSingleFetch(await response.text()) as Record<string, unknown>;
    if (typeof decoded.redirect === "string") return { status: response.status, redirect: decoded.redirect };
    const route = decoded[routeId] as { data?: Record<string, unknown> } | undefined;
    return { status: response.status, data: route?.data };
  }

  /** The session cookie's token (its value is `<user id>.<token>`, decision 0039). */
  sessionToken(): string | undefined {
    return this.sessionCookie()?.split(".")[1];
  }

  /** The session cookie's whole value. */
  sessionCookie(): string | undefined {
    return this.cookies.get("__Host-session");
  }
}

/** A developer's browser on the machine `npm start` runs on: the only place /dev/* pages answer (http/development.ts). */
export function localDeveloper(): Client {
  return new Client("127.0.0.1", { ...appEnv, APP_ENV: "development" } as AppEnv, "http://localhost:8787");
}

/** The guest id a browser's guest cookie carries (`v2.<guest id>.<mac>`, app/.server/auth/signing.ts), or "". */
export function guestIdOf(client: Client): string {
  const signed = decodeURIComponent(client.cookies.get("__Host-guest_id") ?? client.cookies.get("guest_id") ?? "");
  return signed.split(".")[1] ?? "";
}

export function uniqueEmail(label = "user"): string {
  return `${uniqueId(label).toLowerCase()}@example.com`;
}

/**
 * A stored hash per password, made once by the app's own hashPassword (its real parameters): accounts made here
 * share it, so setting one up costs no PBKDF2 run of 100,000 iterations (about 40 ms each, several hundred accounts a
 * stage). Signing in still verifies it the full way; a password changed through the app gets a hash of its own.
 */
const fixtureHashes = new Map<string, string>();
async function fixtureHash(password: string): Promise<string> {
  // The string is kept, not the promise: a test's request context must not wait on another's.
  const known = fixtureHashes.get(password);
  if (known) return known;
  const hash = await hashPassword(password);
  fixtureHashes.set(password, hash);
  return hash;
}

/** Makes an account directly in D1 (verified email-password by default). */
export async function createUser(
  options: {
    email?: string;
    password?: string | null;
    verified?: boolean;
    displayName?: string;
    accessLevel?: "basic" | "pro";
    providers?: ("google" | "apple")[];
  } = {},
) {
  const id = crypto.randomUUID();
  const email = options.email ?? uniqueEmail();
  const password = options.password === undefined ? "correct-horse1" : options.password;
  const verified = options.verified ?? true;
  await db.insert(schema.users).values({
    id,
    email,
    emailVerified: verified,
    displayName: options.displayName ?? "Test User",
    passwordHash: password ? await fixtureHash(password) : null,
    accessLevel: options.accessLevel ?? "basic",
  });
  if (password) await db.insert(schema.loginConnections).values({ id: crypto.randomUUID(), userId: id, provider: "email", subject: email, email, verified });
  for (const provider of options.providers ?? []) {
    await db.insert(schema.loginConnections).values({ id: crypto.randomUUID(), userId: id, provider, subject: uniqueId(provider), email, verified: true });
  }
  return { id, email, password: password ?? "" };
}

/** A signed-in client for a new verified account. */
export async function signedInClient(options: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(options);
  const client = new Client();
  const result = await client.action("/auth/login", { email: user.email, password: user.password, redirectTo: "/web-main" });
  if (!result.redirect) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
  return { client, user };
}

/** The newest outbox email to `address`, and the one-time link in it. */
export async function latestEmail(address: string) {
  const row = (
    await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, address)).orderBy(desc(schema.emailOutbox.createdAt)).limit(1)
  )[0];
  const link = row ? /https?:\/\/\S+/.exec(row.textBody)?.[0] : undefined;
  return { row, link, path: link ? link.replace(/^https?:\/\/[^/]+/, "") : undefined };
}

export async function emailCount(address: string): Promise<number> {
  return db.$count(schema.emailOutbox, eq(schema.emailOutbox.toAddress, address));
}

/** The account's live sessions, from its object (decision 0039). */
export async function sessionsOf(userId: string) {
  return listSessions(appEnv, userId);
}

/** Changes every session of the account in its object, as time or a device would (an expiry passed, another browser). */
export async function updateSessionsOf(userId: string, values: { expiresAt?: number; userAgent?: string }) {
  await runInDurableObject(accountObject(appEnv, userId), async (_object, state) => {
    if (values.expiresAt !== undefined) state.storage.sql.exec("update sessions set expires_at = ?", values.expiresAt);
    if (values.userAgent !== undefined) state.storage.sql.exec("update sessions set user_agent = ?", values.userAgent);
  });
}

/** Ends every session of the account, as "sign out everywhere" does. */
export async function endSessionsOf(userId: string) {
  await destroyUserSessions(appEnv, userId);
}

export async function connectionsOf(userId: string) {
  return db.select().from(schema.loginConnections).where(eq(schema.loginConnections.userId, userId));
}

export async function findUserRow(userId: string) {
  return db.query.users.findFirst({ where: eq(schema.users.id, userId) });
}

export async function emailConnection(userId: string) {
  return db.query.loginConnections.findFirst({
    where: and(eq(schema.loginConnections.userId, userId), eq(schema.loginConnections.provider, "email")),
  });
}

/**
 * `env` whose account objects fail the operations named (as an object that cannot be reached does), e.g.
 * "auth.startSession" makes starting a session fail, "auth.whoIs" reading one.
 */
export function failingOperations(env: AppEnv, ...names: string[]): AppEnv {
  const namespace = env.ACCOUNT;
  const ACCOUNT = new Proxy(namespace, {
    get(target, property) {
      if (property === "get") {
        return (id: DurableObjectId) => {
          const stub = target.get(id);
          return new Proxy(stub, {
            get(inner, key) {
              if (key === "perform")
                return (name: string, input: unknown) =>
                  names.includes(name) ? Promise.reject(new Error("unavailable")) : inner.perform(name as never, input);
              const value = Reflect.get(inner, key) as unknown;
              return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(inner) : value;
            },
          });
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...env, ACCOUNT } as AppEnv;
}

/** The account's profile copied again into its object after a test changed D1 by hand, as an operator's change must be (decision 0039). */
export async function syncProfile(userId: string) {
  await syncViewerProfile(appEnv, userId);
}

/**
 * `env` with a database that fails every statement whose SQL matches `pattern` (as D1 does when it is unavailable),
 * for the failures a person cannot cause: e.g. /insert into "users"/ makes signing up fail.
 */
export function failingStatements(env: AppEnv, pattern: RegExp): AppEnv {
  return { ...env, DB: failingPrepare(env.DB, pattern) } as AppEnv;
}

/** `database` (a binding or one of its D1 sessions, which requests query through) failing the statements that match. */
function failingPrepare<T extends D1Database | D1DatabaseSession>(database: T, pattern: RegExp): T {
  return new Proxy(database, {
    get(target, property) {
      if (property === "prepare") {
        return (sql: string) => {
          if (pattern.test(sql)) throw new Error("D1 is unavailable");
          return target.prepare(sql);
        };
      }
      if (property === "withSession") return (start?: string) => failingPrepare((target as D1Database).withSession(start), pattern);
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
