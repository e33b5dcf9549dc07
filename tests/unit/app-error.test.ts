import { describe, expect, it } from "vitest";
import { AppError, secondsToWait } from "../../app/.server/errors";
import { apiError } from "../../app/.server/http/respond";
import en from "../../locales/en/errors.json";

describe("AppError's typed options (decision 0014)", () => {
  it("turns a wait and the allowed methods into Retry-After and Allow", () => {
    const limited = new AppError("auth/too-many-requests", { retryAfterSeconds: 42 });
    expect(limited.headers().get("Retry-After")).toBe("42");
    const refused = new AppError("request/method-not-allowed", { allow: ["GET", "HEAD", "POST"] });
    expect(refused.headers().get("Allow")).toBe("GET, HEAD, POST");
    expect(new AppError("chat/not-found").headers().has("Retry-After")).toBe(false);
  });

  it("keeps the body's details to the one value the error knows; field errors are the body's own fieldErrors", async () => {
    expect(new AppError("credits/exhausted", { resetsAt: 1_700_000_000_000 }).details).toEqual({ resetsAt: "1700000000000" });
    expect(new AppError("chat/not-found").details).toBeUndefined();
    const request = new Request("https://app.test/api/chat");
    const invalid = apiError(request, new AppError("request/invalid", { fieldErrors: { category: "Please choose what you would like to know" } }));
    expect(await invalid.json()).toEqual({
      ok: false,
      error: { code: "request/invalid", message: en["request/invalid"], fieldErrors: { category: "Please choose what you would like to know" } },
    });
    const response = apiError(request, new AppError("upload/daily-limit", { retryAfterSeconds: 3600 }));
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("3600");
    expect(await response.json()).toMatchObject({ ok: false, error: { code: "upload/daily-limit", details: { retryAfterSeconds: "3600" } } });
  });

  it("rounds a wait up to whole seconds, at least one", () => {
    expect(secondsToWait(0)).toBe(1);
    expect(secondsToWait(1001)).toBe(2);
  });
});
