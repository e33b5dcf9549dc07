// The recent sign-in rule's edge (SECURITY.md "Passwords and sign-in"): a sign-in exactly 10 minutes old still counts,
// a millisecond more does not, and a session from before the rule (signed in at 0) never does.
import { describe, expect, it } from "vitest";
import { SESSION_POLICY } from "../../app/.server/auth/policy";
import { requireRecentSignIn } from "../../app/.server/auth/recent-sign-in";
import { isAppError } from "../../app/.server/errors";

const NOW = Date.UTC(2030, 0, 1);

function refusal(signedInAt: number): string | null {
  try {
    requireRecentSignIn({ signedInAt }, NOW);
    return null;
  } catch (error) {
    return isAppError(error) ? `${error.code} ${error.status}` : String(error);
  }
}

describe("requireRecentSignIn", () => {
  it("allows a sign-in up to 10 minutes old and refuses anything older with 401 auth/requires-recent-login", () => {
    expect(SESSION_POLICY.recentSignInMs).toBe(10 * 60_000);
    expect(refusal(NOW)).toBeNull();
    expect(refusal(NOW - SESSION_POLICY.recentSignInMs)).toBeNull();
    expect(refusal(NOW - SESSION_POLICY.recentSignInMs - 1)).toBe("auth/requires-recent-login 401");
    expect(refusal(0)).toBe("auth/requires-recent-login 401");
  });
});
