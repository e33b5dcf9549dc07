// Account ids (decision 0026, "Moving the old rows"): a user id, or a visitor's `g_`-prefixed guest id. Ids minted
// since the per-account tables left D1 are UUID version 7; every id from before is version 4. An account whose id is
// version 7 cannot have rows in the old D1 tables, so its object serves it without asking D1 (a D1 outage does not
// stop a new visitor from chatting), and only older ids are looked up there once.

const GUEST_PREFIX = "g_";

/** A UUID version 7 (RFC 9562): the time in milliseconds, then random bits; unguessable like version 4. */
export function uuidV7(now = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let time = now;
  for (let index = 5; index >= 0; index--) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A new user's id. */
export const newUserId = (): string => uuidV7();

/** A new visitor's guest id. */
export const newGuestId = (): string => `${GUEST_PREFIX}${uuidV7()}`;

/** Whether the account id was minted after the old per-account D1 tables stopped being written (see above). */
export function mintedAfterD1(accountId: string): boolean {
  const uuid = accountId.startsWith(GUEST_PREFIX) ? accountId.slice(GUEST_PREFIX.length) : accountId;
  return /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(uuid);
}
