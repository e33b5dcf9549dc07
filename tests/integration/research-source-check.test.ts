// Deep research's source check (docs/decisions/0041-research-sources-and-exports.md): each source of a report
// is fetched and marked "checked" only when its page loads and holds the quoted words. The default reader only goes
// to public HTTPS hosts, follows redirects by hand with the same rule on each hop, and stops at the size cap. The
// Worker's outbound fetch is answered here by a small table of pages (the same isolate's fetch), so the test can say
// which addresses were asked for at all.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ResearchSource } from "../../app/.server/research/report";
import { checkSources, isFetchableSourceUrl, SOURCE_SIZE_CAP_BYTES } from "../../app/.server/research/source-check";
import { appEnv } from "./helpers";

const QUOTE = "Heat pumps move heat instead of making it, which is why they use less energy.";

const GOOD_PAGE = `<!doctype html><html><head><title>Heat</title><style>.x{content:"noise"}</style></head><body>
<script>var quote = "nothing here";</script><nav>Menu</nav>
<p>Intro. <em>HEAT&nbsp;PUMPS</em> move heat &ndash; instead of <b>making</b> it, which is why they use less energy&hellip;</p>
</body></html>`;

const pages = new Map<string, () => Response>();
let requested: string[] = [];

function html(body: string, init: ResponseInit = {}) {
  return () => new Response(body, { status: 200, ...init, headers: { "content-type": "text/html; charset=utf-8", ...(init.headers ?? {}) } });
}

function redirect(to: string) {
  return () => new Response(null, { status: 302, headers: { location: to } });
}

