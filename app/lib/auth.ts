// Isomorphic account helpers: which screens need a signed-in user, and where a sign-in may send someone back to.

/**
 * Screens that need a signed-in user (everything else stays open to visitors). The gallery and the plans page show
 * visitors what they are and ask them to sign in there; only checkout itself needs an account.
 */
export const GUARDED_PREFIXES = ["/settings", "/payment/demo-checkout"] as const;

export function isGuardedPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? "";
  return GUARDED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export const DEFAULT_AFTER_SIGN_IN = "/web-main";

/** The second step of signing in to an account with two-step sign-in on (decision 0028). */
export const TWO_STEP_PATH = "/auth/two-step";

/**
 * A redirect target from user input, kept on this site: a path starting with one "/", no scheme, no
 * protocol-relative "//" or "/\\" (which browsers treat as another host), and never back into the auth pages.
 */
export function safeRedirectPath(value: unknown, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Control characters and backslashes have no place in our paths (some browsers read "\\" as "/").
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char === "\\")) return fallback;
  if (value === "/auth" || value.startsWith("/auth/") || value.startsWith("/auth?")) return fallback;
  return value;
}

/** The sign-in page that comes back to `path` afterwards. */
export function loginPath(path: string): string {
  const target = safeRedirectPath(path, "");
  return target ? `/auth/login?redirectTo=${encodeURIComponent(target)}` : "/auth/login";
}

/** The name of the cross-tab channel (docs/product.md §4: sign-in state syncs across open tabs). */
export const AUTH_CHANNEL = "auth";

/** docs/product.md §3 login connections, in the order the settings list shows them. */
export const LOGIN_PROVIDERS = ["google", "apple", "email"] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

/**
 * An e-mail address as the pages an e-mail link opens show it (decision 0020): enough to recognise one's own account,
 * not enough to learn someone else's from a forwarded or scanned link. "john.doe@example.com" -> "jo•••@ex•••.com":
 * at most two leading characters of the name and of the domain (fewer when they are short), the domain's ending, and
 * always three dots, so the length shows nothing either.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const name = at >= 0 ? email.slice(0, at) : email;
  const domain = at >= 0 ? email.slice(at + 1) : "";
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const ending = dot > 0 ? domain.slice(dot) : "";
  const start = (part: string) => part.slice(0, part.length >= 4 ? 2 : part.length >= 2 ? 1 : 0);
  return `${start(name)}•••@${start(host)}•••${ending}`;
}
