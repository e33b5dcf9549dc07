// The page the service worker shows when a navigation finds no network (decision 0017). It is fetched once per
// language when the worker installs and kept in its cache, so it must stand alone: no scripts, no other requests,
// styles inline. The worker fills in the last-opened chat where the marker is, from a transcript the app gave it.
import { THEME_COLOR, type Locale } from "../../lib/constants";
import { resources } from "../i18n";
import { escapeMarkup } from "../markup";

/** Where the service worker puts the last-opened chat (replaced by escaped HTML it builds). */
export const LAST_CHAT_MARKER = "<!--last-chat-->";
/** The id of the JSON block holding the strings the worker needs for that chat, in the page's language. */
export const OFFLINE_STRINGS_ID = "offline-strings";

/** JSON inside a <script type="application/json">: `<` escaped so no string can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export function offlinePageHtml(locale: Locale): string {
  const strings = resources[locale].common.offline;
  const workerStrings = { lastChat: strings.lastChat, you: strings.you, assistant: strings.assistant, open: strings.openWhenOnline };
  return `<!doctype html>
<html lang="${locale}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME_COLOR.light}">
<meta name="robots" content="noindex">
<title>${escapeMarkup(strings.title)} · ${escapeMarkup(resources[locale].common.brand)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#fff;color:#0f172a;line-height:1.5}
main{max-width:40rem;margin:0 auto}
h1{font-size:1.5rem;margin:0 0 .5rem}
h2{font-size:1.1rem;margin:2rem 0 .5rem}
ol{list-style:none;padding:0;margin:0}
li{border:1px solid #e2e8f0;border-radius:.75rem;padding:.5rem .75rem;margin:.5rem 0;white-space:pre-wrap;overflow-wrap:anywhere}
li b{display:block;font-size:.8rem;color:#475569}
a{color:#4f46e5}
@media (prefers-color-scheme:dark){body{background:${THEME_COLOR.dark};color:#e2e8f0}li{border-color:#334155}li b{color:#94a3b8}a{color:#a5b4fc}}
</style>
<script type="application/json" id="${OFFLINE_STRINGS_ID}">${scriptJson(workerStrings)}</script>
</head>
<body>
<main>
<h1>${escapeMarkup(strings.title)}</h1>
<p>${escapeMarkup(strings.body)}</p>
<p><a href="/web-main">${escapeMarkup(strings.retry)}</a></p>
${LAST_CHAT_MARKER}
</main>
</body>
</html>`;
}

/** No script may run in it, nothing but itself may load: the strictest policy the page works under. */
export const OFFLINE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
