// docs/product.md §1/§7/§8: browser errors are reported from launch, noisy ones are dropped, at most 64 wait in the buffer,
// and keepalive is used only for small bodies. The "server" here records what reached it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

interface Sent {
  body: { message: string; kind: string; url: string; stack?: string };
  keepalive: boolean;
}

async function loadReporter(respond: () => Response | Promise<Response> = () => new Response(null, { status: 204 }), href = "https://app.test/web-main") {
  vi.resetModules();
  const sent: Sent[] = [];
  const listeners = new Map<string, (event: unknown) => void>();
  vi.stubGlobal("window", {
    location: { href },
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

  it("sends no token, code or state value of the page's address (SECURITY.md, Error reports and logs)", async () => {
    const page = "https://app.test/auth/email-link?token=live-link-secret&lang=tr";
    const { reporter, sent } = await loadReporter(undefined, page);
    const error = new Error(`could not open ${page}`);
    error.stack = `Error: could not open ${page}\n    at open (https://app.test/assets/a.js:1:2)`;
    reporter.reportClientError("error", error);
    await settle();
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]!.body)).not.toContain("live-link-secret");
    expect(sent[0]!.body.url).toBe("https://app.test/auth/email-link?token=[redacted]&lang=tr");
    expect(sent[0]!.body.message).toContain("?token=[redacted]&lang=tr");
  });

  it("never reports the the product's noisy browser errors", async () => {
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
    // The refused report is kept and goes first once the pause is over.
    expect(sent.map((entry) => entry.body.message)).toEqual(["Error: first", "Error: first", "Error: second"]);
  });

  it("backs off 1 s, 2 s, 4 s... after 429s without Retry-After, keeps the report, and resets after a success", async () => {
    let refusals = 3;
    const { reporter, sent } = await loadReporter(() => (refusals-- > 0 ? new Response(null, { status: 429 }) : new Response(null, { status: 204 })));
    reporter.reportClientError("error", new Error("kept"));
    await vi.advanceTimersByTimeAsync(1);
    const attempts = () => sent.length;
    expect(attempts()).toBe(1);
    // docs/product.md §9: base 1 s, factor 2.
    await vi.advanceTimersByTimeAsync(990);
    expect(attempts()).toBe(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(attempts()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_980);
    expect(attempts()).toBe(2);
    await vi.advanceTimersByTimeAsync(20);
    expect(attempts()).toBe(3);
    await vi.advanceTimersByTimeAsync(3_980);
    expect(attempts()).toBe(3);
    await vi.advanceTimersByTimeAsync(20);
    expect(sent.map((entry) => entry.body.message)).toEqual(Array(4).fill("Error: kept"));
    // Accepted: the next refusal starts again from 1 s.
    refusals = 1;
    reporter.reportClientError("error", new Error("later"));
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1_010);
    expect(sent.map((entry) => entry.body.message).slice(4)).toEqual(["Error: later", "Error: later"]);
  });

  it("caps the backoff at 4 hours and honours a Retry-After date", async () => {
    let answer = () => new Response(null, { status: 429 });
    const { reporter, sent } = await loadReporter(() => answer());
    reporter.reportClientError("error", new Error("stuck"));
    // 1 + 2 + 4 + ... seconds: the 15th wait would be 4.5 hours without the cap.
    for (let step = 0; step < 14; step++) await vi.advanceTimersByTimeAsync(1_000 * 2 ** step + 5);
    expect(sent).toHaveLength(15);
    await vi.advanceTimersByTimeAsync(4 * 60 * 60_000 + 5);
    expect(sent).toHaveLength(16);
    answer = () => new Response(null, { status: 429, headers: { "Retry-After": new Date(Date.now() + 90_000).toUTCString() } });
    await vi.advanceTimersByTimeAsync(4 * 60 * 60_000 + 5);
    expect(sent).toHaveLength(17);
    answer = () => new Response(null, { status: 204 });
    await vi.advanceTimersByTimeAsync(85_000);
    expect(sent).toHaveLength(17);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(sent).toHaveLength(18);
  });

  it("shares the 60000-byte keepalive budget across the requests in flight and frees it as each finishes", async () => {
    const pending: (() => void)[] = [];
    const { reporter, sent } = await loadReporter(() => new Promise<Response>((resolve) => pending.push(() => resolve(new Response(null, { status: 204 })))));
    // About 12 KB each once serialized (message and stack at their caps): four fit in 60,000 bytes, a fifth does not.
    const big = (index: number) => Object.assign(new Error(`${index}`.padEnd(1_990, "m")), { stack: "s".repeat(10_000) });
    for (let index = 0; index < 5; index++) reporter.reportClientError("error", big(index));
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((entry) => entry.keepalive)).toEqual([true, true, true, true, false]);
    // One keepalive request finishes: its bytes are free again for the next report.
    pending.shift()?.();
    await vi.advanceTimersByTimeAsync(1);
    reporter.reportClientError("error", big(5));
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)?.keepalive).toBe(true);
    reporter.reportClientError("error", big(6));
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)?.keepalive).toBe(false);
  });
});
