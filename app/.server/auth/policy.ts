// Numbers of the accounts design (docs/decisions/0005-accounts.md explains each).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SESSION_POLICY = {
  /** A session ends after this long without a request... */
  idleMs: 30 * DAY,
  /** ...and in any case this long after sign-in. Also the cookie's Max-Age. */
  absoluteMs: 180 * DAY,
  /** lastSeenAt (and the idle expiry) is written at most this often, not on every request. */
  touchEveryMs: 6 * HOUR,
  /**
   * The changes that could lock the owner out (adding or changing a password, removing a sign-in method, deleting the
   * account) need a sign-in or "confirm it's you" at most this old (docs/product.md §8 auth/requires-recent-login).
   */
  recentSignInMs: 10 * MINUTE,
} as const;

export const EMAIL_TOKEN_TTL = {
  "verify-email": 24 * HOUR,
  "reset-password": 1 * HOUR,
  /** Sign-in by e-mail link (decision 0020): short, since the link alone opens the account. */
  "sign-in-link": 15 * MINUTE,
  /** "Remove all passkeys" in the notice after a password change or signing out elsewhere (decision 0028). */
  "remove-passkeys": 7 * DAY,
} as const;

/**
 * Exact counters in the AuthThrottle Durable Object; each is a sliding window. Sign-in failures are counted three ways
 * (docs/decisions/0012-sign-in-throttle.md); an address is an IPv4 address or an IPv6 /64.
 */
export const THROTTLE = {
  /** Failed sign-ins for one email (known or not) from one address: that pair is refused for the rest of the window. */
  signInPerAccountAddress: { limit: 5, windowMs: 15 * MINUTE },
  /** Failed sign-ins from one network address, across all emails. */
  signInPerAddress: { limit: 20, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins for one email from everywhere. Past the limit the account is slowed, never locked: one attempt
   * every `paceMs`, so guessing from many addresses stays slow while the owner gets in after a short wait. A browser
   * that signed in to the account before (the trusted-device cookie) is not counted here at all.
   */
  signInPerAccount: { limit: 10, windowMs: 15 * MINUTE, paceMs: 10_000 },
  /** New accounts from one network address. */
  signUpPerAddress: { limit: 10, windowMs: HOUR },
  /** Sign-in links asked for from one network address (whether or not the addresses have accounts). */
  signInLinksPerAddress: { limit: 10, windowMs: 15 * MINUTE },
  /**
   * Emails of one kind (verification, reset, sign-in link) to one account. Forgot-password requests for one e-mail
   * address are also counted with it, before answering and whether or not the address has an account.
   */
  emailsPerAccount: { limit: 5, windowMs: HOUR },
  /** Reset mails, and activation mails asked for again, from one network address (each kind on its own). */
  accountEmailsPerAddress: { limit: 10, windowMs: 15 * MINUTE },
  /** Wrong two-step codes for one account from one address: that pair is refused for the rest of the window. */
  codesPerAccountAddress: { limit: 5, windowMs: 15 * MINUTE },
  /**
   * Wrong two-step codes for one account from everywhere: at most 10 guesses at a million values (3 of them right at
   * any moment) per 15 minutes, about 3 chances in 100,000 per quarter hour (decision 0028).
   */
  codesPerAccount: { limit: 10, windowMs: 15 * MINUTE },
} as const;

/** Two-step sign-in (decision 0028). */
export const TWO_STEP = {
  /** How long the second step waits for its code after a right first step (the pending cookie's lifetime). */
  pendingMs: 5 * MINUTE,
  /** RFC 6238 with the authenticator apps' defaults: 6 digits, 30-second steps, SHA-1. */
  periodSeconds: 30,
  digits: 6,
  /** Steps either side of now that are still accepted (clocks drift; a code typed as it changes). */
  window: 1,
  recoveryCodes: 10,
} as const;

/** How long a passkey prompt may take: the challenge's lifetime (its signed cookie's). */
export const PASSKEY_CHALLENGE_MS = 5 * MINUTE;

/** How long a browser stays trusted for one account after a correct password (the device cookie's lifetime). */
export const TRUSTED_DEVICE_MS = 180 * DAY;

/** OAuth round trip to Google or Apple: how long the state cookie lives. */
export const OAUTH_STATE_TTL_MS = 10 * MINUTE;

/** Profile photos (docs/product.md §5: JPEG, JPG, PNG): the same limit the browser checks before uploading. */
export { PHOTO_MAX_BYTES as AVATAR_MAX_BYTES } from "../../lib/schemas/auth";
