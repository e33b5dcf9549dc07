// SPEC §1/§7/§8: browser errors are reported from launch, noisy ones are dropped, at most 64 wait in the buffer,
// and keepalive is used only for small bodies. The "server" here records what reached it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

interface Sent {
  body: { message: string; kind: string };
  keepalive: boolean;
}

async function loadReporter(respond: () => Response = () => new Response(null, { status: 204 })) {
  vi.resetModules();
  const sent: Sent[] = [];
  const listeners = new Map<string, (event: unknown) => void>();
  vi.stubGlobal("window", {
    location: { href: "https://app.test/web-main" },
    addEventListener: (name: string, listener: (event: unknown) => void) => listeners.set(name, listener),
  });
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
    sent.push({ body: JSON.parse(String(init.body)), keepalive: Boolean(init.keepalive) });
    return respond();
  });
  const reporter = await import("../../app/lib/error-reporter");
  return { reporter, sent, listeners };
}

async function settle() {
  await vi.runAllTimersAsync();
}

describe("client error reporter", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("reports window errors and unhandled rejections once started", async () => {
    const { reporter, sent, listeners } = await loadReporter();
    reporter.startErrorReporting();
    listeners.get("error")?.({ error: new TypeError("boom") });
    listeners.get("unhandledrejection")?.({ reason: new Error("lost promise") });
    await settle();
    expect(sent.map((entry) => entry.body.message)).toEqual(["TypeError: boom", "Error: lost promise"]);
    expect(sent.map((entry) => entry.body.kind)).toEqual(["error", "unhandledrejection"]);
  });

  it("never reports the SPEC's noisy browser errors", async () => {
    const { reporter, sent } = await loadReporter();
    reporter.reportClientError("error", "Script error.");
    reporter.reportClientError("error", "ResizeObserver loop completed with undelivered notifications.");
    reporter.reportClientError("error", new Error("real problem"));
    await settle();
    expect(sent.map((entry) => entry.body.message)).toEqual(["Error: real problem"]);
  });

  it("keeps at most 64 reports waiting", async () => {
    const { reporter, sent } = await loadReporter();
    for (let index = 0; index < 100; index++) reporter.reportClientError("error", new Error(`e${index}`));
    await settle();
    expect(sent).toHaveLength(64);
  });

  it("uses keepalive only for bodies under 60000 bytes", async () => {
    const { reporter, sent } = await loadReporter();
    const small = new Error("small");
    const large = new Error("large");
    large.stack = "x".repeat(9_000);
    reporter.reportClientError("error", small);
    reporter.reportClientError("error", large);
    await settle();
    expect(sent.every((entry) => entry.keepalive)).toBe(true);
    const huge = Object.assign(new Error("y".repeat(1_900)), { stack: "z".repeat(70_000) });
    reporter.reportClientError("error", huge);
    await settle();
    // The stack is capped at 10,000 characters, so even a huge error fits a keepalive request.
    expect(sent.at(-1)?.keepalive).toBe(true);
  });

  it("pauses after a 429 until Retry-After has passed", async () => {
    let limited = true;
    const { reporter, sent } = await loadReporter(() =>
      limited ? new Response(null, { status: 429, headers: { "Retry-After": "30" } }) : new Response(null, { status: 204 }),
    );
    reporter.reportClientError("error", new Error("first"));
    await vi.advanceTimersByTimeAsync(1);
    limited = false;
    reporter.reportClientError("error", new Error("second"));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(21_000);
    expect(sent.map((entry) => entry.body.message)).toEqual(["Error: first", "Error: second"]);
  });
});