beforeEach(() => {
  requested = [];
  pages.clear();
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    requested.push(url);
    const page = pages.get(url);
    return page ? page() : new Response("Not found", { status: 404, headers: { "content-type": "text/html" } });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function source(n: number, url: string, quote = QUOTE): ResearchSource {
  return { n, url, title: `Source ${n}`, site: new URL(url).hostname, date: null, quote };
}

async function checks(list: ResearchSource[]) {
  return (await checkSources(appEnv, list)).map((checked) => checked.check);
}

describe("the source check", () => {
  it("marks a page holding the quote checked, and a dead link or a page without the quote unchecked", async () => {
    pages.set("https://good.example.org/heat", html(GOOD_PAGE));
    pages.set("https://other.example.org/page", html("<p>Boilers burn gas.</p>"));
    const result = await checkSources(appEnv, [
      source(1, "https://good.example.org/heat"),
      source(2, "https://dead.example.org/gone"),
      source(3, "https://other.example.org/page"),
    ]);
    expect(result.map((checked) => [checked.n, checked.check])).toEqual([
      [1, "checked"],
      [2, "unchecked"],
      [3, "unchecked"],
    ]);
    // The rest of each source is as it was.
    expect(result[0]).toMatchObject({ title: "Source 1", quote: QUOTE });
  });

  it("allows small differences: a missing word in ten, curly quotes and dashes, Turkish letters in any case", async () => {
    pages.set("https://tr.example.org/makale", html("<p>“ISI POMPALARI ısıyı üretmek yerine taşır” — bu yüzden daha az enerji harcarlar, der rapor.</p>"));
    pages.set("https://en.example.org/a", html("<p>The pump moves the heat from outside air into the house even on cold winter days.</p>"));
    expect(
      await checks([
        source(1, "https://tr.example.org/makale", '"Isı pompaları ısıyı üretmek yerine taşır - bu yüzden daha az enerji harcarlar"'),
        source(2, "https://en.example.org/a", "The pump moves heat from outside air into the house even on very cold winter days"),
        source(3, "https://en.example.org/a", "The pump moves heat into the kitchen during summer nights"),
      ]),
    ).toEqual(["checked", "checked", "unchecked"]);
  });

  it("never fetches a private, local, non-HTTPS or credentialed address", async () => {
    const refused = [
      "http://plain.example.org/page",
      "https://127.0.0.1/",
      "https://0x7f.1/",
      "https://10.1.2.3/",
      "https://169.254.169.254/latest/meta-data/",
      "https://100.64.0.1/",
      "https://192.168.1.1/",
      "https://[::1]/",
      "https://[fd00::1]/",
      "https://[fe80::1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://localhost/",
      "https://printer.local/",
      "https://db.internal/",
      "https://intranet/",
      "https://user:secret@good.example.org/heat",
      "https://good.example.org:8443/heat",
      "ftp://good.example.org/heat",
    ];
    for (const url of refused) pages.set(url, html(GOOD_PAGE));
    const result = await checks(refused.map((url, index) => source(index + 1, url)));
    expect(result).toEqual(refused.map(() => "unchecked"));
    expect(requested).toEqual([]);
    for (const url of refused) expect(isFetchableSourceUrl(url), url).toBe(false);
    for (const url of ["https://example.org/a", "https://93.184.216.34/", "https://[2606:4700::1111]/", "https://sub.example.com.:443/x"]) {
      expect(isFetchableSourceUrl(url), url).toBe(true);
    }
  });

  it("follows up to three redirects by hand, with the same rule on every hop", async () => {
    pages.set("https://short.example.org/a", redirect("https://hop.example.org/b"));
    pages.set("https://hop.example.org/b", redirect("/c"));
    pages.set("https://hop.example.org/c", html(GOOD_PAGE));
    pages.set("https://sneaky.example.org/x", redirect("https://192.168.0.10/admin"));
    pages.set("https://192.168.0.10/admin", html(GOOD_PAGE));
    pages.set("https://loop.example.org/1", redirect("https://loop.example.org/2"));
    pages.set("https://loop.example.org/2", redirect("https://loop.example.org/3"));
    pages.set("https://loop.example.org/3", redirect("https://loop.example.org/4"));
    pages.set("https://loop.example.org/4", redirect("https://good.example.org/heat"));
    pages.set("https://good.example.org/heat", html(GOOD_PAGE));
    expect(
      await checks([source(1, "https://short.example.org/a"), source(2, "https://sneaky.example.org/x"), source(3, "https://loop.example.org/1")]),
    ).toEqual(["checked", "unchecked", "unchecked"]);
    expect(requested).not.toContain("https://192.168.0.10/admin");
    expect(requested).not.toContain("https://good.example.org/heat");
  });

  it("reads at most the size cap, and only text pages", async () => {
    const filler = `<p>${"filler words here ".repeat(Math.ceil(SOURCE_SIZE_CAP_BYTES / 18))}</p>`;
    pages.set("https://big.example.org/declared", html(GOOD_PAGE, { headers: { "content-length": String(SOURCE_SIZE_CAP_BYTES + 1) } }));
    pages.set("https://big.example.org/late-quote", html(`${filler}${GOOD_PAGE}`));
    pages.set("https://big.example.org/early-quote", html(`${GOOD_PAGE}${filler}${filler}`));
    pages.set("https://files.example.org/paper.pdf", html(GOOD_PAGE, { headers: { "content-type": "application/pdf" } }));
    pages.set(
      "https://files.example.org/notes.txt",
      html("Heat pumps move heat instead of making it, which is why they use less energy.", { headers: { "content-type": "text/plain" } }),
    );
    expect(
      await checks([
        source(1, "https://big.example.org/declared"),
        source(2, "https://big.example.org/late-quote"),
        source(3, "https://big.example.org/early-quote"),
        source(4, "https://files.example.org/paper.pdf"),
        source(5, "https://files.example.org/notes.txt"),
      ]),
    ).toEqual(["unchecked", "unchecked", "checked", "unchecked", "checked"]);
  });

  it("uses a caller's page reader (the demo's local pages) with the same caps, and fetches each address once", async () => {
    const asked: string[] = [];
    const demoPages = async (url: string) => {
      asked.push(url);
      if (url.endsWith("/hang")) return new Promise<Response>(() => undefined);
      return new Response(GOOD_PAGE, { headers: { "content-type": "text/html" } });
    };
    const started = Date.now();
    const result = await checkSources(
      appEnv,
      [
        source(1, "http://127.0.0.1:9/demo/one"),
        source(2, "http://127.0.0.1:9/demo/one"),
        source(3, "http://127.0.0.1:9/demo/hang"),
        source(4, "http://127.0.0.1:9/demo/one", ""),
      ],
      demoPages,
    );
    expect(result.map((checked) => checked.check)).toEqual(["checked", "checked", "unchecked", "unchecked"]);
    expect(asked.sort()).toEqual(["http://127.0.0.1:9/demo/hang", "http://127.0.0.1:9/demo/one"]);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(requested).toEqual([]);
  });
});
