// Which push endpoints are saved (decision 0042): the server POSTs to whatever a subscription names, so an
// endpoint must be an HTTPS URL on a public host name; address literals (loopback, private, link-local or any other)
// and names meant for local networks are refused, or the app could be made to call into its own network. A
// developer's local push service is let in only by PUSH_DEV_SERVICE_ORIGIN, which production ignores (config.ts).

/**
 * Push services are reached by name, so any address literal is refused rather than classified: WHATWG URL parsing has
 * already turned 0x7f.1, 2130706433 and the like into dotted decimal, and IPv6 literals keep their brackets.
 */
function isAddressLiteral(host: string): boolean {
  return host.startsWith("[") || /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

const SPECIAL_NAMES = /(^|\.)(localhost|local|internal|intranet|home\.arpa|lan|corp|test|invalid|example)$/;

/** Why an endpoint is refused, or null when it may be saved and pushed to. */
export function endpointProblem(endpoint: string, devServiceOrigin: string | null): "not-https" | "private" | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "not-https";
  }
  if (devServiceOrigin !== null && url.origin === devServiceOrigin) return null;
  if (url.protocol !== "https:" || url.username || url.password) return "not-https";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!host.includes(".") || isAddressLiteral(host) || SPECIAL_NAMES.test(host)) {
    return "private";
  }
  return null;
}
