// Issue "hardening" item 1 (docs/decisions/0011-guest-allowance.md): a visitor's daily allowance is counted per
// guest id and per client address (IPv6 by /64), the address with a ceiling of a few guests' allowance, so dropping
// the guest cookie is not a new allowance. Every turn here goes through the whole app (worker -> /api/chat ->
// CreditsCounter -> ChatRelay -> fake upstream), from browsers that each start without a cookie.
import { describe, expect, it } from "vitest";
import { signedInClient } from "./auth-helpers";
import { Client, credits, sendTurn, upstreamEnv } from "./chat-helpers";

const UPSTREAM = "normal?n=2&ms=1";

/** A random address per test, outside the 10/8 range the other tests' clients use. */
function randomIpv4(): string {
  const byte = () => Math.floor(Math.random() * 256);
  return `100.${64 + Math.floor(Math.random() * 64)}.${byte()}.${byte()}`;
}

function randomIpv6Prefix(): string {
  const word = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8:${word()}:${word()}`;
}

/** A browser with no cookie yet (a script that drops its cookie is one of these per request) at `address`. */
function freshGuest(address: string, vars: Record<string, string>, upstream = UPSTREAM): Client {
  return new Client(address, upstreamEnv(upstream, vars));
}

describe("guest allowance per client address", { timeout: 60_000 }, () => {
  it("refuses a burst of new guest cookies from one address once it has had three guests' allowance", async () => {
    const vars = { CREDITS_GUEST_DAILY: "2" }; // the default factor, 3: 6 credits a day for the address
    const address = randomIpv4();

    const first = freshGuest(address, vars);
    expect((await sendTurn(first, { message: "First guest" })).status).toBe(200);
    const guestIds = new Set([first.cookieHeader()]);
    for (let index = 0; index < 5; index++) {
      const visitor = freshGuest(address, vars);
      const turn = await sendTurn(visitor, { message: `New cookie ${index}` });
      expect(turn.status).toBe(200);
      expect(turn.done).toMatchObject({ status: "complete" });
      guestIds.add(visitor.cookieHeader());
    }
    expect(guestIds.size).toBe(6);

    // The seventh new cookie gets the out-of-credits answer (the upgrade dialog), not an answer.
    const burst = freshGuest(address, vars);
    const refused = await sendTurn(burst, { message: "Yet another cookie" });
    expect(refused).toMatchObject({ status: 402, error: { code: "credits/exhausted" } });
    expect(Number(refused.error?.details?.resetsAt)).toBeGreaterThan(Date.now());
    // What the UI shows before acting tells the truth: nothing left, for a new visitor and for the first guest,
    // who has used only 1 of their own 2.
    expect(await credits(freshGuest(address, vars))).toMatchObject({ plan: "guest", limit: 2, remaining: 0 });
    expect(await credits(first)).toMatchObject({ plan: "guest", used: 1, limit: 2, remaining: 0 });
    expect(await sendTurn(first, { message: "Own credit left" })).toMatchObject({ status: 402, error: { code: "credits/exhausted" } });

    // Another address is not affected.
    const elsewhere = freshGuest(randomIpv4(), vars);
    expect((await sendTurn(elsewhere, { message: "Other network" })).status).toBe(200);
    expect(await credits(elsewhere)).toMatchObject({ used: 1, remaining: 1 });
  });

  it("counts IPv6 visitors by /64 and takes the ceiling from CREDITS_GUEST_ADDRESS_FACTOR", async () => {
    const vars = { CREDITS_GUEST_DAILY: "1", CREDITS_GUEST_ADDRESS_FACTOR: "2" };
    const prefix = randomIpv6Prefix();

    expect((await sendTurn(freshGuest(`${prefix}::1`, vars), { message: "Phone one" })).status).toBe(200);
    expect((await sendTurn(freshGuest(`${prefix}:ffff:1:2:3`, vars), { message: "Phone two" })).status).toBe(200);
    // The same /64 written another way (zeros spelled out, upper case) is the same network.
    const expanded = prefix
      .split(":")
      .map((word) => word.padStart(4, "0").toUpperCase())
      .join(":");
    const third = await sendTurn(freshGuest(`${expanded}:0:0:0:abcd`, vars), { message: "Phone three" });
    expect(third).toMatchObject({ status: 402, error: { code: "credits/exhausted" } });

    // The neighbouring /64 is another network.
    const [a, b, c, d] = prefix.split(":");
    const neighbour = `${a}:${b}:${c}:${((parseInt(d!, 16) + 1) % 0x10000).toString(16)}::1`;
    expect((await sendTurn(freshGuest(neighbour, vars), { message: "Next door" })).status).toBe(200);
  });

  it("gives a refunded turn back to the address as well as to the guest", async () => {
    const vars = { CREDITS_GUEST_DAILY: "1", CREDITS_GUEST_ADDRESS_FACTOR: "1" };
    const address = randomIpv4();

    const failed = freshGuest(address, vars, "gone");
    const turn = await sendTurn(failed, { message: "Model gone" });
    expect(turn.done).toMatchObject({ status: "failed", errorCode: "chat/model-unavailable" });
    expect(await credits(failed)).toMatchObject({ used: 0, remaining: 1 });

    // The refund reached the address counter: the next visitor there still gets the address's one credit...
    expect((await sendTurn(freshGuest(address, vars), { message: "After the refund" })).status).toBe(200);
    // ...and only that one.
    const over = await sendTurn(freshGuest(address, vars), { message: "Over the ceiling" });
    expect(over).toMatchObject({ status: 402, error: { code: "credits/exhausted" } });
  });

  it("charges the address once for a retried request", async () => {
    const vars = { CREDITS_GUEST_DAILY: "2", CREDITS_GUEST_ADDRESS_FACTOR: "1" };
    const address = randomIpv4();
    const visitor = freshGuest(address, vars);
    const requestId = crypto.randomUUID();

    const original = await sendTurn(visitor, { message: "Sent twice", requestId });
    const retried = await sendTurn(visitor, { message: "Sent twice", requestId });
    expect(original.status).toBe(200);
    expect(retried).toMatchObject({ status: 200, messageId: original.messageId });
    expect(await credits(visitor)).toMatchObject({ used: 1, remaining: 1 });

    // One of the address's two credits is left, for exactly one more visitor.
    expect((await sendTurn(freshGuest(address, vars), { message: "Second visitor" })).status).toBe(200);
    expect(await sendTurn(freshGuest(address, vars), { message: "Third visitor" })).toMatchObject({ status: 402 });
  });

  it("does not count signed-in accounts against their address", async () => {
    const vars = { CREDITS_GUEST_DAILY: "1", CREDITS_GUEST_ADDRESS_FACTOR: "1" };
    const address = randomIpv4();
    expect((await sendTurn(freshGuest(address, vars), { message: "Guest" })).status).toBe(200);
    expect((await sendTurn(freshGuest(address, vars), { message: "Guest again" })).status).toBe(402);

    const { client: signedIn } = await signedInClient();
    const member = new Client(address, upstreamEnv(UPSTREAM, vars));
    for (const [name, value] of signedIn.cookies) member.cookies.set(name, value);
    expect((await sendTurn(member, { message: "Signed in on the same network" })).status).toBe(200);
    expect(await credits(member)).toMatchObject({ plan: "free", used: 1 });
  });
});
