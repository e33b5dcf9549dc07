// Security baseline: response headers for every response, a nonce-based CSP for documents, and an Origin
// check so another site cannot make a signed-in browser post to us.

/** Methods that change state; anything else is treated as a read. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Server-to-server endpoints that authenticate by signature, not by cookie. Exactly these paths: Remix would read
 * `/api/stripe/webhook.data` as a single-fetch post, which gets Remix's own Origin check.
 */
const SIGNED_WEBHOOKS = [/^\/api\/stripe\/webhook$/, /^\/whatsapp\//];

/**
 * Apple answers "Sign in with Apple" with a cross-site form POST from appleid.apple.com. That request is checked
 * by its own state (bound to a signed cookie), PKCE and the signed ID token, not by the Origin header.
 */
const OAUTH_FORM_POST_CALLBACKS = ["/auth/oauth/apple/callback"];

/**
 * Remix refuses an action whose Origin names another host than the request's X-Forwarded-Host (or Host), and does it
 * by throwing (a 500). Checked here the same way, that request is refused like any other cross-site one (403).
 */
function hostMatches(request: Request, origin: string): boolean {
  const host = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim() || request.headers.get("Host");
  return !host || host === new URL(origin).host;
}

export function isCrossSiteRequest(request: Request, appOrigin?: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (SIGNED_WEBHOOKS.some((path) => path.test(url.pathname))) return false;
  if (OAUTH_FORM_POST_CALLBACKS.includes(url.pathname)) return false;
  const allowed = new Set([url.origin, ...(appOrigin ? [new URL(appOrigin).origin] : [])]);
  const origin = request.headers.get("Origin");
  if (origin) return origin === "null" || !allowed.has(origin) || !hostMatches(request, origin);
  // Browsers send Sec-Fetch-Site even where they omit Origin; non-browser clients send neither.
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "cross-site";
}

export function contentSecurityPolicy(nonce: string, options: { development: boolean }): string {
  const connect = options.development ? "'self' ws://localhost:* ws://127.0.0.1:*" : "'self'";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "media-src 'self' blob:",
    // 'strict-dynamic' above would otherwise also govern the service worker script.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // A checkout or billing-portal form answers with a redirect to Stripe's hosted pages; without scripts the browser
    // follows it as a form navigation, which form-action governs.
    "form-action 'self' https://checkout.stripe.com https://billing.stripe.com",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response carries (documents, data, API and errors alike). */
export function applyBaselineHeaders(headers: Headers): void {
  headers.set("X-Content-Type-Options", "nosniff");
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), geolocation=(), microphone=(self)");
}

export function applyDocumentHeaders(headers: Headers, nonce: string, options: { development: boolean; secure: boolean }): void {
  applyBaselineHeaders(headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, options));
  if (options.secure) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
