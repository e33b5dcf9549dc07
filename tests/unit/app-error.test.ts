import { describe, expect, it } from "vitest";
import { AppError, errorResponse, secondsToWait } from "../../app/.server/errors";

describe("AppError's typed options (issue 32 item 2)", () => {
  it("turns a wait and the allowed methods into Retry-After and Allow", () => {
    const limited = new AppError("auth/too-many-requests", { retryAfterSeconds: 42 });
    expect(limited.headers().get("Retry-After")).toBe("42");
    const refused = new AppError("request/method-not-allowed", { allow: ["GET", "HEAD", "POST"] });
    expect(refused.headers().get("Allow")).toBe("GET, HEAD, POST");
    expect(new AppError("chat/not-found").headers().has("Retry-After")).toBe(false);
  });

  it("keeps the body's details as clients read them: strings, field keys of a tool turn", async () => {
    expect(new AppError("credits/exhausted", { resetsAt: 1_700_000_000_000 }).toJSON()).toEqual({
      error: { code: "credits/exhausted", details: { resetsAt: "1700000000000" } },
    });
    expect(new AppError("request/invalid", { fieldErrors: { category: "validation.categoryRequired" } }).toJSON()).toEqual({
      error: { code: "request/invalid", details: { category: "validation.categoryRequired" } },
    });
    expect(new AppError("chat/not-found").toJSON()).toEqual({ error: { code: "chat/not-found" } });
    const response = errorResponse(new AppError("upload/daily-limit", { retryAfterSeconds: 3600 }));
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("3600");
    expect(await response.json()).toEqual({ error: { code: "upload/daily-limit", details: { retryAfterSeconds: "3600" } } });
  });

  it("rounds a wait up to whole seconds, at least one", () => {
    expect(secondsToWait(0)).toBe(1);
    expect(secondsToWait(1001)).toBe(2);
  });
});
