// Generates the bad-input suite's cases from the route table (routes.ts) and the zod schemas (payloads.ts): every
// route × wrong methods; every action × wrong content types, empty, oversized, wrong types, unicode edge cases,
// malformed cookies, signed cookies forged with another purpose's key or in the old format, forged Origin and Host;
// every route with an id in its path × another account's ids.
import { isCrossSiteRequest } from "../../app/.server/security";
import { silentOggOpus, silentWebmOpus, toneWav } from "../mocks/fake-audio.mjs";
import { ORIGIN } from "../integration/auth-helpers";
import {
  FIELD_NAMES,
  FORGERIES,
  formOf,
  type Forgery,
  INVALID_UTF8,
  JSON_WRONG_TYPES,
  jsonOf,
  multipartWithFiles,
  OVERSIZED,
  chunkedOversized,
  repeatedFields,
  SAMPLE_FORMS,
  UNICODE_VALUES,
} from "./payloads";
import { makeBombDocx, makeDisagreeingDocx, makeZip64Count, writeZip } from "../fixtures/make-hostile-zips.mjs";
import { concretePath, dataPath, ROUTES, type RouteInfo } from "./routes";
import { victimParam, type World } from "./world";

export type Expectation =
  /** A 4xx with a message in the request's language (or, for a browser flow, a redirect that shows a known error). */
  | { kind: "refuse"; status?: number[]; allow?: boolean }
  /** Anything but a 5xx; an error still has its status and message. For loaders that may ignore what they do not know. */
  | { kind: "safe" };

export interface Case {
  group: string;
  name: string;
  method: string;
  path: (world: World) => string;
  /** Request headers besides the identity ones. */
  headers?: Record<string, string>;
  /** Made per run; a body naming another account's ids reads them from the world. */
  body?: (world: World) => BodyInit;
  /** "user" sends A's session; "guest" none; "malformed" only broken cookies; a Forgery only forged signed cookies. */
  as: "user" | "guest" | "malformed" | Forgery;
  locale: "en" | "tr";
  expect: Expectation;
  /** B's secret must not appear in the answer. */
  hidden?: boolean;
}

type Variant = { label: string; path: (world: World) => string };

function variants(route: RouteInfo, withData: boolean): Variant[] {
  const plain = (world: World) => concretePath(route, (param) => victimParam(world, param));
  return withData
    ? [
        { label: "", path: plain },
        { label: " (.data)", path: (world) => dataPath(plain(world)) },
      ]
    : [{ label: "", path: plain }];
}

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
/** Without the boundary a FormData body gets from fetch, so no parser can split it. */
const MULTIPART = "multipart/form-data";

let counter = 0;
/** Every third case asks in Turkish, so each group checks both languages. */
const nextLocale = (): "en" | "tr" => (counter++ % 3 === 0 ? "tr" : "en");

function methodCases(route: RouteInfo): Case[] {
  const plain = variants(route, false);
  const both = variants(route, route.kind === "page" || route.hasAction);
  const plan: [string, Variant[]][] = [
    ["PUT", both],
    ["PATCH", plain],
    ["DELETE", plain],
    ...(route.hasAction ? [] : ([["POST", both]] as [string, Variant[]][])),
    // A page renders without a loader of its own; a resource route without one takes no GET.
    ...(route.hasLoader || route.kind === "page" ? [] : ([["GET", plain]] as [string, Variant[]][])),
  ];
  return plan.flatMap(([method, list]) =>
    list.map((variant): Case => ({
      group: "wrong method",
      name: `${method} ${route.pattern}${variant.label}`,
      method,
      path: variant.path,
      headers: { "Content-Type": FORM },
      body: method === "GET" ? undefined : () => formOf("x"),
      // DELETE is the one mutation an API takes (the WhatsApp link): asked by a visitor it is refused either way.
      as: method === "DELETE" ? "guest" : "user",
      locale: nextLocale(),
      // No route takes PUT or PATCH; elsewhere a 405 must say what is allowed.
      expect: { kind: "refuse", status: method === "DELETE" ? undefined : [405], allow: true },
    })),
  );
}

