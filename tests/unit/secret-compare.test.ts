// equalSecrets: how an operator's token (ACCOUNT_MOVES_TOKEN) is compared with what a request presents. Both sides are
// hashed to fixed-length digests first, so the comparison takes the same steps whatever the presented length.
import { describe, expect, it } from "vitest";
import { equalSecrets } from "../../app/.server/auth/crypto";

const TOKEN = "operator-token-for-the-account-moves-0123456789";

describe("equalSecrets", () => {
  it("accepts the same secret only", async () => {
    expect(await equalSecrets(TOKEN, TOKEN)).toBe(true);
    expect(await equalSecrets(`${TOKEN.slice(0, -1)}x`, TOKEN)).toBe(false);
  });

  it("refuses a presented value of another length: longer, a prefix, empty", async () => {
    expect(await equalSecrets(`${TOKEN}0`, TOKEN)).toBe(false);
    expect(await equalSecrets(TOKEN.slice(0, 10), TOKEN)).toBe(false);
    expect(await equalSecrets("", TOKEN)).toBe(false);
  });
});
