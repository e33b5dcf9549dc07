// Service worker (decision 0017). Installable app, fingerprinted build assets from cache, and a translated offline
// page, with the last-opened chat, when a navigation finds no network.
//  - /assets/*: cache-first. Their names carry a content hash, so a cached copy is never stale.
//  - page navigations: network-first. Pages are rendered per person (name, plan, history) with a fresh CSP nonce,
//    so a stored copy is never shown while the network answers; without network the offline page is.
//  - everything else (/api/*, /media/*, /whatsapp/*, .data, POSTs, streams) is not touched: the network or an error.
//  - push: shows the notification a JSON payload describes ({ title, body, url, tag }, app/.server/notifications/
//    types.ts); a click focuses a tab of this app on `url` or opens one (decision 0042).
// A new build installs beside the old one and waits; the page offers "New version available · Reload", which asks
// it to take over (SKIP_WAITING) and reloads once it has, so no tab runs one build's HTML with another's assets.

// Replaced at build time with a hash of the build's file names (vite.config.ts, serviceWorkerVersion).
const VERSION = "__BUILD_VERSION__";
const CACHE = `nova-${VERSION}`;
// Outlives builds: the language to show the offline page in and the last-opened chat.
const STATE_CACHE = "nova-state";
const LOCALES = ["en", "tr"];
const OFFLINE_URL = (locale) => `/offline?lng=${locale}`;
const LOCALE_KEY = "/__sw/locale";
const LAST_CHAT_KEY = "/__sw/last-chat";
const LAST_CHAT_MARKER = "<!--last-chat-->";
/** Bounds on what a page may hand over to be kept (the transcript is shown, not searched). */
const MAX_MESSAGES = 40;
const MAX_MESSAGE_CHARS = 20000;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => Promise.all(LOCALES.map((locale) => cache.add(new Request(OFFLINE_URL(locale), { cache: "reload" }))))),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE && key !== STATE_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  const message = event.data;
  if (!message || typeof message !== "object") return;
  if (message.type === "SKIP_WAITING") self.skipWaiting();
  else if (message.type === "CACHE_ASSETS" && Array.isArray(message.urls)) event.waitUntil(cacheAssets(message.urls));
  else if (message.type === "LOCALE" && LOCALES.includes(message.locale)) event.waitUntil(putState(LOCALE_KEY, message.locale));
  else if (message.type === "LAST_CHAT") event.waitUntil(putState(LAST_CHAT_KEY, cleanChat(message.chat)));
  else if (message.type === "FORGET_CHAT") event.waitUntil(caches.open(STATE_CACHE).then((cache) => cache.delete(LAST_CHAT_KEY)));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) event.respondWith(cacheFirst(event));
  else if (request.mode === "navigate") event.respondWith(networkOrOffline(request));
});

self.addEventListener("push", (event) => {
  const message = pushMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: "/icons/icon-192.png",
      data: { url: message.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openPath(sameOriginPath(event.notification.data && event.notification.data.url)));
});

/** The payload's fields, bounded; a push that is not the app's JSON still shows something rather than nothing. */
function pushMessage(data) {
  let value = {};
  try {
    value = data ? data.json() : {};
  } catch {
    value = {};
  }
  const text = (field, max) => (typeof value[field] === "string" ? value[field].slice(0, max) : "");
  return { title: text("title", 200) || "Nova", body: text("body", 1000), url: text("url", 2000) || "/", tag: text("tag", 100) || undefined };
}

/** Only a path of this app is opened: a payload naming another site opens the home page instead. */
function sameOriginPath(url) {
  try {
    const target = new URL(typeof url === "string" ? url : "/", self.location.origin);
    return target.origin === self.location.origin ? `${target.pathname}${target.search}${target.hash}` : "/";
  } catch {
    return "/";
  }
}

async function openPath(path) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // navigate() is refused for a tab this worker does not control: then a new one is opened.
    const moved = await open.navigate(new URL(path, self.location.origin).href).catch(() => null);
    if (moved) return moved.focus().catch(() => moved);
  }
  return self.clients.openWindow(path);
}

async function cacheFirst(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // The page gets the file at once and the copy is stored after: waiting for the write first held the module up
  // behind every write the cache had queued (a route change once never finished loading its modules).
  if (response.ok && response.type === "basic") event.waitUntil(cache.put(request, response.clone()));
  return response;
}

/** The page's own assets, loaded before this worker controlled it: the app shell for the next visit. */
async function cacheAssets(urls) {
  const cache = await caches.open(CACHE);
  const wanted = urls.filter((href) => {
    try {
      const url = new URL(href, self.location.origin);
      return url.origin === self.location.origin && url.pathname.startsWith("/assets/");
    } catch {
      return false;
    }
  });
  await Promise.all(
    wanted.slice(0, 200).map(async (href) => {
      if (await cache.match(href)) return;
      const response = await fetch(href).catch(() => null);
      if (response && response.ok) await cache.put(href, response);
    }),
  );
}

async function networkOrOffline(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const page = await offlinePage();
    if (page) return page;
    throw error;
  }
}

async function offlinePage() {
  const locale = (await readState(LOCALE_KEY)) || "en";
  const cache = await caches.open(CACHE);
  const cached = (await cache.match(OFFLINE_URL(LOCALES.includes(locale) ? locale : "en"))) || (await cache.match(OFFLINE_URL("en")));
  if (!cached) return null;
  const html = await cached.text();
  const chat = await readState(LAST_CHAT_KEY);
  const headers = new Headers(cached.headers);
  headers.set("Cache-Control", "no-store");
  return new Response(html.replace(LAST_CHAT_MARKER, chat ? lastChatHtml(html, chat) : ""), { status: 200, headers });
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The strings the offline page carries for this (in its own language), from its JSON block. */
function pageStrings(html) {
  const match = /<script type="application\/json" id="offline-strings">([^<]*)<\/script>/.exec(html);
  try {
    return match ? JSON.parse(match[1]) : {};
  } catch {
    return {};
  }
}

function lastChatHtml(html, chat) {
  const strings = pageStrings(html);
  const items = chat.messages
    .map((message) => `<li><b>${escapeHtml(message.role === "user" ? strings.you : strings.assistant)}</b>${escapeHtml(message.content)}</li>`)
    .join("");
  return `<section aria-labelledby="last-chat"><h2 id="last-chat">${escapeHtml(strings.lastChat)}: ${escapeHtml(chat.title)}</h2>
<ol>${items}</ol>
<p><a href="${escapeHtml(chat.url)}">${escapeHtml(strings.open)}</a></p></section>`;
}

/** Only the shape the offline page shows, bounded, and only a path of this app as its link. */
function cleanChat(chat) {
  if (!chat || typeof chat !== "object" || typeof chat.url !== "string" || !/^\/[\w\-/]*$/.test(chat.url)) return null;
  const messages = Array.isArray(chat.messages) ? chat.messages : [];
  return {
    url: chat.url,
    title: String(chat.title ?? "").slice(0, 200),
    messages: messages
      .filter((message) => message && (message.role === "user" || message.role === "assistant"))
      .slice(-MAX_MESSAGES)
      .map((message) => ({ role: message.role, content: String(message.content ?? "").slice(0, MAX_MESSAGE_CHARS) })),
  };
}

async function putState(key, value) {
  const cache = await caches.open(STATE_CACHE);
  if (value === null) return cache.delete(key);
  await cache.put(key, new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json" } }));
}

async function readState(key) {
  const cache = await caches.open(STATE_CACHE);
  const response = await cache.match(key);
  if (!response) return null;
  try {
    return await response.json();
  } catch {
    return null;
  }
}