/** Every field "x", and the action's `intent`. */
function withIntent(intent: string): URLSearchParams {
  const fields = formOf("x");
  fields.set("intent", intent);
  return fields;
}

/** JSON whose fields each get another wrong type (number, null, boolean, array, object). */
function mixedTypesJson(): string {
  return JSON.stringify(Object.fromEntries(FIELD_NAMES.map((name, index) => [name, JSON_WRONG_TYPES[index % JSON_WRONG_TYPES.length]])));
}

function bodyCases(route: RouteInfo): Case[] {
  const [plain, data] = variants(route, true) as [Variant, Variant];
  const post = (group: string, name: string, variant: Variant, extra: Partial<Case>): Case => ({
    group,
    name: `${name} → ${route.pattern}${variant.label}`,
    method: "POST",
    path: variant.path,
    as: "user",
    locale: nextLocale(),
    expect: { kind: "refuse" },
    ...extra,
  });
  const json = (body: () => string) => ({ headers: { "Content-Type": JSON_TYPE }, body });
  const form = (body: () => string | URLSearchParams) => ({ headers: { "Content-Type": FORM }, body });
  const cases: Case[] = [
    post(
      "content type",
      "JSON",
      plain,
      json(() => jsonOf("x")),
    ),
    post(
      "content type",
      "JSON",
      data,
      json(() => jsonOf("x")),
    ),
    post("content type", "text/plain", plain, { headers: { "Content-Type": "text/plain" }, body: () => "intent=x&email=x" }),
    post("content type", "application/xml", data, { headers: { "Content-Type": "application/xml" }, body: () => "<intent>x</intent>" }),
    post("content type", "no body, no type", plain, {}),
    post("content type", "no body, no type", data, {}),
    post(
      "content type",
      "form type, JSON body",
      plain,
      form(() => jsonOf("x")),
    ),
    post("content type", "multipart without boundary", plain, { headers: { "Content-Type": MULTIPART }, body: () => "--x\r\n" }),
    post(
      "oversized",
      "2 MB form",
      plain,
      form(() => `x=${OVERSIZED}`),
    ),
    post(
      "oversized",
      "2 MB JSON",
      data,
      json(() => JSON.stringify({ x: OVERSIZED })),
    ),
    // No Content-Length to refuse it by: the route's reader must count the bytes as they come and stop at its cap.
    post("oversized", "12 MB chunked form, no Content-Length", plain, { headers: { "Content-Type": FORM }, body: chunkedOversized }),
    post(
      "unicode",
      "lone surrogates in JSON",
      plain,
      json(() => jsonOf(UNICODE_VALUES["lone surrogates"]!)),
    ),
    post(
      "unicode",
      "RTL override in every field",
      plain,
      form(() => formOf(UNICODE_VALUES["RTL override"]!)),
    ),
    post(
      "unicode",
      "NUL in every field",
      data,
      form(() => formOf(UNICODE_VALUES.NUL!)),
    ),
    post(
      "unicode",
      "10k emoji in every field",
      plain,
      form(() => formOf(UNICODE_VALUES["10k emoji"]!)),
    ),
    post(
      "unicode",
      "combining marks in JSON",
      data,
      json(() => jsonOf(UNICODE_VALUES["combining marks"]!)),
    ),
    post(
      "unicode",
      "invalid UTF-8",
      plain,
      form(() => FIELD_NAMES.map((name) => `${name}=${INVALID_UTF8}`).join("&")),
    ),
    post("wrong types", "a file in every field", plain, { body: multipartWithFiles }),
    post("wrong types", "every field repeated", data, form(repeatedFields)),
    post("wrong types", "JSON of other types", plain, json(mixedTypesJson)),
    post(
      "wrong types",
      "a JSON array",
      data,
      json(() => "[1,2,3]"),
    ),
    post("cookies", "malformed cookies", plain, { ...form(() => formOf("x")), as: "malformed" }),
    post("cookies", "malformed cookies", data, { ...json(() => jsonOf("x")), as: "malformed" }),
    // The one step a signed cookie alone allows (asking for the activation e-mail again) is asked for everywhere.
    post("cookies", "signed cookies under another purpose's key", plain, { ...form(() => withIntent("resend-verification")), as: "another purpose's key" }),
    post("cookies", "signed cookies in the old one-key format", data, { ...form(() => withIntent("resend-verification")), as: "the old one-key format" }),
  ];
  const forged: [string, Record<string, string>, Variant][] = [
    ["cross-site Origin", { Origin: "https://evil.example" }, plain],
    ["cross-site Origin", { Origin: "https://evil.example" }, data],
    ["Origin null", { Origin: "null" }, plain],
    ["cross-site fetch without Origin", { Origin: "", "Sec-Fetch-Site": "cross-site" }, data],
    ["forged Host", { Host: "evil.example" }, plain],
    ["forged X-Forwarded-Host", { "X-Forwarded-Host": "evil.example" }, data],
  ];
  for (const [label, headers, variant] of forged) {
    cases.push(
      post("forged origin", label, variant, {
        ...form(() => formOf("x")),
        headers: { "Content-Type": FORM, ...headers },
        // Exactly what the app's own check refuses must be a 403; signed webhooks and Apple's callback check otherwise.
        expect: { kind: "refuse", status: crossSite(route, headers) ? [403] : undefined },
      }),
    );
  }
  return cases;
}

