// The browser's one reader of /api/* answers (app/lib/api-client.ts): what each kind of answer reads as. The network
// is a function returning real Response objects, as fetch would.
import { afterEach, describe, expect, it, vi } from "vitest";
import { callApi, openApiStream } from "../../app/lib/api-client";

function answering(respond: () => Promise<Response> | Response) {
  vi.stubGlobal("fetch", async () => respond());
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("callApi", () => {
  it("reads a success as its whole body", async () => {
    answering(() => Response.json({ ok: true, job: { id: "j1" } }, { status: 201 }));
    expect(await callApi<{ job: { id: string } }>("/api/jobs")).toEqual({ ok: true, status: 201, data: { ok: true, job: { id: "j1" } } });
  });

  it("reads the one error body (docs/product.md §7) with its code, message and field errors", async () => {
    const error = { code: "request/invalid", message: "Some of the information is not valid.", fieldErrors: { prompt: "This field is required" } };
    answering(() => Response.json({ ok: false, error }, { status: 400 }));
    expect(await callApi("/api/jobs")).toEqual({ ok: false, status: 400, error });
  });

  it("gives an error without a message an empty one, for the caller's own translation", async () => {
    answering(() => Response.json({ ok: false, error: { code: "credits/exhausted" } }, { status: 402 }));
    expect(await callApi("/api/jobs")).toEqual({ ok: false, status: 402, error: { code: "credits/exhausted", message: "" } });
  });

  it("reads anything else as app/unknown: HTML from a proxy, a success without ok", async () => {
    answering(() => new Response("<h1>Bad gateway</h1>", { status: 502, headers: { "Content-Type": "text/html" } }));
    expect(await callApi("/api/x")).toEqual({ ok: false, status: 502, error: { code: "app/unknown", message: "" } });
    answering(() => Response.json({ job: {} }));
    expect(await callApi("/api/x")).toEqual({ ok: false, status: 200, error: { code: "app/unknown", message: "" } });
  });

  it("reads a request that never reached the server (offline) as docs/product.md §8's network-request-failed, not app/unknown", async () => {
    answering(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await callApi("/api/x")).toEqual({ ok: false, status: 0, error: { code: "app/network-request-failed", message: "" } });
  });

  it("lets the caller know when it aborted the request itself", async () => {
    const controller = new AbortController();
    controller.abort();
    answering(() => Promise.reject(new DOMException("aborted", "AbortError")));
    await expect(callApi("/api/x", { signal: controller.signal })).rejects.toThrow("aborted");
  });
});

describe("openApiStream", () => {
  it("gives an accepted stream to read, with its headers", async () => {
    answering(() => new Response("data: {}\n\n", { headers: { "Content-Type": "text/event-stream", "X-Message-Id": "m1" } }));
    const answer = await openApiStream("/api/chat", { method: "POST" });
    expect(answer.ok && answer.response.headers.get("X-Message-Id")).toBe("m1");
    expect(answer.ok && (await answer.response.text())).toBe("data: {}\n\n");
  });

  it("reads a refusal as callApi does: the server's translated message, with the wait of a 429", async () => {
    const error = { code: "auth/too-many-requests", message: "Too many attempts. Try again in 3 minutes." };
    answering(() => Response.json({ ok: false, error }, { status: 429, headers: { "Retry-After": "180" } }));
    expect(await openApiStream("/api/chat")).toEqual({ ok: false, status: 429, error });
  });

  it("reads anything else as app/unknown and a request that never left as network-request-failed", async () => {
    answering(() => new Response("<h1>Bad gateway</h1>", { status: 502 }));
    expect(await openApiStream("/api/chat")).toEqual({ ok: false, status: 502, error: { code: "app/unknown", message: "" } });
    answering(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await openApiStream("/api/chat")).toEqual({ ok: false, status: 0, error: { code: "app/network-request-failed", message: "" } });
  });
});
