// loadConfig: a misconfigured worker fails at start with a message naming each problem; good config gets defaults.
// Development conveniences answer only a local request under APP_ENV=development (SECURITY.md "Development pages").
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, withBindings, type AppEnv } from "../../app/.server/env";
import { isLocalDevelopment, isLoopbackAddress } from "../../app/.server/http/development";

const fn = () => undefined;
/** Stand-ins with the methods loadConfig checks for each binding kind. */
function bindings() {
  const durableObject = () => ({ idFromName: fn, get: fn });
  return {
    DB: { prepare: fn },
    MEDIA: { put: fn },
    PAGE_VIEWS: { writeDataPoint: fn },
    ANALYTICS_RATE: { limit: fn },
    CREDITS: durableObject(),
    AUTH_THROTTLE: durableObject(),
    ACCOUNT: durableObject(),
    WHATSAPP_NUMBER: durableObject(),
    IMAGE_JOBS: { send: fn },
    DATA_EXPORTS: { send: fn },
    MEMORY_JOBS: { send: fn },
    ACCOUNT_DELETIONS: { send: fn },
    DOCUMENT_READS: { send: fn },
    DOCUMENT_CHECK: { pdfPageCount: fn },
  };
}
const SECRET = "s".repeat(32);

function problemsOf(env: object): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("loadConfig accepted an invalid environment");
}

describe("loadConfig", () => {
  it("names a missing DB binding", () => {
    const { DB: _omitted, ...rest } = bindings();
    const message = problemsOf({ ...rest, APP_ENV: "test" });
    expect(message).toContain("DB must be a D1 database binding");
    expect(message).not.toContain("MEDIA");
  });

  it("names every missing binding at once", () => {
    const message = problemsOf({ APP_ENV: "test" });
    for (const name of Object.keys(bindings())) expect(message).toContain(name);
  });

  it("requires SESSION_SECRET everywhere but development (fail closed)", () => {
    expect(problemsOf({ ...bindings(), APP_ENV: "production" })).toContain("SESSION_SECRET");
    // APP_ENV defaults to production, so forgetting both is caught too.
    expect(problemsOf({ ...bindings() })).toContain("SESSION_SECRET");
    // "test" is no development run: a deploy that sets it gets no public fixed secret either.
    expect(problemsOf({ ...bindings(), APP_ENV: "test" })).toContain('SESSION_SECRET is required unless APP_ENV is "development" (APP_ENV is "test"');
    expect(problemsOf({ ...bindings(), APP_ENV: "test", SESSION_SECRET: "" })).toContain("SESSION_SECRET");
    expect(loadConfig({ ...bindings(), APP_ENV: "test", SESSION_SECRET: SECRET }).sessionSecret).toBe(SECRET);
    // Only a development run falls back to the fixed secret, and its own secret still wins.
    expect(loadConfig({ ...bindings(), APP_ENV: "development" }).sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ ...bindings(), APP_ENV: "development", SESSION_SECRET: SECRET }).sessionSecret).toBe(SECRET);
  });

  it("requires APP_ORIGIN in production: links must never follow a request's Host header", () => {
    expect(problemsOf({ ...bindings(), APP_ENV: "production", SESSION_SECRET: SECRET, WHATSAPP_APP_SECRET: "x" })).toContain("APP_ORIGIN");
    // Locally it defaults to the origin the app is served on.
    expect(loadConfig({ ...bindings(), APP_ENV: "development" }).appOrigin).toBeUndefined();
  });

  it("requires WHATSAPP_APP_SECRET in production, and reads the WhatsApp settings", () => {
    expect(problemsOf({ ...bindings(), APP_ENV: "production", SESSION_SECRET: SECRET })).toContain("WHATSAPP_APP_SECRET");
    const config = loadConfig({
      ...bindings(),
      APP_ENV: "development",
      WHATSAPP_BUSINESS_NUMBER: "+90 532 123 45 67",
      WHATSAPP_GRAPH_URL: "http://127.0.0.1:9000/",
      WHATSAPP_MODE: "tasks",
    });
    expect(config.whatsapp).toMatchObject({
      businessNumber: "905321234567",
      graphUrl: "http://127.0.0.1:9000",
      mode: "tasks",
      receiving: false,
      sending: false,
    });
    expect(loadConfig({ ...bindings(), APP_ENV: "development" }).whatsapp.graphUrl).toBe("https://graph.facebook.com/v26.0");
    expect(problemsOf({ ...bindings(), APP_ENV: "development", WHATSAPP_BUSINESS_NUMBER: "call me" })).toContain("WHATSAPP_BUSINESS_NUMBER");
    expect(problemsOf({ ...bindings(), APP_ENV: "development", WHATSAPP_MODE: "everything" })).toContain("WHATSAPP_MODE");
  });

  it("reads WHATSAPP_VOICE_REPLIES as on or off (off by default) and refuses anything else", () => {
    expect(loadConfig({ ...bindings(), APP_ENV: "development" }).whatsapp.voiceReplies).toBe(false);
    expect(loadConfig({ ...bindings(), APP_ENV: "development", WHATSAPP_VOICE_REPLIES: "on" }).whatsapp.voiceReplies).toBe(true);
    expect(problemsOf({ ...bindings(), APP_ENV: "development", WHATSAPP_VOICE_REPLIES: "yes" })).toContain("WHATSAPP_VOICE_REPLIES");
  });

  it("reads SIGNUPS_OPEN as on or off (on by default), refusing anything else, so a typo never closes or opens the door", () => {
    expect(loadConfig({ ...bindings(), APP_ENV: "development" }).signupsOpen).toBe(true);
    expect(loadConfig({ ...bindings(), APP_ENV: "development", SIGNUPS_OPEN: "false" }).signupsOpen).toBe(false);
    expect(loadConfig({ ...bindings(), APP_ENV: "development", SIGNUPS_OPEN: false }).signupsOpen).toBe(false);
    expect(loadConfig({ ...bindings(), APP_ENV: "development", SIGNUPS_OPEN: "true" }).signupsOpen).toBe(true);
    expect(problemsOf({ ...bindings(), APP_ENV: "development", SIGNUPS_OPEN: "closed" })).toContain("SIGNUPS_OPEN");
  });

  it("rejects a short SESSION_SECRET and an unknown APP_ENV", () => {
    expect(problemsOf({ ...bindings(), APP_ENV: "production", SESSION_SECRET: "short" })).toContain("at least 32 characters");
    expect(problemsOf({ ...bindings(), APP_ENV: "staging", SESSION_SECRET: SECRET })).toContain("APP_ENV");
  });

  it("applies defaults and parses numbers from strings", () => {
    const config = loadConfig({ ...bindings(), APP_ENV: "development" });
    expect(config).toMatchObject({
      appEnv: "development",
      isProduction: false,
      appOrigin: undefined,
      credits: { guestDaily: 5, freeDaily: 20 },
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);

    const production = loadConfig({
      ...bindings(),
      SESSION_SECRET: SECRET,
      WHATSAPP_APP_SECRET: "meta-app-secret",
      CREDITS_FREE_DAILY: "30",
      APP_ORIGIN: "https://a.example",
    });
    expect(production).toMatchObject({ appEnv: "production", isProduction: true, sessionSecret: SECRET, appOrigin: "https://a.example" });
    expect(production.credits).toEqual({ guestDaily: 5, freeDaily: 30, guestAddressFactor: 3 });
  });

  it("treats empty strings (unset .dev.vars lines) as absent", () => {
    const config = loadConfig({ ...bindings(), APP_ENV: "test", SESSION_SECRET: SECRET, APP_ORIGIN: "", CREDITS_GUEST_DAILY: "" });
    expect(config.appOrigin).toBeUndefined();
    expect(config.credits.guestDaily).toBe(5);
  });

  it("returns the same config for the same env object", () => {
    const env = { ...bindings(), APP_ENV: "test", SESSION_SECRET: SECRET };
    expect(loadConfig(env)).toBe(loadConfig(env));
  });

  it("gives a request's env, with its own D1 session, the configuration already checked (not checked again)", () => {
    const env = { ...bindings(), APP_ENV: "test", SESSION_SECRET: SECRET } as unknown as AppEnv;
    const session = { prepare: fn } as unknown as D1Database;
    const perRequest = withBindings(env, { DB: session });
    expect(perRequest.DB).toBe(session);
    expect(loadConfig(perRequest)).toBe(loadConfig(env));
  });
});