function crossSite(route: RouteInfo, headers: Record<string, string>): boolean {
  const request = new Request(`${ORIGIN}${concretePath(route, () => "x")}`, { method: "POST", headers: { Origin: ORIGIN, ...headers } });
  if (headers.Origin === "") request.headers.delete("Origin");
  return isCrossSiteRequest(request);
}

/**
 * A share link is public by design (decision 0015): holding its id is the permission to read the page, see its images
 * and continue it in a chat of one's own, so there another account's share id is not refused. Revoking it is owner-only
 * and keeps its cases; unknown and revoked ids are covered by tests/integration/share-links.test.ts.
 */
const PUBLIC_SHARE_ROUTES = new Set(["/share/:shareId", "/api/shares/:shareId/continue"]);

function strangerCases(route: RouteInfo): Case[] {
  if (PUBLIC_SHARE_ROUTES.has(route.pattern)) return [];
  const owned = route.params.filter((param) => param !== "pathId" && param !== "provider");
  if (owned.length === 0) return [];
  const cases: Case[] = [];
  const strict = route.kind === "resource";
  if (route.hasLoader) {
    for (const variant of variants(route, route.kind === "page")) {
      cases.push({
        group: "another account's ids",
        name: `GET ${route.pattern}${variant.label}`,
        method: "GET",
        path: variant.path,
        as: "user",
        locale: nextLocale(),
        // APIs and media answer 404; a page opens without it (a fresh chat that says the old one is gone).
        expect: strict ? { kind: "refuse", status: [404] } : { kind: "safe" },
        hidden: true,
      });
    }
  }
  if (route.hasAction) {
    for (const [schema, fields] of [["no fields", {}] as [string, Record<string, string>], ...SAMPLE_FORMS]) {
      cases.push({
        group: "another account's ids",
        name: `POST ${schema} → ${route.pattern}`,
        method: "POST",
        path: variants(route, false)[0]!.path,
        headers: { "Content-Type": FORM },
        body: () => new URLSearchParams(fields),
        as: "user",
        locale: nextLocale(),
        expect: { kind: "refuse" },
        hidden: true,
      });
    }
  }
  return cases;
}

