// A passkey's first name (decision 0028): the device and browser it was made on, read from the User-Agent, so the
// owner can tell "iPhone · Safari" from "Windows · Chrome" in Settings. Product names, the same in every language;
// the owner may rename it.

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "Mac"],
  [/Windows/, "Windows"],
  [/Linux/, "Linux"],
];

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\/|FxiOS/, "Firefox"],
  [/Chrome\/|CriOS|HeadlessChrome/, "Chrome"],
  [/Safari\//, "Safari"],
];

/** "Mac · Chrome", "iPhone · Safari"; "Passkey" when the User-Agent names neither. */
export function describeDevice(userAgent: string | null): string {
  return deviceOf(userAgent) ?? "Passkey";
}

/** The device and browser a User-Agent names, or null when it names neither (a session's, in "Download my data"). */
export function deviceOf(userAgent: string | null): string | null {
  const agent = userAgent ?? "";
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  return [system, browser].filter(Boolean).join(" · ") || null;
}