describe("development pages: APP_ENV=development and this machine only", () => {
  const development = { appEnv: "development" as const };
  const request = (url: string, address?: string) => new Request(url, { headers: address === undefined ? {} : { "CF-Connecting-IP": address } });

  it("knows loopback addresses however they are written", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", " ::1 "])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ["203.0.113.7", "10.0.0.1", "::2", "1::1", "::ffff:203.0.113.7", "128.0.0.1", "localhost", ""]) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
  });

  it("opens for a local request under APP_ENV=development", () => {
    expect(isLocalDevelopment(request("http://localhost:8787/dev/mailbox"), development)).toBe(true);
    expect(isLocalDevelopment(request("http://127.0.0.1:8787/dev/clock", "127.0.0.1"), development)).toBe(true);
    expect(isLocalDevelopment(request("http://[::1]:8787/dev/clock", "::1"), development)).toBe(true);
  });

  it("is closed under any other APP_ENV, from elsewhere, or addressed to another host", () => {
    for (const appEnv of ["test", "production"] as const) {
      expect(isLocalDevelopment(request("http://localhost:8787/dev/mailbox"), { appEnv })).toBe(false);
    }
    expect(isLocalDevelopment(request("http://localhost:8787/dev/mailbox", "203.0.113.7"), development)).toBe(false);
    expect(isLocalDevelopment(request("https://app.example/dev/mailbox", "127.0.0.1"), development)).toBe(false);
    expect(isLocalDevelopment(request("https://app.example/dev/mailbox"), development)).toBe(false);
  });
});