/** A coffee reading (decision 0030) with the form's fields from `input`. */
const coffee = (input: (world: World) => Record<string, string>) => (world: World) =>
  JSON.stringify({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", mode: "send", tool: "horoscope", toolPath: "coffee", input: input(world) });

/** The coffee reading's photo missing, blank, too long or not an upload id: a field error, nothing charged or stored. */
function coffeePhotoCases(): Case[] {
  const photos: [string, Record<string, string>][] = [
    ["no photo", { question: "Will I travel?" }],
    ["blank photo", { photoId: " " }],
    ["10k emoji as photo", { photoId: "😀".repeat(10_000) }],
    ["RTL and NUL as photo", { photoId: `${UNICODE_VALUES["RTL override"]}${UNICODE_VALUES.NUL}` }],
  ];
  return photos.map(([label, input]) => ({
    group: "coffee photo",
    name: `POST coffee reading, ${label} → /api/chat`,
    method: "POST",
    path: () => "/api/chat",
    headers: { "Content-Type": JSON_TYPE },
    body: coffee(() => input),
    as: "user",
    locale: nextLocale(),
    expect: { kind: "refuse", status: [400, 404] },
  }));
}

/**
 * Hostile files to POST /api/uploads (SECURITY.md "Documents in chat"): ZIPs whose end records alone refuse them (ZIP64
 * declaring 10^8 or 2^32 - 1 entries, more entries than allowed), and DOCX bombs or DOCX files whose headers disagree
 * sent to an image tool's photo field. Each is 415 with nothing stored or counted. (A bomb DOCX sent as a document is
 * kept and fails while read: tests/integration/documents-hostile.test.ts.)
 */
function hostileUploadCases(): Case[] {
  const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
  const tooMany = () =>
    writeZip(Array.from({ length: 10_001 }, (_, index) => ({ name: `word/${index}.xml`, data: new Uint8Array(), method: 0, size: 0, crc: 0 })));
  const files: [string, () => Uint8Array<ArrayBuffer>, string][] = [
    ["ZIP64 declaring 10^8 entries", () => makeZip64Count(1e8), ""],
    ["ZIP64 declaring 2^32 - 1 entries", () => makeZip64Count(0xffffffff), ""],
    ["a ZIP of 10,001 entries", tooMany, ""],
    ["a DOCX with a 1 GiB deflate bomb, to an image field", () => makeBombDocx(), "?accept=image"],
    ["a DOCX whose local header disagrees, to an image field", () => makeDisagreeingDocx("size"), "?accept=image"],
  ];
  return files.flatMap(([label, bytes, query]) =>
    (["guest", "user"] as const).map((as): Case => ({
      group: "hostile uploads",
      name: `POST ${label} as ${as} → /api/uploads${query}`,
      method: "POST",
      path: () => `/api/uploads${query}`,
      body: () => {
        const form = new FormData();
        form.set("file", new File([bytes()], "report.docx", { type: DOCX }));
        return form;
      },
      as,
      locale: nextLocale(),
      expect: { kind: "refuse", status: [415] },
    })),
  );
}

/** A WAV of `seconds` of silence at 16 kHz with `edit` applied to its header (offsets as in a 44-byte header). */
function forgedWav(seconds: number, edit: (view: DataView, bytes: Uint8Array) => void): Uint8Array<ArrayBuffer> {
  const bytes = toneWav({ leadSeconds: 0, toneSeconds: 0, tailSeconds: seconds });
  edit(new DataView(bytes.buffer), bytes);
  return bytes;
}

/** MPEG-2 Layer III at 8 kbit/s: 36-byte frames of 36 ms. */
function lowBitrateMp3(seconds: number): Uint8Array<ArrayBuffer> {
  const frames = Math.ceil(seconds / 0.036);
  const bytes = new Uint8Array(frames * 36);
  for (let frame = 0; frame < frames; frame++) bytes.set([0xff, 0xf3, 0x18, 0xc0], frame * 36);
  return bytes;
}

/**
 * Recordings whose headers lie about their length or shape (decision 0025, "Measuring a recording"): refused before
 * anything is charged or sent upstream, in the asker's language.
 */
function recordingCases(): Case[] {
  const recordings: [string, () => Uint8Array<ArrayBuffer>, number][] = [
    ["WAV whose byte rate claims 0.006 s", () => forgedWav(130, (view) => view.setUint32(28, 0xffffffff, true)), 415],
    ["WAV whose block size disagrees with its channels", () => forgedWav(5, (view) => view.setUint16(32, 64, true)), 415],
    [
      "WAV at 50 Hz",
      () =>
        forgedWav(5, (view) => {
          view.setUint32(24, 50, true);
          view.setUint32(28, 100, true);
        }),
      415,
    ],
    ["WAV of MP3 frames (format 0x55)", () => forgedWav(5, (view) => view.setUint16(20, 0x55, true)), 415],
    ["WAV with its data before its format", () => forgedWav(5, (_, bytes) => bytes.set(new TextEncoder().encode("data"), 12)), 415],
    ["WAV whose format chunk is cut short", () => forgedWav(5, (view) => view.setUint32(16, 8, true)), 415],
    ["12 minutes of WAV whose data chunk claims 1,000 bytes", () => forgedWav(720, (view) => view.setUint32(40, 1000, true)), 413],
    ["12 minutes of Ogg/Opus whose granules claim a second", () => silentOggOpus(720, { forgedGranule: 48_000 }), 413],
    ["12 minutes of WebM/Opus whose Duration claims a second", () => silentWebmOpus(720, { declaredSeconds: 1 }), 413],
    ["12 minutes of 8 kbit/s MP3", () => lowBitrateMp3(720), 413],
  ];
  return recordings.map(([label, bytes, status]) => ({
    group: "recordings",
    name: `POST ${label} → /api/transcriptions`,
    method: "POST",
    path: () => "/api/transcriptions",
    body: () => {
      const form = new FormData();
      form.set("file", new Blob([bytes()]), "recording");
      return form;
    },
    as: "user",
    locale: nextLocale(),
    expect: { kind: "refuse", status: [status] },
  }));
}

/** Ids named in a body rather than the path: B's upload as A's chat attachment or tool photo, B's thread as A's chat, B's creation. */
function bodyIdCases(): Case[] {
  const chat = (fields: (world: World) => Record<string, string>) => (world: World) =>
    JSON.stringify({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", mode: "send", message: "hello", ...fields(world) });
  const cases: [string, string, string, (world: World) => BodyInit][] = [
    ["B's upload as a chat attachment", "/api/chat", JSON_TYPE, chat((world) => ({ attachmentId: world.victim.uploadId }))],
    ["B's thread continued as A's chat", "/api/chat", JSON_TYPE, chat((world) => ({ threadId: world.victim.threadId }))],
    ["B's upload as A's coffee-cup photo", "/api/chat", JSON_TYPE, coffee((world) => ({ photoId: world.victim.uploadId }))],
    [
      "B's upload as a tattoo photo",
      "/api/jobs",
      FORM,
      (world) =>
        new URLSearchParams({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", tool: "tattoo-generator", theme: "tree", uploadId: world.victim.uploadId }),
    ],
    [
      "B's upload as a photo to translate",
      "/api/jobs",
      FORM,
      (world) =>
        new URLSearchParams({
          requestId: crypto.randomUUID(),
          model: "gpt-4o-mini",
          tool: "photo-translate",
          targetLanguage: "tr",
          uploadId: world.victim.uploadId,
        }),
    ],
    ["B's creation deleted from A's gallery", "/gallery", FORM, (world) => new URLSearchParams({ intent: "delete", id: world.victim.imageId })],
    [
      "B's creation edited as A's picture",
      "/api/images/edits",
      FORM,
      (world) => new URLSearchParams({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", prompt: "add a hat", sourceImageId: world.victim.imageId }),
    ],
    [
      "B's upload edited as A's photo",
      "/api/images/edits",
      FORM,
      (world) => new URLSearchParams({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", prompt: "add a hat", uploadId: world.victim.uploadId }),
    ],
  ];
  // A passkey answer naming B's credential (decision 0028): as A's new passkey, and as a sign-in. Neither is B's to use.
  const passkeyAnswer = (world: World, response: Record<string, string>) =>
    new URLSearchParams({
      intent: "passkey",
      response: JSON.stringify({ id: world.victim.credentialId, rawId: world.victim.credentialId, type: "public-key", response, clientExtensionResults: {} }),
    });
  const passkeyCases: [string, string, (world: World) => BodyInit][] = [
    ["B's passkey credential added as A's", "/api/passkeys", (world) => passkeyAnswer(world, { clientDataJSON: "e30", attestationObject: "oA" })],
    [
      "B's passkey credential as a sign-in answer",
      "/auth/login",
      (world) => passkeyAnswer(world, { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA", userHandle: "" }),
    ],
  ];
  const refusedPasskeys = passkeyCases.map(([label, path, body]): Case => ({
    group: "another account's ids",
    name: `POST ${label} → ${path}`,
    method: "POST",
    path: () => (path.startsWith("/api/") ? path : `${path}.data`),
    headers: { "Content-Type": FORM },
    body,
    as: "user",
    locale: nextLocale(),
    expect: { kind: "refuse", status: [400, 404] },
    hidden: true,
  }));
  return [
    ...refusedPasskeys,
    ...cases.map(([label, path, type, body]): Case => ({
      group: "another account's ids",
      name: `POST ${label} → ${path}`,
      method: "POST",
      path: () => path,
      headers: { "Content-Type": type },
      body,
      as: "user",
      locale: nextLocale(),
      expect: { kind: "refuse", status: [404] },
      hidden: true,
    })),
  ];
}

function queryCases(route: RouteInfo): Case[] {
  if (!route.hasLoader || route.kind !== "resource") return [];
  const queries: [string, () => string][] = [
    // A long value in each field (not 10k emoji in each: that is megabytes, which no URL is).
    ["emoji, RTL and NUL", () => formOf(`${"😀".repeat(200)}${UNICODE_VALUES["RTL override"]}${UNICODE_VALUES.NUL}`).toString()],
    ["invalid UTF-8 and repeats", () => `${repeatedFields()}&q=${INVALID_UTF8}&cursor=${INVALID_UTF8}&ids=${INVALID_UTF8}`],
  ];
  return queries.map(([label, query]) => ({
    group: "query",
    name: `${label} → GET ${route.pattern}`,
    method: "GET",
    path: (world: World) => `${concretePath(route, (param) => victimParam(world, param))}?${query()}`,
    as: "user",
    locale: nextLocale(),
    expect: { kind: "safe" },
    hidden: true,
  }));
}

/** Every page opened with forged signed cookies: it renders for a visitor (or sends them away), never an error. */
function forgedCookieCases(route: RouteInfo): Case[] {
  if (route.kind !== "page" || route.params.some((param) => param !== "pathId" && param !== "provider")) return [];
  return FORGERIES.map((forgery) => ({
    group: "cookies",
    name: `${forgery} → GET ${route.pattern}`,
    method: "GET",
    path: variants(route, false)[0]!.path,
    as: forgery,
    locale: nextLocale(),
    expect: { kind: "safe" },
  }));
}

export const CASES: Case[] = [
  ...ROUTES.flatMap((route) => [
    ...methodCases(route),
    ...forgedCookieCases(route),
    ...(route.hasAction ? bodyCases(route) : []),
    ...strangerCases(route),
    ...queryCases(route),
  ]),
  ...bodyIdCases(),
  ...coffeePhotoCases(),
  ...hostileUploadCases(),
  ...recordingCases(),
];

export const GROUPS = [...new Set(CASES.map((testCase) => testCase.group))];
