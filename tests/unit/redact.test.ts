// SECURITY.md "Error reports and logs": the values of `token`, `code` and `state` never reach an error report or a log line, wherever
// the address appears (a page URL, a message or stack quoting it, an address inside another parameter).
import { describe, expect, it } from "vitest";
import { redactDeep, redactedError, redactSecrets } from "../../app/lib/redact";

describe("redactSecrets", () => {
  it.each([
    ["https://app.example/auth/email-link?token=abc123", "https://app.example/auth/email-link?token=[redacted]"],
    ["https://app.example/auth/reset-password?lang=tr&token=Zx9_uQ3-kV7m", "https://app.example/auth/reset-password?lang=tr&token=[redacted]"],
    ["/auth/oauth/google/callback?state=s3cr3t&code=4%2F0Adeu5&scope=email", "/auth/oauth/google/callback?state=[redacted]&code=[redacted]&scope=email"],
    ["https://app.example/auth/verify-email?TOKEN=abc#section", "https://app.example/auth/verify-email?TOKEN=[redacted]#section"],
    ["https://app.example/#token=abc", "https://app.example/#token=[redacted]"],
    ["/auth/login?redirectTo=%2Fauth%2Femail-link%3Ftoken%3Dabc123", "/auth/login?redirectTo=%2Fauth%2Femail-link%3Ftoken%3D[redacted]"],
    [
      'TypeError: failed to load "https://app.example/auth/email-link?token=abc123" (500)',
      'TypeError: failed to load "https://app.example/auth/email-link?token=[redacted]" (500)',
    ],
  ])("%s", (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  it("leaves other parameters, lookalike names and empty values alone", () => {
    for (const text of [
      "https://app.example/web-main?threadId=42&q=token",
      "https://app.example/payment?period=year&countrycode=TR&error_code=x",
      "https://app.example/auth/reset-password?token=",
      "a message about a token=abc without an address",
    ]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  it("redacts every string of a report, and an error's stack", () => {
    const event = {
      request: { url: "https://app.example/auth/email-link", query_string: "token=abc" },
      extra: { url: "https://app.example/auth/email-link?token=abc", count: 2, nested: [{ at: "/x?code=abc" }] },
      user: { id: "u1", ip_address: "203.0.113.5" },
    };
    expect(JSON.stringify(redactDeep(event))).not.toContain("abc");
    expect(redactDeep(event).extra.count).toBe(2);
    expect(redactDeep(event).user).toEqual(event.user);
    const error = new Error("Invalid URL https://app.example/auth/reset-password?token=abc");
    expect(redactedError(error)).toContain("token=[redacted]");
    expect(redactedError(error)).not.toContain("abc");
    expect(redactedError("plain ?state=abc")).toBe("plain ?state=[redacted]");
  });
});
